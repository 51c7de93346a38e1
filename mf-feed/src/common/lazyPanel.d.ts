export declare const LAZY_PANEL_TEXTS: {
    readonly failed: "Could not open this. Please try again.";
};
/**
 * Fetches a panel's code at its first use, then runs `use` with it. The modals a wish card opens
 * (share, report, the author's edit and delete, the voters) are not part of the feed's start-up:
 * a visitor who only reads never downloads them, one who opens one waits for a small chunk (cached
 * afterwards), and the modal opens with its content in place. A failed fetch (offline, a release
 * switched under the page) says so in a toast and leaves the page as it was.
 */
export declare function withLazyPanel<M, T>(load: () => Promise<M>, use: (module: M) => T): Promise<Awaited<T> | undefined>;
