/**
 * `npm run backup` / `npm run restore` (ops/backup.ts): a backup taken while the site is being
 * written to restores into SQLite and into PostgreSQL, whichever engine wrote it, so that the site
 * answers as before: accounts sign in, private wishes stay private, votes, follows, avatars and
 * the active remote release are back, and counters agree with the rows (one consistent snapshot).
 * A target holding data is refused unless forced; a damaged archive is refused before anything
 * is written. One run of the CLI checks its exit codes and output.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../app/app';
import type { Config } from '../platform/config';
import { siteRemote } from '../../test/kit/site-remotes';
import { recordSwitch, switchHistory } from '../releases/store';
import type { Database } from '../db/types';
import { openDatabase } from '../db/connect';
import { createPgDatabase, createTestApp, dialects, DEFAULT_PASSWORD, type TestContext, type TestDialect, type TestUser } from '../../test/kit/harness';
import { BackupError, listFiles, verifyBackup, type Manifest } from './archive';
import { writeBackup } from './backup';
import { restoreBackup } from './restore';

jest.setTimeout(60_000);

const RELEASE = '0.1.0-0000bkup';
/** Active before RELEASE: the switch history has two entries, and a rollback has somewhere to go. */
const OLDER_RELEASE = '0.0.9-0000bkup';

function multipartAvatar(data: Buffer) {
  const boundary = `----wishes${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function makeRelease(releasesDir: string, id: string) {
  const dir = path.join(releasesDir, 'mf-feed', id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var mf_feed; /* ${id} */`);
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'mf_feed', shared: [], exposes: [] }));
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ remote: 'mf-feed', id, version: '0.1.0', hash: 'x', created_at: new Date().toISOString(), declaration: siteRemote('mf-feed') }));
}

interface Site {
  t: TestContext;
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  publicWish: number;
  privateWish: number;
  avatarUrl: string;
  avatarBytes: Buffer;
  releasesDir: string;
}

async function populate(dialect: TestDialect): Promise<Site> {
  const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-bkrel-'));
  makeRelease(releasesDir, OLDER_RELEASE);
  makeRelease(releasesDir, RELEASE);
  // PostgreSQL keeps media in the database (cluster mode), SQLite on disk: both paths are covered.
  const t = await createTestApp(dialect, { releasesDir, mediaStorage: dialect === 'postgres' ? 'postgres' : 'disk' });
  const [alice, bob, carol] = [await t.createUser(), await t.createUser(), await t.createUser()];
  const publicWish = await t.saveWish(alice, 'Happy birthday, Mira: may the year be kind.');
  const privateWish = await t.saveWish(alice, 'A private note for Mira only.', false);
  expect((await t.request({ method: 'POST', url: `/api/wish/${publicWish}/vote/`, token: bob.access, payload: { vote_type: 'upvote' } })).statusCode).toBe(200);
  expect((await t.request({ method: 'POST', url: `/api/wish/${publicWish}/vote/`, token: carol.access, payload: { vote_type: 'downvote' } })).statusCode).toBe(200);
  expect((await t.request({ method: 'POST', url: `/api/profile/${alice.id}/subscribe/`, token: bob.access })).statusCode).toBeLessThan(300);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 120 } } }).png().toBuffer();
  const upload = await t.request({ method: 'POST', url: '/api/profile/my/avatar/upload/', token: alice.access, ...multipartAvatar(png) });
  expect(upload.statusCode).toBe(200);
  const avatarUrl = upload.json().avatar_url as string;
  const avatarBytes = (await t.request({ method: 'GET', url: avatarUrl })).rawPayload;
  await recordSwitch(t.app.deps.db, { remote: 'mf-feed', release: OLDER_RELEASE, action: 'activate', actor: 'test', fallback: 'dist' });
  await recordSwitch(t.app.deps.db, { remote: 'mf-feed', release: RELEASE, action: 'activate', actor: 'test', fallback: 'dist' });
  return { t, alice, bob, carol, publicWish, privateWish, avatarUrl, avatarBytes, releasesDir };
}

