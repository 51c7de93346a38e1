import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setOptions } from '@wishes/kit-client';
import { type Wish } from '@wishes/kit-contract';
import WishPage from './WishPage';
import { makeWish, OPTIONS } from '../test/fixtures';
import { deferred, renderAt, resetSharedState } from '@wishes/kit-test';
import { answer, API, refuse } from '../test/http';

beforeEach(() => {
  resetSharedState();
  setOptions(OPTIONS);
});
afterEach(() => jest.restoreAllMocks());

const open = (route: string) => renderAt(<WishPage />, { path: '/wish/:id', route });

it("shows 'Loading wish...' with the title 'Wish' until the wish arrives, then 'Wish by <author>'", async () => {
  const pending = deferred<{ wish: Wish }>();
  const getWish = answer('get', API.wish, pending.promise);
  open('/wish/5');
  expect(screen.getByRole('status')).toHaveTextContent('Loading wish...');
  await waitFor(() => expect(getWish.map((r) => r.params.id)).toEqual(['5']));
  await waitFor(() => expect(document.title).toBe('Wish | Wishes'));
  pending.resolve({ wish: makeWish({ id: 5, text: 'All the best!' }) });
  expect(await screen.findByText('All the best!')).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Wish by Ada Lovelace | Wishes'));
});

it("keeps the title 'Wish' when the author is unknown", async () => {
  answer('get', API.wish, { wish: makeWish({ author: '', user: { id: 7, full_name: '', first_name: '', last_name: '', avatar_url: null, avatar_thumbnail: null } }) });
  open('/wish/5');
  expect(await screen.findByRole('link', { name: 'Anonymous' })).toBeInTheDocument();
  expect(document.title).toBe('Wish | Wishes');
});

it("shows 'Could not find this wish!' for a 404", async () => {
  answer('get', API.wish, refuse(404, 'Wish not found'));
  open('/wish/404');
  expect(await screen.findByText('Could not find this wish!')).toBeInTheDocument();
});

it("shows 'Could not find this wish!' for a non-numeric id without asking the server", () => {
  const getWish = answer('get', API.wish, { wish: makeWish() });
  open('/wish/abc');
  expect(screen.getByText('Could not find this wish!')).toBeInTheDocument();
  expect(getWish).toHaveLength(0);
});

it('shows the full card, with the vote status from the wish details when the counts are all zero', async () => {
  answer('get', API.wish, { wish: makeWish({ id: 5, text: 'Line one\nLine two', vote_type: 'upvote' }) });
  open('/wish/5');
  expect(await screen.findByText(/Line one/)).toBeInTheDocument();
  // The text is shown in full, not as a link to this same page.
  expect(screen.queryByRole('link', { name: /Line one/ })).toBeNull();
  expect(screen.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'More options' })).toBeInTheDocument();
});

it('offers a retry when loading fails for another reason', async () => {
  const getWish = answer('get', API.wish, 'network-error', { wish: makeWish({ id: 5, text: 'Back again' }) });
  open('/wish/5');
  expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Back again')).toBeInTheDocument();
  expect(getWish).toHaveLength(2);
});
