/**
 * The generator people came for (API v2 "Generation"): a draft streamed into the editor, three
 * variants to pick from, "Shorter", save; Stop keeps what arrived. Screenshots at 390 and 1280 px
 * go to SHOTS_DIR when it is set.
 */
import { expect, test } from '../support/fixtures';
import { useExtraServer } from '../support/extra-server';
import { expectPath, expectToast } from '../support/ui';
import type { Page } from '@playwright/test';
import { shoot } from '../support/screens';

// Words paced at 60 ms, so a long draft streams for seconds: long enough to see it arrive and to stop it.
useExtraServer({ label: 'generate', env: { GENERATOR_TOKEN_DELAY_MS: '60' } });
test.describe.configure({ timeout: 180_000 });

async function fillForm(page: Page) {
  await page.getByLabel('Style', { exact: true }).selectOption('Casual');
  await page.getByLabel('Audience', { exact: true }).selectOption('Friend');
  await page.getByLabel('Name', { exact: true }).fill('Maya');
  await page.getByLabel('Topic', { exact: true }).selectOption('Get Well');
  await page.getByLabel('Details', { exact: true }).fill('broke her ankle skiing last week');
}

test('compose with a streamed draft, pick one of three variants, shorten it, save it', async ({ signedInPage: page, api, me }) => {
  await page.goto('/compose');
  await fillForm(page);
  await page.getByRole('radio', { name: 'Long' }).check();

  // Generate streams: the editor fills while the Stop button is there, then the spec's toast.
  const streamed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/base/generate_text/stream/');
  await page.getByRole('button', { name: 'Generate' }).click();
  const response = await streamed;
  expect(response.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
  const editor = page.getByLabel('Your wish', { exact: true });
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expectToast(page, /^Wish generated! \d+\/\d+ generations remaining this hour\.$/);
  await expect(page.locator('.compose-status')).toHaveText('Your wish is ready to edit.');
  const draft = await editor.inputValue();
  expect(draft).toContain('Maya');
  expect(draft).toContain('you broke your ankle skiing last week');
  expect(draft).not.toMatch(/broke her ankle/);
  await shoot(page, 'compose-streamed');

  // Three variants; pick the second (keyboard).
  const three = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/base/generate_text/');
  await page.getByRole('button', { name: 'Give me 3' }).click();
  expect((await three).status()).toBe(200);
  const offer = page.getByRole('region', { name: 'Drafts to choose from' });
  await expect(offer.getByRole('listitem')).toHaveCount(3);
  const texts = await offer.getByRole('listitem').locator('p').allInnerTexts();
  expect(new Set(texts).size).toBe(3);
  await expect(page.locator('.compose-status')).toHaveText('3 drafts ready. Pick one to put it in the editor.');
  await shoot(page, 'compose-variants');
  await offer.getByRole('button', { name: 'Use draft 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(offer).toHaveCount(0);
  // The editor shows the text with its line breaks; the list rendered them as lines too.
  const picked = await editor.inputValue();
  expect(picked.replace(/\s+/g, ' ')).toBe(texts[1].replace(/\s+/g, ' '));

  // Shorter rewrites the text in the editor.
  await page.getByRole('button', { name: 'Shorter' }).click();
  await expect(page.locator('.compose-status')).toHaveText('Rewritten: shorter. You can keep editing.');
  const shorter = await editor.inputValue();
  expect(shorter.length).toBeLessThan(picked.length);
  await shoot(page, 'compose-shorter');

  await page.getByRole('button', { name: 'Save Wish' }).click();
  await expectPath(page, /^\/wish\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const { body } = await api.request('GET', `/api/base/wish/${id}/`, { token: me.access });
  expect(body.wish.text).toBe(shorter);
  expect(body.wish.is_public).toBe(false);
});

test('Stop keeps the words that arrived and the editor stays editable', async ({ signedInPage: page }) => {
  await page.goto('/compose');
  await fillForm(page);
  await page.getByRole('radio', { name: 'Long' }).check();
  await page.getByRole('button', { name: 'Generate' }).click();
  const editor = page.getByLabel('Your wish', { exact: true });
  await expect(editor).not.toHaveValue('');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.locator('.compose-status')).toHaveText('Stopped. The text written so far is kept.');
  const kept = await editor.inputValue();
  expect(kept.length).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  expect(await editor.inputValue()).toBe(kept);
  await editor.press('End');
  await editor.type(' Heal fast!');
  await expect(editor).toHaveValue(`${kept} Heal fast!`);
  await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();
});
