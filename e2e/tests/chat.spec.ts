/**
 * A chat per wish (API v2 "Generation"): compose → ask the assistant "make it shorter" and
 * "mention the cake" → save → the wish page's "Continue in chat" reopens the conversation, and
 * saving from there updates the same wish. Screenshots at 390 and 1280 px go to SHOTS_DIR when set.
 */
import { expect, test } from '../support/fixtures';
import { expectPath } from '../support/ui';
import { shoot, SHOTS_DIR } from '../support/screens';

// About 15 s on an idle machine; the bound leaves room for a loaded CI machine and the optional screenshots.
test.describe.configure({ timeout: SHOTS_DIR ? 240_000 : 120_000 });

test('compose, ask the assistant, save, and continue the chat from the wish page', async ({ signedInPage: page }) => {
  await page.goto('/compose');
  await page.getByLabel('Style', { exact: true }).selectOption('Heartfelt');
  await page.getByLabel('Audience', { exact: true }).selectOption('Friend');
  await page.getByLabel('Name', { exact: true }).fill('Maya');
  await page.getByLabel('Topic', { exact: true }).selectOption('Birthday');
  await page.getByLabel('Details', { exact: true }).fill('she just ran her first marathon');
  await page.getByRole('radio', { name: 'Long' }).check();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.locator('.compose-status')).toHaveText('Your wish is ready to edit.', { timeout: 30_000 });
  const editor = page.getByLabel('Your wish', { exact: true });
  const draft = await editor.inputValue();

  const box = page.getByLabel('Ask the assistant…');
  await box.fill('make it shorter');
  await box.press('Enter');
  await expect(page.locator('.compose-status')).toHaveText('Assistant: I made it shorter.');
  // The reply is drawn once, in the chat; the status line above the draft only announces it, so it is not shown twice.
  await expect(page.locator('.compose-status')).toHaveClass(/w-visually-hidden/);
  expect(await page.locator('.compose-status').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
  await expect(page.getByText('I made it shorter.', { exact: true })).toHaveCount(1);
  const shorter = await editor.inputValue();
  expect(shorter.length).toBeLessThan(draft.length);

  await box.fill('mention the cake');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.compose-status')).toHaveText('Assistant: I mentioned the cake.');
  await expect(editor).toHaveValue(/the cake/);
  const log = page.getByRole('list', { name: 'Conversation with the assistant' });
  await expect(log.getByRole('listitem')).toHaveText(['Youmake it shorter', 'AssistantI made it shorter.', 'Youmention the cake', 'AssistantI mentioned the cake.']);
  await page.getByText('Versions (3)').click();
  await shoot(page, 'compose-chat');
  const final = await editor.inputValue();

  await page.getByRole('button', { name: 'Save Wish' }).click();
  await expectPath(page, /^\/wish\/\d+$/);
  const wishPath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Continue in chat' }).click();
  await expectPath(page, /^\/compose$/);
  await expect(page.locator('.compose-status')).toHaveText('Your chat is open. The latest version is in the editor.');
  await expect(editor).toHaveValue(final);
  await expect(log.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText(/Saving updates your wish\./)).toBeVisible();
  await shoot(page, 'compose-chat-continued');

  // Saving from the chat updates the same wish.
  await editor.fill(`${final}\n\nSee you soon!`);
  await page.getByRole('button', { name: 'Save Wish' }).click();
  await expectPath(page, new RegExp(`^${wishPath}$`));
  await expect(page.getByText('See you soon!')).toBeVisible();
  await shoot(page, 'wish-with-chat');
});
