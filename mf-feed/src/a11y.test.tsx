import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { axe } from 'jest-axe';
import { setOptions } from '@wishes/kit-client';
import HomePage from './home/HomePage';
import FeedPage from './feed/FeedPage';
import SearchPage from './search/SearchPage';
import WishPage from './wish/WishPage';
import { openVotersModal } from './vote/VoteControl';
import { SharePanel } from './share/SharePanel';
import { feedPage, makeWish, OPTIONS, searchPage, wishes } from './test/fixtures';
import { renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';
import { answer, API } from './test/http';

const violations = async (container: Element) => (await axe(container)).violations.map((violation) => `${violation.id}: ${violation.help}`);

beforeEach(() => {
  resetSharedState();
  setOptions(OPTIONS);
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: 100_000, configurable: true });
});
afterEach(() => jest.restoreAllMocks());

it('home page has no axe violations', async () => {
  answer('get', API.feed, feedPage(wishes(1, 3), 1, 2));
  const { container } = renderAt(<HomePage />);
  await screen.findAllByRole('article');
  expect(await violations(container)).toEqual([]);
});

it('feed with cards (one voted) and an open menu has no axe violations', async () => {
  signInForTest();
  answer('get', API.feed, feedPage([makeWish({ id: 1, vote_type: 'upvote', upvote_count: 1, vote_count: 1 }), makeWish({ id: 2 })], 1, null));
  const { container } = renderAt(<FeedPage />, { path: '/feed' });
  await screen.findByText("You've seen all wishes!");
  await userEvent.click(screen.getAllByRole('button', { name: 'More options' })[0]);
  expect(await violations(container)).toEqual([]);
});

it('search with results has no axe violations', async () => {
  answer('post', API.search, searchPage('sun', wishes(1, 2), 1, 2));
  const { container } = renderAt(<SearchPage />, { path: '/search', route: '/search?q=sun' });
  await screen.findByRole('button', { name: 'Load More' });
  expect(await violations(container)).toEqual([]);
});

it('wish page has no axe violations', async () => {
  answer('get', API.wish, { wish: makeWish({ id: 4 }) });
  const { container } = renderAt(<WishPage />, { path: '/wish/:id', route: '/wish/4' });
  await screen.findByRole('article');
  expect(await violations(container)).toEqual([]);
});

it('voters and share modals have no axe violations', async () => {
  answer('get', API.voters, {
    voters: [{ id: 1, voter_id: 2, voter_name: 'Grace Hopper', vote_type: 'upvote', created_at: '2026-11-21T09:30:00.000Z' }],
    count: 1,
    upvote_count: 1,
    downvote_count: 0,
    total_count: 1,
    net_count: 1,
    current_user_vote: null,
  });
  const { container } = renderAt(<SharePanel wishId={1} />);
  act(() => openVotersModal(1));
  await screen.findByRole('link', { name: 'Grace Hopper' });
  expect(await violations(container)).toEqual([]);
});

it('the feed requests page 1 once under StrictMode', async () => {
  const getFeed = answer('get', API.feed, feedPage(wishes(1, 2), 1, null));
  renderAt(
    <StrictMode>
      <FeedPage />
    </StrictMode>,
    { path: '/feed' },
  );
  await screen.findByText("You've seen all wishes!");
  expect(getFeed).toHaveLength(1);
  expect(screen.getAllByRole('article')).toHaveLength(2);
});
