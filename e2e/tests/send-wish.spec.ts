/**
 * Wishes reach the people they are for (docs/deliveries.md): send a wish from its page,
 * open the mailed link in a fresh browser (no session), see the sender's bell count it live, the
 * sent list with Scheduled / Opened and Cancel; pick a card theme and download a story card. At
 * 390 and 1280 px, screenshots into /tmp/shots/send-wish.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { Api, strongPassword, unique } from '../support/api';
import { expect, pageSignedInAs, seedSession, test } from '../support/fixtures';
import { waitForLink } from '../support/mail';
import { freePort } from '../support/ports';
import { withServer } from '../support/server';
import { expectToast, header } from '../support/ui';

const SHOTS = '/tmp/shots/send-wish';
test.describe.configure({ timeout: 180_000 });

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

for (const width of [390, 1280]) {
  test(`send a private wish now and one later; the recipient opens the link; the sender sees it live (${width} px)`, async ({ browser, baseURL, api }) => {
    const sender = await api.createUser({ firstName: 'Ada', lastName: 'Sender' });
    const text = `Happy birthday, Grace! ${unique('s')}`;
    const wishId = await api.createWish(sender, text, false);
    const grace = `${unique('grace')}@example.com`;
    const viewport = { width, height: 900 };
    const page = await pageSignedInAs(browser, sender, baseURL!, { viewport });
    const recipientContext = await browser.newContext({ baseURL, viewport });
    try {
      await page.goto(`/wish/${wishId}`);
      await expect(page.getByRole('heading', { name: 'Card' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByAltText("The wish's card")).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Send to…' }).click();
      await page.getByLabel('Their name').fill('Grace');
      await page.getByLabel('Their email').fill(grace);
      await page.getByLabel('A note (optional)').fill('For your big day!');
      await shot(page, `wish-send-form-${width}`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expectToast(page, 'Your wish is on its way to Grace.');

      // A second one, scheduled: the date field says which time zone it is in.
      await page.getByRole('button', { name: 'Send to…' }).click();
      await page.getByLabel('Their email').fill(`later-${grace}`);
      await page.getByLabel('On a date').check();
      await expect(page.getByText(/^Times are in your time zone: /)).toBeVisible();
      // A month ahead, as the date field takes it (the sender's wall clock).
      const ahead = new Date(Date.now() + 30 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      await page.getByLabel('Date and time').fill(`${ahead.getFullYear()}-${pad(ahead.getMonth() + 1)}-${pad(ahead.getDate())}T09:30`);
      await shot(page, `wish-schedule-form-${width}`);
      await page.getByRole('button', { name: 'Schedule' }).click();
      await expectToast(page, /^Your wish will reach later-/);

      const link = await waitForLink(grace, /\/w\/[A-Za-z0-9_-]{43}$/);
      // The bell is an entry of the mobile bar's More menu below 430 px, in the header above (as in social.spec.ts).
      if (width <= 430) await page.getByTestId('mobile-bar').getByRole('button', { name: 'More' }).click();
      const bell = width <= 430 ? page.getByTestId('bell-mobile') : header(page).getByTestId('bell-header');
      await expect(bell).toBeVisible();
      await expect(bell.getByTestId('bell-count')).toHaveCount(0);

      // The recipient: a fresh browser, no session; the page is drawn by the server.
      const recipient = await recipientContext.newPage();
      const response = await recipient.goto(link);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      expect(response?.headers()['x-robots-tag']).toBe('noindex');
      await expect(recipient.getByRole('heading', { name: 'Grace, Ada Sender sent you a wish' })).toBeVisible();
      await expect(recipient.getByTestId('received-text')).toContainText(text);
      await expect(recipient.getByTestId('received-note')).toContainText('For your big day!');
      await expect(recipient.getByRole('link', { name: 'Write one back' })).toHaveAttribute('href', '/compose?name=Ada');
      await expect(recipient.locator('img.card')).toHaveJSProperty('complete', true);
      expect(await recipient.locator('img.card').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
      expect(await recipient.content()).not.toContain(grace);
      await shot(recipient, `recipient-page-${width}`);

      // The sender's bell counts the open, live (the page's beacon; no reload here).
      await expect(bell.getByTestId('bell-count')).toHaveText('1', { timeout: 30_000 });

      await page.goto('/deliveries');
      const items = page.getByTestId('delivery');
      await expect(items).toHaveCount(2, { timeout: 30_000 });
      await expect(items.filter({ hasNotText: 'later-' })).toContainText('Opened');
      const later = items.filter({ hasText: `later-${grace}` });
      await expect(later).toContainText('Scheduled');
      await shot(page, `deliveries-${width}`);
      await later.getByRole('button', { name: 'Cancel' }).click();
      await expectToast(page, 'Delivery cancelled.');
      await expect(later).toContainText('Cancelled');

      await page.goto('/notifications');
      await expect(page.getByTestId('notification').first()).toContainText('Grace opened your wish.', { timeout: 30_000 });
    } finally {
      await page.context().close();
      await recipientContext.close();
    }
  });
}

test('pick a card theme on the wish page and download a story card', async ({ browser, baseURL, api }) => {
  const author = await api.createUser({ firstName: 'Theo', lastName: 'Themer' });
  const wishId = await api.createWish(author, `Congratulations on the new home! ${unique('t')}`);
  const page = await pageSignedInAs(browser, author, baseURL!, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  try {
    await page.goto(`/wish/${wishId}`);
    const picker = page.getByLabel('Theme', { exact: true });
    await expect(picker.locator('option')).toHaveCount(10, { timeout: 30_000 });
    await picker.selectOption('birthday');
    await expectToast(page, 'Card theme saved.');
    expect((await api.wish(wishId, author)).body.wish.card_theme).toBe('birthday');
    await expect(page.getByAltText("The wish's card")).toBeVisible();
    await shot(page, 'theme-picked-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await shot(page, 'theme-picked-390');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download story card' }).click()]);
    expect(download.suggestedFilename()).toBe(`wish-${wishId}-story.png`);
    const file = await download.path();
    expect(pngSize(file!)).toEqual([1080, 1920]);
  } finally {
    await page.context().close();
  }
});

test('write one back: compose names the sender, picks a theme, and "Save and send to…" opens the send form', async ({ signedInPage: page, api }) => {
  const options = await api.options();
  await page.goto('/compose?name=Ada');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada', { timeout: 30_000 });
  await page.getByLabel('Style', { exact: true }).selectOption(options.greeting_config_params.styles[0]);
  await page.getByLabel('Audience', { exact: true }).selectOption(options.greeting_config_params.audiences[0]);
  await page.getByLabel('Topic', { exact: true }).selectOption(options.greeting_config_params.topics[0].topic);
  await page.getByLabel('Details', { exact: true }).fill('Thank you for the lovely wish.');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expectToast(page, /^Wish generated!/);
  await page.getByLabel('Card theme').selectOption('holidays');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, 'compose-theme-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'compose-theme-1280');
  await page.getByRole('button', { name: 'Save and send to…' }).click();
  await expect(page).toHaveURL(/\/wish\/\d+$/);
  await expect(page.getByLabel('Their name')).toHaveValue('Ada');
  await expect(page.getByLabel('Theme', { exact: true })).toHaveValue('holidays');
});

for (const width of [390, 1280]) {
  test(`a signed-out recipient writes one back: sign in, Sign up, then compose names the sender (${width} px)`, async ({ browser, baseURL, api }) => {
    const sender = await api.createUser({ firstName: 'Ada', lastName: 'Sender' });
    const wishId = await api.createWish(sender, `Congratulations, Sam! ${unique('r')}`);
    const sam = `${unique('sam')}@example.com`;
    await api.request('POST', `/api/base/wish/${wishId}/send/`, { token: sender.access, json: { recipient_email: sam, recipient_name: 'Sam', note: 'Well done!' }, expect: [201] });
    const link = await waitForLink(sam, /\/w\/[A-Za-z0-9_-]{43}$/);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${link}?not_me=1`);
      // Whoever followed "This is not me" sees the choice first, as a real button, without scrolling.
      const notMe = page.getByRole('button', { name: 'This is not me — send no more' });
      await expect(notMe).toBeInViewport();
      await expect(notMe).toHaveCSS('background-color', 'rgb(124, 58, 237)');
      await shot(page, `recipient-not-me-${width}`);
      await page.goto(link);
      await page.getByRole('link', { name: 'Write one back' }).click();
      // Signed out: the sign-in page, which offers Sign Up and comes back to compose afterwards.
      await expect(page).toHaveURL(/\/auth\/sign_in\?next=/);
      await page.getByRole('main').getByRole('link', { name: /sign up/i }).click();
      await expect(page).toHaveURL(/\/auth\/sign_up\?next=/);
      const password = strongPassword();
      await page.getByLabel('First name').fill('Sam');
      await page.getByLabel('Last name').fill('Reader');
      await page.getByLabel('Email').fill(sam);
      await page.getByLabel('Phone').fill('+4670000000');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password').fill(password);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page).toHaveURL(/\/compose\?name=Ada$/);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada', { timeout: 30_000 });
      await shot(page, `write-back-compose-${width}`);

      // The sender's side as one sees it (viewport, not full page: the sticky header stays on top).
      const senderPage = await pageSignedInAs(browser, sender, baseURL!, { viewport: { width, height: 900 } });
      try {
        await senderPage.goto(`/wish/${wishId}`);
        await senderPage.getByRole('button', { name: 'Send to…' }).click();
        await senderPage.getByLabel('On a date').check();
        await senderPage.getByRole('button', { name: 'Schedule' }).scrollIntoViewIfNeeded();
        await senderPage.screenshot({ path: `${SHOTS}/send-form-viewport-${width}.png` });
        await senderPage.goto('/deliveries');
        await expect(senderPage.getByTestId('delivery')).toContainText('Sam');
        await senderPage.screenshot({ path: `${SHOTS}/deliveries-viewport-${width}.png` });
      } finally {
        await senderPage.context().close();
      }
    } finally {
      await context.close();
    }
  });
}

for (const width of [390, 1280]) {
  test(`a mail program opens the unsubscribe address: the page asks first, and its button stops the wishes (${width} px)`, async ({ browser, baseURL, api }) => {
    const sender = await api.createUser({ firstName: 'Ada', lastName: 'Sender' });
    const wishId = await api.createWish(sender, `Good luck, Kim! ${unique('u')}`);
    const kim = `${unique('kim')}@example.com`;
    await api.request('POST', `/api/base/wish/${wishId}/send/`, { token: sender.access, json: { recipient_email: kim, recipient_name: 'Kim' }, expect: [201] });
    // The mail's List-Unsubscribe header, as a mail program without one-click would open it.
    const unsubscribe = await waitForLink(kim, /\/api\/base\/deliveries\/received\/[A-Za-z0-9_-]{43}\/unsubscribe\/$/);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(unsubscribe);
      await expect(page).toHaveURL(/\/w\/[A-Za-z0-9_-]{43}\?unsubscribe=1$/);
      const stop = page.getByRole('button', { name: 'Send no more wishes' });
      await expect(stop).toBeInViewport();
      await expect(page.getByText(/^Do you want no more wishes from /)).toBeVisible();
      await shot(page, `recipient-unsubscribe-${width}`);
      // Opening the address changed nothing: the address still takes wishes until the button.
      await api.request('POST', `/api/base/wish/${wishId}/send/`, { token: sender.access, json: { recipient_email: kim }, expect: [201] });
      await stop.click();
      await expect(page.getByText('This address will receive no more wishes.')).toBeVisible();
      await expect(stop).toBeHidden();
      await shot(page, `recipient-unsubscribed-${width}`);
      await api.request('POST', `/api/base/wish/${wishId}/send/`, { token: sender.access, json: { recipient_email: kim }, expect: [409] });
    } finally {
      await context.close();
    }
  });
}

test('the plain recipient page\'s "This is not me" button stops the wishes (390 and 1280 px)', async ({ browser, baseURL, api }) => {
  const sender = await api.createUser({ firstName: 'Ada', lastName: 'Sender' });
  const wishId = await api.createWish(sender, `Well done, Lou! ${unique('n')}`);
  for (const width of [390, 1280]) {
    const lou = `${unique('lou')}@example.com`;
    await api.request('POST', `/api/base/wish/${wishId}/send/`, { token: sender.access, json: { recipient_email: lou, recipient_name: 'Lou' }, expect: [201] });
    const link = await waitForLink(lou, /\/w\/[A-Za-z0-9_-]{43}$/);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(link);
      const notMe = page.getByRole('button', { name: 'This is not me', exact: true });
      await notMe.scrollIntoViewIfNeeded();
      await shot(page, `recipient-page-${width}`);
      await notMe.click();
      await expect(page.getByText('This address will receive no more wishes.')).toBeVisible();
      await expect(notMe).toBeHidden();
      await shot(page, `recipient-not-me-${width}`);
      await api.request('POST', `/api/base/wish/${wishId}/send/`, { token: sender.access, json: { recipient_email: lou }, expect: [409] });
    } finally {
      await context.close();
    }
  }
});

test('a wish the mail server did not take stays scheduled and says why in the sent list (390 and 1280 px)', async ({ browser }) => {
  // A server whose mail server is down (nothing listens on that port): each try fails, the next is far off.
  const port = await freePort();
  await withServer({ label: 'send-smtp-down', env: { SMTP_URL: `smtp://127.0.0.1:${port}`, DELIVERY_RETRY_BASE_MS: '3600000' } }, async (server) => {
    const api = new Api(server.url);
    const sender = await api.createUser({ firstName: 'Ada', lastName: 'Sender' });
    const wishId = await api.createWish(sender, `Happy birthday, Kim! ${unique('k')}`);
    const sent = await api.request<{ status: string }>('POST', `/api/base/wish/${wishId}/send/`, { token: sender.access, json: { recipient_email: `${unique('kim')}@example.com`, recipient_name: 'Kim' }, expect: [201] });
    expect(sent.body.status).toBe('scheduled');
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await seedSession(page, sender);
        await page.goto(`${server.url}/deliveries`);
        const row = page.getByTestId('delivery');
        await expect(row).toContainText('Scheduled', { timeout: 30_000 });
        await expect(row).toContainText('Last try did not go through: The mail server could not be reached. Trying again soon.');
        await page.screenshot({ path: `${SHOTS}/deliveries-retrying-${width}.png` });
      } finally {
        await context.close();
      }
    }
  });
});
