/**
 * Opens the list upward when below the button it would run under the mobile bar or off the screen
 * and above there is room (below the header); otherwise leaves it below.
 */
export declare function placeMenuList(list: HTMLElement, button: HTMLElement): void;
export interface WishMenuItem {
    label: string;
    icon: string;
    onSelect: () => void;
    /** A separator goes before it (staff actions after the everyday ones). */
    separatorBefore?: boolean;
}
/**
 * The card's context menu (WAI-ARIA menu button): Enter/Space/ArrowDown open it on the first
 * item, arrows move, Escape or Tab close it, focus returns to the button, an outside click closes it.
 */
export declare function WishMenu({ items }: {
    items: WishMenuItem[];
}): import("react").JSX.Element;
