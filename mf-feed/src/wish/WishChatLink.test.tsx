import { screen, waitFor } from '@testing-library/react';
import { api, setOptions, type Chat } from '@wishes/shared';
import WishPage from './WishPage';
import { makeWish, OPTIONS } from '../test/fixtures';
import { renderAt, resetSharedState, signInForTest } from '@wishes/shared/testing';

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
});
afterEach(() => jest.restoreAllMocks());

const open = () => renderAt(<WishPage />, { path: '/wish/:id', route: '/wish/5' });

it('offers its author "Continue in chat" back into compose with the chat', async () => {
  signInForTest(7);
  jest.spyOn(api, 'getWish').mockResolvedValue(makeWish({ id: 5, text: 'Happy birthday! And the cake.' }));
  const getWishChat = jest.spyOn(api, 'getWishChat').mockResolvedValue(CHAT);
  open();
  const link = await screen.findByRole('link', { name: 'Continue in chat' }, { timeout: 10_000 });
  expect(link).toHaveAttribute('href', '/compose?chat=9');
  expect(screen.getByRole('heading', { name: 'Your chat with the assistant' })).toBeInTheDocument();
  expect(screen.getByText('1 instruction, 2 versions. Only you can see it.')).toBeInTheDocument();
  expect(getWishChat).toHaveBeenCalledWith(5);
});

it('shows nothing when the wish has no chat', async () => {
  signInForTest(7);
  jest.spyOn(api, 'getWish').mockResolvedValue(makeWish({ id: 5, text: 'No chat' }));
  const getWishChat = jest.spyOn(api, 'getWishChat').mockResolvedValue(null);
  open();
  expect(await screen.findByText('No chat', {}, { timeout: 10_000 })).toBeInTheDocument();
  await waitFor(() => expect(getWishChat).toHaveBeenCalled());
  expect(screen.queryByRole('link', { name: 'Continue in chat' })).not.toBeInTheDocument();
});

it('does not ask when the wish says it has no chat (no 404 in the console)', async () => {
  signInForTest(7);
  jest.spyOn(api, 'getWish').mockResolvedValue(makeWish({ id: 5, text: 'Written by hand', chat_id: null }));
  const getWishChat = jest.spyOn(api, 'getWishChat');
  open();
  expect(await screen.findByText('Written by hand', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(getWishChat).not.toHaveBeenCalled();
});

it('never asks for the chat for anyone but the author', async () => {
  signInForTest(8);
  jest.spyOn(api, 'getWish').mockResolvedValue(makeWish({ id: 5, text: 'Someone else wrote this' }));
  const getWishChat = jest.spyOn(api, 'getWishChat');
  open();
  expect(await screen.findByText('Someone else wrote this', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(getWishChat).not.toHaveBeenCalled();
  expect(screen.queryByRole('link', { name: 'Continue in chat' })).not.toBeInTheDocument();
});
