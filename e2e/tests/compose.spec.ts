/** Compose (docs/product.md#2-screens-and-routes Compose, docs/product.md#4-states Compose, docs/product.md#8-error-texts Generation): category card → generate → edit → save; hourly limit. */
import { expect, seedSession, test } from '../support/fixtures';
import { Api } from '../support/api';
import { withServer } from '../support/server';
import { dialog, expectPath, expectTitle, expectToast, findInFeed } from '../support/ui';
import type { Page } from '@playwright/test';

// The console-error watch (support/console-watch.ts): the hourly generation limit answers 429 on purpose.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\/api\/base\/(generate_text|chats)\/.* → 429$/, /\/api\/base\/(generate_text|chats)\/ → 429$/, /status of 429 /);
});

async function fillDetails(page: Page, values: { style?: string; audience?: string; name?: string; topic?: string; details?: string }) {
  if (values.style) await page.getByLabel('Style', { exact: true }).selectOption(values.style);
  if (values.audience) await page.getByLabel('Audience', { exact: true }).selectOption(values.audience);
  if (values.name) await page.getByLabel('Name', { exact: true }).fill(values.name);
  if (values.topic) await page.getByLabel('Topic', { exact: true }).selectOption(values.topic);
  if (values.details) await page.getByLabel('Details', { exact: true }).fill(values.details);
}

test('open a category from home, generate, edit, save as public and land on the wish page', async ({ signedInPage: page, api, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const options = await api.options();
  const topic = options.greeting_config_params.topics[0].topic;
  await page.goto('/');
  await page.getByRole('region', { name: 'Wish Categories' }).getByRole('link', { name: topic, exact: true }).click();
  await expectPath(page, `/compose/${encodeURIComponent(topic)}`);
  await expectTitle(page, 'Compose Wish');
  await expect(page.getByLabel('Topic', { exact: true })).toHaveValue(topic);

  // Nothing to save yet; Copy and Save Wish appear once there is text.
  await expect(page.getByRole('button', { name: 'Save Wish' })).toHaveCount(0);

  // Missing fields are highlighted and nothing is sent.
  let generateCalls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/base/generate_text')) generateCalls++;
  });
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByLabel('Style', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Details', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  expect(generateCalls).toBe(0);

  await fillDetails(page, {
    style: options.greeting_config_params.styles[0],
    audience: options.greeting_config_params.audiences[0],
    name: 'Maya',
    details: 'She just ran her first marathon and loves sunflowers.',
  });
  await page.getByRole('button', { name: 'Generate' }).click();
  await expectToast(page, /^Wish generated! \d+\/\d+ generations remaining this hour\.$/);
  expect(generateCalls).toBe(1);
  const result = page.getByLabel('Your wish', { exact: true });
  await expect(result).not.toHaveValue('');
  const generated = await result.inputValue();
  expect(generated).toContain('Maya');

  await page.getByRole('button', { name: 'Copy' }).click();
  await expectToast(page, 'Wish text copied to clipboard!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);

  // Save needs non-empty text.
  await result.fill('   ');
  await expect(page.getByRole('button', { name: 'Save Wish' })).toBeDisabled();

  const edited = `${generated}\nWith love from the e2e suite.`;
  await result.fill(edited);
  await expect(page.getByRole('radio', { name: 'Private' })).toBeChecked();
  await page.getByRole('radio', { name: 'Public' }).check();
  await page.getByRole('button', { name: 'Save Wish' }).click();
  await expectPath(page, /^\/wish\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText('With love from the e2e suite.')).toBeVisible();

  const { body } = await api.request('GET', `/api/base/wish/${id}/`);
  expect(body.wish.is_public).toBe(true);
  expect(body.wish.text).toBe(edited);
});

test('save keeps the default Private visibility', async ({ signedInPage: page, api, me }) => {
  const options = await api.options();
  await page.goto('/compose');
  await fillDetails(page, {
    style: options.greeting_config_params.styles[1],
    audience: options.greeting_config_params.audiences[1],
    name: 'Jonas',
    topic: options.greeting_config_params.topics[1].topic,
    details: 'Best colleague of the year.',
  });
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByLabel('Your wish', { exact: true })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Save Wish' }).click();
  await expectPath(page, /^\/wish\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const { body } = await api.request('GET', `/api/base/wish/${id}/`, { token: me.access });
  expect(body.wish.is_public).toBe(false);
  expect((await api.wish(id)).status).toBe(404);
});

test('a failed generation shows the generic message', async ({ signedInPage: page, api }) => {
  const options = await api.options();
  await page.route((url) => url.pathname.startsWith('/api/base/generate_text'), (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({}) }),
  );
  await page.goto('/compose');
  await fillDetails(page, {
    style: options.greeting_config_params.styles[0],
    audience: options.greeting_config_params.audiences[0],
    name: 'Rui',
    topic: options.greeting_config_params.topics[0].topic,
    details: 'Anything.',
  });
  await page.getByRole('button', { name: 'Generate' }).click();
  await expectToast(page, 'Failed to generate wish. Please try again.');
});

test("exhausting GENERATION_LIMIT_PER_HOUR=2 shows the server's 429 message", async ({ page }) => {
  test.setTimeout(120_000);
  await withServer({ label: 'limit', env: { GENERATION_LIMIT_PER_HOUR: '2' } }, async (server) => {
    const api = new Api(server.url);
    const user = await api.createUser();
    await seedSession(page, user);
    const options = await api.options();
    await page.goto(`${server.url}/compose`);
    await fillDetails(page, {
      style: options.greeting_config_params.styles[0],
      audience: options.greeting_config_params.audiences[0],
      name: 'Lea',
      topic: options.greeting_config_params.topics[0].topic,
      details: 'Twenty-one today.',
    });
    const generate = page.getByRole('button', { name: 'Generate' });
    await generate.click();
    await expectToast(page, 'Wish generated! 1/2 generations remaining this hour.');
    await generate.click();
    // A second result replaces the text: the page may ask first.
    const confirm = dialog(page, 'Replace your text?');
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Replace' }).click();
    await expectToast(page, 'Wish generated! 0/2 generations remaining this hour.');

    const limited = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/base/generate_text') && r.status() === 429);
    await generate.click();
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Replace' }).click();
    const response = await limited;
    const body = await response.json();
    expect(typeof body.error).toBe('string');
    expect(response.headers()['retry-after']).toBeTruthy();
    await expectToast(page, body.error);
    // The text generated before is still there to edit and save.
    await expect(page.getByLabel('Your wish', { exact: true })).not.toHaveValue('');
  });
});

test('compose and its topic route need sign-in', async ({ page }) => {
  await page.goto('/compose/Birthday');
  await expectPath(page, '/auth/sign_in');
});

test('the saved wish appears in the feed', async ({ signedInPage: page, api }) => {
  const options = await api.options();
  await page.goto('/compose');
  await fillDetails(page, {
    style: options.greeting_config_params.styles[2],
    audience: options.greeting_config_params.audiences[2],
    name: 'Pia',
    topic: options.greeting_config_params.topics[2].topic,
    details: 'Ten years together.',
  });
  await page.getByRole('button', { name: 'Generate' }).click();
  const text = `Feed check ${Date.now()}: happy anniversary, Pia!`;
  await page.getByLabel('Your wish', { exact: true }).fill(text);
  await page.getByRole('radio', { name: 'Public' }).check();
  await page.getByRole('button', { name: 'Save Wish' }).click();
  await expectPath(page, /^\/wish\/\d+$/);
  await page.goto('/feed');
  await findInFeed(page, text);
});
