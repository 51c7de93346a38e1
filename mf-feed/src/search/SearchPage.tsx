import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { API_ERRORS, ApiError, call, errorMessage, queryKeys, useDocumentTitle, useInfiniteQuery, useQueryClient } from '@wishes/kit-client';
import { Button, ensureUiStyles, ErrorState, Icon, shouldAutoSearch, Spinner } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import { type SearchPage as SearchResult, type Wish } from '@wishes/kit-contract';
import { appendUnique, nextPageOf } from '../common/paging';
import WishList from '../wish/WishList';
import './search.css';

export const SEARCH_TEXTS = {
  searching: 'Searching...',
  end: 'End of search results',
  loadMore: 'Load More',
  loadMoreFailed: 'Failed to load more results',
  noResults: (term: string) => `No results found for "${term}". Try a different search term.`,
} as const;

/** Typing pauses this long before an automatic search. */
export const AUTO_SEARCH_DEBOUNCE_MS = 400;

/** A 200 response can still say success:false with an error (docs/product.md#3-entities Search page). */
function failedResult(page: SearchResult): string | null {
  const body = page as SearchResult & { error?: unknown };
  if (body.success !== false) return null;
  return typeof body.error === 'string' && body.error.trim() ? body.error : API_ERRORS.search;
}

/**
 * One page of results for `term`. A refusal, or a 200 that says success:false, is a failure with
 * the server's text; it is toasted here (the first page's text, or "Failed to load more results"),
 * unless the search was dropped.
 */
async function loadSearchPage(term: string, page: number, signal: AbortSignal): Promise<SearchResult> {
  try {
    const answer = page > 1 ? await call('searchPage', { params: { page }, body: { query: term }, signal }) : await call('search', { body: { query: term }, signal });
    const failure = failedResult(answer);
    if (failure) throw new ApiError(failure, 200);
    return answer;
  } catch (error) {
    if (!signal.aborted) toast.error(page > 1 ? SEARCH_TEXTS.loadMoreFailed : errorMessage(error, API_ERRORS.search));
    throw error;
  }
}

/**
 * Search (docs/product.md#2-screens-and-routes). The searched term lives in the URL (?q=) so a search can be shared and
 * back/forward work; the box auto-searches (debounced) once it holds 3+ characters that differ
 * from the last search, and Enter searches at once. Responses to superseded searches are dropped.
 */
