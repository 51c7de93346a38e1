/**
 * Teams publish their remote over HTTP (docs/teams.md), on both databases: team tokens (hashed,
 * scoped, expiring, last use, revocable; admins only create them; the CLI too), publishing a gzip'd
 * tar (validated, id computed, same build twice is a 200, stored in the database so another
 * process serves it byte for byte, source maps never served), the deeper gate (consumed modules,
 * routes and navigation colliding with other remotes or the site's own paths) and history naming
 * the team. Archives are built here with tar-stream, as `npm run release -- --publish` builds them.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import path from 'node:path';
import { sql } from 'kysely';
import { siteRemote } from '../../test/kit/site-remotes';
import { OPERATION_IDS, OPERATIONS, pathOf, type OperationId } from '@wishes/kit-contract/api';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { buildApp } from '../app/app';
import { runRemotesCli } from './cli';
import { archive, build, HELLO, makeSite } from '../../test/kit/release-archives';

describe.each(dialects)('teams publish over HTTP (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;
  let member: TestUser;
  const MAX = 64 * 1024;

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-pub-'));
    t = await createTestApp(dialect, { releasesDir, releaseMaxBytes: MAX }, { env: { WISHES_SITE_ROOT: site } });
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    member = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const createToken = async (remote: string, body: Record<string, unknown> = { name: 'feed-team' }) => {
    const res = await t.request({ method: 'POST', url: `/api/admin/remotes/${remote}/tokens/`, token: admin.access, payload: body });
    expect(res.statusCode).toBe(201);
    return res.json() as { token_id: string; token: string };
  };
  const publish = async (remote: string, body: Buffer, token: string, type = 'application/gzip') =>
    t.request({ method: 'POST', url: `/api/admin/remotes/${remote}/releases/`, headers: { 'content-type': type }, payload: body, token });
  const stored = async () => ({
    releases: Number((await sql<{ n: number }>`select count(*) as n from remote_releases`.execute(t.app.deps.db)).rows[0].n),
    files: Number((await sql<{ n: number }>`select count(*) as n from remote_release_files`.execute(t.app.deps.db)).rows[0].n),
    // What is inside a remote's folder (releases, hidden build folders); the remote's own folder may be created empty.
    folders: readdirSync(releasesDir, { recursive: true }).filter((p) => String(p).includes(path.sep)).length,
  });
  const switches = async () => Number((await sql<{ n: number }>`select count(*) as n from remote_switches`.execute(t.app.deps.db)).rows[0].n);

  it('only an admin creates, lists and revokes tokens; the token shows once and is stored hashed', async () => {
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: member.access, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access, payload: { name: '' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access, payload: { name: 'x', scopes: ['root'] } })).statusCode).toBe(400);
    const { token_id, token } = await createToken('mf-feed');
    expect(token).toMatch(/^wtt_[0-9a-f]{16}_/);
    const row = await t.app.deps.db.selectFrom('remote_tokens').selectAll().where('token_id', '=', token_id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token.slice(22));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.scopes).toBe('publish,activate,promote');
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(90 * 86_400_000);
    const list = await t.request({ method: 'GET', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access });
    expect(list.json().tokens).toEqual([expect.objectContaining({ token_id, name: 'feed-team', last_used_at: null, revoked_at: null })]);
    expect(JSON.stringify(list.json())).not.toContain(token);
    // Using it records its last use.
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/', token })).statusCode).toBe(200);
    const after = await t.request({ method: 'GET', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access });
    expect(after.json().tokens[0].last_used_at).toMatch(/^\d{4}-/);
    // A team token cannot manage tokens, nor call anything else of the API.
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/mf-feed/tokens/', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/account/', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/base/wishes/' , token })).statusCode).toBe(401);
    // Revoked: 401 from then on; revoking twice is a 404.
    expect((await t.request({ method: 'DELETE', url: `/api/admin/remotes/mf-feed/tokens/${token_id}/`, token: admin.access })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/remotes/mf-feed/tokens/${token_id}/`, token: admin.access })).statusCode).toBe(404);
  });

  it('a team token answers 401 on every operation of the table but its release calls', async () => {
    const { token } = await createToken('mf-feed');
    const teamCalls: ReadonlySet<OperationId> = new Set(['listRemotes', 'activateRelease', 'rollbackRelease', 'publishRelease', 'promoteRelease', 'listRemoteErrors', 'previewRelease', 'listRemoteReleases']);
    const params = { id: 1, page: 1, remote: 'mf-feed', token_id: '0123456789abcdef', token: 'A'.repeat(43), person_id: 1, reply_id: 1, group_id: 1, contribution_id: 1, invite: 'A'.repeat(32) };
    const answers: string[] = [];
    for (const id of OPERATION_IDS) {
      const op = OPERATIONS[id] as { method: string; path: string; tokenView?: boolean };
      if (teamCalls.has(id) || op.tokenView) continue;
      const res = await t.request({ method: op.method as 'GET', url: pathOf(id, params), token });
      if (res.statusCode !== 401) answers.push(`${id} ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  });

  it('an expired or forged token is a 401; a token sees only its own remote in the list', async () => {
    const { token_id, token } = await createToken('mf-feed');
    const list = await t.request({ method: 'GET', url: '/api/admin/remotes/', token });
    expect(list.json().remotes.map((r: { remote: string }) => r.remote)).toEqual(['mf-feed']);
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/', token: token.slice(0, -2) + 'xx' })).statusCode).toBe(401);
    await t.app.deps.db.updateTable('remote_tokens').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('token_id', '=', token_id).execute();
    expect((await t.request({ method: 'GET', url: '/api/admin/remotes/', token })).statusCode).toBe(401);
  });

  it("a team token is refused (403) for another remote's calls and for what its scopes do not cover; nothing changes", async () => {
    const { token } = await createToken('mf-feed', { name: 'feed-team', scopes: ['publish'] });
    const before = [await stored(), await switches()];
    const other = await publish('mf-compose', await archive(build(siteRemote('mf-compose'))), token);
    expect([other.statusCode, other.json().detail]).toEqual([403, 'This token is for mf-feed, not mf-compose.']);
    const activate = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-compose/activate/', token, payload: { release: 'dist' } });
    expect(activate.statusCode).toBe(403);
    const noScope = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token });
    expect([noScope.statusCode, noScope.json().detail]).toEqual([403, 'This token does not have the activate scope.']);
    expect([await stored(), await switches()]).toEqual(before);
  });

  it('publishes a build (201, computed id), the same build again is a 200 with the same id; files are served once live, source maps never', async () => {
    const { token } = await createToken('mf-feed', { name: 'feed-team' });
    const body = await archive(build(siteRemote('mf-feed'), { marker: 'p1', version: '1.2.0' }));
    const first = await publish('mf-feed', body, token);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ release: expect.stringMatching(/^1\.2\.0-[0-9a-f]{12}$/), files: 5, bytes: expect.any(Number) });
    const id = first.json().release;
    const again = await publish('mf-feed', body, token);
    expect([again.statusCode, again.json().release]).toEqual([200, id]);
    // Never live yet: served to nobody (only a confirmed preview would).
    expect((await t.request({ method: 'GET', url: `/mf/releases/mf-feed/${id}/remoteEntry.js` })).statusCode).toBe(404);
    // Listed; activated by the team; the history names the team.
    const list = await t.request({ method: 'GET', url: '/api/admin/remotes/', token });
    expect(list.json().remotes[0].releases.map((r: { id: string }) => r.id)).toContain(id);
    const activated = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release: id } });
    expect(activated.statusCode).toBe(200);
    const entry = await t.request({ method: 'GET', url: `/mf/releases/mf-feed/${id}/remoteEntry.js` });
    expect([entry.statusCode, entry.body]).toEqual([200, 'var mf_feed; /* p1 */']);
    expect((await t.request({ method: 'GET', url: `/mf/releases/mf-feed/${id}/.maps/__federation_expose_Page.p1.js.map` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/mf/releases/mf-feed/${id}/release.json` })).statusCode).toBe(200);
    expect(activated.json().switch).toMatchObject({ release_id: id, actor: 'team:feed-team' });
    const byAdmin = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: admin.access, payload: { release: id } });
    expect(byAdmin.json().switch).toMatchObject({ release_id: id, actor: `user:${admin.id}` });
  });

  it('another server process on the same database serves the published release byte for byte', async () => {
    const { token } = await createToken('mf-feed');
    const res = await publish('mf-feed', await archive(build(siteRemote('mf-feed'), { marker: 'p2' })), token);
    expect(res.statusCode).toBe(201);
    const id = res.json().release;
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token, payload: { release: id } })).statusCode).toBe(200);
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-pub-other-'));
    const other = await buildApp({ ...t.config, releasesDir: otherDir }, { env: { WISHES_SITE_ROOT: site } });
    try {
      for (const file of ['remoteEntry.js', '__federation_expose_Page.p2.js', 'mf-manifest.json']) {
        const mine = await t.request({ method: 'GET', url: `/mf/releases/mf-feed/${id}/${file}` });
        const theirs = await other.inject({ method: 'GET', url: `/mf/releases/mf-feed/${id}/${file}` });
        expect([theirs.statusCode, theirs.rawPayload.equals(mine.rawPayload)]).toEqual([200, true]);
      }
      expect((await other.inject({ method: 'GET', url: `/mf/releases/mf-feed/${id}/.maps/__federation_expose_Page.p2.js.map` })).statusCode).toBe(404);
      // No hidden build folder left behind by the copy.
      expect(readdirSync(path.join(otherDir, 'mf-feed')).filter((f) => f.startsWith('.'))).toEqual([]);
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it.each<[string, () => Promise<Buffer>, number, string]>([
    ['an absolute path', async () => archive([...build(siteRemote('mf-feed'), { marker: 'x1' }), { name: '/etc/passwd', content: 'x' }]), 400, 'the archive holds an absolute path: /etc/passwd'],
    ['a ".." segment', async () => archive([...build(siteRemote('mf-feed'), { marker: 'x2' }), { name: 'a/../../escape.js', content: 'x' }]), 400, 'the archive holds a path with "..": a/../../escape.js'],
    ['a symbolic link', async () => archive([...build(siteRemote('mf-feed'), { marker: 'x3' }), { name: 'link.js', type: 'symlink', linkname: '/etc/passwd' }]), 400, 'the archive holds a symlink entry (only files and folders are allowed): link.js'],
    ['a hard link', async () => archive([...build(siteRemote('mf-feed'), { marker: 'x4' }), { name: 'hard.js', type: 'link', linkname: 'remoteEntry.js' }]), 400, 'the archive holds a link entry (only files and folders are allowed): hard.js'],
    ['a device file', async () => archive([...build(siteRemote('mf-feed'), { marker: 'x5' }), { name: 'null', type: 'character-device' }]), 400, 'the archive holds a character-device entry (only files and folders are allowed): null'],
    ['no remoteEntry.js', async () => archive(build(siteRemote('mf-feed'), { marker: 'x6' }).filter((e) => e.name !== 'remoteEntry.js')), 400, 'the archive has no remoteEntry.js at its root'],
    ['no mf-manifest.json', async () => archive(build(siteRemote('mf-feed'), { marker: 'x7' }).filter((e) => e.name !== 'mf-manifest.json')), 400, 'the archive has no mf-manifest.json at its root'],
    ['not a gzip', async () => Buffer.from('plain text, not an archive'), 400, "the body is not a gzip'd tar archive (Content-Type: application/gzip)"],
    ['over RELEASE_MAX_BYTES', async () => archive([...build(siteRemote('mf-feed'), { marker: 'x8' }), { name: 'big.bin', content: Buffer.from(Array.from({ length: 200_000 }, () => Math.floor(Math.random() * 256))) }]), 413, `over RELEASE_MAX_BYTES (${64 * 1024})`],
    ['a gzip bomb (small, but over RELEASE_MAX_BYTES × 4 unpacked)', async () => archive([...build(siteRemote('mf-feed'), { marker: 'xb' }), { name: 'zeros.bin', content: Buffer.alloc(5 * 64 * 1024) }]), 413, `the archive unpacks to more than ${4 * 64 * 1024} bytes (RELEASE_MAX_BYTES × 4)`],
    [
      'a build that drops ./WishList, which mf-profile consumes',
      async () => archive(build(siteRemote('mf-feed'), { marker: 'x9', drop: ['WishList'] })),
      409,
      'refused: it no longer exposes ./WishList, which mf-profile consumes',
    ],
    [
      'a route of another remote',
      async () => archive(build({ ...siteRemote('mf-feed'), routes: [...siteRemote('mf-feed').routes, { path: '/Compose', expose: 'FeedPage' }] }, { marker: 'y1' })),
      409,
      'refused: its route /Compose collides with a route of mf-compose',
    ],
    [
      "the site's own /api path",
      async () => archive(build({ ...siteRemote('mf-feed'), routes: [...siteRemote('mf-feed').routes, { path: '/api/feed', expose: 'FeedPage' }] }, { marker: 'y2' })),
      409,
      "refused: its path /api/feed collides with the site's own /api",
    ],
    [
      'a navigation entry of another remote',
      async () => archive(build({ ...siteRemote('mf-feed'), nav: [...siteRemote('mf-feed').nav, { to: '/subscriptions', label: 'Subs', icon: 'x', visibility: 'members', order: 99 }] }, { marker: 'y3' })),
      409,
      'refused: its navigation entry /subscriptions collides with one of mf-profile',
    ],
  ])('refuses %s with a one-line reason and stores nothing', async (_label, body, status, reason) => {
    const { token } = await createToken('mf-feed');
    const before = await stored();
    const res = await publish('mf-feed', await body(), token);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toContain(reason);
    expect(res.json().detail).not.toContain('\n');
    expect(await stored()).toEqual(before);
  });

  it('a new remote joins only once an admin created its first token; its release brings its declaration', async () => {
    const body = await archive(build(HELLO, { marker: 'h1', version: '0.0.1' }));
    const unknown = await publish('mf-hello', body, admin.access);
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, 'unknown remote "mf-hello" (an admin admits a new remote by creating its first token)']);
    const { token } = await createToken('mf-hello', { name: 'hello-team' });
    const noDeclaration = await publish('mf-hello', await archive(build(HELLO, { marker: 'h2', withMeta: false })), token);
    expect(noDeclaration.statusCode).toBe(400);
    const res = await publish('mf-hello', body, token);
    expect(res.statusCode).toBe(201);
    const activated = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-hello/activate/', token, payload: { release: res.json().release } });
    expect(activated.json().switch.actor).toBe('team:hello-team');
    const manifest = await t.request({ method: 'GET', url: '/mf/remotes.json' });
    expect(manifest.json().remotes.find((r: { name: string }) => r.name === 'mf_hello')).toMatchObject({ routes: [{ path: '/hello' }] });
  });

  it("a visitor's upload is refused with 401 before its body is read (nobody unknown makes the server hold RELEASE_MAX_BYTES)", async () => {
    // A body that never ends: read to its end, the request would hang.
    const endless = new Readable({ read() {} });
    endless.push(Buffer.alloc(1024));
    const answer = t.app.inject({ method: 'POST', url: '/api/admin/remotes/mf-feed/releases/', headers: { 'content-type': 'application/gzip', 'content-length': String(MAX - 1) }, payload: endless });
    const res = await Promise.race([answer, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000))]);
    endless.push(null);
    expect(res).not.toBe('hung');
    expect((res as Awaited<typeof answer>).statusCode).toBe(401);
  });

  it('415 for another media type; 401 for a visitor; 403 for a member', async () => {
    const body = await archive(build(siteRemote('mf-feed'), { marker: 'z1' }));
    expect((await publish('mf-feed', body, admin.access, 'text/plain')).statusCode).toBe(415);
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/releases/', headers: { 'content-type': 'application/gzip' }, payload: body })).statusCode).toBe(401);
    expect((await publish('mf-feed', body, member.access)).statusCode).toBe(403);
    // An admin's access token publishes for any remote; the release records who.
    const byAdmin = await publish('mf-feed', body, admin.access);
    expect(byAdmin.statusCode).toBe(201);
    const row = await t.app.deps.db.selectFrom('remote_releases').select('published_by').where('release_id', '=', byAdmin.json().release).executeTakeFirstOrThrow();
    expect(row.published_by).toBe(`user:${admin.id}`);
  });

  it('prune --keep N removes old releases (folder and database), never the active, the canary or the previous one, and stale build folders', async () => {
    const { token } = await createToken('mf-compose', { name: 'compose-team' });
    const ids: string[] = [];
    for (const marker of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']) {
      const res = await publish('mf-compose', await archive(build(siteRemote('mf-compose'), { marker })), token);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().release);
    }
    for (const id of [ids[0], ids[1]]) expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-compose/activate/', token, payload: { release: id } })).statusCode).toBe(200);
    // ids[4] runs as a canary.
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-compose/activate/', token, payload: { release: ids[4], percent: 10 } })).statusCode).toBe(200);
    mkdirSync(path.join(releasesDir, 'mf-compose', '.building-stale'), { recursive: true });
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, RELEASES_DIR: releasesDir, WISHES_SITE_ROOT: site, JWT_SECRET: t.config.jwtSecret });
    const out: string[] = [];
    try {
      expect(await runRemotesCli(['prune', '--keep', '1', 'mf-compose'], (l) => out.push(l), () => undefined)).toBe(0);
    } finally {
      process.env = saved;
    }
    // Kept: ids[1] (active), ids[0] (previous), ids[4] (canary), ids[5] (newest). Removed: ids[2], ids[3].
    expect(out.filter((l) => l.startsWith('removed ')).sort()).toEqual([`removed mf-compose ${ids[2]}`, `removed mf-compose ${ids[3]}`].sort());
    const kept = [ids[0], ids[1], ids[4], ids[5]].sort();
    expect(readdirSync(path.join(releasesDir, 'mf-compose')).sort()).toEqual(kept);
    const rows = await t.app.deps.db.selectFrom('remote_releases').select('release_id').where('remote', '=', 'mf-compose').execute();
    expect(rows.map((r) => r.release_id).sort()).toEqual(kept);
    expect((await t.request({ method: 'GET', url: `/mf/releases/mf-compose/${ids[2]}/remoteEntry.js` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/mf/releases/mf-compose/${ids[4]}/remoteEntry.js` })).statusCode).toBe(200);
  });

  it('the CLI creates (token printed last), lists and revokes tokens', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, RELEASES_DIR: releasesDir, WISHES_SITE_ROOT: site, JWT_SECRET: t.config.jwtSecret });
    const out: string[] = [];
    const err: string[] = [];
    const cli = (...argv: string[]) => runRemotesCli(argv, (l) => out.push(l), (l) => err.push(l));
    try {
      expect(await cli('token', 'create', 'mf-profile', '--name', 'profile-team', '--scopes', 'publish,activate', '--expires-days', '7')).toBe(0);
      const token = out[out.length - 1];
      expect(token).toMatch(/^wtt_/);
      const list = await t.request({ method: 'GET', url: '/api/admin/remotes/', token });
      expect(list.json().remotes.map((r: { remote: string }) => r.remote)).toEqual(['mf-profile']);
      out.length = 0;
      expect(await cli('token', 'list')).toBe(0);
      const line = out.find((l) => l.includes('profile-team'))!;
      expect(line).toContain('publish,activate');
      expect(await cli('token', 'revoke', line.split(/\s+/)[0])).toBe(0);
      expect((await t.request({ method: 'GET', url: '/api/admin/remotes/', token })).statusCode).toBe(401);
      expect(await cli('token', 'create', 'mf-profile', '--scopes', 'root')).toBe(1);
      expect(err.pop()).toBe('refused: --scopes is a comma-separated list of publish, activate and promote');
      expect(await cli('token', 'create')).toBe(2);
    } finally {
      process.env = saved;
    }
  });
});