/** Saves, votes and follows from several members until stopped; returns how many were acknowledged. */
function writeLoad(site: Site, stop: () => boolean): Promise<number> {
  const { t } = site;
  let acked = 0;
  const worker = async (user: TestUser, n: number) => {
    let i = 0;
    while (!stop()) {
      i += 1;
      const wish = await t.saveWish(user, `Load wish ${n}.${i}: good luck with the move.`, i % 3 !== 0);
      const other = [site.alice, site.bob, site.carol][(n + 1) % 3];
      const vote = await t.request({ method: 'POST', url: `/api/wish/${site.publicWish}/vote/`, token: user.access, payload: { vote_type: i % 2 ? 'upvote' : 'downvote' } });
      expect(vote.statusCode).toBe(200);
      await t.request({ method: i % 2 ? 'POST' : 'DELETE', url: `/api/profile/${other.id}/subscribe/`, token: user.access });
      expect(wish).toBeGreaterThan(0);
      acked += 1;
    }
  };
  return Promise.all([worker(site.alice, 0), worker(site.bob, 1), worker(site.carol, 2)]).then(() => acked);
}

interface Target {
  config: Partial<Config> & Pick<Config, 'databaseUrl' | 'dataDir' | 'releasesDir' | 'mediaStorage'>;
  restoreConfig: Parameters<typeof restoreBackup>[0];
  cleanup(): Promise<void>;
}

