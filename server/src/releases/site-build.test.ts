/**
 * The site's own build is released like any other (docs/teams.md, "The site's own build"), on
 * both databases: a fresh start serves the registered remotes from releases (not from their
 * mutable dist/ folders), a new build after a restart becomes a new release, rollbacks only ever
 * land on releases, a team's activation or a rollback is never overridden by a restart, and a
 * build the gate refuses is stored nowhere and served nowhere. releaseSiteBuild is what the
 * server's start (main.ts) runs.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { archive, build, makeSite, REQUIRED, type Entry } from '../../test/kit/release-archives';
import { releaseSiteBuild, SITE_ACTOR } from './site-build';
import type { ReleaseContext } from './service';

/** Writes a built remote into `<site>/<folder>/dist/` as webpack leaves it (maps beside the chunks, its declaration, the build stamp). */
function writeDist(site: string, folder: string, entries: Entry[], version = '0.3.0') {
  const dist = path.join(site, folder, 'dist');
  rmSync(dist, { recursive: true, force: true });
  for (const entry of entries) {
    // The build writes the declaration alone (the release command adds the version).
    if (entry.name === 'release.json') {
      writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ declaration: (JSON.parse(String(entry.content)) as { declaration: unknown }).declaration }));
      continue;
    }
    const name = entry.name.startsWith('.maps/') ? entry.name.slice('.maps/'.length) : entry.name;
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), entry.content ?? '');
  }
  writeFileSync(path.join(dist, '.wishes-build-stamp'), new Date().toISOString());
  writeFileSync(path.join(site, folder, 'package.json'), JSON.stringify({ name: `@wishes/${folder}`, version }));
}

