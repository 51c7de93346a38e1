/** Subscribe, see the person in /subscriptions, unsubscribe (docs/product.md#2-screens-and-routes Profile/Subscriptions, docs/product.md#4-states Subscription). */
import { expect, test } from '../support/fixtures';
import { expectPath, expectTitle, expectToast } from '../support/ui';

test('follow a user, see them in /subscriptions, unfollow', async ({ signedInPage: page, api }) => {
  const target = await api.createUser({ firstName: 'Theo', lastName: 'Followed' });
  await page.goto('/subscriptions');
  await expectTitle(page, 'Subscriptions');
  await expect(page.getByText("You haven't subscribed to anyone yet.")).toBeVisible();

  await page.goto(`/user/${target.id}`);
  await expect(page.getByTestId('profile-followers')).toHaveText('0');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expectToast(page, `Successfully subscribed to ${target.fullName}`);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByTestId('profile-followers')).toHaveText('1');

  await page.getByRole('banner').getByRole('link', { name: 'Subscriptions' }).click();
  await expectPath(page, '/subscriptions');
  const entry = page.getByRole('listitem').filter({ hasText: target.fullName });
  await expect(entry).toBeVisible();
  const today = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(entry).toContainText(`Subscribed on ${today}`);
  // Date only: no time of day.
  expect(await entry.innerText()).not.toMatch(/\d{1,2}:\d{2}/);
  await entry.getByRole('link', { name: target.fullName }).click();
  await expectPath(page, `/user/${target.id}`);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expectToast(page, `Unsubscribed from ${target.fullName}`);
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-followers')).toHaveText('0');
  await page.goto('/subscriptions');
  await expect(page.getByText("You haven't subscribed to anyone yet.")).toBeVisible();
});

test('a failing subscribe shows the spec toast', async ({ signedInPage: page, api }) => {
  const target = await api.createUser();
  await page.route((url) => url.pathname === `/api/profile/${target.id}/subscribe/` || url.pathname === `/api/profile/${target.id}/subscribe`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.goto(`/user/${target.id}`);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expectToast(page, 'Failed to subscribe. Please try again.');
});

test('a failing subscriptions list shows the spec toast', async ({ signedInPage: page }) => {
  await page.route((url) => url.pathname.startsWith('/api/profile/my/subscriptions'), (route) => route.abort());
  await page.goto('/subscriptions');
  await expectToast(page, 'Failed to load subscriptions');
});
