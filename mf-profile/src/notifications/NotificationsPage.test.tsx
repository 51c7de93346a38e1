import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@wishes/kit-contract';
import { signedInMemberEachTest } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import NotificationsPage from './NotificationsPage';

const member = signedInMemberEachTest();

const note = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  kind: 'vote',
  actors: [{ id: 7, name: 'Ada Lovelace' }],
  actor_count: 3,
  wish_id: 5,
  text: 'Ada Lovelace and 2 others upvoted your wish',
  created_at: '2026-02-03T15:45:00.000Z',
  read: false,
  ...overrides,
});

const renderPage = () => renderRoute('/notifications', '/notifications', <NotificationsPage />);

it('lists entries with their text and wish link, and marks one or all read', async () => {
  member.server.operation('listNotifications', { query: { page: 1 } }, {
    body: { notifications: [note({}), note({ id: 2, kind: 'follow', wish_id: null, text: 'Grace Hopper started following you', actors: [{ id: 8, name: 'Grace Hopper' }], actor_count: 1 })], unread_count: 2, page_number: 1, next_page_number: null },
  });
  member.server.operation('markNotificationsRead', {}, (sent) => ({ body: { unread_count: sent.body && typeof sent.body === 'object' && 'ids' in sent.body ? 1 : 0 } }));
  renderPage();
  const items = await screen.findAllByTestId('notification');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Ada Lovelace and 2 others upvoted your wish');
  expect(within(items[0]!).getByRole('link', { name: 'View the wish' })).toHaveAttribute('href', '/wish/5');
  expect(within(items[1]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/user/8');
  expect(screen.getByTestId('unread-count')).toHaveTextContent('2 unread');

  await userEvent.click(within(items[0]!).getByRole('button', { name: /Mark as read/ }));
  expect(await screen.findByTestId('unread-count')).toHaveTextContent('1 unread');
  expect(member.server.callsOf('markNotificationsRead')[0]!.body).toEqual({ ids: [1] });
  await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  expect(await screen.findByText('Ada Lovelace and 2 others upvoted your wish')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
  expect(member.server.callsOf('markNotificationsRead')[1]!.body).toEqual({});
});

it('shows an empty state and an error with Retry', async () => {
  member.server.operation('listNotifications', { query: { page: 1 } }, 'network-error');
  renderPage();
  expect(await screen.findByText('Could not load notifications.')).toBeInTheDocument();
  member.server.operation('listNotifications', { query: { page: 1 } }, { body: { notifications: [], unread_count: 0, page_number: 1, next_page_number: null } });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
});

it('appends older notifications; a later page that fails toasts and keeps the list', async () => {
  const page = (ids: number[], next: number | null, n: number) => ({
    body: { notifications: ids.map((id) => note({ id, text: `Note ${id}` })), unread_count: 3, page_number: n, next_page_number: next },
  });
  member.server.operation('listNotifications', { query: { page: 1 } }, page([1, 2], 2, 1));
  member.server.operation('listNotifications', { query: { page: 2 } }, page([2, 3], 3, 2));
  member.server.operation('listNotifications', { query: { page: 3 } }, 'network-error');
  renderPage();
  expect(await screen.findAllByTestId('notification')).toHaveLength(2);

  await userEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
  // Note 2 moved to page 2 meanwhile: shown once.
  expect(await screen.findByText('Note 3')).toBeInTheDocument();
  expect(screen.getAllByTestId('notification')).toHaveLength(3);

  await userEvent.click(screen.getByRole('button', { name: 'Show older notifications' }));
  await waitFor(() => expect(member.toasts.messages()).toEqual(['Could not load notifications.']));
  expect(screen.getAllByTestId('notification')).toHaveLength(3);
  expect(screen.getByRole('button', { name: 'Show older notifications' })).toBeEnabled();
});