describe.each(dialects)("the site's own build is released like any other (%s)", (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;
  let ctx: ReleaseContext;
  const feed = siteRemote('mf-feed');

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-site-rel-'));
    writeDist(site, 'mf-feed', build(feed, { marker: 'one' }));
    t = await createTestApp(dialect, { releasesDir }, { env: { WISHES_SITE_ROOT: site } });
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    ctx = { db: t.app.deps.db, releasesDir, siteRoot: site };
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const feedEntry = async () => {
    const res = await t.request({ method: 'GET', url: '/mf/remotes.json' });
    return (res.json().remotes as Array<{ name: string; entry: string; release: string }>).find((r) => r.name === 'mf_feed')!;
  };
  const rollback = () => t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token: admin.access });
  const history = async () => (await t.request({ method: 'GET', url: '/api/admin/remotes/', token: admin.access })).json().remotes.find((r: { remote: string }) => r.remote === 'mf-feed').history as Array<{ action: string; release_id: string; actor: string }>;
  let first = '';
  let second = '';

  it('a fresh start serves the remote from a release of its dist/, not from the folder', async () => {
    expect((await feedEntry()).release).toBe('dist');
    const results = await releaseSiteBuild(ctx, {});
    expect(results).toEqual([{ remote: 'mf-feed', release: expect.stringMatching(/^0\.3\.0-[0-9a-f]{12}$/), activated: true }]);
    first = results[0].release!;
    expect(await feedEntry()).toMatchObject({ entry: `/mf/releases/mf-feed/${first}/remoteEntry.js`, release: first });
    const entry = await t.request({ method: 'GET', url: `/mf/releases/mf-feed/${first}/remoteEntry.js` });
    expect([entry.statusCode, entry.body, entry.headers['cache-control']]).toEqual([200, 'var mf_feed; /* one */', 'public, max-age=31536000, immutable']);
    // Stored with the published releases (every process serves it); the map kept private, no build stamp.
    const row = await sql<{ published_by: string }>`select published_by from remote_releases where remote = 'mf-feed' and release_id = ${first}`.execute(t.app.deps.db);
    expect(row.rows[0]?.published_by).toBe(SITE_ACTOR);
    expect(readdirSync(path.join(releasesDir, 'mf-feed', first), { recursive: true }).map(String).sort()).toEqual(['.maps', '.maps/__federation_expose_Page.one.js.map', '__federation_expose_Page.one.js', 'mf-manifest.json', 'release.json', 'remoteEntry.js']);
    expect((await t.request({ method: 'GET', url: `/mf/releases/mf-feed/${first}/.maps/__federation_expose_Page.one.js.map` })).statusCode).toBe(404);
    expect(await history()).toEqual([expect.objectContaining({ action: 'activate', release_id: first, actor: SITE_ACTOR })]);
  });

  it('a restart with the same build changes nothing; a new build becomes a new release, and rollback returns to the previous release, never to dist/', async () => {
    expect(await releaseSiteBuild(ctx, {})).toEqual([{ remote: 'mf-feed', release: first, activated: false }]);
    expect(await history()).toHaveLength(1);
    writeDist(site, 'mf-feed', build(feed, { marker: 'two' }));
    const [result] = await releaseSiteBuild(ctx, {});
    expect(result).toMatchObject({ remote: 'mf-feed', activated: true });
    second = result.release!;
    expect(second).not.toBe(first);
    expect((await feedEntry()).release).toBe(second);
    const back = await rollback();
    expect([back.statusCode, back.json().switch.release_id]).toEqual([200, first]);
    expect((await feedEntry()).entry).toBe(`/mf/releases/mf-feed/${first}/remoteEntry.js`);
    // The floor is the first release: nothing mutable below it.
    const none = await rollback();
    expect([none.statusCode, none.json().detail]).toEqual([409, `mf-feed has no earlier release to roll back to (active: ${first})`]);
    expect((await feedEntry()).release).toBe(first);
    // The build rolled back from is not brought back by a restart.
    expect(await releaseSiteBuild(ctx, {})).toEqual([{ remote: 'mf-feed', release: second, activated: false }]);
    expect((await feedEntry()).release).toBe(first);
  });

  it("a team's release is never replaced by a restart with a new site build", async () => {
    const { token } = (await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access, payload: { name: 'feed-team' } })).json() as { token: string };
    const published = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/releases/', headers: { 'content-type': 'application/gzip' }, payload: await archive(build(feed, { marker: 'team' })), token });
    expect(published.statusCode).toBe(201);
    const team = published.json().release as string;
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release: team } })).statusCode).toBe(200);
    writeDist(site, 'mf-feed', build(feed, { marker: 'three' }));
    const [result] = await releaseSiteBuild(ctx, {});
    expect(result.activated).toBe(false);
    expect((await feedEntry()).release).toBe(team);
    // Rolling the team's release back returns to the site's release before it.
    expect((await rollback()).json().switch.release_id).toBe(first);
  });

  it('a site build the gate refuses is stored nowhere and its files are served under no URL', async () => {
    const compose = siteRemote('mf-compose');
    const entries = build(compose, { marker: 'bad' }).map((e) => (e.name === 'mf-manifest.json' ? { ...e, content: String(e.content).replace(REQUIRED.react, '^99.0.0') } : e));
    writeDist(site, 'mf-compose', entries);
    const results = await releaseSiteBuild(ctx, {});
    const refused = results.find((r) => r.remote === 'mf-compose')!;
    expect(refused).toEqual({ remote: 'mf-compose', release: null, activated: false, refused: expect.stringContaining('needs react ^99.0.0, but the active shell provides react 18.3.1') });
    const rows = await sql<{ n: number }>`select count(*) as n from remote_releases where remote = 'mf-compose'`.execute(t.app.deps.db);
    expect(Number(rows.rows[0].n)).toBe(0);
    expect(readdirSync(path.join(releasesDir, 'mf-compose'))).toEqual([]);
    for (const url of ['/mf/mf-compose/remoteEntry.js', '/mf/mf-compose/mf-manifest.json', '/mf/mf-compose/__federation_expose_Page.bad.js']) {
      expect([url, (await t.request({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
    // Fixed and restarted: released and served.
    writeDist(site, 'mf-compose', build(compose, { marker: 'good' }));
    const fixed = (await releaseSiteBuild(ctx, {})).find((r) => r.remote === 'mf-compose')!;
    expect(fixed.activated).toBe(true);
    expect((await t.request({ method: 'GET', url: `/mf/releases/mf-compose/${fixed.release}/remoteEntry.js` })).statusCode).toBe(200);
  });

  it('a remote moved elsewhere by MF_<FOLDER>_URL is left alone', async () => {
    writeDist(site, 'mf-feed', build(feed, { marker: 'four' }));
    const results = await releaseSiteBuild(ctx, { MF_FEED_URL: 'http://localhost:3001' });
    expect(results.find((r) => r.remote === 'mf-feed')).toBeUndefined();
  });
});
