import type { WishListProps } from '@wishes/kit-contract/remotes';
/**
 * A plain list of wish cards; the page that shows it owns paging. `highlight` marks a search term.
 * `drawn`: server-drawn cards (by wish id) to show instead of live ones for now (the feed's first
 * render, ../feed/drawnCards).
 */
export default function WishList({ wishes, onChange, highlight, drawn }: WishListProps & {
    highlight?: string;
    drawn?: ReadonlyMap<number, HTMLElement> | null;
}): import("react").JSX.Element;
