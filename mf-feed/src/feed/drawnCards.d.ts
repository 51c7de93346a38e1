/**
 * @wishes/kit-ui/firstPaint's FIRST_PAINT_ELEMENT_ID, written out: importing that module would
 * bundle its drawing code and CSS (~1 KB gzip) into the feed's page chunk (drawnCards.test.tsx
 * holds the two equal).
 */
export declare const FIRST_PAINT_ID = "first-paint";
/** Live cards in the first render: a phone's first screen holds three or four, a laptop's fewer. */
export declare const LIVE_FIRST = 4;
/**
 * The drawn cards of the server's first paint for `path`, by wish id (the <article> of each), or
 * null when there is none (not the page first loaded, or no first paint at all).
 */
export declare function takeDrawnCards(path: string, doc?: Document): Map<number, HTMLElement> | null;
/**
 * A list item holding a drawn card. The `first-paint` class gives it the first paint's card rules
 * (FIRST_PAINT_CSS); the node moves in before the browser paints (a layout effect), so the frame
 * shows it where the server drew it.
 */
export declare function DrawnCard({ node }: {
    node: HTMLElement;
}): import("react").JSX.Element;
