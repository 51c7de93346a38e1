/**
 * No lost tap: a press on a vote arrow of the server-drawn feed (the first paint) made before the
 * feed's remote has loaded is honoured once the remote is ready, as a press on the live card would
 * be (voted, or "Please sign in to vote"); meanwhile the arrow shows pressed, the counts stay the
 * server's, and a second press changes nothing. The remote's files are held back by the test.
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
