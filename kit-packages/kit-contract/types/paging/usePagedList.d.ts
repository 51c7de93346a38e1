import type { QueryKey } from '@tanstack/react-query';
/** A paged list's state: loading, ready, the caller lacks the role (403, when asked to tell), or failed. */
export type PagedListState<T> = {
    status: 'loading';
} | {
    status: 'forbidden';
} | {
    status: 'error';
    message: string;
} | {
    status: 'ready';
    page: T;
};
export interface PagedListOptions<T> {
    /** The page's key in the site's scheme (contract/queryKeys.ts), the page number last: `(p) => queryKeys.moderationLog(p)`. */
    queryKey: (page: number) => QueryKey;
    /** Loads one page, e.g. `(p) => call('getModerationLog', { query: { page: p } })`. */
    load: (page: number) => Promise<T>;
    /** The message when the request fails without one of the server's own. */
    failed: string;
    /** Report a 403 as 'forbidden' (a role the server decides on every call) instead of an error. */
    forbidden?: boolean;
}
/**
 * One page of a list through TanStack Query: page 1 first, another on `setPage` (the page shown
 * stays until the next arrives: keepPreviousData), again on `reload`. A new key (a filter) starts
 * at its own cached page or loading.
 */
export declare function usePagedList<T>({ queryKey, load, failed, forbidden }: PagedListOptions<T>): {
    state: PagedListState<T>;
    page: number;
    setPage: import("react").Dispatch<import("react").SetStateAction<number>>;
    reload: () => undefined;
};
