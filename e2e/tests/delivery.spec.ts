/**
 * Independent delivery (architecture "Module Federation rules"): a remote rebuilt and served from
 * another origin is picked up through /mf/remotes.json with no shell rebuild; a remote built
 * against an older compatible kit still shares the one session; an unreachable or missing remote
 * breaks only its own area, which offers Retry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api } from '../support/api';
import { expect, seedSession, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { freePort } from '../support/ports';
import { buildRemote, hashDir } from '../support/remote-build';
import { startServer, withServer, type ServerHandle } from '../support/server';
import { startStaticServer, type StaticServer } from '../support/static-server';
import { expectShell, expectToast, header, wishCard } from '../support/ui';

// The console-error watch (support/console-watch.ts): unreachable, missing and replaced remotes are the point of these journeys.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/requestfailed: /, / → 404$/, /status of 404 /, /\[wishes\] /, /Loading script|ScriptExternalLoadError|RUNTIME-00\d|remoteEntry/);
});

const FAILURE = 'This part of Wishes could not be loaded.';
const END = "You've seen all wishes!";

/** Runs `body` with a server, stopping everything it started afterwards. */
async function withStack(cleanups: Array<() => Promise<void> | void>, body: () => Promise<void>) {
  try {
    await body();
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

test.describe('independent delivery', () => {
  test.describe.configure({ timeout: 180_000 });

  test('(a) a rebuilt mf-feed served from another origin is used with no shell rebuild', async ({ page }) => {
    const shellDist = path.join(REPO_ROOT, 'shell', 'dist');
    const shellBefore = hashDir(shellDist);
    const marker = '[mf-feed build B]';
    const out = await buildRemote({ folder: 'mf-feed', file: /[\\/]mf-feed[\\/]src[\\/]feed[\\/]FeedPage\.tsx$/, search: END, replace: `${END} ${marker}` });
    const cleanups: Array<() => Promise<void> | void> = [() => fs.rmSync(out, { recursive: true, force: true })];
    await withStack(cleanups, async () => {
      const cdn: StaticServer = await startStaticServer(out);
      cleanups.push(() => cdn.stop());
      const server: ServerHandle = await startServer({ label: 'delivery-a', env: { MF_FEED_URL: cdn.url } });
      cleanups.push(() => server.stop());

      const manifest = await (await fetch(`${server.url}/mf/remotes.json`)).json();
      expect(manifest.remotes).toContainEqual(expect.objectContaining({ name: 'mf_feed', entry: `${cdn.url}/remoteEntry.js` }));

      const api = new Api(server.url);
      const author = await api.createUser();
      await api.createWish(author, 'One wish so the feed reaches its end.');
      await page.goto(`${server.url}/feed`);
      await expect(page.getByText(`${END} ${marker}`)).toBeVisible();
      expect(cdn.requests).toContain('/remoteEntry.js');
      await expectShell(page);
      // Other remotes still come from the server itself.
      await page.goto(`${server.url}/auth/sign_in`);
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    });
    expect(hashDir(shellDist)).toBe(shellBefore);
  });

  test('(b) a remote built against an older kit still sees the signed-in user', async ({ page }) => {
    // Built against a pre-release of the kit (each run-time package required as ^1.0.0-rc.1): the
    // shell's 1.0.0 satisfies the range, so the remote takes the shell's session, client and UI kit.
    const marker = '[built against kit 1.0.0-rc.1]';
    const out = await buildRemote({
      folder: 'mf-feed',
      file: /[\\/]mf-feed[\\/]src[\\/]feed[\\/]FeedPage\.tsx$/,
      search: END,
      replace: `${END} ${marker}`,
      kitVersion: '1.0.0-rc.1',
    });
    const built = fs.readdirSync(out).filter((name) => name.endsWith('.js')).map((name) => fs.readFileSync(path.join(out, name), 'utf8')).join('\n');
    expect(built).toContain('^1.0.0-rc.1');
    const cleanups: Array<() => Promise<void> | void> = [() => fs.rmSync(out, { recursive: true, force: true })];
    await withStack(cleanups, async () => {
      const cdn = await startStaticServer(out);
      cleanups.push(() => cdn.stop());
      const server = await startServer({ label: 'delivery-b', env: { MF_FEED_URL: cdn.url } });
      cleanups.push(() => server.stop());
      const api = new Api(server.url);
      const user = await api.createUser();
      const author = await api.createUser();
      const text = 'A wish to vote on from an older remote.';
      await api.createWish(author, text);

      await seedSession(page, user);
      await page.goto(`${server.url}/feed`);
      await expect(page.getByText(`${END} ${marker}`)).toBeVisible();
      await wishCard(page, text).getByRole('button', { name: 'Upvote' }).click();
      await expectToast(page, 'Upvoted');
      await page.goto(`${server.url}/`);
      await expect(page.getByRole('link', { name: 'Compose a wish' })).toBeVisible();
      await expect(header(page).getByRole('button', { name: /^account menu/i })).toContainText(user.email);
      // Leave the page before the servers stop: the home page's lazy category images would
      // otherwise be fetched from a server already gone (console errors, seen in a full run).
      await page.goto('about:blank');
    });
  });

  test('(c) an unreachable remote degrades only its own area, which offers Retry', async ({ page }) => {
    const port = await freePort(); // nothing listens there
    await withServer({ label: 'delivery-c', env: { MF_PROFILE_URL: `http://127.0.0.1:${port}` } }, async (server) => {
      const api = new Api(server.url);
      const author = await api.createUser({ firstName: 'Rhea', lastName: 'Remote' });
      await api.createWish(author, 'Still visible in the feed while profiles are down.');

      await page.goto(`${server.url}/user/${author.id}`);
      await expect(page.getByText(FAILURE)).toBeVisible({ timeout: 20_000 });
      await expectShell(page);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText(FAILURE)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

      // The rest of the site works.
      await header(page).getByRole('link', { name: 'Feed' }).click();
      await expect(wishCard(page, 'Still visible in the feed while profiles are down.')).toBeVisible();
      await page.goto(`${server.url}/auth/sign_in`);
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    });
  });

  test("with mf-auth's files removed the site keeps header and footer; Retry loads it once they are back", async ({ page }) => {
    const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-site-'));
    const link = (app: string) => {
      fs.mkdirSync(path.join(siteRoot, app), { recursive: true });
      fs.symlinkSync(path.join(REPO_ROOT, app, 'dist'), path.join(siteRoot, app, 'dist'), 'dir');
    };
    for (const app of ['shell', 'mf-feed', 'mf-compose', 'mf-profile']) link(app);
    // mf-auth's declaration stays (its release.json: the site still knows the remote and its routes);
    // every file the browser would load is gone.
    const authDist = path.join(siteRoot, 'mf-auth', 'dist');
    fs.mkdirSync(authDist, { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, 'mf-auth', 'dist', 'release.json'), path.join(authDist, 'release.json'));
    try {
      await withServer({ label: 'delivery-missing', env: { WISHES_SITE_ROOT: siteRoot } }, async (server) => {
        expect((await fetch(`${server.url}/mf/mf-auth/remoteEntry.js`)).status).toBe(404);

        await page.goto(`${server.url}/auth/sign_in`);
        await expect(page.getByText(FAILURE)).toBeVisible({ timeout: 20_000 });
        await expectShell(page);
        // The sign-in page's header offers no Sign In link of its own (it is the page); Feed stays.
        await expect(header(page).getByRole('link', { name: 'Feed' })).toBeVisible();
        await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();

        // Other areas are fine.
        await header(page).getByRole('link', { name: 'Wishes' }).click();
        await expect(page.getByText('Create your wishes with AI.')).toBeVisible();

        // The files come back (a redeploy): Retry loads the area without a page reload.
        await page.goto(`${server.url}/auth/sign_in`);
        await expect(page.getByText(FAILURE)).toBeVisible({ timeout: 20_000 });
        fs.rmSync(authDist, { recursive: true, force: true });
        link('mf-auth');
        await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
        await page.getByRole('button', { name: 'Retry' }).click();
        await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible({ timeout: 20_000 });
        expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      });
    } finally {
      fs.rmSync(siteRoot, { recursive: true, force: true });
    }
  });
});
