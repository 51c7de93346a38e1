/**
 * Files the site writes are its user's only (app/file-modes.ts): the real server started as
 * `node server/src/main.ts` makes its database (with WAL and SHM), outbox mail and cards 0600 in
 * 0700 folders and tightens what was left readable; the real `npm run backup` command writes a
 * 0600 archive. A path it may not change (a mount it does not own) is logged, never fatal.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/platform/config';
import { tightenModes } from '../../src/app/file-modes';
import { createPgDatabase, dialects, type TestDialect } from '../kit/harness';
import { http, sleep, startServer, stopServer, type ServerChild } from '../reliability/child';

jest.setTimeout(180_000);

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe.each(dialects)('files the site writes (%s)', (dialect: TestDialect) => {
  let server: ServerChild | null = null;
  let drop: (() => Promise<void>) | null = null;
  const root = mkdtempSync(path.join(os.tmpdir(), 'wishes-modes-'));

  afterAll(async () => {
    if (server) await stopServer(server);
    if (drop) await drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('are 0600 in 0700 folders, as the real server and the real backup command write them', async () => {
    const dataDir = path.join(root, 'data');
    const releasesDir = path.join(root, 'releases');
    // What an older version left behind, world-readable.
    mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'outbox'), 0o755);
    writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'Subject: old\n\nold', { mode: 0o644 });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'an-old-secret-left-readable-0123456789abcdefghij\n', { mode: 0o644 });
    for (const name of ['outbox/old.eml', 'jwt-secret']) chmodSync(path.join(dataDir, name), 0o644);
    let databaseUrl = `sqlite:${path.join(dataDir, 'wishes.db')}`;
    if (dialect === 'postgres') {
      const pg = await createPgDatabase();
      databaseUrl = pg.url;
      drop = pg.drop;
    }
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RELEASES_DIR: releasesDir, PUBLIC_URL: 'http://localhost:5173', RATE_LIMIT_SCALE: '100', REQUIRE_VERIFIED_SENDERS: 'true' };
    // The test runner's own umask is the usual 022: the server must not rely on it.
    server = await startServer(env);
    const email = `modes.${Date.now()}@example.com`;
    // A sign-up mails a verification link: without SMTP_URL it lands in the outbox folder.
    expect((await http(server.port, 'POST', '/api/base/create_user/', { body: { email, password: 'Vivid-Harbor-42', first_name: 'Mo', last_name: 'Des', phone: '1' } })).status).toBe(201);
    const { access } = (await http(server.port, 'POST', '/api/token/', { body: { username: email, password: 'Vivid-Harbor-42' } })).json();
    const wishId = (await http(server.port, 'POST', '/api/base/save_wish/', { token: access, body: { text: 'A wish kept private on disk.', is_public: true } })).json().wish_id;
    expect((await http(server.port, 'GET', `/api/base/wish/${wishId}/card.png?format=square`)).status).toBe(200);

    const files: string[] = [path.join(dataDir, 'jwt-secret')];
    if (dialect === 'sqlite') for (const suffix of ['', '-wal', '-shm']) files.push(path.join(dataDir, `wishes.db${suffix}`));
    // The verification mail is written a moment after the answer.
    const outboxNames = () => readdirSync(path.join(dataDir, 'outbox')).filter((name) => !name.endsWith('.tmp'));
    for (let i = 0; i < 100 && outboxNames().length < 2; i += 1) await sleep(100);
    const outbox = outboxNames().map((name) => path.join(dataDir, 'outbox', name));
    expect(outbox.length).toBeGreaterThanOrEqual(2); // the old mail and the verification mail
    const cards = readdirSync(path.join(dataDir, 'cards')).map((name) => path.join(dataDir, 'cards', name));
    expect(cards.length).toBeGreaterThanOrEqual(1);
    for (const file of [...files, ...outbox, ...cards].filter((f) => existsSync(f))) expect([file, modeOf(file)]).toEqual([file, '600']);
    if (dialect === 'sqlite') expect(existsSync(path.join(dataDir, 'wishes.db-wal'))).toBe(true);
    for (const dir of [dataDir, path.join(dataDir, 'outbox'), path.join(dataDir, 'cards'), releasesDir].filter((d) => existsSync(d))) expect([dir, modeOf(dir)]).toEqual([dir, '700']);

    // The real backup command (npm run backup runs scripts/backup.js), with the server's environment.
    const archive = path.join(root, 'backups', 'site.wishes.gz');
    const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'backup.js'), 'backup', archive], { cwd: REPO_ROOT, env: { ...process.env, ...env, JWT_SECRET: 'unused-by-backup-0123456789abcdef' }, encoding: 'utf8', timeout: 120_000 });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(modeOf(archive)).toBe('600');
    expect(modeOf(path.join(root, 'backups'))).toBe('700');
  });
});

describe('a path the site may not change', () => {
  it('is logged and skipped, never thrown', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-modes-eperm-'));
    try {
      writeFileSync(path.join(dir, 'db'), 'x', { mode: 0o644 });
      chmodSync(path.join(dir, 'db'), 0o644);
      const warnings: unknown[] = [];
      // A mount the site does not own: chmod answers EPERM (as on an NFS or a container volume).
      const refusing = () => {
        throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
      };
      const refused = tightenModes(path.join(dir, 'db'), { warn: (obj) => warnings.push(obj) }, { chmod: refusing });
      expect(refused).toBe(1);
      expect(warnings).toEqual([{ path: path.join(dir, 'db'), code: 'EPERM' }]);
      expect(modeOf(path.join(dir, 'db'))).toBe('644');
      // And the real chmod makes it private.
      expect(tightenModes(dir, { warn: (obj) => warnings.push(obj) }, { recursive: true })).toBe(0);
      expect([modeOf(dir), modeOf(path.join(dir, 'db'))]).toEqual(['700', '600']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