async function emptyTarget(dialect: TestDialect): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-bktarget-'));
  const releasesDir = path.join(dataDir, 'releases');
  let databaseUrl = `sqlite:${path.join(dataDir, 'wishes.db')}`;
  let drop = async (): Promise<void> => undefined;
  if (dialect === 'postgres') {
    const pg = await createPgDatabase();
    databaseUrl = pg.url;
    drop = pg.drop;
  }
  const mediaStorage = dialect === 'postgres' ? 'postgres' : 'disk';
  return {
    config: { databaseUrl, dataDir, releasesDir, mediaStorage },
    restoreConfig: { databaseUrl, dataDir, releasesDir, mediaStorage, mediaDir: path.join(dataDir, 'media') },
    async cleanup() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function appOn(target: Target) {
  return buildApp(
    { ...target.config, jwtSecret: 'another-secret-that-is-long-enough-0123456789', logLevel: 'silent', rateLimitScale: 1000, seedDemo: false, publicUrl: 'http://wishes.test', scryptCost: 1024 },
    { mailer: { send: async () => undefined } },
  );
}

/** Everything a refused restore must leave as it was: every table's rows, the media and release files. */
async function fingerprint(db: Kysely<Database>, target: Target) {
  const tables: Record<string, string> = {};
  for (const { name } of await db.introspection.getTables()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    tables[name] = createHash('sha256').update(JSON.stringify(rows.map((r) => JSON.stringify(r)).sort())).digest('hex');
  }
  const files = (dir: string) => listFiles(dir).map((f) => `${f} ${createHash('sha256').update(readFileSync(path.join(dir, f))).digest('hex')}`);
  return { tables, media: files(target.restoreConfig.mediaDir), releases: files(target.config.releasesDir) };
}

const directions: Array<[TestDialect, TestDialect]> = dialects.flatMap((from) => dialects.map((to) => [from, to] as [TestDialect, TestDialect]));

describe.each(directions)('backup on %s, restore into %s', (from, to) => {
  let site: Site;
  let target: Target;
  let archiveDir: string;
  let archive: string;
  let manifest: Manifest;

  beforeAll(async () => {
    site = await populate(from);
    target = await emptyTarget(to);
    archiveDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-bkfile-'));
    archive = path.join(archiveDir, 'site.wishes-backup');
  });
  afterAll(async () => {
    await site?.t.close();
    await target?.cleanup();
    rmSync(site?.releasesDir ?? '', { recursive: true, force: true });
    rmSync(archiveDir ?? '', { recursive: true, force: true });
  });

  it('backs up under write load and restores a consistent site', async () => {
    let stop = false;
    const load = writeLoad(site, () => stop);
    // Let some writes land before and while the snapshot is taken.
    while ((await site.t.app.deps.db.selectFrom('wishes').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n < 8) await new Promise((r) => setTimeout(r, 20));
    const result = await writeBackup(site.t.config, archive);
    stop = true;
    expect(await load).toBeGreaterThan(0);
    manifest = result.manifest;
    expect(result.bytes).toBeGreaterThan(0);
    expect(manifest.tables.users.rows).toBe(3);
    expect(manifest.tables.wishes.rows).toBeGreaterThanOrEqual(8);
    expect(manifest.files.media.count).toBe(2); // the avatar and its thumbnail
    expect(manifest.files.releases.count).toBe(6);
    const history = await switchHistory(site.t.app.deps.db, 'mf-feed');
    expect(history.map((h) => [h.action, h.release_id, h.previous_release_id])).toEqual([
      ['activate', RELEASE, OLDER_RELEASE],
      ['activate', OLDER_RELEASE, 'dist'],
    ]);
    expect(Object.keys(manifest.tables)).not.toContain('feed_buckets');

    await restoreBackup(target.restoreConfig, archive);
    const app = await appOn(target);
    try {
      const { db } = app.deps;
      for (const [table, summary] of Object.entries(manifest.tables)) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
        expect([table, Number(rows[0].n)]).toEqual([table, summary.rows]);
      }
      // One snapshot: every counter agrees with the rows it counts.
      const wishes = await db.selectFrom('wishes').select(['id', 'upvote_count', 'downvote_count']).execute();
      for (const wish of wishes) {
        const votes = await db.selectFrom('votes').select(['vote_type']).where('wish_id', '=', wish.id).execute();
        expect([wish.id, wish.upvote_count, wish.downvote_count]).toEqual([wish.id, votes.filter((v) => v.vote_type === 'upvote').length, votes.filter((v) => v.vote_type === 'downvote').length]);
      }
      const users = await db.selectFrom('users').select(['id', 'followers_count', 'following_count']).execute();
      for (const user of users) {
        const followers = await db.selectFrom('subscriptions').select('id').where('target_id', '=', user.id).execute();
        const following = await db.selectFrom('subscriptions').select('id').where('follower_id', '=', user.id).execute();
        expect([user.id, user.followers_count, user.following_count]).toEqual([user.id, followers.length, following.length]);
      }

      const inject = ({ token, ...rest }: InjectOptions & { token?: string }) => app.inject({ ...rest, headers: token ? { authorization: `Bearer ${token}` } : {} });
      // Accounts sign in with their passwords (the new site even has another signing secret).
      const login = await inject({ method: 'POST', url: '/api/token/', payload: { username: site.alice.email, password: DEFAULT_PASSWORD } });
      expect(login.statusCode).toBe(200);
      const aliceToken = login.json().access as string;
      const bobToken = (await inject({ method: 'POST', url: '/api/token/', payload: { username: site.bob.email, password: DEFAULT_PASSWORD } })).json().access as string;
      // The private wish: its author reads it, nobody else does.
      const own = await inject({ method: 'GET', url: `/api/base/wish/${site.privateWish}/`, token: aliceToken });
      expect(own.statusCode).toBe(200);
      expect(own.json().wish.text).toBe('A private note for Mira only.');
      expect([403, 404]).toContain((await inject({ method: 'GET', url: `/api/base/wish/${site.privateWish}/`, token: bobToken })).statusCode);
      // Votes and follows as the API reports them.
      const wish = await inject({ method: 'GET', url: `/api/base/wish/${site.publicWish}/` });
      expect(wish.statusCode).toBe(200);
      const counted = await db.selectFrom('votes').select('vote_type').where('wish_id', '=', site.publicWish).execute();
      expect(wish.json().wish.upvote_count).toBe(counted.filter((v) => v.vote_type === 'upvote').length);
      const follows = await db.selectFrom('subscriptions').select('target_id').where('follower_id', '=', site.bob.id).execute();
      const bobFollows = await inject({ method: 'GET', url: '/api/profile/my/subscriptions/', token: bobToken });
      expect(bobFollows.statusCode).toBe(200);
      const listed = (bobFollows.json().subscriptions as Array<{ target_id: number }>).map((s) => s.target_id).sort();
      expect(listed).toEqual(follows.map((f) => f.target_id).sort());
      // New writes get fresh ids (sequences continue after the restored ones).
      const saved = await inject({ method: 'POST', url: '/api/base/save_wish/', token: aliceToken, payload: { text: 'Written after the restore: welcome back.', is_public: true } });
      expect(saved.statusCode).toBe(201);
      // Search and the feed work from the rebuilt derived data.
      const feed = await inject({ method: 'GET', url: '/api/base/feed/' });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('Written after the restore');
      // The avatar, byte for byte, from disk or from the database.
      const avatar = await inject({ method: 'GET', url: site.avatarUrl });
      expect(avatar.statusCode).toBe(200);
      expect(Buffer.compare(avatar.rawPayload, site.avatarBytes)).toBe(0);
      // The active release of mf-feed and its files.
      const active = await db.selectFrom('remote_active').select(['remote', 'release_id']).execute();
      expect(active).toEqual([{ remote: 'mf-feed', release_id: RELEASE }]);
      // Its history, switch for switch (what a rollback reads).
      expect(await switchHistory(db, 'mf-feed')).toEqual(history);
      for (const release of [RELEASE, OLDER_RELEASE]) {
        expect(readFileSync(path.join(target.config.releasesDir, 'mf-feed', release, 'remoteEntry.js'), 'utf8')).toContain(release);
      }
      const remotes = await inject({ method: 'GET', url: '/mf/remotes.json' });
      expect(remotes.statusCode).toBe(200);
      expect(remotes.body).toContain(RELEASE);
    } finally {
      await app.close();
    }
  });

  it('refuses a target that holds data (nothing changed) unless --force', async () => {
    const app = await appOn(target);
    const before = Number((await sql<{ n: number }>`select count(*) as n from wishes`.execute(app.deps.db)).rows[0].n);
    const fingerprintBefore = await fingerprint(app.deps.db, target);
    await app.close();
    await expect(restoreBackup(target.restoreConfig, archive)).rejects.toThrow(/not empty/);
    const refused = await appOn(target);
    expect(Number((await sql<{ n: number }>`select count(*) as n from wishes`.execute(refused.deps.db)).rows[0].n)).toBe(before);
    expect(await fingerprint(refused.deps.db, target)).toEqual(fingerprintBefore);
    await refused.close();
    await restoreBackup(target.restoreConfig, archive, { force: true });
    const again = await appOn(target);
    try {
      const after = Number((await sql<{ n: number }>`select count(*) as n from wishes`.execute(again.deps.db)).rows[0].n);
      expect(before).toBe(manifest.tables.wishes.rows + 1); // the wish written after the first restore
      expect(after).toBe(manifest.tables.wishes.rows);
    } finally {
      await again.close();
    }
  });
});

describe.each(dialects)('a %s database of another application', (dialect) => {
  let dir: string;
  let t: TestContext;
  let archive: string;
  let target: Target;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-bkforeign-'));
    t = await createTestApp('sqlite', { releasesDir: path.join(dir, 'releases') });
    await t.saveWish(await t.createUser(), 'A wish for a foreign land.');
    archive = path.join(dir, 'site.backup');
    await writeBackup(t.config, archive);
    target = await emptyTarget(dialect);
  });
  afterAll(async () => {
    await t?.close();
    await target?.cleanup();
    rmSync(dir ?? '', { recursive: true, force: true });
  });

  it('is refused, forced or not, and gets no table of ours', async () => {
    const other = openDatabase(target.config.databaseUrl, { poolSize: 1 });
    const tablesOf = async () => (await other.db.introspection.getTables()).map((table) => table.name).sort();
    try {
      await sql`create table invoices (id integer primary key, amount integer)`.execute(other.db);
      await sql`insert into invoices (id, amount) values (1, 120)`.execute(other.db);
      for (const force of [false, true]) {
        await expect(restoreBackup(target.restoreConfig, archive, { force })).rejects.toThrow(/not a Wishes database/);
        expect(await tablesOf()).toEqual(['invoices']);
      }
    } finally {
      await other.db.destroy();
    }
  });
});

