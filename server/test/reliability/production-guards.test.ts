/**
 * The production guards, on the real server process (server/src/main.ts) and both databases:
 *
 * - a public PUBLIC_URL (or NODE_ENV=production) without SMTP_URL or MAIL_TRANSPORT: exit 1 with
 *   one sentence naming both variables;
 * - MAIL_TRANSPORT=outbox there: it starts, says so in the log, seeds no demo accounts (unless
 *   SEED_DEMO=true, and then every start says they exist), writes no link with a secret to the
 *   log (verification, reset, /w/), reports a wish as `outbox`, never `sent`, and logs once that
 *   requests carry X-Forwarded-For while TRUST_PROXY=false;
 * - a local PUBLIC_URL keeps the quick start: no variable needed, demo content, outbox mail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAIL_TRANSPORT_MISSING, REPO_ROOT } from '../../src/platform/config';
import { demoUsers } from '../../src/seed/demo-content';
import { createPgDatabase, dialects, type TestDialect } from '../kit/harness';
import { freePort, http, sleep, startServer, stopServer, type ServerChild } from './child';
import { signUp } from './writers';

jest.setTimeout(180_000);

const PUBLIC_URL = 'https://wishes.example.org';
/** Blank is unset for the server: the test runner's own NODE_ENV=test and any SMTP_URL stay out. */
const UNSET = { NODE_ENV: '', SEED_DEMO: '', MAIL_TRANSPORT: '', SMTP_URL: '', PUBLIC_URL: '' };
const OUTBOX_LINE = /Mail is only written to .* and never sent \(MAIL_TRANSPORT=outbox\)/;
const LOCAL_LINE = /PUBLIC_URL http:\/\/localhost:\d+ is a local origin/;
const DEMO_LINE = /5 demo accounts whose passwords are published in the repository exist/;
const XFF_LINE = 'Requests carry X-Forwarded-For but TRUST_PROXY=false';
const count = (text: string, part: string) => text.split(part).length - 1;

