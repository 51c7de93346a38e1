import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, setOptions, type Wish } from '@wishes/shared';
import WishPage from './WishPage';
import { makeWish, OPTIONS } from '../test/fixtures';
import { apiError, deferred, renderAt, resetSharedState } from '@wishes/shared/testing';

beforeEach(() => {
  resetSharedState();
  setOptions(OPTIONS);
});
afterEach(() => jest.restoreAllMocks());

const open = (route: string) => renderAt(<WishPage />, { path: '/wish/:id', route });

it("shows 'Loading wish...' with the title 'Wish' until the wish arrives, then 'Wish by <author>'", async () => {
  const pending = deferred<Wish | null>();
  const getWish = jest.spyOn(api, 'getWish').mockReturnValue(pending.promise);
  open('/wish/5');
  expect(getWish).toHaveBeenCalledWith(5);
  expect(screen.getByRole('status')).toHaveTextContent('Loading wish...');
  await waitFor(() => expect(document.title).toBe('Wish | Wishes'));
  pending.resolve(makeWish({ id: 5, text: 'All the best!' }));
  expect(await screen.findByText('All the best!')).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Wish by Ada Lovelace | Wishes'));
});

it("keeps the title 'Wish' when the author is unknown", async () => {
  jest.spyOn(api, 'getWish').mockResolvedValue(makeWish({ author: '', user: { id: 7, full_name: '', first_name: '', last_name: '', avatar_url: null, avatar_thumbnail: null } }));
  open('/wish/5');
  expect(await screen.findByRole('link', { name: 'Anonymous' })).toBeInTheDocument();
  expect(document.title).toBe('Wish | Wishes');
});

it("shows 'Could not find this wish!' for a 404", async () => {
  jest.spyOn(api, 'getWish').mockResolvedValue(null);
  open('/wish/404');
  expect(await screen.findByText('Could not find this wish!')).toBeInTheDocument();
});

it("shows 'Could not find this wish!' for a non-numeric id without asking the server", () => {
  const getWish = jest.spyOn(api, 'getWish');
  open('/wish/abc');
  expect(screen.getByText('Could not find this wish!')).toBeInTheDocument();
  expect(getWish).not.toHaveBeenCalled();
});

it('shows the full card, with the vote status from the wish details when the counts are all zero', async () => {
  jest.spyOn(api, 'getWish').mockResolvedValue(makeWish({ id: 5, text: 'Line one\nLine two', vote_type: 'upvote' }));
  open('/wish/5');
  expect(await screen.findByText(/Line one/)).toBeInTheDocument();
  // The text is shown in full, not as a link to this same page.
  expect(screen.queryByRole('link', { name: /Line one/ })).toBeNull();
  expect(screen.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'More options' })).toBeInTheDocument();
});

it('offers a retry when loading fails for another reason', async () => {
  const getWish = jest
    .spyOn(api, 'getWish')
    .mockRejectedValueOnce(apiError(0, null, 'An unexpected error occurred'))
    .mockResolvedValueOnce(makeWish({ id: 5, text: 'Back again' }));
  open('/wish/5');
  expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Back again')).toBeInTheDocument();
  expect(getWish).toHaveBeenCalledTimes(2);
});
