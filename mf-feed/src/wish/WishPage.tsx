import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ANONYMOUS, api, authorName, EmptyState, ErrorState, parseId, Spinner, useDocumentTitle, useKeyedState, WayBack, type Wish } from '@wishes/shared';
import { errorMessage } from '../common/errors';
import { WishCard } from './WishCard';
import { WishChatLink } from './WishChatLink';
import { WishDeliverSection } from '../deliver/WishDeliverSection';
import './wish.css';

export const WISH_PAGE_TEXTS = { loading: 'Loading wish...', notFound: 'Could not find this wish!', failed: 'Could not load this wish.' } as const;

type State = { status: 'loading' } | { status: 'not-found' } | { status: 'error'; message: string } | { status: 'ready'; wish: Wish };

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
  const [attempt, setAttempt] = useState(0);
  // Loading again (or not found) for a new id or attempt.
  const [state, setState] = useKeyedState<State>([id, attempt], id === null ? { status: 'not-found' } : { status: 'loading' });
  useDocumentTitle(wishPageTitle(state.status === 'ready' ? state.wish : null));

  useEffect(() => {
    if (id === null) return;
    let active = true;
    api.getWish(id).then(
      (wish) => {
        if (active) setState(wish ? { status: 'ready', wish } : { status: 'not-found' });
      },
      (error: unknown) => {
        if (active) setState({ status: 'error', message: errorMessage(error, WISH_PAGE_TEXTS.failed) });
      },
    );
    return () => {
      active = false;
    };
  }, [id, attempt, setState]);

  const onChange = useCallback((wish: Wish) => setState({ status: 'ready', wish }), [setState]);
  const navigate = useNavigate();
  // After its author deletes it, the wish no longer exists: back to the feed.
  const onDeleted = useCallback(() => navigate('/feed', { replace: true }), [navigate]);
  // Compose, after saving, opens "Send to…" with the recipient's name it was written for.
  const sendState = (useLocation().state as { send?: { name?: string } } | null)?.send;

  return (
    <div className="feed-wish-page">
      <h1 className="w-visually-hidden">{wishPageTitle(state.status === 'ready' ? state.wish : null)}</h1>
      {state.status === 'loading' ? <Spinner label={WISH_PAGE_TEXTS.loading} /> : null}
      {state.status === 'not-found' ? <EmptyState>{WISH_PAGE_TEXTS.notFound}</EmptyState> : null}
      {state.status === 'not-found' ? <WayBack Link={Link} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {state.status === 'ready' ? <WishCard wish={state.wish} onChange={onChange} onDeleted={onDeleted} standalone /> : null}
      {state.status === 'ready' ? <WishDeliverSection wish={state.wish} onChange={onChange} openSend={Boolean(sendState)} initialName={sendState?.name ?? ''} /> : null}
      {state.status === 'ready' ? <WishChatLink wish={state.wish} /> : null}
    </div>
  );
}
