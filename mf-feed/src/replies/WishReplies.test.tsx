/** The replies under a wish over HTTP (MSW): the list as text, a member's reply, remove and report rights, closed wishes, visitors. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setOptions } from '@wishes/kit-client';
import { renderAt, signInForTest, signOutForTest, toastsEachTest } from '@wishes/kit-test';
import { WishReplies } from './WishReplies';
import { makeWish, OPTIONS } from '../test/fixtures';
import { answer, API, refuse } from '../test/http';

const toasts = toastsEachTest();

const reply = (id: number, userId: number, text: string, extra: object = {}) => ({
  reply_id: id,
  text,
  created_at: '2026-11-02T10:00:00.000Z',
  user: { user_id: userId, first_name: `User${userId}`, last_name: 'Test', avatar_thumbnail: null },
  ...extra,
});
const page = (replies: unknown[], next: number | null = null, n = 1) => ({ replies, page_number: n, next_page_number: next });

afterEach(() => signOutForTest());

it('lists the replies as text, oldest first; Show more appends the next page', async () => {
  const asked = answer('get', API.replies, page([reply(1, 5, '<b>first</b>'), reply(2, 6, 'second')], 2), page([reply(3, 5, 'third')], null, 2));
  renderAt(<WishReplies wish={makeWish({ id: 1, user_id: 9 })} />);
  const items = await screen.findAllByTestId('reply');
  expect(items.map((i) => within(i).getByText(/first|second/).textContent)).toEqual(['<b>first</b>', 'second']);
  await userEvent.click(screen.getByRole('button', { name: 'Show more replies' }));
  await waitFor(() => expect(screen.getAllByTestId('reply')).toHaveLength(3));
  expect(asked).toHaveLength(2);
  // A visitor is asked to sign in instead of a form.
  expect(screen.getByRole('link', { name: 'Sign in to reply' })).toHaveAttribute('href', '/auth/sign_in?next=%2Fwish%2F1');
  expect(screen.queryByLabelText('Your reply')).toBeNull();
});

it('a member replies: sent trimmed, the list reloaded, the count refreshed; an empty reply is refused before sending', async () => {
  signInForTest(7);
  const lists = answer('get', API.replies, page([]), page([reply(4, 7, 'Lovely!')]));
  const posts = answer('post', API.replies, { reply: reply(4, 7, 'Lovely!') });
  answer('get', API.wish, { wish: makeWish({ id: 1, user_id: 9, reply_count: 1 }) });
  renderAt(<WishReplies wish={makeWish({ id: 1, user_id: 9 })} />);
  expect(await screen.findByText('No replies yet.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Write a reply first.');
  expect(posts).toHaveLength(0);
  await userEvent.type(screen.getByLabelText('Your reply'), '  Lovely!  ');
  await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
  await screen.findByText('Lovely!');
  expect(posts.map((r) => r.body)).toEqual([{ text: 'Lovely!' }]);
  expect(lists.length).toBeGreaterThanOrEqual(2);
  expect(toasts.texts()).toContain('success: Reply posted');
  // Their own reply: Remove, no Report.
  const item = screen.getByTestId('reply');
  expect(within(item).getByRole('button', { name: /Remove/ })).toBeInTheDocument();
  expect(within(item).queryByRole('button', { name: /Report/ })).toBeNull();
});

it("shows the server's refusal beside the form", async () => {
  signInForTest(7);
  answer('get', API.replies, page([]));
  answer('post', API.replies, refuse(429, 'Too many requests.'));
  renderAt(<WishReplies wish={makeWish({ id: 1, user_id: 9 })} />);
  await userEvent.type(await screen.findByLabelText('Your reply'), 'Hi');
  await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
});

it("the wish's author may remove anyone's reply; others may report it", async () => {
  setOptions(OPTIONS);
  signInForTest(9);
  answer('get', API.replies, page([reply(1, 5, 'spam')]), page([]));
  const removed = answer('delete', API.reply, { message: 'Reply removed' });
  answer('get', API.wish, { wish: makeWish({ id: 1, user_id: 9, reply_count: 0 }) });
  renderAt(<WishReplies wish={makeWish({ id: 1, user_id: 9 })} />);
  const item = await screen.findByTestId('reply');
  await userEvent.click(within(item).getByRole('button', { name: 'Remove the reply by User5 Test' }));
  await screen.findByText('No replies yet.');
  expect(removed).toHaveLength(1);
  expect(removed[0]!.params).toMatchObject({ id: '1', reply_id: '1' });
});

it('reports a reply with reply_id', async () => {
  setOptions(OPTIONS);
  signInForTest(8);
  answer('get', API.replies, page([reply(1, 5, 'spam')]));
  const reports = answer('post', API.complaint, { message: 'Complaint received' });
  renderAt(<WishReplies wish={makeWish({ id: 1, user_id: 9 })} />);
  const item = await screen.findByTestId('reply');
  expect(within(item).queryByRole('button', { name: /Remove/ })).toBeNull();
  await act(async () => userEvent.click(within(item).getByRole('button', { name: 'Report the reply by User5 Test' })));
  const dialog = await screen.findByRole('dialog', { name: 'Report options' });
  expect(within(dialog).getByText('Why are you reporting this reply?')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
  await waitFor(() => expect(reports.map((r) => r.body)).toEqual([{ category: 'Spam', reply_id: 1 }]));
});

it('a private wish takes no replies: its author is told, and there is no form', async () => {
  signInForTest(9);
  answer('get', API.replies, page([]));
  renderAt(<WishReplies wish={makeWish({ id: 1, user_id: 9, is_public: false })} />);
  expect(await screen.findByText('This wish takes no replies: only public wishes do.')).toBeInTheDocument();
  expect(screen.queryByLabelText('Your reply')).toBeNull();
});
