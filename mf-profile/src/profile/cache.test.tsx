/**
 * The profile page on the site's one cache: what another app writes there shows here, and what
 * this page changes is written where the others read it (no prop chains between remotes).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { queryKeys, updateCachedWish, useQueryClient } from '@wishes/kit-client';
import { type Profile } from '@wishes/kit-contract';
import { type QueryClient } from '@tanstack/react-query';
import { recordToasts } from '@wishes/kit-test';
import { embed, makePage, makeProfile, makeWish, signInAs, signOutForTest } from '../test/fixtures';
import { apiRoutes, type ApiRoutes } from '../test/http';
import { renderRoute } from '../test/renderRoute';
import ProfilePage from './ProfilePage';

let server: ApiRoutes;
let toasts: ReturnType<typeof recordToasts>;
let client: QueryClient;

/** Hands the test the cache the page under test uses (renderRoute's fresh one). */
function CacheProbe() {
  const cache = useQueryClient();
  useEffect(() => {
    client = cache;
  }, [cache]);
  return null;
}

beforeEach(() => {
  server = apiRoutes();
  toasts = recordToasts();
  embed(null);
});
afterEach(() => {
  toasts.stop();
  signOutForTest();
});

const renderProfile = () =>
  renderRoute(
    '/user/:uid',
    '/user/5',
    <>
      <CacheProbe />
      <ProfilePage />
    </>,
  );

it("shows a wish another app updated in the cache (a vote in mf-feed's card) without a request", async () => {
  server.operation('getProfile', { params: { id: 5 } }, { body: makeProfile() });
  server.operation('getUserWishesPage', { params: { id: 5, page: 1 } }, { body: makePage([1, 2], 2) });
  server.operation('getUserWishesPage', { params: { id: 5, page: 2 } }, { body: makePage([3], null, 2) });
  renderProfile();
  await screen.findByText('Wish number 2');
  await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
  await screen.findByText('Wish number 3');
  const requests = server.calls.length;

  act(() => void updateCachedWish(client, makeWish(3, { text: 'Edited elsewhere' })));

  expect(await screen.findByText('Edited elsewhere')).toBeInTheDocument();
  expect(within(screen.getByTestId('remote-wish-list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Wish number 1', 'Wish number 2', 'Edited elsewhere']);
  expect(server.calls).toHaveLength(requests);
  // The member's appended list sits under the 'wishes' prefix every wish update searches.
  expect(queryKeys.userWishesInfinite(5).slice(0, 3)).toEqual(queryKeys.userWishes('5', 1).slice(0, 3));
});

it("writes the profile after subscribing where the header reads it, and marks the member's subscriptions stale", async () => {
  signInAs(1);
  server.operation('getProfile', { params: { id: 5 } }, { body: makeProfile({ followers: 3 }) });
  server.operation('getUserWishesPage', { params: { id: 5, page: 1 } }, { body: makePage([], null) });
  server.operation('subscribe', { params: { id: 5 } }, { body: { message: 'Subscribed', profile: makeProfile({ followers: 4, is_subscribed: true }) } });
  renderProfile();
  const button = await screen.findByRole('button', { name: 'Subscribe' });
  // /subscriptions was visited earlier: its answer is in the cache.
  act(() => void client.setQueryData(queryKeys.mySubscriptions(), { subscriptions: [], count: 0 }));

  await userEvent.click(button);
  await screen.findByRole('button', { name: 'Unsubscribe' });
  expect(client.getQueryData<Profile>(queryKeys.profile(5))).toMatchObject({ followers: 4, is_subscribed: true });
  expect(client.getQueryState(queryKeys.mySubscriptions())?.isInvalidated).toBe(true);
});

it("shows the profile as its cache entry holds it (the key the shell's header reads and writes)", async () => {
  signInAs(5);
  embed({ path: '/user/5', profile: { profile: makeProfile({ is_self: true }), wishes: makePage([], null) } });
  renderProfile();
  expect(client.getQueryData<Profile>(queryKeys.profile(5))?.full_name).toBe('Ada Lovelace');

  act(() => void client.setQueryData<Profile>(queryKeys.profile(5), (profile) => profile && { ...profile, full_name: 'Augusta Ada King' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Augusta Ada King' })).toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});
