/**
 * The page's one cache outlives a session: what a member's own pages cached (account, their
 * subscriptions, notifications, sent wishes, reports) must not show to whoever signs in next on
 * the same tab, and profiles (is_self, is_subscribed) are as the viewer sees them. So when the
 * signed-in member changes (sign out, another account), those entries go and profiles reload.
 * (The kit should do this for the whole cache on a session change; until then, for this remote's data.)
 */
import { getQueryClient, queryKeys, session$, type QueryKey } from '@wishes/shared';

const MEMBER_DATA: QueryKey[] = [
  queryKeys.account(),
  queryKeys.mySubscriptions(),
  queryKeys.notifications(1).slice(0, 1),
  queryKeys.deliveries(1).slice(0, 1),
  queryKeys.myReports(1).slice(0, 2),
];

let member: number | null = session$.value.user?.userId ?? null;

session$.subscribe((state) => {
  const next = state.user?.userId ?? null;
  if (next === member) return;
  member = next;
  const client = getQueryClient();
  for (const queryKey of MEMBER_DATA) client.removeQueries({ queryKey });
  void client.invalidateQueries({ queryKey: queryKeys.profile('').slice(0, 1) });
});
