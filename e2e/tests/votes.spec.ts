/** Vote control states (docs/product.md#4-states Vote), the sign-in prompt, and the voters modal with its filter. */
import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { dialog, expectToast, wishCard } from '../support/ui';

test('a visitor voting is asked to sign in', async ({ page, api }) => {
  const author = await api.createUser();
  const text = `Visitor vote ${unique()} needs a session.`;
  const id = await api.createWish(author, text);
  await page.goto(`/wish/${id}`);
  await wishCard(page, text).getByRole('button', { name: 'Upvote' }).click();
  await expectToast(page, 'Please sign in to vote');
  await expect(wishCard(page, text).getByTestId('upvote-count')).toContainText('0');
});

test('upvote, remove, downvote, switch: counts come from the server', async ({ signedInPage: page, api }) => {
  const author = await api.createUser();
  const text = `Vote states ${unique()} walk through every transition.`;
  const id = await api.createWish(author, text);
  await page.goto(`/wish/${id}`);
  const card = wishCard(page, text);
  const up = card.getByRole('button', { name: 'Upvote' });
  const down = card.getByRole('button', { name: 'Downvote' });
  const ups = card.getByTestId('upvote-count');
  const downs = card.getByTestId('downvote-count');
  const net = card.getByRole('button', { name: 'Show voters' });

  await up.click();
  await expectToast(page, 'Upvoted');
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(ups).toContainText('1');
  await expect(net).toHaveText('+1');

  await up.click();
  await expectToast(page, 'Vote removed');
  await expect(up).toHaveAttribute('aria-pressed', 'false');
  await expect(ups).toContainText('0');
  await expect(net).toHaveText('0');

  await down.click();
  await expectToast(page, 'Downvoted');
  await expect(down).toHaveAttribute('aria-pressed', 'true');
  await expect(downs).toContainText('1');
  await expect(net).toHaveText('-1');

  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(down).toHaveAttribute('aria-pressed', 'false');
  await expect(ups).toContainText('1');
  await expect(downs).toContainText('0');

  // The vote is the server's: it is still there after a reload.
  await page.reload();
  await expect(wishCard(page, text).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
});

test('vote buttons are disabled while the request runs', async ({ signedInPage: page, api }) => {
  const author = await api.createUser();
  const text = `Slow vote ${unique()} keeps the buttons busy.`;
  const id = await api.createWish(author, text);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  await page.route((url) => url.pathname.startsWith(`/api/wish/${id}/vote`), async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`/wish/${id}`);
  const card = wishCard(page, text);
  await card.getByRole('button', { name: 'Upvote' }).click();
  await expect(card.getByRole('button', { name: 'Upvote' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Downvote' })).toBeDisabled();
  release();
  await expect(card.getByRole('button', { name: 'Upvote' })).toBeEnabled();
  await expect(card.getByTestId('upvote-count')).toContainText('1');
});

test('a failed vote shows the spec message', async ({ signedInPage: page, api }) => {
  const author = await api.createUser();
  const text = `Failing vote ${unique()} on a flaky network.`;
  const id = await api.createWish(author, text);
  await page.route((url) => url.pathname.startsWith(`/api/wish/${id}/vote`), (route) => route.abort());
  await page.goto(`/wish/${id}`);
  await wishCard(page, text).getByRole('button', { name: 'Downvote' }).click();
  await expectToast(page, 'Failed to downvote. Please try again.');
});

test('voters modal: totals, list, filter all / upvotes / downvotes, empty texts', async ({ page, api }) => {
  const author = await api.createUser();
  const alice = await api.createUser({ firstName: 'Alice', lastName: `Up${unique('a')}` });
  const bob = await api.createUser({ firstName: 'Bob', lastName: `Down${unique('b')}` });
  const text = `Voters list ${unique()} with one of each.`;
  const id = await api.createWish(author, text);
  const quiet = `Nobody voted ${unique()} on this one.`;
  const quietId = await api.createWish(author, quiet);
  await api.vote(alice, id, 'upvote');
  await api.vote(bob, id, 'downvote');

  await page.goto(`/wish/${quietId}`);
  await wishCard(page, quiet).getByRole('button', { name: 'Show voters' }).click();
  await expect(dialog(page, 'People who voted').getByText('No one has voted for this wish yet.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/wish/${id}`);
  await wishCard(page, text).getByRole('button', { name: 'Show voters' }).click();
  const modal = dialog(page, 'People who voted');
  await expect(modal).toBeVisible();
  await expect(modal.getByText(/Upvotes:\s*1/)).toBeVisible();
  await expect(modal.getByText(/Downvotes:\s*1/)).toBeVisible();
  const items = modal.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: alice.fullName })).toContainText('Upvote');
  await expect(items.filter({ hasText: bob.fullName })).toContainText('Downvote');
  await expect(items.first().locator('time')).toHaveAttribute('datetime', /\d{4}-\d{2}-\d{2}T/);

  await modal.getByRole('radio', { name: /^upvotes$/i }).check();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(alice.fullName);
  await modal.getByRole('radio', { name: /^downvotes$/i }).check();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(bob.fullName);
  await modal.getByRole('radio', { name: /^all$/i }).check();
  await expect(items).toHaveCount(2);

  // A voter's name leads to their profile (and closes the modal).
  await items.filter({ hasText: alice.fullName }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/user/${alice.id}$`));
  await expect(modal).toHaveCount(0);
});

test('voters filter with nothing to show says "No <filter> to display."', async ({ page, api }) => {
  const author = await api.createUser();
  const fan = await api.createUser();
  const text = `Only upvotes ${unique()} here.`;
  const id = await api.createWish(author, text);
  await api.vote(fan, id, 'upvote');
  await page.goto(`/wish/${id}`);
  await wishCard(page, text).getByRole('button', { name: 'Show voters' }).click();
  const modal = dialog(page, 'People who voted');
  await modal.getByRole('radio', { name: /^downvotes$/i }).check();
  await expect(modal.getByText('No downvotes to display.')).toBeVisible();
});

test('voters that fail to load show the error state with a retry', async ({ page, api }) => {
  const author = await api.createUser();
  const text = `Voters error ${unique()} then retry.`;
  const id = await api.createWish(author, text);
  let fail = true;
  await page.route((url) => url.pathname.startsWith(`/api/wish/${id}/voters`), (route) => (fail ? route.abort() : route.continue()));
  await page.goto(`/wish/${id}`);
  await wishCard(page, text).getByRole('button', { name: 'Show voters' }).click();
  const modal = dialog(page, 'People who voted');
  await expect(modal.getByText('Failed to load voters. Please try again.')).toBeVisible();
  await expectToast(page, 'Failed to load voters');
  fail = false;
  await modal.getByRole('button', { name: /retry|try again/i }).click();
  await expect(modal.getByText('No one has voted for this wish yet.')).toBeVisible();
});