export default function SearchPage() {
  ensureUiStyles(); // .w-input on the search box
  useDocumentTitle('Search');
  const [params, setParams] = useSearchParams();
  const urlTerm = (params.get('q') ?? '').trim();
  const [text, setText] = useState(urlTerm);
  // The term whose results show (null: none). A new term in the URL (a shared link, back/forward,
  // our own updates) shows in the box, unless the box already says it (give or take spaces), and
  // is searched (or, with none, nothing is shown). Adjusted while rendering.
  const [term, setTerm] = useState<string | null>(urlTerm || null);
  const [shownUrlTerm, setShownUrlTerm] = useState(urlTerm);
  if (shownUrlTerm !== urlTerm) {
    setShownUrlTerm(urlTerm);
    setText((current) => (current.trim() === urlTerm ? current : urlTerm));
    setTerm(urlTerm || null);
  }
  const lastSearched = useRef('');
  const inputId = useId();
  // The page is for typing a search: the box has focus on arrival (not the skip link).
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // One query per term: an answer to an earlier search lands in its own entry (and is cancelled
  // once nobody shows it), never on the screen of a later one.
  const client = useQueryClient();
  const results = useInfiniteQuery({
    queryKey: queryKeys.searchInfinite(term ?? ''),
    queryFn: ({ pageParam, signal }) => loadSearchPage(term ?? '', pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResult) => nextPageOf(last) ?? undefined,
    enabled: term !== null,
  });

  /** Searches `term` afresh ('Searching...' first), as Enter on the same term and Retry do. */
  const run = useCallback(
    (searched: string) => {
      lastSearched.current = searched;
      setTerm(searched);
      void client.resetQueries({ queryKey: queryKeys.searchInfinite(searched) });
    },
    [client],
  );

  /** Drops the search under way and what was found. */
  const reset = useCallback(() => {
    lastSearched.current = '';
    setTerm(null);
  }, []);

  // The URL drives what is searched: first load, shared links, back/forward and our own updates.
  useEffect(() => {
    lastSearched.current = urlTerm;
  }, [urlTerm]);

  const searchFor = useCallback(
    (term: string, replace: boolean) => {
      if (term === urlTerm) run(term);
      else setParams({ q: term }, { replace });
    },
    [urlTerm, run, setParams],
  );

  // Auto-search after a pause in typing. Refining a term replaces its history entry, so
  // back/forward steps through searches rather than keystrokes.
  useEffect(() => {
    const term = text.trim();
    if (!shouldAutoSearch(term) || term === lastSearched.current) return;
    const timer = setTimeout(() => searchFor(term, urlTerm !== ''), AUTO_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, searchFor, urlTerm]);

  const onInput = (value: string) => {
    setText(value);
    if (!value.trim()) {
      reset();
      // A new entry, so Back returns to the search that was cleared.
      if (urlTerm) setParams({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const term = text.trim();
    if (term) searchFor(term, false);
  };

  const { data, error, isError, isFetching, isFetchNextPageError, isFetchingNextPage, hasNextPage, fetchNextPage } = results;
  // Pages can overlap as new wishes arrive: a wish shows once.
  const wishes = useMemo(() => (data?.pages ?? []).reduce<Wish[]>((list, page) => appendUnique(list, page.wishes ?? []), []), [data]);
  const failed = isError && !isFetchNextPageError;
  let view: ResultsView = null;
  if (term !== null) {
    if (failed && !isFetching) view = { status: 'error', message: errorMessage(error, API_ERRORS.search) };
    else if (!data || failed) view = { status: 'loading' };
    else view = { status: 'ready', term, wishes, more: Boolean(hasNextPage), loadingMore: isFetchingNextPage };
  }
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  };

  return (
    <div className="feed-search">
      <h1 id={`${inputId}-title`} className="feed-search__title">
        Search
      </h1>
      <form role="search" className="feed-search__form" noValidate onSubmit={onSubmit}>
        <label htmlFor={inputId} className="feed-search__label">
          Search wishes
        </label>
        <div className="feed-search__row">
          <input
            ref={inputRef}
            id={inputId}
            className="feed-search__input w-input"
            type="search"
            value={text}
            autoComplete="off"
            placeholder="Type at least 3 characters"
            onChange={(event) => onInput(event.target.value)}
          />
          <Button type="submit" className="feed-search__submit" icon={<Icon name="search" size={18} />}>
            <span className="feed-search__submit-label">Search</span>
          </Button>
        </div>
      </form>
      <SearchResults view={view} onRetry={() => term && run(term)} onLoadMore={loadMore} />
    </div>
  );
}

type ResultsView =
  | null
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; term: string; wishes: Wish[]; more: boolean; loadingMore: boolean };

function SearchResults({ view, onRetry, onLoadMore }: { view: ResultsView; onRetry: () => void; onLoadMore: () => void }) {
  if (!view) return null;
  if (view.status === 'loading') return <Spinner label={SEARCH_TEXTS.searching} />;
  if (view.status === 'error') return <ErrorState message={view.message} onRetry={onRetry} />;
  const { term, wishes, more, loadingMore } = view;
  if (wishes.length === 0) {
    return (
      <p className="feed-search__status" role="status">
        {SEARCH_TEXTS.noResults(term)}
      </p>
    );
  }
  return (
    <section aria-label="Search results">
      <WishList wishes={wishes} highlight={term} />
      {more ? (
        <div className="feed-search__more">
          <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore} aria-busy={loadingMore}>
            {SEARCH_TEXTS.loadMore}
          </Button>
          {loadingMore ? <Spinner label="Loading more results..." /> : null}
        </div>
      ) : (
        <p className="feed-search__status" role="status">
          {SEARCH_TEXTS.end}
        </p>
      )}
    </section>
  );
}
