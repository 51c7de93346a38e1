/**
 * Serving release and dist folders safely (security v3): a symbolic link inside a release folder
 * (to /etc/passwd, or to a folder outside) is a 404, a missing file is a 404 that is never marked
 * immutable, and source maps are served only when SERVE_SOURCE_MAPS asks for them.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';
import { recordSwitch } from '../releases/store';

function put(root: string, file: string, content: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

const RELEASE = '/mf/releases/mf-feed/0.1.0-0000000a';

describe.each(dialects)('release and dist files (%s)', (dialect) => {
  let releasesDir: string;
  let site: string;
  let outside: string;
  const apps: TestContext[] = [];
  const appWith = async (serveSourceMaps: boolean) => {
    const t = await createTestApp(dialect, { releasesDir, serveSourceMaps }, { env: { WISHES_SITE_ROOT: site } });
    apps.push(t);
    // Only a release that passed the gate (here: made live) is served at all.
    await recordSwitch(t.app.deps.db, { remote: 'mf-feed', release: '0.1.0-0000000a', action: 'activate', actor: 'test', fallback: 'dist' });
    return t;
  };

  beforeAll(() => {
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-relfiles-'));
    site = mkdtempSync(path.join(os.tmpdir(), 'wishes-relfiles-site-'));
    outside = mkdtempSync(path.join(os.tmpdir(), 'wishes-relfiles-outside-'));
    put(outside, 'secret.txt', 'top secret');
    const dir = path.join(releasesDir, 'mf-feed', '0.1.0-0000000a');
    put(dir, 'remoteEntry.js', 'var mf_feed;\n//# sourceMappingURL=remoteEntry.js.map');
    put(dir, 'remoteEntry.js.map', '{"version":3}');
    put(dir, 'main.0000000a.js', 'main');
    put(dir, 'release.json', JSON.stringify({ remote: 'mf-feed', id: '0.1.0-0000000a', version: '0.1.0', hash: 'x', created_at: new Date().toISOString(), declaration: siteRemote('mf-feed') }));
    symlinkSync('/etc/passwd', path.join(dir, 'passwd.0000000a.js'));
    symlinkSync(outside, path.join(dir, 'assets'));
    // A real file whose precompressed copy is a link: the copy is never sent.
    put(dir, 'linked.0000000a.js', 'linked');
    symlinkSync('/etc/passwd', path.join(dir, 'linked.0000000a.js.br'));
    put(site, 'shell/dist/index.html', '<!doctype html><html><head><title>Wishes</title></head><body><div id="root"></div></body></html>');
    put(site, 'shell/dist/main.12345678.js', 'shell');
    put(site, 'shell/dist/main.12345678.js.map', '{"version":3}');
    symlinkSync('/etc/hostname', path.join(site, 'shell', 'dist', 'host.12345678.js'));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const dir of [releasesDir, site, outside]) rmSync(dir, { recursive: true, force: true });
  });

  it('serves a release file immutable; refuses links and anything outside with a 404 that is not immutable', async () => {
    const t = await appWith(false);
    const entry = await t.request({ url: `${RELEASE}/remoteEntry.js` });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toContain('immutable');
    for (const url of [`${RELEASE}/passwd.0000000a.js`, `${RELEASE}/assets/secret.txt`, `${RELEASE}/nope.0000000a.js`, `${RELEASE}/%2e%2e/%2e%2e/secret.txt`, '/host.12345678.js', `${RELEASE}/linked.0000000a.js`]) {
      const res = await t.request({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(String(res.headers['cache-control'] ?? '')).not.toContain('immutable');
      expect(res.body).not.toMatch(/root:|top secret/);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('source maps are a 404 unless SERVE_SOURCE_MAPS is on', async () => {
    const closed = await appWith(false);
    for (const url of [`${RELEASE}/remoteEntry.js.map`, '/main.12345678.js.map']) {
      const res = await closed.request({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(String(res.headers['cache-control'] ?? '')).not.toContain('immutable');
    }
    expect((await closed.request({ url: '/main.12345678.js' })).statusCode).toBe(200);
    const open = await appWith(true);
    for (const url of [`${RELEASE}/remoteEntry.js.map`, '/main.12345678.js.map']) expect([url, (await open.request({ url })).statusCode]).toEqual([url, 200]);
  });
});
