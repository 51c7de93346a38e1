/**
 * GET /kit/<file>.tgz (docs/teams.md, "A team outside the monorepo"): the kit's tarballs from the
 * site root's kit/ folder, cached for good; anything else under /kit/ is never a page, never a
 * file outside the folder, never immutable when missing.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createTestApp, type TestContext } from '../../test/kit/harness';
import { kitProblem } from './kit';
// The pack's version rule (scripts/kit-pack.js): plain CommonJS at the repository's root.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkContent } = require('../../../build/kit-content') as {
  checkContent: (packed: Array<{ name: string; version: string; content: string }>, record: { packages: Record<string, { version: string; content: string }> }) => { problems: string[]; record: { packages: Record<string, { version: string; content: string }> } };
};

const integrityOf = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

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
    writeFileSync(path.join(site, 'kit', 'index.json'), JSON.stringify({ packages: [{ name: '@wishes/kit-ui', version: '1.0.0', file: 'wishes-kit-ui-1.0.0.tgz', integrity: integrityOf(tarball) }] }));
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

  it('serves index.json: each package with its version, file and sha512 integrity, revalidated', async () => {
    const res = await t.request({ url: '/kit/index.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ packages: [{ name: '@wishes/kit-ui', version: '1.0.0', file: 'wishes-kit-ui-1.0.0.tgz', integrity: integrityOf(tarball) }] });
  });

  it('verifies at start that what index.json lists is there, with that integrity (it never packs)', () => {
    const kit = mkdtempSync(path.join(os.tmpdir(), 'wishes-kit-check-'));
    try {
      expect(kitProblem(kit)).toBeNull();
      writeFileSync(path.join(kit, 'index.json'), JSON.stringify({ packages: [{ name: '@wishes/kit-ui', version: '1.0.0', file: 'wishes-kit-ui-1.0.0.tgz', integrity: integrityOf(tarball) }] }));
      expect(kitProblem(kit)).toBe(`${path.join(kit, 'index.json')} lists wishes-kit-ui-1.0.0.tgz, which is not in ${kit}`);
      writeFileSync(path.join(kit, 'wishes-kit-ui-1.0.0.tgz'), Buffer.from('other bytes'));
      expect(kitProblem(kit)).toBe(`wishes-kit-ui-1.0.0.tgz in ${kit} is not the tarball index.json lists (its sha512 differs)`);
      writeFileSync(path.join(kit, 'wishes-kit-ui-1.0.0.tgz'), tarball);
      expect(kitProblem(kit)).toBeNull();
      writeFileSync(path.join(kit, 'index.json'), JSON.stringify({ packages: [{ file: '../../etc/passwd', integrity: 'x' }] }));
      expect(kitProblem(kit)).toContain("which is not a kit tarball's name");
    } finally {
      rmSync(kit, { recursive: true, force: true });
    }
  });

  it('a server whose kit does not match its index refuses to start', async () => {
    const broken = mkdtempSync(path.join(os.tmpdir(), 'wishes-kit-broken-'));
    mkdirSync(path.join(broken, 'kit'));
    mkdirSync(path.join(broken, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(broken, 'shell', 'dist', 'index.html'), '<!doctype html><html><head><title>Wishes</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(broken, 'kit', 'index.json'), JSON.stringify({ packages: [{ name: '@wishes/kit-ui', version: '1.0.0', file: 'wishes-kit-ui-1.0.0.tgz', integrity: integrityOf(tarball) }] }));
    try {
      await expect(createTestApp('sqlite', {}, { env: { WISHES_SITE_ROOT: broken } })).rejects.toThrow(/the kit does not match its index: .*wishes-kit-ui-1\.0\.0\.tgz, which is not in/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("a package's version changes whenever its content does: the same version with other content stops the pack", () => {
    const record = { packages: { '@wishes/kit-ui': { version: '1.0.0', content: 'aaa' }, '@wishes/kit-gone': { version: '1.0.0', content: 'ccc' } } };
    // The same content again: nothing to do.
    expect(checkContent([{ name: '@wishes/kit-ui', version: '1.0.0', content: 'aaa' }], record)).toEqual({ problems: [], record: { packages: { '@wishes/kit-ui': { version: '1.0.0', content: 'aaa' } } } });
    // Other content under the same version: refused, naming the package and what to do.
    expect(checkContent([{ name: '@wishes/kit-ui', version: '1.0.0', content: 'bbb' }], record).problems).toEqual([
      '@wishes/kit-ui 1.0.0: its content changed but its version did not; bump "version" in its package.json (and add a CHANGELOG entry), then pack again',
    ]);
    // A new version records the new content; a new package is recorded as it is.
    expect(checkContent([{ name: '@wishes/kit-ui', version: '1.0.1', content: 'bbb' }, { name: '@wishes/kit-new', version: '0.1.0', content: 'ddd' }], record)).toEqual({
      problems: [],
      record: { packages: { '@wishes/kit-ui': { version: '1.0.1', content: 'bbb' }, '@wishes/kit-new': { version: '0.1.0', content: 'ddd' } } },
    });
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
