/** /subscriptions: the people the signed-in user follows (exposed as mf_profile/SubscriptionsPage). */
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorState, Spinner, buttonClassName, formatDate } from '@wishes/kit-ui';
import { ApiError, call, queryKeys, useDocumentTitle, useMutation, useQuery, useQueryClient } from '@wishes/kit-client';
import { toast } from '@wishes/kit-session';
import { type Subscription } from '@wishes/kit-contract';
import { Avatar } from '../common/Avatar';
import { SUBSCRIBE_TEXT } from '../profile/SubscribeButton';
import './subscriptions.css';

export const SUBSCRIPTIONS_TEXT = {
  title: 'Subscriptions',
  empty: "You haven't subscribed to anyone yet.",
  emptyNextStep: 'Find people whose wishes you like in the feed and subscribe on their profile.',
  emptyAction: 'Browse the feed',
  failed: 'Failed to load subscriptions',
  subscribedOn: (iso: string) => `Subscribed on ${formatDate(iso)}`,
  count: (count: number) => `${count} ${count === 1 ? 'subscription' : 'subscriptions'}`,
} as const;

/** Unsubscribe beside an entry, with the profile's toasts; the entry leaves the list once it is done. */
function UnsubscribeButton({ targetId, name }: { targetId: number; name: string }) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => call('unsubscribe', { params: { id: targetId } }),
    onSuccess: () => {
      toast.success(SUBSCRIBE_TEXT.unsubscribed(name));
      void client.invalidateQueries({ queryKey: queryKeys.mySubscriptions() });
      void client.invalidateQueries({ queryKey: queryKeys.profile(targetId) });
    },
    onError: (error) => toast.error(error instanceof ApiError && error.status === 0 ? SUBSCRIBE_TEXT.networkFailed : SUBSCRIBE_TEXT.unsubscribeFailed),
  });
  const pending = mutation.isPending || mutation.isSuccess;
  return (
    <Button className="profile-subs__unsubscribe" variant="secondary" aria-label={`Unsubscribe from ${name}`} aria-busy={pending} disabled={pending} onClick={() => mutation.mutate()}>
      Unsubscribe
    </Button>
  );
}

export default function SubscriptionsPage() {
  useDocumentTitle(SUBSCRIPTIONS_TEXT.title);
  // Under the site's key: subscribing on a profile invalidates it, so this list is never stale.
  const query = useQuery({
    queryKey: queryKeys.mySubscriptions(),
    queryFn: () =>
      call('getMySubscriptions').catch((error: unknown) => {
        toast.error(SUBSCRIPTIONS_TEXT.failed);
        throw error;
      }),
    // The cache holds the server's answer; the page reads it with its count filled in.
    select: (result) => {
      const subscriptions = result.subscriptions ?? [];
      return { subscriptions, count: typeof result.count === 'number' ? result.count : subscriptions.length };
    },
  });
  let state: { status: 'loading' } | { status: 'error' } | { status: 'ready'; subscriptions: Subscription[]; count: number };
  if (query.data) state = { status: 'ready', ...query.data };
  else state = { status: query.isError && !query.isFetching ? 'error' : 'loading' };

  let content;
  if (state.status === 'loading') content = <Spinner label="Loading subscriptions..." />;
  else if (state.status === 'error')
    content = <ErrorState message={SUBSCRIPTIONS_TEXT.failed} onRetry={() => void query.refetch()} />;
  else if (state.subscriptions.length === 0)
    // An empty list says how to fill it, with the way there.
    content = (
      <EmptyState>
        <p className="profile-subs__empty-title">{SUBSCRIPTIONS_TEXT.empty}</p>
        <p className="profile-subs__empty-hint">{SUBSCRIPTIONS_TEXT.emptyNextStep}</p>
        <Link to="/feed" className={buttonClassName('rounded-rect', 'normal', 'primary')}>
          {SUBSCRIPTIONS_TEXT.emptyAction}
        </Link>
      </EmptyState>
    );
  else
    content = (
      <>
        <p className="profile-subs__count">{SUBSCRIPTIONS_TEXT.count(state.count)}</p>
        <ul className="profile-subs__list">
          {state.subscriptions.map((subscription) => {
            const name = subscription.target_name || 'Anonymous';
            return (
              <li key={subscription.target_id} className="profile-subs__item">
                {/* One link around avatar and name: both lead to the profile, with a single tab stop. */}
                <Link className="profile-subs__link" to={`/user/${subscription.target_id}`}>
                  <Avatar src={subscription.target_avatar_thumbnail || subscription.target_avatar_url} name={name} decorative />
                  <span className="profile-subs__name">{name}</span>
                </Link>
                <div className="profile-subs__row">
                  <p className="profile-subs__date">{SUBSCRIPTIONS_TEXT.subscribedOn(subscription.created_at)}</p>
                  <UnsubscribeButton targetId={subscription.target_id} name={name} />
                </div>
              </li>
            );
          })}
        </ul>
      </>
    );

  return (
    <div className="profile-subs">
      <h1 className="profile-subs__title">{SUBSCRIPTIONS_TEXT.title}</h1>
      {content}
    </div>
  );
}
