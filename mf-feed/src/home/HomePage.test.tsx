import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setOptions } from '@wishes/kit-client';
import { type FeedPage } from '@wishes/kit-contract';
import HomePage from './HomePage';
import { feedPage, OPTIONS, wishes } from '../test/fixtures';
import { deferred, recordToasts, renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';
import { answer, API, pages } from '../test/http';

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  resetSharedState();
  setOptions(OPTIONS);
  toasts = recordToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

const open = () => renderAt(<HomePage />, { path: '/' });
const recentSection = () => screen.getByRole('region', { name: 'Recent Wishes' });

it('sets the title Home and shows the feature blurbs and the per-wish chat note', async () => {
  answer('get', API.feed, feedPage([], 1, null));
  open();
  expect(document.title).toBe('Home | Wishes');
  for (const feature of ['Compose with AI', 'Share', 'Vote', 'Follow']) expect(screen.getByRole('heading', { name: feature })).toBeInTheDocument();
  expect(screen.getByText(/A separate chat is created for each wish/)).toBeInTheDocument();
  await screen.findByText(/No wishes yet/);
});

describe('about slide', () => {
  it("says 'Create your wishes with AI.' and leads a visitor to sign-up", async () => {
    answer('get', API.feed, feedPage([], 1, null));
    open();
    const about = screen.getByRole('region', { name: 'Create your wishes with AI.' });
    expect(within(about).getByRole('link')).toHaveAttribute('href', '/auth/sign_up');
    await screen.findByText(/No wishes yet/);
  });

  it('leads a signed-in user to compose', async () => {
    signInForTest();
    answer('get', API.feed, feedPage([], 1, null));
    open();
    const about = screen.getByRole('region', { name: 'Create your wishes with AI.' });
    expect(within(about).getByRole('link')).toHaveAttribute('href', '/compose');
    await screen.findByText(/No wishes yet/);
  });
});

describe('Wish Categories', () => {
  it('shows each topic with its image or its first letter, linking to /compose/{topic} (URL-encoded)', async () => {
    answer('get', API.feed, feedPage([], 1, null));
    open();
    const grid = screen.getByRole('region', { name: 'Wish Categories' });
    const birthday = within(grid).getByRole('link', { name: 'Birthday' });
    expect(birthday).toHaveAttribute('href', '/compose/Birthday');
    expect(within(birthday).getByRole('img', { name: 'Birthday illustration' })).toHaveAttribute('src', '/media/topics/birthday.png');
    const holidays = within(grid).getByRole('link', { name: 'New Year & Holidays' });
    expect(holidays).toHaveAttribute('href', '/compose/New%20Year%20%26%20Holidays');
    expect(within(holidays).queryByRole('img')).toBeNull();
    expect(holidays.querySelector('.feed-home__category-letter')).toHaveTextContent('N');
    await userEvent.click(birthday);
    expect(screen.getByTestId('location')).toHaveTextContent('/compose/Birthday');
  });

  it('falls back to the letter when an image fails to load', async () => {
    answer('get', API.feed, feedPage([], 1, null));
    open();
    const birthday = screen.getByRole('link', { name: 'Birthday' });
    fireEvent.error(within(birthday).getByRole('img'));
    expect(within(birthday).queryByRole('img')).toBeNull();
    expect(birthday.querySelector('.feed-home__category-letter')).toHaveTextContent('B');
    await screen.findByText(/No wishes yet/);
  });

  it('loads the options when missing, with an error and retry when that fails', async () => {
    setOptions(null);
    answer('get', API.feed, feedPage([], 1, null));
    answer('get', API.options, 'network-error', OPTIONS);
    open();
    const grid = screen.getByRole('region', { name: 'Wish Categories' });
    expect(within(grid).getByRole('status')).toHaveTextContent('Loading categories...');
    const alert = await within(grid).findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(grid).findByRole('link', { name: 'Birthday' })).toBeInTheDocument();
  });
});

describe('recent wishes', () => {
  it('shows a loading state, then the 3 most recent wishes from feed page 1', async () => {
    const pending = deferred<FeedPage>();
    const getFeed = answer('get', API.feed, pending.promise);
    open();
    expect(within(recentSection()).getByRole('status')).toHaveTextContent('Loading recent wishes...');
    await waitFor(() => expect(pages(getFeed)).toEqual([1]));
    pending.resolve(feedPage(wishes(1, 10), 1, 2));
    await waitFor(() => expect(within(recentSection()).getAllByRole('article')).toHaveLength(3));
    expect(within(recentSection()).getByText('Wish number 1')).toBeInTheDocument();
    expect(within(recentSection()).queryByText('Wish number 4')).toBeNull();
  });

  it("toasts 'Failed to load recent wishes', shows the error state, and Retry reloads", async () => {
    const getFeed = answer('get', API.feed, 'network-error', feedPage(wishes(1, 2), 1, null));
    open();
    const alert = await within(recentSection()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load recent wishes');
    expect(toasts.texts()).toEqual(['error: Failed to load recent wishes']);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(recentSection()).getAllByRole('article')).toHaveLength(2));
    expect(getFeed).toHaveLength(2);
  });
});

it('has a call-to-action to the feed', async () => {
  answer('get', API.feed, feedPage([], 1, null));
  open();
  expect(screen.getByRole('link', { name: 'Explore the feed' })).toHaveAttribute('href', '/feed');
  await screen.findByText(/No wishes yet/);
});