describe('a damaged archive', () => {
  let dir: string;
  let t: TestContext;
  let archive: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-bkbad-'));
    t = await createTestApp('sqlite', { releasesDir: path.join(dir, 'releases') });
    const user = await t.createUser();
    await t.saveWish(user, 'A wish worth keeping safe.');
    archive = path.join(dir, 'good.backup');
    await writeBackup(t.config, archive);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is refused before anything is written: altered, truncated, not a backup', async () => {
    const lines = gunzipSync(readFileSync(archive)).toString('utf8').split('\n');
    const altered = path.join(dir, 'altered.backup');
    writeFileSync(altered, gzipSync(lines.map((l) => l.replace('A wish worth keeping safe.', 'A wish worth keeping sane.')).join('\n')));
    const truncated = path.join(dir, 'truncated.backup');
    writeFileSync(truncated, gzipSync(lines.slice(0, -2).join('\n')));
    const other = path.join(dir, 'other.backup');
    writeFileSync(other, gzipSync('{"hello":1}\n'));
    await expect(verifyBackup(altered)).rejects.toThrow(/checksum mismatch/);
    await expect(verifyBackup(truncated)).rejects.toThrow(/incomplete/);
    await expect(verifyBackup(other)).rejects.toThrow(BackupError);
    const targetDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-bkbadtarget-'));
    try {
      const cfg = { databaseUrl: `sqlite:${path.join(targetDir, 'w.db')}`, dataDir: targetDir, mediaDir: path.join(targetDir, 'media'), releasesDir: path.join(targetDir, 'releases'), mediaStorage: 'disk' as const };
      await expect(restoreBackup(cfg, altered)).rejects.toThrow(/checksum mismatch/);
      expect(() => readFileSync(path.join(targetDir, 'w.db'))).toThrow(); // not even created
    } finally {
      rmSync(targetDir, { recursive: true, force: true });
    }
  });

  it('the CLI: exit 0 with the size last, exit 1 on a target that holds data, exit 2 on usage', () => {
    const root = path.resolve(__dirname, '..', '..', '..');
    const env = { ...process.env, DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, RELEASES_DIR: path.join(dir, 'releases'), MEDIA_STORAGE: 'disk', LOG_LEVEL: 'silent' };
    const file = path.join(dir, 'cli.backup');
    const backup = spawnSync(process.execPath, [path.join(root, 'scripts', 'backup.js'), 'backup', file], { env, encoding: 'utf8' });
    expect(backup.status).toBe(0);
    expect(backup.stdout.trim().split('\n').pop()).toMatch(/cli\.backup: .*\(\d+ bytes\)$/);
    const restore = spawnSync(process.execPath, [path.join(root, 'scripts', 'backup.js'), 'restore', file], { env, encoding: 'utf8' });
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(/not empty/);
    expect(spawnSync(process.execPath, [path.join(root, 'scripts', 'backup.js'), 'restore'], { env, encoding: 'utf8' }).status).toBe(2);
  });
});

