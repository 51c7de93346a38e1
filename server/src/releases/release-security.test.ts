/**
 * The release path's security rules (docs/security.md, "Releases"), on both databases, with real
 * archives through the real upload route:
 * - release files are never documents: HTML, SVG, XML and unknown types are refused at publish
 *   (400 naming the file, nothing stored); what the site's own build emits is accepted; files go
 *   out with nosniff and their own type only; a release that never went live is served to nobody
 *   (only a confirmed preview: preview.test.ts); an old release stays served 24 hours after the
 *   switch that ended it, then no longer; the same for the built /mf/<folder>/ and shell files;
 * - any unpacking error (a name both a file and a folder, twice, a corrupt gzip, a truncated tar)
 *   is a 400 with nothing stored and no `.building-*` left, and the process keeps answering;
 * - RELEASE_MAX_FILES (413 beyond, nothing left behind), and the unpacking runs off the event
 *   loop: no turn of the loop touches more than a handful of the archive's files, and /healthz
 *   answers while a 1,500-file archive is published.
 */
import fs, { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { archive, build, makeSite, type Entry } from '../../test/kit/release-archives';
import { buildApp } from '../app/app';

const feed = siteRemote('mf-feed');

/**
 * The kinds of files a production build of one of the site's remotes writes (mf-feed's, looked at
 * with `webpack --mode production`): entry and chunks, their extracted license comments,
 * stylesheets, the federation manifest and stats, brotli and gzip copies, plus what a remote may
 * load (fonts, raster images) and Module Federation's types of what it exposes.
 */
function siteLikeBuild(marker: string): Entry[] {
  return [
    ...build(feed, { marker }),
    { name: `145.${marker}e22b5bcd.js`, content: 'chunk' },
    { name: `145.${marker}e22b5bcd.js.br`, content: Buffer.from([1, 2, 3]) },
    { name: `145.${marker}e22b5bcd.js.gz`, content: gzipSync('chunk') },
    { name: `159.${marker}1b9d932d.js.LICENSE.txt`, content: '/*! license */' },
    { name: `__federation_expose_FeedPage.${marker}feb1c8a9.css`, content: 'a{}' },
    { name: `__federation_expose_FeedPage.${marker}feb1c8a9.css.gz`, content: gzipSync('a{}') },
    { name: 'mf-stats.json', content: '{}' },
    { name: 'mf-manifest.json.br', content: Buffer.from([4]) },
    { name: `assets/logo.${marker}.png`, content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    { name: `assets/photo.${marker}.webp`, content: Buffer.from('RIFF') },
    { name: `assets/inter.${marker}.woff2`, content: Buffer.from('wOF2') },
    { name: '@mf-types.zip', content: Buffer.from('PK') },
    { name: '@mf-types.d.ts', content: 'export {};' },
    { name: '@mf-types/compiled-types/FeedPage.d.ts', content: 'export {};' },
    { name: `.maps/145.${marker}e22b5bcd.js.map`, content: '{"version":3}' },
  ];
}

describe.each(dialects)('the release path (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;
  let token: string;

  beforeAll(async () => {
    site = makeSite();
    // The site's own built files: a remote's dist/ and the shell's, each with a document beside its code.
    const put = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), content);
    };
    put('mf-feed/dist/remoteEntry.js', 'var mf_feed;');
    put('mf-feed/dist/help.html', '<script src="remoteEntry.js"></script>');
    put('mf-feed/dist/icon.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    put('shell/dist/main.js', 'shell');
    put('shell/dist/help.html', '<script src="main.js"></script>');
    put('shell/dist/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    put('shell/dist/feed.xml', '<?xml version="1.0"?><rss/>');
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-relsec-'));
    t = await createTestApp(dialect, { releasesDir }, { env: { WISHES_SITE_ROOT: site, MF_FEED_URL: '' } });
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    token = (await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access, payload: { name: 'feed-team' } })).json().token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const publish = async (body: Buffer) => t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/releases/', headers: { 'content-type': 'application/gzip' }, payload: body, token });
  const activate = async (release: string) => {
    const res = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release } });
    expect(res.statusCode).toBe(200);
  };
  /** Rows stored and what is inside mf-feed's releases folder (releases and any hidden build folder). */
  const stored = async () => ({
    releases: Number((await sql<{ n: number }>`select count(*) as n from remote_releases`.execute(t.app.deps.db)).rows[0].n),
    files: Number((await sql<{ n: number }>`select count(*) as n from remote_release_files`.execute(t.app.deps.db)).rows[0].n),
    folders: fs.existsSync(path.join(releasesDir, 'mf-feed')) ? readdirSync(path.join(releasesDir, 'mf-feed')).sort() : [],
  });
  const building = () => (fs.existsSync(path.join(releasesDir, 'mf-feed')) ? readdirSync(path.join(releasesDir, 'mf-feed')).filter((f) => f.startsWith('.building-')) : []);

  describe('release files are never documents', () => {
    it.each([
      ['help.html', '<script src="help.js"></script>'],
      ['page.htm', '<b>x</b>'],
      ['deep/page.xhtml', '<html/>'],
      ['icon.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['feed.xml', '<?xml version="1.0"?><x/>'],
      ['notes.txt', 'not a license'],
      ['help.html.gz', 'x'],
      ['README', 'no extension'],
      ['tool.exe', 'MZ'],
    ])('%s is refused at publish (400 naming it), nothing stored', async (name, content) => {
      const before = await stored();
      const res = await publish(await archive([...build(feed, { marker: `doc-${name.replace(/\W/g, '')}` }), { name: 'help.js', content: 'alert(document.cookie)' }, { name, content }]));
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(`the archive holds ${name}, which is not a file a remote needs`);
      expect(await stored()).toEqual(before);
      expect(building()).toEqual([]);
    });

    it("accepts what the site's own build emits, and serves each live file with nosniff and its own type only", async () => {
      const res = await publish(await archive(siteLikeBuild('ok1')));
      expect(res.statusCode).toBe(201);
      const id = res.json().release;
      await activate(id);
      const expected: Array<[string, string]> = [
        ['remoteEntry.js', 'application/javascript; charset=utf-8'],
        ['145.ok1e22b5bcd.js', 'application/javascript; charset=utf-8'],
        ['159.ok11b9d932d.js.LICENSE.txt', 'text/plain; charset=utf-8'],
        ['__federation_expose_FeedPage.ok1feb1c8a9.css', 'text/css; charset=utf-8'],
        ['mf-manifest.json', 'application/json; charset=utf-8'],
        ['assets/logo.ok1.png', 'image/png'],
        ['assets/photo.ok1.webp', 'image/webp'],
        ['assets/inter.ok1.woff2', 'font/woff2'],
        ['@mf-types.zip', 'application/zip'],
        ['@mf-types.d.ts', 'text/plain; charset=utf-8'],
      ];
      for (const [file, type] of expected) {
        const got = await t.request({ url: `/mf/releases/mf-feed/${id}/${file}` });
        expect([file, got.statusCode, got.headers['content-type'], got.headers['x-content-type-options']]).toEqual([file, 200, type, 'nosniff']);
      }
      // A precompressed copy goes out with its original's type.
      const gz = await t.request({ url: `/mf/releases/mf-feed/${id}/145.ok1e22b5bcd.js`, headers: { 'accept-encoding': 'gzip' } });
      expect([gz.headers['content-encoding'], gz.headers['content-type']]).toEqual(['gzip', 'application/javascript; charset=utf-8']);
    });

    it('a release folder holding a page (written before the rule, or by hand) never serves it, even live', async () => {
      // As `npm run release` wrote releases before the rule: a folder with release.json written last.
      const id = '0.9.0-0000000000aa';
      const dir = path.join(releasesDir, 'mf-feed', id);
      for (const entry of build(feed, { marker: 'old' })) {
        if (entry.name === 'release.json') continue;
        mkdirSync(path.dirname(path.join(dir, entry.name)), { recursive: true });
        writeFileSync(path.join(dir, entry.name), entry.content ?? '');
      }
      writeFileSync(path.join(dir, 'help.html'), '<script src="remoteEntry.js"></script>');
      writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ remote: 'mf-feed', id, version: '0.9.0', hash: 'x', created_at: new Date().toISOString(), declaration: feed }));
      await activate(id);
      expect((await t.request({ url: `/mf/releases/mf-feed/${id}/remoteEntry.js` })).statusCode).toBe(200);
      for (const file of ['help.html', 'logo.svg']) {
        const res = await t.request({ url: `/mf/releases/mf-feed/${id}/${file}` });
        expect([file, res.statusCode, String(res.headers['content-type'])]).toEqual([file, 404, expect.stringMatching(/^application\/json/)]);
      }
    });

    it('a published release that never went live is served to nobody', async () => {
      const res = await publish(await archive(build(feed, { marker: 'never' })));
      expect(res.statusCode).toBe(201);
      for (const file of ['remoteEntry.js', '__federation_expose_Page.never.js', 'mf-manifest.json']) {
        expect((await t.request({ url: `/mf/releases/mf-feed/${res.json().release}/${file}` })).statusCode).toBe(404);
      }
    });

    it('an old release stays served for 24 hours after the switch that ended it (open tabs), then no longer', async () => {
      const a = (await publish(await archive(build(feed, { marker: 'old-a' })))).json().release as string;
      const b = (await publish(await archive(build(feed, { marker: 'old-b' })))).json().release as string;
      await activate(a);
      await activate(b);
      const file = (id: string) => `/mf/releases/mf-feed/${id}/remoteEntry.js`;
      expect((await t.request({ url: file(a) })).statusCode).toBe(200);
      // 25 hours later (the switches moved back in time), as another process (nothing cached) sees it.
      const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
      await t.app.deps.db.updateTable('remote_switches').set({ created_at: hoursAgo(26) }).where('remote', '=', 'mf-feed').where('release_id', '=', a).execute();
      await t.app.deps.db.updateTable('remote_switches').set({ created_at: hoursAgo(25) }).where('remote', '=', 'mf-feed').where('release_id', '=', b).execute();
      const other = await buildApp({ ...t.config }, { env: { WISHES_SITE_ROOT: site } });
      try {
        expect((await other.inject({ url: file(a) })).statusCode).toBe(404);
        expect((await other.inject({ url: file(b) })).statusCode).toBe(200);
        // 23 hours after the switch: still served.
        await t.app.deps.db.updateTable('remote_switches').set({ created_at: hoursAgo(23) }).where('remote', '=', 'mf-feed').where('release_id', '=', b).execute();
        expect((await other.inject({ url: file(a) })).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });

    it("the site's own built files are never pages either: /mf/<folder>/ and the shell serve code, not documents", async () => {
      const entry = await t.request({ url: '/mf/mf-feed/remoteEntry.js' });
      expect([entry.statusCode, entry.headers['content-type'], entry.headers['x-content-type-options']]).toEqual([200, 'application/javascript; charset=utf-8', 'nosniff']);
      for (const url of ['/mf/mf-feed/help.html', '/mf/mf-feed/icon.svg', '/logo.svg', '/feed.xml']) {
        const res = await t.request({ url });
        expect([url, res.statusCode]).toEqual([url, 404]);
      }
      // The shell's help.html is not its file: the path is a page of the app (its own HTML, its CSP).
      const page = await t.request({ url: '/help.html' });
      expect(page.body).not.toContain('<script src="main.js"></script>');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(String((await t.request({ url: '/main.js' })).headers['content-type'])).toBe('application/javascript; charset=utf-8');
    });
  });

  describe('unpacking errors', () => {
    it.each<[string, () => Promise<Buffer>, string]>([
      ['a file x, then x/y', async () => archive([...build(feed, { marker: 'u1' }), { name: 'x', content: 'file' }, { name: 'x/y.js', content: 'under a file' }]), 'the archive holds x both as a file and as a folder'],
      ['x/y, then a file x', async () => archive([...build(feed, { marker: 'u2' }), { name: 'x/y.js', content: 'y' }, { name: 'x', content: 'file' }]), 'the archive holds x both as a file and as a folder'],
      ['a folder x/, then a file x', async () => archive([...build(feed, { marker: 'u3' }), { name: 'x', type: 'directory' }, { name: 'x', content: 'file' }]), 'the archive holds x both as a file and as a folder'],
      ['a file x, then a folder x/', async () => archive([...build(feed, { marker: 'u4' }), { name: 'x.js', content: 'file' }, { name: 'x.js', type: 'directory' }]), 'the archive holds x.js both as a file and as a folder'],
      ['the same file twice', async () => archive([...build(feed, { marker: 'u5' }), { name: 'a.js', content: '1' }, { name: './a.js', content: '2' }]), 'the archive holds a.js twice'],
      ['a corrupt gzip', async () => {
        const good = await archive(build(feed, { marker: 'u6' }));
        return Buffer.concat([good.subarray(0, 20), Buffer.alloc(200, 0x41), good.subarray(220)]);
      }, "the body is not a gzip'd tar archive"],
      ['a truncated gzip', async () => (await archive(build(feed, { marker: 'u7' }))).subarray(0, 60), "the body is not a gzip'd tar archive"],
      ['a gzip of no tar', async () => gzipSync(Buffer.alloc(3000, 0x41)), "the body is not a gzip'd tar archive"],
      ['a symbolic link', async () => archive([...build(feed, { marker: 'u8' }), { name: 'l.js', type: 'symlink', linkname: '/etc/passwd' }]), 'the archive holds a symlink entry'],
      ['a ".." path', async () => archive([...build(feed, { marker: 'u9' }), { name: 'a/../../x.js', content: 'x' }]), 'the archive holds a path with ".."'],
    ])('%s is a 400: nothing stored, no .building-* left, the process keeps answering', async (_label, body, reason) => {
      const before = await stored();
      const res = await publish(await body());
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(reason);
      expect(await stored()).toEqual(before);
      expect(building()).toEqual([]);
      expect((await t.request({ url: '/healthz' })).statusCode).toBe(200);
    });
  });

  describe('archives of many files', () => {
    const manyFiles = (marker: string, count: number): Entry[] => [
      ...build(feed, { marker }),
      ...Array.from({ length: count }, (_, i) => ({ name: `chunks/${marker}.${i}.js`, content: `// ${i}` })),
    ];

    it('more than RELEASE_MAX_FILES entries (default 2000) is a 413 with nothing left behind', async () => {
      expect(t.config.releaseMaxFiles).toBe(2000);
      const before = await stored();
      const res = await publish(await archive(manyFiles('mf1', 2000)));
      expect([res.statusCode, res.json().detail]).toEqual([413, 'the archive holds more than 2000 entries (RELEASE_MAX_FILES)']);
      expect(await stored()).toEqual(before);
      expect(building()).toEqual([]);
    });

    it('unpacks off the event loop: no turn of the loop touches more than a few of its files, and /healthz answers meanwhile', async () => {
      const body = await archive(manyFiles('big', 1500));
      // Counts, per turn of the event loop, the synchronous file calls this thread makes on the
      // archive's own files (its hidden build folder; a worker thread's calls are its own).
      const archiveFiles = path.join(releasesDir, 'mf-feed', '.building-');
      const perTurn: number[] = [0];
      const names = ['readFileSync', 'writeFileSync', 'mkdirSync', 'existsSync', 'copyFileSync'] as const;
      const spies = names.map((name) => {
        const original = fs[name] as (...args: unknown[]) => unknown;
        return jest.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
          if (String(args[0]).startsWith(archiveFiles)) perTurn[perTurn.length - 1] += 1;
          return original(...args);
        }) as never);
      });
      let ticking = true;
      const tick = () => {
        if (!ticking) return;
        perTurn.push(0);
        setImmediate(tick);
      };
      setImmediate(tick);
      const order: string[] = [];
      try {
        const upload = publish(body).then((res) => {
          order.push('publish');
          return res;
        });
        const health = t.request({ url: '/healthz' }).then((res) => {
          order.push('healthz');
          return res;
        });
        const [res, healthz] = await Promise.all([upload, health]);
        expect(res.statusCode).toBe(201);
        expect(res.json().files).toBe(1505);
        expect(healthz.statusCode).toBe(200);
      } finally {
        ticking = false;
        for (const spy of spies) spy.mockRestore();
      }
      expect(order).toEqual(['healthz', 'publish']);
      const most = perTurn.reduce((max, n) => Math.max(max, n), 0);
      // A few calls (the manifest, release.json, the gate's checks) whatever the archive's size; before, every file in one turn.
      expect(most).toBeLessThanOrEqual(25);
    });
  });
});