/** Runs the server to its exit (it is expected to refuse to start). */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-guards-'));
  try {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: dataDir, JWT_SECRET: 'guards-secret-0123456789abcdef', ...UNSET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    return { code, stdout, stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const signIn = (port: number, email: string, password: string) => http(port, 'POST', '/api/token/', { body: { username: email, password } });

async function until(check: () => boolean, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(100);
  }
  return check();
}

describe('mail needs a transport where the production guards apply', () => {
  it.each([
    ['a public PUBLIC_URL', { PUBLIC_URL }],
    ['NODE_ENV=production on a local PUBLIC_URL', { PUBLIC_URL: 'http://127.0.0.1:8000', NODE_ENV: 'production' }],
  ])('%s with neither SMTP_URL nor MAIL_TRANSPORT: exit 1 with one sentence naming both', async (_label, env) => {
    const { code, stdout, stderr } = await runToExit(env);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Configuration error: ${MAIL_TRANSPORT_MISSING}`);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('SMTP_URL');
    expect(stderr).toContain('MAIL_TRANSPORT');
    expect(stdout).toBe('');
  });
});

describe.each(dialects)('a public PUBLIC_URL (%s)', (dialect: TestDialect) => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let server: ServerChild | undefined;

  const start = async (env: Record<string, string>) =>
    startServer({
      ...UNSET,
      PUBLIC_URL,
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '100',
      ...env,
    });

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-guards-'));
    database = dialect === 'postgres' ? await createPgDatabase() : null;
  });
  afterEach(async () => {
    await stopServer(server);
    server = undefined;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with MAIL_TRANSPORT=outbox: says so, no demo accounts, no secret link in the log, a wish is `outbox`, X-Forwarded-For without TRUST_PROXY logged once', async () => {
    server = await start({ MAIL_TRANSPORT: 'outbox' });
    const port = server.port;
    // The log is written asynchronously: a line may follow the first answer by a moment.
    expect(await until(() => OUTBOX_LINE.test(server!.output()))).toBe(true);
    // No demo content: the published demo password signs no one in.
    expect((await signIn(port, demoUsers[0]!.email, demoUsers[0]!.password)).status).toBe(401);

    // Sign-up mails a verification link, a reset mails a reset link, a wish sent mails its /w/
    // link: each only to the outbox folder, where (and only there) the links can be followed.
    const outbox = path.join(dataDir, 'outbox');
    const files = () => {
      try {
        // Quoted-printable undone, so a link reads as it was written.
        return readdirSync(outbox).map((f) =>
          readFileSync(path.join(outbox, f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        );
      } catch {
        return [];
      }
    };
    const [user] = await signUp(port, 1, 'guards');
    expect(await until(() => files().length >= 1)).toBe(true);
    const verifyToken = decodeURIComponent(/verify-email\?token=([^\s"<>&]+)/.exec(files().join('\n'))![1]!);
    expect((await http(port, 'POST', '/api/account/verify_email/', { token: user!.access, body: { token: verifyToken } })).status).toBe(200);
    expect((await http(port, 'POST', '/api/password/reset/', { body: { email: user!.email } })).status).toBe(200);
    const saved = await http(port, 'POST', '/api/base/save_wish/', { token: user!.access, body: { text: 'For you, from the outbox.', is_public: false } });
    expect(saved.status).toBe(201);
    const sent = await http(port, 'POST', `/api/base/wish/${saved.json().wish_id}/send/`, { token: user!.access, body: { recipient_email: 'grace@example.com' } });
    expect(sent.status).toBe(201);
    expect(sent.json().status).toBe('outbox');
    const listed = await http(port, 'GET', '/api/base/deliveries/', { token: user!.access });
    expect(listed.json().deliveries[0]).toMatchObject({ delivery_id: sent.json().delivery_id, status: 'outbox' });

    expect(await until(() => files().length >= 3)).toBe(true);
    const mails = files().join('\n');
    const secrets = [
      /verify-email\?token=([^\s"<>]+)/.exec(mails)?.[1],
      /reset_password_confirm\/[^/\s]+\/([^/\s"<>]+)/.exec(mails)?.[1],
      /\/w\/([A-Za-z0-9_-]{43})/.exec(mails)?.[1],
    ];
    expect(secrets.every(Boolean)).toBe(true);
    expect(await until(() => (server!.output().match(/written to/g) ?? []).length >= 3)).toBe(true);
    const log = server.output();
    for (const secret of secrets) expect(log).not.toContain(secret!);
    expect(log).not.toMatch(/verify-email\?token=|reset_password_confirm\/|\/w\/[A-Za-z0-9_-]{43}/);

    // Requests through a proxy the server does not trust: one line, the first time.
    expect(count(server.output(), XFF_LINE)).toBe(0);
    for (const address of ['203.0.113.7', '203.0.113.8']) {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-forwarded-for': address } });
      expect(res.status).toBe(200);
    }
    expect(await until(() => count(server!.output(), XFF_LINE) > 0)).toBe(true);
    expect(count(server.output(), XFF_LINE)).toBe(1);
    expect(server.output()).not.toMatch(LOCAL_LINE);
    expect(server.output()).not.toMatch(DEMO_LINE);
  });

  it('SEED_DEMO=true seeds the demo accounts, and every later start says they exist', async () => {
    server = await start({ MAIL_TRANSPORT: 'outbox', SEED_DEMO: 'true' });
    expect((await signIn(server.port, demoUsers[0]!.email, demoUsers[0]!.password)).status).toBe(200);
    expect(await until(() => DEMO_LINE.test(server!.output()))).toBe(true);
    await stopServer(server);
    server = await start({ MAIL_TRANSPORT: 'outbox' });
    expect(await until(() => DEMO_LINE.test(server!.output()))).toBe(true);
    expect(server.output()).toMatch(OUTBOX_LINE);
  });
});

describe('a local PUBLIC_URL', () => {
  let dataDir: string;
  let server: ServerChild | undefined;
  afterEach(async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the quick start: no variable needed, demo content, outbox mail, and the start says so', async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-guards-'));
    server = await startServer({ ...UNSET, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    expect((await signIn(server.port, demoUsers[0]!.email, demoUsers[0]!.password)).status).toBe(200);
    expect(await until(() => DEMO_LINE.test(server!.output()))).toBe(true);
    expect(server.output()).toMatch(OUTBOX_LINE);
    expect(server.output()).toMatch(LOCAL_LINE);
  });
});
