/**
 * No lost tap: a press on a vote arrow of the server-drawn feed (the first paint) made before the
 * feed's remote has loaded is honoured once the remote is ready, as a press on the live card would
 * be (voted, or "Please sign in to vote"); meanwhile the arrow shows pressed, the counts stay the
 * server's, and a second press changes nothing. The remote's files are held back by the test.
 * A member's live cards show the page everyone sees until their own page 1 answers (held back too);
 * then only their pressed states change, and a press made meanwhile is sent once.
 */
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { E2E_ROOT } from '../support/paths';
import { screenshotsInto } from '../support/page-checks';
import { expectToast, wishCard } from '../support/ui';

const shots = screenshotsInto(path.join(E2E_ROOT, 'test-results', 'screens', 'early-tap'));

/** Holds every file of mf-feed (entry, chunks, styles) until `release()`. */
async function holdFeedRemote(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname.includes('/mf-feed/'),
    async (route) => {
      held += 1;
      await gate;
      await route.continue();
    },
  );
  return { release, held: () => held };
}

function voteRequests(page: Page, id: number): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith(`/api/wish/${id}/vote`)) sent.push(request);
  });
  return sent;
}

test('a member’s press before the feed is live votes once, from the server’s counts', async ({ signedInPage: page, api }) => {
  const author = await api.createUser();
  const text = `Early tap ${unique()} before the scripts.`;
  const id = await api.createWish(author, text);
  const sent = voteRequests(page, id);
  const remote = await holdFeedRemote(page);

  await page.goto('/feed', { waitUntil: 'commit' });
  const drawn = page.locator('#first-paint article.feed-card').filter({ hasText: text });
  const up = drawn.getByRole('button', { name: 'Upvote' });
  const down = drawn.getByRole('button', { name: 'Downvote' });
  await expect(up).toBeVisible();
  await expect.poll(remote.held).toBeGreaterThan(0);
  const count = drawn.locator('.feed-vote__count');
  await expect(count).toHaveText('0');

  await up.click();
  // Pressed and busy; the count is still the server's.
  await expect(up).toHaveClass(/w-early-tapped/);
  await expect(up).toHaveAttribute('aria-disabled', 'true');
  await expect(down).toHaveAttribute('aria-disabled', 'true');
  await expect(count).toHaveText('0');
  // A second press on either arrow meanwhile changes nothing.
  await up.click({ force: true });
  await down.click({ force: true });
  await expect(down).not.toHaveClass(/w-early-tapped/);
  await expect(count).toHaveText('0');
  await shots(page, 'member-pressed');
  expect(sent).toHaveLength(0);

  remote.release();
  const live = wishCard(page, text);
  await expectToast(page, 'Upvoted');
  await expect(live.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await expect(live.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'false');
  await expect(live.getByRole('button', { name: 'Show voters' })).toHaveText('+1');
  await expect(live.getByTestId('upvote-count')).toContainText('1 upvote');
  await page.waitForTimeout(500);
  expect(sent.map((request) => `${request.method()} ${request.postData() ?? ''}`)).toEqual([`POST {"vote_type":"upvote"}`]);
  // The server holds exactly that vote.
  const { wish } = (await api.wish(id)).body;
  expect([wish.upvote_count, wish.downvote_count, wish.vote_count]).toEqual([1, 0, 1]);
});

/** Holds the member's own page 1 of the feed (their votes) until `release()`. */
async function holdOwnFirstPage(page: Page): Promise<{ release: () => void; asked: () => number }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(
    (url) => url.pathname === '/api/base/feed/1/',
    async (route) => {
      asked += 1;
      await gate;
      await route.continue();
    },
  );
  return { release, asked: () => asked };
}

