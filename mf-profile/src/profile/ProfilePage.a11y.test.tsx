import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { axe } from 'jest-axe';
import { apiRoutes, type ApiRoutes } from '../test/http';
import { embed, makePage, makeProfile, signInAs, signOutForTest } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import SubscriptionsPage from '../subscriptions/SubscriptionsPage';
import ProfilePage from './ProfilePage';

let server: ApiRoutes;
beforeEach(() => {
  server = apiRoutes();
  embed(null);
});
afterEach(() => {
  signOutForTest();
  jest.restoreAllMocks();
});

const violations = async (container: Element) => (await axe(container)).violations.map((violation) => `${violation.id}: ${violation.help}`);

it('has no axe violations on an own profile with wishes', async () => {
  signInAs(5);
  embed({ path: '/user/5', profile: { profile: makeProfile({ is_self: true }), wishes: makePage([1, 2], 2) } });
  const { container } = renderRoute('/user/:uid', '/user/5', <ProfilePage />);
  await screen.findByTestId('remote-wish-list');
  expect(await violations(container)).toEqual([]);
});

it("has no axe violations on another user's profile", async () => {
  server.operation('getProfile', { params: { id: 5 } }, { body: makeProfile({ avatar_url: '/media/a.png' }) });
  server.operation('getUserWishesPage', { params: { id: 5, page: 1 } }, { body: makePage([], null) });
  const { container } = renderRoute('/user/:uid', '/user/5', <ProfilePage />);
  await screen.findByText('No wishes yet.');
  expect(await violations(container)).toEqual([]);
});

it('has no axe violations on the subscriptions list', async () => {
  signInAs(1);
  server.operation('getProfileSubscriptions', { params: { id: 'my' } }, {
    body: {
      subscriptions: [{ target_id: 7, target_name: 'Grace Hopper', target_avatar_url: null, target_avatar_thumbnail: '/media/g.png', created_at: '2026-02-03T15:45:00.000Z' }],
      count: 1,
    },
  });
  const { container } = renderRoute('/subscriptions', '/subscriptions', <SubscriptionsPage />);
  await screen.findByRole('link', { name: 'Grace Hopper' });
  expect(await violations(container)).toEqual([]);
});

it('uses embedded data under StrictMode too (double render) without any request', async () => {
  embed({ path: '/user/5', profile: { profile: makeProfile({ full_name: 'Strict Ada' }), wishes: makePage([3], null) } });
  renderRoute(
    '/user/:uid',
    '/user/5',
    <StrictMode>
      <ProfilePage />
    </StrictMode>,
  );
  expect(screen.getByRole('heading', { name: 'Strict Ada' })).toBeInTheDocument();
  expect(await screen.findByText('Wish number 3')).toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});
