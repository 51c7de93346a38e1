/**
 * SMTP down: the password-reset request still answers 200 at once (the mail is sent in the
 * background) and the failure is logged. Two outages: nothing listening (connection refused), and
 * a server that accepts the connection but never greets (the mailer's greeting timeout).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, http, sleep, startServer, stopServer, type ServerChild } from './child';
import { signUp } from './writers';

jest.setTimeout(90_000);

async function waitForLog(server: ServerChild, pattern: RegExp, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(server.output())) return true;
    await sleep(100);
  }
  return false;
}

describe.each([
  ['refused (nothing listening)', 'refused'],
  ['silent (accepts, never greets)', 'silent'],
] as const)('SMTP %s', (_label, mode) => {
  let silent: Server | undefined;
  const sockets: Socket[] = [];
  let server: ServerChild | undefined;
  let dataDir: string;

  beforeAll(async () => {
    let smtpPort: number;
    if (mode === 'silent') {
      silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
      smtpPort = (silent.address() as AddressInfo).port;
    } else {
      smtpPort = await freePort();
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-smtp-'));
    server = await startServer({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '1000' });
  });
  afterAll(async () => {
    await stopServer(server);
    for (const s of sockets) s.destroy();
    if (silent) await new Promise((resolve) => silent!.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the reset request with 200 at once and logs the failed mail', async () => {
    const [user] = await signUp(server!.port, 1, `smtp${mode}`);
    const t0 = Date.now();
    const res = await http(server!.port, 'POST', '/api/password/reset/', { body: { email: user.email } });
    const elapsed = Date.now() - t0;
    expect(res.status).toBe(200);
    expect(typeof res.json().message).toBe('string');
    expect(elapsed).toBeLessThan(2000);
    // The same answer for an unknown address (no account enumeration), and no mail attempt.
    const unknown = await http(server!.port, 'POST', '/api/password/reset/', { body: { email: 'nobody.here@example.com' } });
    expect(unknown.status).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    // The greeting timeout is 5 s; allow for it.
    const logged = await waitForLog(server!, /mail could not be sent|password reset mail failed/, 15_000);
    expect(logged).toBe(true);
    const out = server!.output();
    // The log names the failure, never the reset link or its token.
    expect(out).not.toMatch(/reset_password_confirm\/[^\s"]+\/[A-Za-z0-9_-]{20,}/);
    expect(server!.proc.exitCode).toBeNull();
    console.log(`SMTP ${mode}: reset answered 200 in ${elapsed} ms; failure logged`);
  });
});
