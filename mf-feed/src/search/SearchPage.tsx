import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, API_ERRORS, Button, ensureUiStyles, ErrorState, Icon, shouldAutoSearch, Spinner, toast, useDocumentTitle, type SearchPage as SearchResult, type Wish } from '@wishes/shared';
import { errorMessage } from '../common/errors';
import { appendUnique, nextPageOf, replaceWish } from '../common/paging';
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

interface Results {
  term: string;
  wishes: Wish[];
  nextPage: number | null;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  loadingMore: boolean;
}

const loadingResults = (term: string): Results => ({ term, wishes: [], nextPage: null, status: 'loading', error: null, loadingMore: false });

/** A 200 response can still say success:false with an error (docs/product.md#3-entities Search page). */
function failedResult(page: SearchResult): string | null {
  const body = page as SearchResult & { error?: unknown };
  if (body.success !== false) return null;
  return typeof body.error === 'string' && body.error.trim() ? body.error : API_ERRORS.search;
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
  const [results, setResults] = useState<Results | null>(() => (urlTerm ? loadingResults(urlTerm) : null));
  // A new term in the URL (a shared link, back/forward, our own updates) shows in the box, unless
  // the box already says it (give or take spaces), and is being searched (or, with none, nothing
  // is shown). Adjusted while rendering; the effect below sends the request.
  const [shownUrlTerm, setShownUrlTerm] = useState(urlTerm);
  if (shownUrlTerm !== urlTerm) {
    setShownUrlTerm(urlTerm);
    setText((current) => (current.trim() === urlTerm ? current : urlTerm));
    setResults(urlTerm ? loadingResults(urlTerm) : null);
  }
  const lastSearched = useRef('');
  const generation = useRef(0);
  const inputId = useId();
  // The page is for typing a search: the box has focus on arrival (not the skip link).
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  /** Searches for `term` (the results already show it loading); answers to earlier searches are dropped. */
  const request = useCallback((term: string) => {
    const current = ++generation.current;
    lastSearched.current = term;
    api.search(term, 1).then(
      (page) => {
        if (current !== generation.current) return;
        const failure = failedResult(page);
        if (failure) {
          toast.error(failure);
          setResults((prev) => prev && { ...prev, status: 'error', error: failure });
          return;
        }
        setResults({ term, wishes: appendUnique([], page.wishes ?? []), nextPage: nextPageOf(page), status: 'ready', error: null, loadingMore: false });
      },
      (error: unknown) => {
        if (current !== generation.current) return;
        const message = errorMessage(error, API_ERRORS.search);
        toast.error(message);
        setResults((prev) => prev && { ...prev, status: 'error', error: message });
      },
    );
  }, []);

  const run = useCallback(
    (term: string) => {
      setResults(loadingResults(term));
      request(term);
    },
    [request],
  );

  /** Drops any search under way and what was found. */
  const forget = useCallback(() => {
    generation.current++;
    lastSearched.current = '';
  }, []);
  const reset = useCallback(() => {
    forget();
    setResults(null);
  }, [forget]);

  // The URL drives what is searched: first load, shared links, back/forward and our own updates.
  useEffect(() => {
    if (urlTerm === lastSearched.current) return;
    if (urlTerm) request(urlTerm);
    else forget();
  }, [urlTerm, request, forget]);

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

  const loadMore = () => {
    if (!results || results.nextPage === null || results.loadingMore) return;
    const current = generation.current;
    const { term, nextPage } = results;
    setResults({ ...results, loadingMore: true });
    api.search(term, nextPage).then(
      (page) => {
        if (current !== generation.current) return;
        if (failedResult(page)) throw new Error('search failed');
        setResults((prev) => prev && { ...prev, wishes: appendUnique(prev.wishes, page.wishes ?? []), nextPage: nextPageOf(page), loadingMore: false });
      },
    ).catch(() => {
      if (current !== generation.current) return;
      toast.error(SEARCH_TEXTS.loadMoreFailed);
      setResults((prev) => prev && { ...prev, loadingMore: false });
    });
  };

  const onChange = useCallback((wish: Wish) => setResults((prev) => prev && { ...prev, wishes: replaceWish(prev.wishes, wish) }), []);

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
          <Button type="submit" icon={<Icon name="search" size={18} />}>
            Search
          </Button>
        </div>
      </form>
      <SearchResults results={results} onRetry={() => results && run(results.term)} onLoadMore={loadMore} onChange={onChange} />
    </div>
  );
}

function SearchResults({ results, onRetry, onLoadMore, onChange }: { results: Results | null; onRetry: () => void; onLoadMore: () => void; onChange: (wish: Wish) => void }) {
  if (!results) return null;
  if (results.status === 'loading') return <Spinner label={SEARCH_TEXTS.searching} />;
  if (results.status === 'error') return <ErrorState message={results.error ?? API_ERRORS.search} onRetry={onRetry} />;
  if (results.wishes.length === 0) {
    return (
      <p className="feed-search__status" role="status">
        {SEARCH_TEXTS.noResults(results.term)}
      </p>
    );
  }
  return (
    <section aria-label="Search results">
      <WishList wishes={results.wishes} onChange={onChange} highlight={results.term} />
      {results.nextPage !== null ? (
        <div className="feed-search__more">
          <Button variant="secondary" onClick={onLoadMore} disabled={results.loadingMore} aria-busy={results.loadingMore}>
            {SEARCH_TEXTS.loadMore}
          </Button>
          {results.loadingMore ? <Spinner label="Loading more results..." /> : null}
        </div>
      ) : (
        <p className="feed-search__status" role="status">
          {SEARCH_TEXTS.end}
        </p>
      )}
    </section>
  );
}