test('a member’s feed is live before their own votes are known; a press waits for them, and their pressed states come without moving a card', async ({ signedInPage: page, api, me }) => {
  const author = await api.createUser();
  const tag = unique();
  const votedText = `Voted before ${tag}, upvoted by the member.`;
  const tappedText = `Tapped early ${tag}, before the scripts.`;
  const voted = await api.createWish(author, votedText);
  const tapped = await api.createWish(author, tappedText);
  await api.vote(me, voted, 'upvote');
  const sent = voteRequests(page, tapped);
  const remote = await holdFeedRemote(page);
  const ownPage = await holdOwnFirstPage(page);

  await page.goto('/feed', { waitUntil: 'commit' });
  const drawn = page.locator('#first-paint article.feed-card').filter({ hasText: tappedText });
  const drawnUp = drawn.getByRole('button', { name: 'Upvote' });
  await expect(drawnUp).toBeVisible();
  await expect.poll(remote.held).toBeGreaterThan(0);
  await drawnUp.click();
  await drawnUp.click({ force: true });
  await expect(drawnUp).toHaveClass(/w-early-tapped/);

  // The remote arrives; the member's own page 1 is still on its way: the live cards show the
  // page everyone sees (the counts are everyone's), the press stays held on the live arrow.
  remote.release();
  await expect.poll(ownPage.asked).toBeGreaterThan(0);
  // The live card (mf-feed's), not a drawn one: its arrows are not early-tap buttons.
  const liveCard = (text: string) => wishCard(page, text).filter({ has: page.locator('.feed-vote button:not([data-early-tap])') });
  const live = liveCard(tappedText);
  const liveUp = live.getByRole('button', { name: 'Upvote' });
  await expect(liveUp).toHaveClass(/is-sending/);
  await expect(liveUp).toHaveAttribute('aria-disabled', 'true');
  await expect(live.getByRole('button', { name: 'Show voters' })).toHaveText('0');
  const votedCard = liveCard(votedText);
  await expect(votedCard.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
  await expect(votedCard.getByRole('button', { name: 'Show voters' })).toHaveText('+1');
  // A second press on the live card meanwhile changes nothing.
  await liveUp.click({ force: true });
  await live.getByRole('button', { name: 'Downvote' }).click({ force: true });
  expect(sent).toHaveLength(0);
  const boxes = async () =>
    page.getByRole('article').evaluateAll((cards) =>
      cards.map((card) => {
        const box = card.getBoundingClientRect();
        return [Math.round(box.top + window.scrollY), Math.round(box.height)];
      }),
    );
  const before = await boxes();
  await shots(page, 'member-before-own-votes');

  ownPage.release();
  await expect(votedCard.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await expectToast(page, 'Upvoted');
  await expect(liveUp).toHaveAttribute('aria-pressed', 'true');
  await expect(live.getByRole('button', { name: 'Show voters' })).toHaveText('+1');
  // Only pressed states (and the answered figures) changed: every card where it was.
  expect((await boxes()).slice(0, before.length)).toEqual(before);
  await page.waitForTimeout(500);
  expect(sent.map((request) => `${request.method()} ${request.postData() ?? ''}`)).toEqual([`POST {"vote_type":"upvote"}`]);
  await shots(page, 'member-own-votes');
  const { wish } = (await api.wish(tapped)).body;
  expect([wish.upvote_count, wish.downvote_count, wish.vote_count]).toEqual([1, 0, 1]);
});

test('a visitor’s press before the feed is live asks them to sign in, once', async ({ page, api }) => {
  const author = await api.createUser();
  const text = `Early visitor tap ${unique()} before the scripts.`;
  const id = await api.createWish(author, text);
  const sent = voteRequests(page, id);
  const remote = await holdFeedRemote(page);

  await page.goto('/feed', { waitUntil: 'commit' });
  const drawn = page.locator('#first-paint article.feed-card').filter({ hasText: text });
  const up = drawn.getByRole('button', { name: 'Upvote' });
  await expect(up).toBeVisible();
  await up.click();
  await up.click({ force: true });
  await expect(up).toHaveClass(/w-early-tapped/);
  await expect(drawn.locator('.feed-vote__count')).toHaveText('0');
  await shots(page, 'visitor-pressed');

  remote.release();
  await expectToast(page, 'Please sign in to vote');
  await page.waitForTimeout(500);
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Please sign in to vote' })).toHaveCount(1);
  await expect(wishCard(page, text).getByRole('button', { name: 'Show voters' })).toHaveText('0');
  expect(sent).toHaveLength(0);
});
