/** What an infinite query caches (TanStack's InfiniteData), for cache updates; the library's own type stays shared's. */
export interface Pages<T> {
  pages: T[];
  pageParams: unknown[];
}
