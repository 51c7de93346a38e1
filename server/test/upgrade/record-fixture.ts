/**
 * Records the databases an earlier release of this project made, for the upgrade test
 * (upgrade.test.ts): `npx tsx server/test/upgrade/record-fixture.ts <name> <commit>` checks the
 * commit out in a temporary worktree, runs its own server there (demo content seeded, as a fresh
 * install does) on SQLite and on PostgreSQL, has members sign up, save public and private wishes,
 * vote, follow and, when that version can, schedule a wish, then stores the database (the SQLite
 * file; a pg_dump), the signing secret and the members' tokens under fixtures/<name>-*.
 *
 * The old worktree borrows this checkout's node_modules (same native packages, Node-API), so no
 * install is needed; the old code is otherwise run exactly as it was.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(__dirname, '../../..');
const fixtures = path.join(__dirname, 'fixtures');
const PG_ADMIN = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function waitHealthy(base: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the old server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the old server did not answer /healthz');
}

interface Member {
  email: string;
  password: string;
  user_id: number;
  access: string;
  refresh: string;
}

async function makeData(base: string) {
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  const members: Member[] = [];
  for (const [first, last] of [
    ['Ada', 'Upgrade'],
    ['Bo', 'Upgrade'],
  ]) {
    const email = `${first!.toLowerCase()}.upgrade@example.com`;
    const password = 'Vivid-Harbor-42';
    const created = await call('POST', '/api/base/create_user/', { email, password, first_name: first, last_name: last, phone: '+1 555 0100' });
    if (created.status !== 201) throw new Error(`create_user: ${created.status} ${JSON.stringify(created.json)}`);
    const login = await call('POST', '/api/token/', { username: email, password });
    if (login.status !== 200) throw new Error(`token: ${login.status}`);
    members.push({ email, password, user_id: created.json.user_id, ...login.json });
  }
  const [ada, bo] = members as [Member, Member];
  const wishes: Record<string, number> = {};
  for (const [key, text, isPublic] of [
    ['public', 'May your garden be full of tomatoes this summer.', true],
    ['public2', 'Happy birthday, and may the year be kind to you.', true],
    ['private', 'A private wish only its author may read.', false],
  ] as const) {
    const saved = await call('POST', '/api/base/save_wish/', { text, is_public: isPublic }, ada.access);
    if (saved.status !== 201) throw new Error(`save_wish: ${saved.status}`);
    wishes[key] = saved.json.wish_id;
  }
  for (const key of ['public', 'public2']) {
    const voted = await call('POST', `/api/wish/${wishes[key]}/vote/`, { vote_type: 'upvote' }, bo.access);
    if (voted.status !== 200) throw new Error(`vote: ${voted.status}`);
  }
  for (const [a, b] of [
    [bo, ada],
    [ada, bo],
  ] as const) {
    const followed = await call('POST', `/api/profile/${b.user_id}/subscribe/`, undefined, a.access);
    if (followed.status !== 200) throw new Error(`subscribe: ${followed.status}`);
  }
  // Scheduled mail, where the version has it (v3 on): far ahead, so it is still due after the upgrade.
  const sendAt = new Date(Date.now() + 300 * 86_400_000).toISOString();
  const sent = await call('POST', `/api/base/wish/${wishes.public}/send/`, { recipient_email: 'friend.upgrade@example.com', recipient_name: 'Friend', send_at: sendAt }, ada.access);
  const delivery = sent.status === 201 ? { id: sent.json.delivery_id as number, send_at: sendAt } : null;
  return { members, wishes, delivery };
}

async function record(name: string, worktree: string, commit: string, dialect: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `wishes-fixture-${name}-`));
  const pgName = `wishes_fixture_${name}_${process.pid}`;
  const databaseUrl = dialect === 'sqlite' ? `sqlite:${path.join(dataDir, 'wishes.db')}` : PG_ADMIN.replace(/\/[^/]*$/, `/${pgName}`);
  if (dialect === 'postgres') execFileSync('psql', [PG_ADMIN, '-qc', `create database ${pgName}`]);
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // Members recorded now must still be signed in whenever the test runs.
    ACCESS_TOKEN_TTL: '36500d',
    REFRESH_TOKEN_TTL: '36500d',
    REQUIRE_VERIFIED_SENDERS: 'false',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  delete (env as Record<string, string | undefined>).JWT_SECRET;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: worktree, env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, child);
    const data = await makeData(`http://127.0.0.1:${port}`);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const base = path.join(fixtures, `${name}-${dialect}`);
    if (dialect === 'sqlite') {
      writeFileSync(`${base}.db.gz`, gzipSync(readFileSync(path.join(dataDir, 'wishes.db')), { level: 9 }));
    } else {
      const dump = execFileSync('pg_dump', ['--no-owner', '--no-privileges', databaseUrl], { maxBuffer: 1 << 28 });
      writeFileSync(`${base}.sql.gz`, gzipSync(dump, { level: 9 }));
    }
    const meta = { commit, recorded_at: new Date().toISOString(), jwt_secret: readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'), ...data };
    writeFileSync(`${base}.json`, `${JSON.stringify(meta, null, 2)}\n`);
    console.log(`recorded ${base}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') execFileSync('psql', [PG_ADMIN, '-qc', `drop database if exists ${pgName} with (force)`]);
  }
}

/**
 * The old worktree's node_modules: each package of this checkout's, except the workspace packages
 * (@wishes/*), which are the old checkout's own folders, as npm would link them.
 */
function linkNodeModules(worktree: string) {
  const modules = path.join(worktree, 'node_modules');
  if (existsSync(modules)) return;
  mkdirSync(path.join(modules, '@wishes'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@wishes') symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  const { workspaces } = JSON.parse(readFileSync(path.join(worktree, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const folder of workspaces) {
    const manifest = path.join(worktree, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
    if (name.startsWith('@wishes/')) symlinkSync(path.join(worktree, folder), path.join(modules, name));
  }
  if (existsSync(path.join(root, 'server/node_modules')) && !existsSync(path.join(worktree, 'server/node_modules'))) {
    symlinkSync(path.join(root, 'server/node_modules'), path.join(worktree, 'server/node_modules'));
  }
}

async function main() {
  const [name, commit] = process.argv.slice(2);
  if (!name || !commit) throw new Error('usage: record-fixture.ts <name> <commit>');
  const worktree = path.join(os.tmpdir(), `ops-${name}`);
  if (!existsSync(worktree)) execFileSync('git', ['worktree', 'add', '--detach', worktree, commit], { cwd: root, stdio: 'inherit' });
  linkNodeModules(worktree);
  try {
    for (const dialect of ['sqlite', 'postgres'] as const) await record(name, worktree, commit, dialect);
  } finally {
    if (!process.env.KEEP_WORKTREE) execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: root, stdio: 'inherit' });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
