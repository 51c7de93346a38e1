export interface MenuOptions {
    /** Selects the entries inside the root that arrows move between. */
    itemSelector: string;
    /**
     * Tab closes the menu (WAI-ARIA menu button, whose items leave the tab order); without it the
     * menu closes only when focus leaves it (disclosure pattern, whose links are tabbable).
     */
    closeOnTab?: boolean;
}
/**
 * Keyboard and pointer behaviour of a menu that a button opens (the account menu, a wish's menu):
 * opening focuses the first entry (ArrowUp on the button: the last); Up/Down wrap, Home/End jump;
 * Escape closes and returns focus to the button without closing a surrounding modal; a click
 * outside or focus leaving the root closes it. Attach `rootRef` to the element that holds both
 * the button (`buttonRef`) and the entries.
 */
export declare function useMenu({ itemSelector, closeOnTab }: MenuOptions): {
    open: boolean;
    toggle: () => void;
    close: (returnFocus?: boolean) => void;
    rootRef: import("react").RefObject<HTMLDivElement>;
    buttonRef: import("react").RefObject<HTMLButtonElement>;
};
