/**
 * Dates you don't forget (docs/people.md): add a person with a birthday three days ahead in their
 * zone (Sydney); the reminder arrives at the next scheduler round, live on the bell and by mail; its
 * link opens compose with the name and audience filled in; "Save and send to…" offers 09:00 on the
 * birthday in Sydney, prefilled from the person; the sent list says "in Sydney" and the send is
 * moved to 10:00, then to the next minute on Sydney's clock, when the SMTP sink receives it. At 390
 * and 1280 px, screenshots into /tmp/shots/dates.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unique } from '../support/api';
import { expect, pageSignedInAs, test } from '../support/fixtures';
import { mailsTo, waitForLink } from '../support/mail';
import { expectToast, header } from '../support/ui';

const SHOTS = '/tmp/shots/dates';
test.describe.configure({ timeout: 180_000 });

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The date `days` ahead on Sydney's calendar. */
function sydneyDate(days: number): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Australia/Sydney', year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(new Date(Date.now() + days * 86_400_000))
      .map((p) => [p.type, p.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** An instant as `YYYY-MM-DDTHH:MM` on Sydney's clock (what the Move field takes). */
function sydneyWall(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

for (const width of [390, 1280]) {
  test(`a person's birthday: reminder, prefilled compose, 09:00 in their zone, moved (${width} px)`, async ({ browser, baseURL, api }) => {
    const member = await api.createUser({ firstName: 'Ada', lastName: 'Keeper' });
    const options = await api.options();
    const page = await pageSignedInAs(browser, member, baseURL!, { viewport: { width, height: 900 } });
    const lena = `Lena ${unique('p').slice(-6)}`;
    const lenaEmail = `${unique('lena')}@example.com`;
    const birthday = sydneyDate(3);
    const pad = (n: number) => String(n).padStart(2, '0');
    const iso = `${birthday.year}-${pad(birthday.month)}-${pad(birthday.day)}`;
    try {
      // The People page: add Lena with her birthday, her address and her zone.
      await page.goto('/people');
      await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('No one here yet.')).toBeVisible();
      await page.getByRole('button', { name: 'Add a person' }).click();
      const form = page.getByRole('form', { name: 'Add a person' });
      await form.getByLabel('Name', { exact: true }).fill(lena);
      await form.getByLabel('Email (optional)').fill(lenaEmail);
      await form.getByLabel('Who they are to you (optional)').fill('Friend');
      await form.getByLabel('Their time zone').selectOption('Australia/Sydney');
      await form.getByLabel('Occasion').selectOption('Birthday');
      await form.getByLabel('Month', { exact: true }).selectOption(String(birthday.month));
      await form.getByLabel('Day', { exact: true }).selectOption(String(birthday.day));
      await shot(page, `people-form-${width}`);
      await form.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, `${lena} was saved.`);
      const row = page.getByTestId('person').filter({ hasText: lena });
      // The next date in the reader's locale: the month's name and the year, whatever their order.
      await expect(row).toContainText(new RegExp(`Next: Birthday, .*(${MONTHS[birthday.month - 1]}).*${birthday.year}`));
      await expect(row).toContainText('Australia/Sydney');
      await shot(page, `people-list-${width}`);

      // Three days ahead, so its reminder (7 days before) is due: the next scheduler round sends it, live on the bell.
      if (width <= 430) await page.getByTestId('mobile-bar').getByRole('button', { name: 'More' }).click();
      const bell = width <= 430 ? page.getByTestId('bell-mobile') : header(page).getByTestId('bell-header');
      await expect(bell.getByTestId('bell-count')).toHaveText('1', { timeout: 20_000 });
      if (width <= 430) await page.keyboard.press('Escape');
      await page.goto('/notifications');
      await expect(page.getByText(new RegExp(`${lena}'s birthday is on .*${birthday.year}\\.$`)).first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('link', { name: 'Write them a wish' })).toHaveAttribute('href', /^\/compose\?person=\d+$/);
      await shot(page, `reminder-notification-${width}`);

      // The mail's link: compose with the name and audience filled in.
      const link = await waitForLink(member.email, /\/compose\/Birthday\?person=\d+$/, 20_000);
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(lena, { timeout: 30_000 });
      await expect(page.getByLabel('Audience', { exact: true })).toHaveValue('Friend');
      await expect(page.getByLabel('Topic', { exact: true })).toHaveValue('Birthday');
      await page.getByLabel('Style', { exact: true }).selectOption(options.greeting_config_params.styles[0]);
      await page.getByLabel('Details', { exact: true }).fill('She loves the sea and long walks.');
      await page.getByRole('button', { name: 'Generate' }).click();
      await expectToast(page, /^Wish generated!/);
      await shot(page, `compose-prefilled-${width}`);
      await page.getByRole('button', { name: 'Save and send to…' }).click();
      await expect(page).toHaveURL(/\/wish\/\d+$/);

      // The send form: her address, the birthday at 09:00, her zone.
      await expect(page.getByLabel('Their name')).toHaveValue(lena);
      await expect(page.getByLabel('Their email')).toHaveValue(lenaEmail);
      await expect(page.getByLabel('On a date')).toBeChecked();
      await expect(page.getByLabel('Date and time')).toHaveValue(`${iso}T09:00`);
      await expect(page.getByLabel('Their time zone')).toHaveValue('Australia/Sydney');
      await expect(page.getByText('At this time in Sydney.')).toBeVisible();
      await shot(page, `send-their-morning-${width}`);
      await page.getByRole('button', { name: 'Schedule' }).click();
      await expectToast(page, new RegExp(`^Your wish will reach ${lena} on .* in Sydney\\.$`));

      // The sent list: 09:00 in Sydney, without seconds; moved to 10:00.
      await page.goto('/deliveries');
      const item = page.getByTestId('delivery').filter({ hasText: lena });
      await expect(item).toContainText(/Goes out .*9:00.* in Sydney/, { timeout: 15_000 });
      await expect(item).not.toContainText(/\d:\d\d:\d\d/);
      // Which wish went to whom: the wish's first words, quoted.
      await expect(item.locator('.profile-deliveries__wish')).toBeVisible();
      await item.getByRole('button', { name: 'Move' }).click();
      await item.getByLabel(/New time/).fill(`${iso}T10:00`);
      await item.getByLabel('Note').fill('Moved to ten');
      await shot(page, `deliveries-move-${width}`);
      await item.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Delivery moved.');
      await expect(item).toContainText(/Goes out .*10:00.* in Sydney/);
      await shot(page, `deliveries-moved-${width}`);
      const listed = await api.request<{ deliveries: Array<{ recipient_email: string; send_at: string; time_zone: string; note: string }> }>('GET', '/api/base/deliveries/', { token: member.access });
      const sent = listed.body.deliveries.find((d) => d.recipient_email === lenaEmail)!;
      expect(sent).toMatchObject({ time_zone: 'Australia/Sydney', note: 'Moved to ten' });
      // 10:00 on her birthday in Sydney is that instant in UTC.
      expect(sydneyWall(new Date(sent.send_at))).toBe(`${iso}T10:00`);

      // Moved once more, to the next minute on Sydney's clock: the sink gets it then, not before.
      const target = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
      await item.getByRole('button', { name: 'Move' }).click();
      await item.getByLabel(/New time/).fill(sydneyWall(target));
      await item.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Delivery moved.');
      expect(mailsTo(lenaEmail)).toHaveLength(0);
      await waitForLink(lenaEmail, /\/w\/[A-Za-z0-9_-]{43}$/, 120_000);
      expect(Date.now()).toBeGreaterThanOrEqual(target.getTime());
      await page.reload();
      await expect(page.getByTestId('delivery').filter({ hasText: lena })).toContainText('Sent', { timeout: 15_000 });
    } finally {
      await page.context().close();
    }
  });
}
