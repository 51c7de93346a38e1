import { screen, waitFor } from '@testing-library/react';
import { setOptions } from '@wishes/kit-client';
import { type Chat } from '@wishes/kit-contract';
import WishPage from './WishPage';
import { makeWish, OPTIONS } from '../test/fixtures';
import { renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';
import { answer, API, refuse } from '../test/http';

const CHAT: Chat = {
  chat_id: 9,
  settings: { style: 'Funny', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'Turns 30' },
  messages: [
    { role: 'user', text: 'mention the cake', created_at: '2026-11-24T02:00:00.000Z' },
    { role: 'assistant', text: 'I mentioned the cake.', created_at: '2026-11-24T02:00:00.000Z' },
  ],
  versions: [
    { text: 'Happy birthday!', created_at: '2026-11-24T02:00:00.000Z' },
    { text: 'Happy birthday! And the cake.', created_at: '2026-11-24T02:00:00.000Z' },
  ],
  wish_id: 5,
};

beforeEach(() => {
  resetSharedState();
  setOptions(OPTIONS);
  // The author's card section beside it: no themes, no preview.
  answer('get', API.themes, []);
  answer('get', API.card, refuse(404, 'Not found.'));
});
afterEach(() => jest.restoreAllMocks());

const open = () => renderAt(<WishPage />, { path: '/wish/:id', route: '/wish/5' });

it('offers its author "Continue in chat" back into compose with the chat', async () => {
  signInForTest(7);
  answer('get', API.wish, { wish: makeWish({ id: 5, text: 'Happy birthday! And the cake.' }) });
  const getWishChat = answer('get', API.wishChat, CHAT);
  open();
  const link = await screen.findByRole('link', { name: 'Continue in chat' }, { timeout: 10_000 });
  expect(link).toHaveAttribute('href', '/compose?chat=9');
  expect(screen.getByRole('heading', { name: 'Your chat with the assistant' })).toBeInTheDocument();
  expect(screen.getByText('1 instruction, 2 versions. Only you can see it.')).toBeInTheDocument();
  expect(getWishChat.map((r) => r.params.id)).toEqual(['5']);
});

it('shows nothing when the wish has no chat', async () => {
  signInForTest(7);
  answer('get', API.wish, { wish: makeWish({ id: 5, text: 'No chat' }) });
  const getWishChat = answer('get', API.wishChat, refuse(404, 'Not found.'));
  open();
  expect(await screen.findByText('No chat', {}, { timeout: 10_000 })).toBeInTheDocument();
  await waitFor(() => expect(getWishChat).toHaveLength(1));
  expect(screen.queryByRole('link', { name: 'Continue in chat' })).not.toBeInTheDocument();
});

it('does not ask when the wish says it has no chat (no 404 in the console)', async () => {
  signInForTest(7);
  answer('get', API.wish, { wish: makeWish({ id: 5, text: 'Written by hand', chat_id: null }) });
  const getWishChat = answer('get', API.wishChat, CHAT);
  open();
  expect(await screen.findByText('Written by hand', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(getWishChat).toHaveLength(0);
});

it('never asks for the chat for anyone but the author', async () => {
  signInForTest(8);
  answer('get', API.wish, { wish: makeWish({ id: 5, text: 'Someone else wrote this' }) });
  const getWishChat = answer('get', API.wishChat, CHAT);
  open();
  expect(await screen.findByText('Someone else wrote this', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(getWishChat).toHaveLength(0);
  expect(screen.queryByRole('link', { name: 'Continue in chat' })).not.toBeInTheDocument();
});
