/**
 * Token refresh (docs/product.md#4-states Session/Token refresh, docs/product.md#9-constants): with an access token
 * shorter than the client's 120 s threshold, it refreshes at once on start and again on its 60 s
 * timer, and the person keeps working past the first token's expiry without noticing. A refused
 * refresh signs out and goes home. The token expires on the server's real clock, so the journey
 * waits that out: a token of a few seconds, which shows the same as a 30 s one did with half a
 * minute less waiting. The page's own clock (Playwright's) then jumps to its 60 s timer instead of
 * waiting for it.
 */
import { Api } from '../support/api';
import { withServer } from '../support/server';
import { expect, seedSession, test } from '../support/fixtures';
import { expectPath, expectToast, signInLink, accountButton, storedSession, wishCard } from '../support/ui';

// The console-error watch (support/console-watch.ts): expired and refused tokens answer 401 on purpose (the client refreshes, or signs out).
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/ → 401$/, /status of 401 /);
});

function fakeJwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

/** The access token's life on the journey's server, in seconds: well under the client's 120 s threshold. */
const TOKEN_TTL_S = 4;
/** How far the page's clock is set behind the server's: more than the jump to the 60 s timer, less than the client's 120 s threshold minus the token's life. */
const PAGE_CLOCK_BEHIND_MS = 60_000;

test('short-lived access tokens: refreshes at once and on its 60 s timer; the session outlives the first token', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await withServer({ label: 'refresh', env: { ACCESS_TOKEN_TTL: `${TOKEN_TTL_S}s` } }, async (server) => {
    const api = new Api(server.url);
    const user = await api.createUser();
    const author = await api.createUser();
    const text = `Refresh journey wish ${Date.now()}.`;
    await api.createWish(author, text);
    const firstAccess = user.access;

    const refreshes: number[] = [];
    const unauthorized: string[] = [];
    let started = Date.now();
    // The page's time since the start: real time, plus what its clock was moved forward.
    let forwarded = 0;
    const pageElapsed = () => Date.now() - started + forwarded;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/token\/refresh\/?$/.test(new URL(r.url()).pathname)) refreshes.push(pageElapsed());
    });
    const responses: Array<{ call: string; status: number }> = [];
    page.on('response', (r) => {
      const call = `${r.request().method()} ${new URL(r.url()).pathname}`;
      responses.push({ call, status: r.status() });
      if (r.status() === 401) unauthorized.push(call);
    });

    await seedSession(page, user);
    // The page's clock starts a minute behind the server's: the jump to its 60 s timer below then
    // leaves it a little behind still, as it would be after a minute of real waiting. (A page clock
    // ahead of the server by more than a token's life reads every fresh token as expired.)
    await page.clock.install({ time: new Date(Date.now() - PAGE_CLOCK_BEHIND_MS) });
    await page.goto(`${server.url}/feed`);
    started = Date.now();
    await expect(accountButton(page)).toContainText(user.email);
    // At start: fewer than 120 s left, so it refreshes straight away.
    await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(refreshes[0]).toBeLessThan(10_000);
    await expect.poll(async () => (await storedSession(page)).access).not.toBe(firstAccess);

    // Past the first token's life (and the one the start's refresh gave), still signed in and able to vote.
    await page.waitForTimeout(Math.max(0, TOKEN_TTL_S * 1000 + 1_500 - (Date.now() - started)));
    await expect(accountButton(page)).toBeVisible();
    await wishCard(page, text).getByRole('button', { name: 'Upvote' }).click();
    await expectToast(page, 'Upvoted');
    await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);

    // Then the 60 s timer (started with the page) refreshes again, whatever happened in between:
    // the page's clock jumps to just past it. Not before every remote script the page started has
    // arrived: the jump would fire their load timeouts (Module Federation's, cleared on load; it
    // removes each script element once loaded).
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('script[src*="remoteEntry"]').length), { timeout: 30_000 }).toBe(0);
    const jump = Math.max(0, 61_000 - pageElapsed());
    forwarded += jump;
    await page.clock.fastForward(jump);
    await expect
      .poll(() => refreshes.filter((t) => t >= 55_000 && t <= 80_000).length, { timeout: Math.max(10_000, 85_000 - pageElapsed()), intervals: [1000] })
      .toBeGreaterThanOrEqual(1);
    await expect(accountButton(page)).toBeVisible();
    // The refreshed tokens were stored: a new tab with them is signed in. (Not a reload of this
    // page: a new document replays its clock's log, and the replayed jump fires the remotes'
    // script-load timeouts.)
    const stored = await storedSession(page);
    expect(stored.access).not.toBe(firstAccess);
    const freshTab = await browser.newContext();
    try {
      const tab = await freshTab.newPage();
      await seedSession(tab, { ...user, access: stored.access!, refresh: stored.refresh! });
      await tab.goto(`${server.url}/feed`);
      await expect(accountButton(tab)).toContainText(user.email);
    } finally {
      await freshTab.close();
    }
    // Between the 60 s checks a 30 s token can expire; a call refused with 401 then must be
    // refreshed and retried by the client, invisibly: every 401 is followed by a success of the same call.
    for (const call of unauthorized) {
      const at = responses.findIndex((r) => r.call === call && r.status === 401);
      expect(responses.slice(at + 1).some((r) => r.call === call && r.status < 300), `${call} retried after its 401`).toBe(true);
    }
    if (unauthorized.length) test.info().annotations.push({ type: 'note', description: `401s retried after refresh: ${unauthorized.join(', ')}` });
    // Leave the page before this server stops, so its timers (moved forward) call no closed port.
    await page.goto('about:blank');
  });
});

test('a refused refresh clears the tokens, goes to / and reloads', async ({ page }) => {
  const expired = fakeJwt({ token_type: 'access', exp: Math.floor(Date.now() / 1000) - 60, iat: 1, jti: 'x', user_id: 1 });
  await page.addInitScript((access) => {
    if (window.sessionStorage.getItem('__seeded__')) return;
    window.sessionStorage.setItem('__seeded__', '1');
    window.localStorage.setItem('access_token', access);
    window.localStorage.setItem('refresh_token', 'not-a-valid-refresh-token');
    window.localStorage.setItem('username', 'ghost@example.com');
  }, expired);
  await page.goto('/feed');
  await expectPath(page, '/');
  await expect(signInLink(page)).toBeVisible();
  expect(await storedSession(page)).toEqual({ access: null, refresh: null, username: null });
});