/** A copy of `archive` whose header `change` edits, with its manifest's checksum made to match: a well-formed archive. */
function rewrittenArchive(archive: string, dest: string, change: (header: Record<string, unknown>) => void) {
  const lines = gunzipSync(readFileSync(archive)).toString('utf8').split('\n').filter(Boolean);
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  change(header);
  lines[0] = JSON.stringify(header);
  const manifestLine = JSON.parse(lines.at(-1)!) as { manifest: Manifest };
  manifestLine.manifest.sha256 = createHash('sha256')
    .update(lines.slice(0, -1).map((l) => `${l}\n`).join(''))
    .digest('hex');
  lines[lines.length - 1] = JSON.stringify(manifestLine);
  writeFileSync(dest, gzipSync(`${lines.join('\n')}\n`));
}

describe.each(dialects)('the signing secret and refused restores (%s)', (dialect) => {
  let dir: string;
  let t: TestContext;
  let member: TestUser;
  let archive: string;
  const root = path.resolve(__dirname, '..', '..', '..');
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-bksecret-'));
    // No JWT_SECRET: the site signs with DATA_DIR/jwt-secret, as a default install does.
    t = await createTestApp(dialect, { jwtSecret: undefined, releasesDir: path.join(dir, 'releases'), mediaStorage: dialect === 'postgres' ? 'postgres' : 'disk' });
    member = await t.createUser();
    await t.saveWish(member, 'Signed in before the move, signed in after it.');
    archive = path.join(dir, 'site.backup');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir ?? '', { recursive: true, force: true });
  });

  it('the archive holds the signing secret, so members stay signed in after a restore on a fresh disk', async () => {
    const secretFile = path.join(t.config.dataDir, 'jwt-secret');
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(t.config.jwtSecret);
    const { manifest } = await writeBackup(t.config, archive);
    expect(manifest.files.secret).toEqual({ count: 1, bytes: readFileSync(secretFile).length });
    // JWT_SECRET set: that secret lives with the settings, not in the archive.
    const withEnvSecret = await writeBackup({ ...t.config, jwtSecret: 'a-secret-from-the-environment-0123456789' }, path.join(dir, 'env-secret.backup'));
    expect(withEnvSecret.manifest.files.secret).toEqual({ count: 0, bytes: 0 });

    const target = await emptyTarget(dialect);
    try {
      const result = await restoreBackup(target.restoreConfig, archive);
      expect(result.secretRestored).toBe(true);
      expect(readFileSync(path.join(target.config.dataDir, 'jwt-secret'), 'utf8')).toBe(readFileSync(secretFile, 'utf8'));
      // A server on the restored disk (no JWT_SECRET: it reads the data folder's) takes the old tokens.
      const app = await buildApp(
        { ...target.config, logLevel: 'silent', rateLimitScale: 1000, seedDemo: false, publicUrl: 'http://wishes.test', scryptCost: 1024 },
        { mailer: { send: async () => undefined } },
      );
      try {
        const mine = await app.inject({ method: 'GET', url: `/api/base/user/${member.id}/wishes/1/`, headers: { authorization: `Bearer ${member.access}` } });
        expect(mine.statusCode).toBe(200);
        expect(mine.body).toContain('Signed in before the move');
        expect((await app.inject({ method: 'GET', url: '/api/profile/my/subscriptions/', headers: { authorization: `Bearer ${member.access}` } })).statusCode).toBe(200);
        const refreshed = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: member.refresh } });
        expect(refreshed.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await target.cleanup();
    }
  });

  it('a refused restore changes nothing: no data folder, no secret, no database made', async () => {
    if (!readFileSync(archive)) throw new Error('the first test writes the archive');
    const newer = path.join(dir, 'newer.backup');
    rewrittenArchive(archive, newer, (header) => (header.migrations = [...(header.migrations as string[]), '0999_from_the_future']));
    const missingNow = (dataDir: string) => expect(() => readFileSync(path.join(dataDir, 'jwt-secret'))).toThrow();
    for (const file of [newer, path.join(dir, 'no-such.backup')]) {
      const dataDir = path.join(dir, `fresh-${path.basename(file)}`, 'data');
      const target = dialect === 'postgres' ? await createPgDatabase() : null;
      try {
        const env = { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: path.join(dataDir, 'releases'), LOG_LEVEL: 'silent', JWT_SECRET: '' };
        if (target) Object.assign(env, { DATABASE_URL: target.url, MEDIA_STORAGE: 'postgres' });
        else delete (env as Record<string, string | undefined>).DATABASE_URL;
        const restore = spawnSync(process.execPath, [path.join(root, 'scripts', 'backup.js'), 'restore', file], { env, encoding: 'utf8' });
        expect(restore.status).toBe(1);
        expect(restore.stderr.trim().split('\n')).toHaveLength(1);
        expect(restore.stderr).toMatch(file === newer ? /^restore refused: the backup comes from a newer version \(migrations 0999_from_the_future/ : /^restore refused: .*does not exist/);
        missingNow(dataDir);
        expect(() => readFileSync(path.join(dataDir, 'wishes.db'))).toThrow();
        expect(listFiles(path.dirname(dataDir))).toEqual([]);
        if (target) {
          const pg = openDatabase(target.url, { poolSize: 1 });
          expect(await pg.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);
          await pg.db.destroy();
        }
      } finally {
        await target?.drop();
      }
    }
    // Into the running site's own folder (it holds data): refused, its secret untouched.
    const before = readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8');
    await expect(restoreBackup({ ...t.config, secretFromEnv: false }, archive)).rejects.toThrow(/not empty/);
    expect(readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8')).toBe(before);
  });

  (dialect === 'postgres' ? it : it.skip)('a DATABASE_URL naming a missing database is one sentence', () => {
    const url = new URL(t.config.databaseUrl);
    url.pathname = '/wishes_no_such_database';
    const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: path.join(dir, 'missing-db'), LOG_LEVEL: 'silent', JWT_SECRET: '' };
    for (const mode of ['backup', 'restore']) {
      const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'backup.js'), mode, mode === 'restore' ? archive : path.join(dir, 'never.backup')], { env, encoding: 'utf8' });
      expect({ status: run.status, stderr: run.stderr }).toEqual({
        status: 1,
        stderr: `${mode} refused: PostgreSQL has no database "wishes_no_such_database" (DATABASE_URL names it): create it with createdb wishes_no_such_database, or correct DATABASE_URL.\n`,
      });
    }
  });
});
