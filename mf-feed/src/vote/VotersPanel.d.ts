export declare const VOTERS_TEXTS: {
    readonly loading: "Loading voters...";
    readonly failedToast: "Failed to load voters";
    readonly failed: "Failed to load voters. Please try again.";
    readonly empty: "No one has voted for this wish yet.";
    readonly loadMore: "Load more voters";
    readonly loadingMore: "Loading more voters...";
    readonly failedMore: "Could not load more voters.";
    readonly end: (count: number) => string;
};
/**
 * The voters modal's body. Voters come a page at a time (VOTERS_PAGE.modalLimit, newest first) from
 * the server, each filter its own infinite query (queryKeys.voters) kept while the modal is open;
 * the rest loads when the end of the list scrolls into view or with the "Load more voters" button.
 * The upvote and downvote figures are the totals of the latest answer, never the length of what is
 * loaded.
 */
export declare function VotersPanel({ wishId, onNavigate }: {
    wishId: number;
    onNavigate?: () => void;
}): import("react").JSX.Element;
