import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subscription } from '@wishes/kit-contract';
import { deferred } from '@wishes/kit-test';
import { refuse, unchecked, type OperationAnswer } from '../test/http';
import { makeProfile, signedInMemberEachTest } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import SubscriptionsPage from './SubscriptionsPage';


const member = signedInMemberEachTest();

const renderPage = () => renderRoute('/subscriptions', '/subscriptions', <SubscriptionsPage />);

const subscription = (overrides: Partial<Subscription>): Subscription => ({
  target_id: 7,
  target_name: 'Grace Hopper',
  target_avatar_url: null,
  target_avatar_thumbnail: null,
  created_at: '2026-02-03T15:45:00.000Z',
  ...overrides,
});

it("is titled 'Subscriptions' and shows a loading state first", async () => {
  const reply = deferred<OperationAnswer<'getMySubscriptions'>>();
  member.server.operation('getMySubscriptions', {}, reply.promise);
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading subscriptions...');
  expect(document.title).toBe('Subscriptions | Wishes');
  await act(async () => reply.resolve({ body: { subscriptions: [], count: 0 } }));
});

it("lists each person with avatar and name linking to the profile, 'Subscribed on <date>' (date only) and the count", async () => {
  member.server.operation('getMySubscriptions', {}, {
    body: {
      subscriptions: [
        subscription({ target_id: 7, target_name: 'Grace Hopper', target_avatar_thumbnail: '/media/g_t.png' }),
        subscription({ target_id: 8, target_name: 'Alan Turing', created_at: '2026-01-10T08:00:00.000Z' }),
      ],
      count: 2,
    },
  });
  renderPage();

  const items = await screen.findAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(screen.getByText('2 subscriptions')).toBeInTheDocument();

  const grace = within(items[0]);
  const link = grace.getByRole('link', { name: 'Grace Hopper' });
  expect(link).toHaveAttribute('href', '/user/7');
  // The avatar sits inside the same link.
  expect(link.querySelector('img')).toHaveAttribute('src', '/media/g_t.png');
  const expectedDate = new Date('2026-02-03T15:45:00.000Z').toLocaleDateString();
  expect(grace.getByText(`Subscribed on ${expectedDate}`)).toBeInTheDocument();
  expect(grace.queryByText(new Date('2026-02-03T15:45:00.000Z').toLocaleTimeString())).not.toBeInTheDocument();

  const alan = within(items[1]);
  expect(alan.getByRole('link', { name: 'Alan Turing' })).toHaveAttribute('href', '/user/8');
  expect(alan.getByText('A')).toBeInTheDocument(); // initial placeholder without an image
});

it('goes to the profile when a name is clicked', async () => {
  member.server.operation('getMySubscriptions', {}, { body: { subscriptions: [subscription({})], count: 1 } });
  renderPage();
  await userEvent.click(await screen.findByRole('link', { name: 'Grace Hopper' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/user/7');
});

it("says 'You haven't subscribed to anyone yet.' when the list is empty", async () => {
  member.server.operation('getMySubscriptions', {}, { body: { subscriptions: [], count: 0 } });
  renderPage();
  expect(await screen.findByText("You haven't subscribed to anyone yet.")).toBeInTheDocument();
  // …and offers the next step.
  expect(screen.getByRole('link', { name: 'Browse the feed' })).toHaveAttribute('href', '/feed');
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});

it("toasts 'Failed to load subscriptions' and offers a retry when loading fails", async () => {
  member.server.operation('getMySubscriptions', {}, refuse(500, 'boom'));
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load subscriptions');
  expect(member.toasts.messages()).toEqual(['Failed to load subscriptions']);

  member.server.operation('getMySubscriptions', {}, { body: { subscriptions: [subscription({})], count: 1 } });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  expect(screen.getByText('1 subscription')).toBeInTheDocument();
  expect(member.server.callsOf('getMySubscriptions')).toHaveLength(2);
});

it('treats a network failure like any other failure', async () => {
  member.server.operation('getMySubscriptions', {}, 'network-error');
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load subscriptions');
  expect(member.toasts.messages()).toEqual(['Failed to load subscriptions']);
});

it("unsubscribes beside an entry with the spec's toast; the entry leaves the list", async () => {
  member.server.operation('getMySubscriptions', {}, { body: { subscriptions: [subscription({}), subscription({ target_id: 8, target_name: 'Alan Turing' })], count: 2 } });
  member.server.operation('unsubscribe', { params: { id: 7 } }, { body: { message: 'Unsubscribed', profile: makeProfile({ user_id: 7, is_subscribed: false }) } });
  renderPage();
  const button = await screen.findByRole('button', { name: 'Unsubscribe from Grace Hopper' });
  member.server.operation('getMySubscriptions', {}, { body: { subscriptions: [subscription({ target_id: 8, target_name: 'Alan Turing' })], count: 1 } });
  await userEvent.click(button);
  expect(await screen.findByText('1 subscription')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Grace Hopper' })).not.toBeInTheDocument();
  await waitFor(() => expect(member.toasts.messages()).toEqual(['Unsubscribed from Grace Hopper']));
  expect(member.server.callsOf('unsubscribe', { params: { id: 7 } })).toHaveLength(1);
});

it("says 'Failed to unsubscribe. Please try again.' and keeps the entry when it fails", async () => {
  member.server.operation('getMySubscriptions', {}, { body: { subscriptions: [subscription({})], count: 1 } });
  member.server.operation('unsubscribe', { params: { id: 7 } }, unchecked(500, {}));
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from Grace Hopper' }));
  await waitFor(() => expect(member.toasts.messages()).toEqual(['Failed to unsubscribe. Please try again.']));
  expect(screen.getByRole('button', { name: 'Unsubscribe from Grace Hopper' })).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
});
