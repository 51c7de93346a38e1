/**
 * Home and feed on a server of their own, so the counts are exact: the empty feed, the 3 most
 * recent wishes on home, infinite scroll to the end over 27 wishes, embedded first page, /feed/{n}.
 */
import type { TestUser } from '../support/api';
import { useExtraServer } from '../support/extra-server';
import { expect, seedSession, test } from '../support/fixtures';
import { expectPath, expectTitle, expectToast, header } from '../support/ui';

test.describe.configure({ mode: 'default' });
useExtraServer({ label: 'feed' });

const TOTAL = 27;
const text = (i: number) => `Feed wish number ${String(i + 1).padStart(2, '0')}: may your garden bloom all year.`;

test.describe('home and feed', () => {
  let author: TestUser | undefined;

  test('an empty feed says so and asks for page 1 again after 1 s', async ({ page, api }) => {
    author = await api.createUser({ firstName: 'Fiona', lastName: 'Feeder' });
    const feedCalls: number[] = [];
    const started = Date.now();
    page.on('request', (r) => {
      if (/\/api\/base\/feed\/1\/?$/.test(new URL(r.url()).pathname)) feedCalls.push(Date.now() - started);
    });
    await page.goto('/feed');
    await expect(page.getByText('No wishes yet.')).toBeVisible();
    // Either page 1 came embedded (then the 1 s retry is the first call) or it was requested and
    // requested again: in both cases a call arrives about a second after the page started.
    await expect.poll(() => feedCalls.filter((t) => t >= 900).length, { timeout: 5000 }).toBeGreaterThan(0);

    await page.goto('/');
    await expect(page.getByText('No wishes yet. Be the first to write one!')).toBeVisible();
  });

  async function seed(api: import('../support/api').Api): Promise<TestUser> {
    if (!author) author = await api.createUser({ firstName: 'Fiona', lastName: 'Feeder' });
    const { body } = await api.request('GET', '/api/base/feed/1/');
    if ((body.wishes ?? []).length === 0) await api.createWishes(author, TOTAL, text);
    return author;
  }

  test('home shows the about slide, categories, the 3 most recent wishes and a way to the feed', async ({ page, api }) => {
    await seed(api);
    const options = await api.options();
    await page.goto('/');
    await expectTitle(page, 'Home');
    await expect(page.getByText('Create your wishes with AI.')).toBeVisible();
    await expect(page.getByText(/separate chat is created for each wish/)).toBeVisible();
    await expect(header(page).getByRole('link', { name: options.site_name })).toHaveAttribute('href', '/');

    const categories = page.getByRole('region', { name: 'Wish Categories' });
    await expect(categories.getByRole('link')).toHaveCount(options.greeting_config_params.topics.length);
    for (const topic of options.greeting_config_params.topics) {
      const card = categories.getByRole('link', { name: topic.topic, exact: true });
      await expect(card).toHaveAttribute('href', `/compose/${encodeURIComponent(topic.topic)}`);
      if (topic.image_url) {
        // The card shows the topic's image (it loads), not the letter fallback.
        const image = card.locator('img');
        await expect(image).toHaveAttribute('alt', new RegExp(topic.topic));
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      } else {
        await expect(card).toContainText(topic.topic.charAt(0).toUpperCase());
      }
    }

    const recent = page.getByRole('region', { name: 'Recent Wishes' });
    await expect(recent.getByRole('article')).toHaveCount(3);
    for (const i of [TOTAL - 1, TOTAL - 2, TOTAL - 3]) await expect(recent.getByText(text(i))).toBeVisible();

    // Visitors are sent to sign-up by the about button.
    await page.getByRole('link', { name: 'Get started' }).click();
    await expectPath(page, '/auth/sign_up');
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore the feed' }).click();
    await expectPath(page, '/feed');
    await expectTitle(page, 'Feed');
  });

  test('home sends a signed-in user to compose', async ({ page, api }) => {
    const user = await api.createUser();
    await seedSession(page, user);
    await page.goto('/');
    await page.getByRole('link', { name: 'Compose a wish' }).click();
    await expectPath(page, '/compose');
  });

  test('home reports a failed load of recent wishes', async ({ page }) => {
    await page.route((url) => url.pathname.startsWith('/api/base/feed'), (route) => route.abort());
    await page.goto('/');
    await expectToast(page, 'Failed to load recent wishes');
  });

  test('scrolls to the end: infinite scroll loads every page, then says so', async ({ page, api }) => {
    await seed(api);
    // Slow the pages down a little so the loading text can be seen.
    await page.route((url) => url.pathname.startsWith('/api/base/feed'), async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto('/feed');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toContainText(text(TOTAL - 1));
    let sawLoading = false;
    for (let i = 0; i < 30; i++) {
      if (await page.getByText("You've seen all wishes!").isVisible()) break;
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      if (await page.getByText('Loading more wishes...').isVisible()) sawLoading = true;
      await page.waitForTimeout(250);
    }
    await expect(page.getByText("You've seen all wishes!")).toBeVisible();
    expect(sawLoading).toBe(true);
    await expect(cards).toHaveCount(TOTAL);
    const texts = await cards.locator('.feed-card__text').allInnerTexts();
    expect(texts).toEqual(Array.from({ length: TOTAL }, (_, i) => text(TOTAL - 1 - i)));
  });

  test('the first page comes embedded in /feed and is not requested again', async ({ page, api, request }) => {
    await seed(api);
    const html = await (await request.get('/feed')).text();
    expect(html).toContain(text(TOTAL - 1));
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/base\/feed\/1\/?$/.test(new URL(r.url()).pathname)) calls.push(r.url());
    });
    await page.goto('/feed');
    await expect(page.getByRole('main').getByRole('article').first()).toContainText(text(TOTAL - 1));
    await page.waitForTimeout(1500);
    expect(calls).toEqual([]);
  });

  test('/feed/{n} is rewritten to /feed', async ({ page, api }) => {
    await seed(api);
    await page.goto('/feed/3');
    await expectPath(page, '/feed');
    await expect(page.getByRole('main').getByRole('article').first()).toContainText(text(TOTAL - 1));
  });
});
