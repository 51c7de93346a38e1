/**
 * Preview links (docs/teams.md, "Preview before anyone"), on both databases: only a token with the
 * activate scope (or an admin) makes one; opening the link pins nothing (the page carries what it
 * would pin, for the shell's confirmation page); the confirmation, from the site's own page only,
 * pins the release in that browser (a cookie), whose manifest marks it for the banner, and whose
 * files are then served to that browser alone; ending the preview unpins it. Real archives through
 * the real upload route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { archive, build, makeSite } from '../../test/kit/release-archives';
import { newPreviewToken } from './canary';

const EMBEDDED_REMOTES = /<script type="application\/json" id="wishes-remotes">([\s\S]*?)<\/script>/;
/** What a browser sends with a fetch from a page of the site itself. */
const OWN_PAGE = { origin: 'http://wishes.test', 'sec-fetch-site': 'same-origin' };

describe.each(dialects)('preview links (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;
  let publishOnly: string;
  let activator: string;
  let stable: string;
  let candidate: string;

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-preview-'));
    t = await createTestApp(dialect, { releasesDir }, { env: { WISHES_SITE_ROOT: site } });
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    const token = async (scopes: string[]) => (await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access, payload: { name: `team-${scopes.join('-')}`, scopes } })).json().token as string;
    publishOnly = await token(['publish']);
    activator = await token(['publish', 'activate']);
    const publish = async (marker: string) => {
      const res = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/releases/', headers: { 'content-type': 'application/gzip' }, payload: await archive(build(siteRemote('mf-feed'), { marker })), token: publishOnly });
      expect(res.statusCode).toBe(201);
      return res.json().release as string;
    };
    stable = await publish('pv-stable');
    candidate = await publish('pv-candidate');
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: admin.access, payload: { release: stable } })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const previewLink = async (token: string, release = candidate) => t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/preview/', token, payload: { release } });
  const manifestOf = (body: string) => JSON.parse(EMBEDDED_REMOTES.exec(body)![1]) as { remotes: Array<{ name: string; release: string; preview?: boolean }>; preview_request?: unknown };
  const feedOf = (manifest: { remotes: Array<{ name: string; release: string; preview?: boolean }> }) => manifest.remotes.find((r) => r.name === 'mf_feed');
  const cookiesOf = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const candidateFile = (cookie?: string) => t.request({ method: 'GET', url: `/mf/releases/mf-feed/${candidate}/remoteEntry.js`, headers: cookie ? { cookie } : {} });

  it('needs the activate scope: a publish-only token is refused (403), a token with activate or an admin gets a link', async () => {
    const refused = await previewLink(publishOnly);
    expect([refused.statusCode, refused.json().detail]).toEqual([403, 'This token does not have the activate scope.']);
    expect((await previewLink(activator)).statusCode).toBe(200);
    const byAdmin = await previewLink(admin.access);
    expect(byAdmin.statusCode).toBe(200);
    expect(new URL(byAdmin.json().url).searchParams.get('wishes_preview')).toMatch(/^mf-feed~/);
  });

  it('opening the link pins nothing: the page names the remote and release for the confirmation, sets no cookie, serves the live release', async () => {
    const url = new URL((await previewLink(activator)).json().url);
    const page = await t.request({ method: 'GET', url: `/feed${url.search}`, headers: { cookie: 'wishes_bucket=90' } });
    expect(page.statusCode).toBe(200);
    const manifest = manifestOf(page.body);
    expect(manifest.preview_request).toEqual({ remote: 'mf-feed', release: candidate, expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(feedOf(manifest)).toMatchObject({ release: stable });
    expect(feedOf(manifest)?.preview).toBeUndefined();
    expect(cookiesOf(page).some((c) => c.startsWith('wishes_preview='))).toBe(false);
    // Nor does the manifest URL with the link pin anything; the release's files stay unserved.
    const viaManifest = await t.request({ method: 'GET', url: `/mf/remotes.json${url.search}`, headers: { cookie: 'wishes_bucket=90' } });
    expect(feedOf(viaManifest.json())).toMatchObject({ release: stable });
    expect(cookiesOf(viaManifest).some((c) => c.startsWith('wishes_preview='))).toBe(false);
    expect((await candidateFile()).statusCode).toBe(404);
    // A forged link is named refused on its page.
    const forged = await t.request({ method: 'GET', url: `/feed?wishes_preview=mf-feed~${candidate}~zzzzzzz~${'A'.repeat(43)}` });
    expect(manifestOf(forged.body).preview_request).toEqual({ refused: 'This preview link is forged or has expired. Ask for a new one.' });
  });

  it('the confirmation pins the release in that browser only: its manifest marks it (the banner), its files are served to it; ending the preview unpins it', async () => {
    const value = new URL((await previewLink(activator)).json().url).searchParams.get('wishes_preview')!;
    const confirmed = await t.request({ method: 'POST', url: '/api/preview/', headers: OWN_PAGE, payload: { token: value } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ remote: 'mf-feed', release: candidate, expires_at: expect.any(String) });
    const cookie = cookiesOf(confirmed).find((c) => c.startsWith('wishes_preview='))!;
    expect(cookie).toMatch(/; Path=\/; Max-Age=3[56]\d\d; SameSite=Lax; HttpOnly$/);
    const pinned = `wishes_bucket=90; ${cookie.split(';')[0]}`;
    const page = await t.request({ method: 'GET', url: '/feed', headers: { cookie: pinned } });
    expect(feedOf(manifestOf(page.body))).toMatchObject({ release: candidate, preview: true });
    expect(feedOf((await t.request({ method: 'GET', url: '/mf/remotes.json', headers: { cookie: pinned } })).json())).toMatchObject({ release: candidate, preview: true });
    const file = await candidateFile(pinned);
    expect([file.statusCode, file.headers['content-type'], file.headers['x-content-type-options']]).toEqual([200, 'application/javascript; charset=utf-8', 'nosniff']);
    // Everyone else: the live release, and the preview's files are not theirs.
    expect(feedOf((await t.request({ method: 'GET', url: '/mf/remotes.json', headers: { cookie: 'wishes_bucket=90' } })).json())).toMatchObject({ release: stable });
    expect((await candidateFile('wishes_bucket=90')).statusCode).toBe(404);
    // The banner's button.
    const ended = await t.request({ method: 'DELETE', url: '/api/preview/', headers: { cookie: pinned } });
    expect(ended.statusCode).toBe(204);
    expect(cookiesOf(ended)).toEqual(['wishes_preview=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly']);
  });

  it("a confirmation from another site's page, a forged or expired link, or a form post pins nothing", async () => {
    const value = new URL((await previewLink(activator)).json().url).searchParams.get('wishes_preview')!;
    const attempts = [
      { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, payload: { token: value }, status: 403 },
      { headers: { 'sec-fetch-site': 'same-site' }, payload: { token: value }, status: 403 },
      { headers: { origin: 'https://evil.example' }, payload: { token: value }, status: 403 },
      { headers: OWN_PAGE, payload: { token: `mf-feed~${candidate}~zzzzzzz~${'A'.repeat(43)}` }, status: 400 },
      { headers: OWN_PAGE, payload: { token: newPreviewToken(t.config.jwtSecret, 'mf-feed', candidate, Date.now() - 2 * 3600_000).token }, status: 400 },
      { headers: OWN_PAGE, payload: { token: 'x'.repeat(301) }, status: 400 },
      { headers: OWN_PAGE, payload: {}, status: 400 },
    ];
    for (const { headers, payload, status } of attempts) {
      const res = await t.request({ method: 'POST', url: '/api/preview/', headers, payload });
      expect([res.statusCode, cookiesOf(res)]).toEqual([status, []]);
      expect(typeof res.json().detail === 'string' || typeof res.json().error === 'string').toBe(true);
    }
    // A cross-site HTML form can only send form bodies: refused before anything is read.
    const form = await t.request({ method: 'POST', url: '/api/preview/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${encodeURIComponent(value)}` });
    expect([form.statusCode, cookiesOf(form)]).toEqual([415, []]);
  });
});
