import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Pager, Spinner, type usePagedList } from '@wishes/kit-ui';

type PagedList<P> = ReturnType<typeof usePagedList<P>>;

interface PagedListViewProps<P, T> {
  /** What usePagedList returned (its forbidden state is the page's to show). */
  list: PagedList<P>;
  /** The page's items. */
  items: (page: P) => T[];
  /** The next page's number, null on the last page. */
  next: (page: P) => number | null;
  texts: { loading: string; empty: string };
  /** The list's class (mod-list, mod-log). */
  className: string;
  itemKey: (item: T) => string | number;
  children: (item: T) => ReactNode;
}

/** One moderation list: loading, error with Retry, empty, or the items and the pager. */
export function PagedListView<P, T>({ list, items, next, texts, className, itemKey, children }: PagedListViewProps<P, T>) {
  const { state, page, setPage, reload } = list;
  if (state.status === 'loading') return <Spinner label={texts.loading} />;
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={reload} />;
  if (state.status !== 'ready') return null;
  const shown = items(state.page);
  if (shown.length === 0) return <EmptyState>{texts.empty}</EmptyState>;
  return (
    <>
      <ul className={className}>
        {shown.map((item) => (
          <li key={itemKey(item)}>{children(item)}</li>
        ))}
      </ul>
      <Pager className="mod-pager" page={page} hasNext={next(state.page) !== null} onPage={setPage} />
    </>
  );
}
