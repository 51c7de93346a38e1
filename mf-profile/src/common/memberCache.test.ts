import { getQueryClient, queryKeys } from '@wishes/shared';
import { signInAs, signOutForTest } from '../test/fixtures';
import './memberCache';

afterEach(() => signOutForTest());

it("forgets the member's own data and reloads profiles when another member (or nobody) is signed in", () => {
  const client = getQueryClient();
  signInAs(1);
  client.setQueryData(queryKeys.account(), { user_id: 1, email: 'ada@example.com' });
  client.setQueryData(queryKeys.mySubscriptions(), { subscriptions: [] });
  client.setQueryData([...queryKeys.notifications(1).slice(0, 1), 'infinite'], { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.myReports(2), { reports: [] });
  client.setQueryData(queryKeys.profile(5), { user_id: 5, is_subscribed: true });
  client.setQueryData(queryKeys.feed(1), { wishes: [] });

  signInAs(1);
  expect(client.getQueryData(queryKeys.account())).toBeDefined();

  signInAs(2);
  expect(client.getQueryData(queryKeys.account())).toBeUndefined();
  expect(client.getQueryData(queryKeys.mySubscriptions())).toBeUndefined();
  expect(client.getQueryData([...queryKeys.notifications(1).slice(0, 1), 'infinite'])).toBeUndefined();
  expect(client.getQueryData(queryKeys.myReports(2))).toBeUndefined();
  expect(client.getQueryState(queryKeys.profile(5))?.isInvalidated).toBe(true);
  expect(client.getQueryData(queryKeys.feed(1))).toEqual({ wishes: [] });
});
