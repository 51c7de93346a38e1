import type { QueryKey } from '@tanstack/react-query';
/** A numbered page of a list that grows with "Show older": the server says which page comes next. */
export interface NumberedPage {
    next_page_number?: number | null;
}
/**
 * A list that starts with page 1 and appends the next page on `fetchNextPage()` (a member's
 * notifications, sent wishes). The first page failing shows the screen's error with Retry
 * (`status: 'error'`); a later page failing toasts `failed` and keeps what is shown.
 */
export declare function useShowOlder<P extends NumberedPage>({ queryKey, load, failed }: {
    queryKey: QueryKey;
    load: (page: number) => Promise<P>;
    failed: string;
}): {
    query: import("@tanstack/react-query").UseInfiniteQueryResult<import("@tanstack/query-core").InfiniteData<P, unknown>, Error>;
    status: "error" | "loading" | "ready";
};
