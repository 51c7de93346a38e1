/** Business offer (docs/product.md#2-screens-and-routes Business, docs/product.md#5-validation offer email rule, docs/product.md#8-error-texts Business toasts). */
import { expect, test } from '../support/fixtures';
import { expectPath, expectTitle, expectToast } from '../support/ui';

// The console-error watch (support/console-watch.ts): an empty message answers 400 on purpose.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\/api\/base\/offer.* → 400$/, /\/api\/.*offer.* → 400$/, /status of 400 /);
});

test('send an offer: the email rule, then success and a redirect after 0.8 s', async ({ signedInPage: page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Business' }).click();
  await expectPath(page, '/business');
  await expectTitle(page, 'Business');
  const email = page.getByLabel('Email');
  const send = page.getByRole('button', { name: 'Send Offer' });
  let offerCalls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/offer/submit')) offerCalls++;
  });
  for (const bad of ['no-at-sign.example.com', 'two@@example.com', '@example.com', 'me@localhost', 'me@example.c']) {
    await email.fill(bad);
    await send.click();
    await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
  }
  expect(offerCalls).toBe(0);

  await email.fill('partner@example.org');
  await page.getByLabel('Message').fill('We would like to sponsor a birthday campaign in spring.');
  await send.click();
  await expectToast(page, 'Offer received successfully');
  await expectPath(page, '/');
  expect(offerCalls).toBe(1);
});

test("the server's error is shown for an empty message", async ({ signedInPage: page }) => {
  await page.goto('/business');
  await page.getByLabel('Email').fill('partner@example.org');
  const response = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/offer/submit'));
  await page.getByRole('button', { name: 'Send Offer' }).click();
  const body = await (await response).json();
  expect((await response).status()).toBe(400);
  await expectToast(page, body.error);
  await expectPath(page, '/business');
});

test('a failing send shows "Error sending offer. Please try again."', async ({ signedInPage: page }) => {
  await page.route((url) => url.pathname.startsWith('/api/offer/submit'), (route) => route.abort());
  await page.goto('/business');
  await page.getByLabel('Email').fill('partner@example.org');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send Offer' }).click();
  await expectToast(page, 'Error sending offer. Please try again.');
});
