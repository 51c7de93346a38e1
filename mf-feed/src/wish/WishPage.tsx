import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ANONYMOUS } from '@wishes/kit-session';
import { ApiError, call, errorMessage, queryKeys, useDocumentTitle, useQuery } from '@wishes/kit-client';
import { authorName, EmptyState, ErrorState, parseId, Spinner, WayBack } from '@wishes/kit-ui';
import { type Wish } from '@wishes/kit-contract';
import { WishCard } from './WishCard';
import { WishChatLink } from './WishChatLink';
import { WishDeliverSection } from '../deliver/WishDeliverSection';
import { WishReplies } from '../replies/WishReplies';
import './wish.css';

export const WISH_PAGE_TEXTS = { loading: 'Loading wish...', notFound: 'Could not find this wish!', failed: 'Could not load this wish.' } as const;

type State = { status: 'loading' } | { status: 'not-found' } | { status: 'error'; message: string } | { status: 'ready'; wish: Wish };

/** The wish's detail answer, or null when it does not exist (or is private to someone else: 404). */
async function findWish(id: number, signal: AbortSignal): Promise<{ wish: Wish } | null> {
  try {
    return await call('getWish', { params: { id }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function wishPageTitle(wish: Wish | null): string {
  const name = wish ? authorName(wish) : ANONYMOUS;
  return name === ANONYMOUS ? 'Wish' : `Wish by ${name}`;
}

/**
 * The single wish page. The wish comes from the detail call, so its vote_type is the signed-in
 * person's own vote even when the counts are all zero (docs/product.md#2-screens-and-routes: trust the wish details).
 */
export default function WishPage() {
  const { id: param } = useParams();
  const id = parseId(param);
  // Filed as `{ wish }` under the site's key, so a vote or an edit anywhere patches it (null: not found).
  const query = useQuery({
    queryKey: queryKeys.wish(id ?? 0),
    queryFn: ({ signal }) => findWish(id ?? 0, signal),
    enabled: id !== null,
  });
  let state: State;
  if (id === null || query.data === null) state = { status: 'not-found' };
  else if (query.isError && !query.isFetching) state = { status: 'error', message: errorMessage(query.error, WISH_PAGE_TEXTS.failed) };
  else if (query.data === undefined || query.isError) state = { status: 'loading' };
  else state = { status: 'ready', wish: query.data.wish };
  useDocumentTitle(wishPageTitle(state.status === 'ready' ? state.wish : null));
  const { refetch } = query;

  const navigate = useNavigate();
  // After its author deletes it, the wish no longer exists: back to the feed.
  const onDeleted = useCallback(() => navigate('/feed', { replace: true }), [navigate]);
  // Compose, after saving, opens "Send to…" with the recipient's name it was written for.
  const sendState = (useLocation().state as { send?: { name?: string; person?: number } } | null)?.send;

  return (
    <div className="feed-wish-page">
      <h1 className="w-visually-hidden">{wishPageTitle(state.status === 'ready' ? state.wish : null)}</h1>
      {state.status === 'loading' ? <Spinner label={WISH_PAGE_TEXTS.loading} /> : null}
      {state.status === 'not-found' ? <EmptyState>{WISH_PAGE_TEXTS.notFound}</EmptyState> : null}
      {state.status === 'not-found' ? <WayBack Link={Link} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={() => void refetch()} /> : null}
      {state.status === 'ready' ? <WishCard wish={state.wish} onDeleted={onDeleted} standalone /> : null}
      {state.status === 'ready' ? <WishReplies wish={state.wish} /> : null}
      {state.status === 'ready' ? <WishDeliverSection wish={state.wish} openSend={Boolean(sendState)} initialName={sendState?.name ?? ''} personId={sendState?.person ?? null} /> : null}
      {state.status === 'ready' ? <WishChatLink wish={state.wish} /> : null}
    </div>
  );
}
