/**
 * A remote not yet live and the remote override (docs/teams.md "Develop inside the real site"), on
 * both databases: with REMOTE_OVERRIDES=true, the shell may override only the remotes its manifest
 * lists. A remote whose first release is published but not active is listed to a browser holding
 * its preview (the pinned release, marked `preview`), and to nobody else; so only that browser can
 * override it. Real archives through the real upload route; the manifest as a page inlines it and
 * as /mf/remotes.json serves it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';
import { archive, build, HELLO, makeSite } from '../../test/kit/release-archives';
import { newPreviewToken } from './canary';

const EMBEDDED_REMOTES = /<script type="application\/json" id="wishes-remotes">([\s\S]*?)<\/script>/;
const OWN_PAGE = { origin: 'http://wishes.test', 'sec-fetch-site': 'same-origin' };

interface Manifest {
  remotes: Array<{ folder?: string; name: string; release?: string; entry: string; preview?: boolean }>;
  remote_overrides?: { origins: string[] };
}

describe.each(dialects)('a remote not yet live can be overridden only where its preview is held (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let release: string;
  let pinned: string;

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-override-preview-'));
    t = await createTestApp(dialect, { releasesDir, remoteOverrides: { enabled: true, origins: ['http://localhost:*', 'http://127.0.0.1:*'] } }, { env: { WISHES_SITE_ROOT: site } });
    const admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    // The new remote is admitted by its first token, publishes its first release and activates nothing.
    const created = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-hello/tokens/', token: admin.access, payload: { name: 'hello-team', scopes: ['publish', 'activate'] } });
    expect(created.statusCode).toBe(201);
    const team = created.json().token as string;
    const published = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-hello/releases/', headers: { 'content-type': 'application/gzip' }, payload: await archive(build(HELLO, { marker: 'first' })), token: team });
    expect(published.statusCode).toBe(201);
    release = published.json().release as string;
    const link = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-hello/preview/', token: team, payload: { release } });
    expect(link.statusCode).toBe(200);
    const value = new URL(link.json().url).searchParams.get('wishes_preview')!;
    const confirmed = await t.request({ method: 'POST', url: '/api/preview/', headers: OWN_PAGE, payload: { token: value } });
    expect(confirmed.statusCode).toBe(200);
    const cookie = ([] as string[]).concat(confirmed.headers['set-cookie'] ?? []).find((c) => c.startsWith('wishes_preview='))!;
    pinned = `wishes_bucket=90; ${cookie.split(';')[0]}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const manifests = async (cookie: string): Promise<Manifest[]> => {
    const page = await t.request({ method: 'GET', url: '/hello', headers: { cookie } });
    const served = await t.request({ method: 'GET', url: '/mf/remotes.json', headers: { cookie } });
    return [JSON.parse(EMBEDDED_REMOTES.exec(page.body)![1]) as Manifest, served.json() as Manifest];
  };
  const hello = (m: Manifest) => m.remotes.find((r) => (r.folder ?? r.name) === 'mf-hello');

  it('a browser without its preview is not served the remote: the shell refuses the override', async () => {
    for (const manifest of await manifests('wishes_bucket=90')) {
      expect(manifest.remote_overrides).toEqual({ origins: ['http://localhost:*', 'http://127.0.0.1:*'] });
      expect(hello(manifest)).toBeUndefined();
      // The site's own remotes stay overridable by anyone.
      expect(manifest.remotes.map((r) => r.folder)).toContain('mf-feed');
    }
  });

  it('the browser holding its preview is served the pinned release, marked preview: the shell accepts the override', async () => {
    for (const manifest of await manifests(pinned)) {
      expect(manifest.remote_overrides).toEqual({ origins: ['http://localhost:*', 'http://127.0.0.1:*'] });
      expect(hello(manifest)).toEqual(expect.objectContaining({ name: 'mf_hello', release, preview: true, entry: `/mf/releases/mf-hello/${release}/remoteEntry.js` }));
    }
  });

  it('once its preview has expired, the browser is no longer served it', async () => {
    const expired = newPreviewToken(t.config.jwtSecret, 'mf-hello', release, Date.now() - 2 * 3600_000).token;
    for (const manifest of await manifests(`wishes_bucket=90; wishes_preview=${expired}`)) expect(hello(manifest)).toBeUndefined();
  });
});
