/**
 * GET /kit/<file>.tgz (docs/teams.md, "A team outside the monorepo"): the kit's tarballs from the
 * site root's kit/ folder, cached for good; anything else under /kit/ is never a page, never a
 * file outside the folder, never immutable when missing.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestContext } from '../../test/kit/harness';

describe('the kit tarballs at /kit/', () => {
  let site: string;
  let t: TestContext;
  const tarball = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]);

  beforeAll(async () => {
    site = mkdtempSync(path.join(os.tmpdir(), 'wishes-kit-site-'));
    mkdirSync(path.join(site, 'kit'));
    mkdirSync(path.join(site, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(site, 'shell', 'dist', 'index.html'), '<!doctype html><html><head><title>Wishes</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(site, 'kit', 'wishes-kit-ui-1.0.0.tgz'), tarball);
    symlinkSync('/etc/passwd', path.join(site, 'kit', 'wishes-kit-evil-1.0.0.tgz'));
    t = await createTestApp('sqlite', {}, { env: { WISHES_SITE_ROOT: site } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('serves a tarball as it is, immutable', async () => {
    const res = await t.request({ url: '/kit/wishes-kit-ui-1.0.0.tgz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(Buffer.from(res.rawPayload)).toEqual(tarball);
  });

  it.each([
    ['a missing version', '/kit/wishes-kit-ui-9.9.9.tgz', 404],
    ['a link out of the folder', '/kit/wishes-kit-evil-1.0.0.tgz', 404],
    ['a name that is not a kit tarball', '/kit/passwd', 400],
    ['a dot segment', '/kit/..%2Fshell%2Fdist%2Findex.html', 400],
    ['the folder itself', '/kit/', 404],
  ])('%s is no file and no page', async (_label, url, status) => {
    const res = await t.request({ url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
