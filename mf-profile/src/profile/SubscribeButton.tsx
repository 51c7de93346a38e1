/**
 * Subscribe / unsubscribe on another user's profile (docs/product.md#4-states Subscription). The server's profile
 * is used when it returns one; otherwise the follower count moves by one locally.
 */
import { ApiError, call, queryKeys, useMutation, useQueryClient, useSessionUser } from '@wishes/kit-client';
import { Button } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import { type Profile } from '@wishes/kit-contract';
import { profileName } from '../common/names';

export const SUBSCRIBE_TEXT = {
  signInFirst: 'Please sign in first',
  subscribed: (name: string) => `Successfully subscribed to ${name}`,
  unsubscribed: (name: string) => `Unsubscribed from ${name}`,
  subscribeFailed: 'Failed to subscribe. Please try again.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
  networkFailed: 'An error occurred. Please try again later.',
} as const;

function isProfile(value: unknown): value is Profile {
  return !!value && typeof value === 'object' && typeof (value as Profile).user_id === 'number';
}

export function SubscribeButton({ profile, onProfile }: { profile: Profile; onProfile: (change: (profile: Profile) => Profile) => void }) {
  const user = useSessionUser();
  const client = useQueryClient();
  const subscribed = profile.is_subscribed;
  const name = profileName(profile);

  const mutation = useMutation({
    mutationFn: (subscribing: boolean) => (subscribing ? call('subscribe', { params: { id: profile.user_id } }) : call('unsubscribe', { params: { id: profile.user_id } })),
    onSuccess: (response, subscribing) => {
      const returned = (response as { profile?: unknown } | null)?.profile;
      if (isProfile(returned)) onProfile(() => returned);
      else onProfile((current) => ({ ...current, is_subscribed: subscribing, followers: Math.max(0, current.followers + (subscribing ? 1 : -1)) }));
      // The member's own list of subscriptions changed: /subscriptions loads it again when shown.
      void client.invalidateQueries({ queryKey: queryKeys.mySubscriptions() });
      toast.success(subscribing ? SUBSCRIBE_TEXT.subscribed(name) : SUBSCRIBE_TEXT.unsubscribed(name));
    },
    onError: (error, subscribing) => {
      if (error instanceof ApiError && error.status === 0) toast.error(SUBSCRIBE_TEXT.networkFailed);
      else toast.error(subscribing ? SUBSCRIBE_TEXT.subscribeFailed : SUBSCRIBE_TEXT.unsubscribeFailed);
    },
  });
  const pending = mutation.isPending;

  const toggle = () => {
    if (!user) {
      toast.info(SUBSCRIBE_TEXT.signInFirst);
      return;
    }
    if (!pending) mutation.mutate(!subscribed);
  };

  return (
    <Button
      className="profile-subscribe"
      variant={subscribed ? 'secondary' : 'primary'}
      shape="rounded"
      aria-pressed={subscribed}
      aria-busy={pending}
      disabled={pending}
      onClick={toggle}
    >
      {subscribed ? 'Unsubscribe' : 'Subscribe'}
    </Button>
  );
}
