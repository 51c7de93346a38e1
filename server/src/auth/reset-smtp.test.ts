/** Password reset end to end over real SMTP: request → mail received by an SMTP server → confirm → sign in. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';

interface Received {
  to: string[];
  raw: string;
}

/** Body text of a single-part message, undoing quoted-printable or base64 transfer encoding. */
function bodyText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    return Buffer.from(joined.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  }
  return body;
}

describe.each(dialects)('password reset over SMTP (%s)', (dialect) => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];
  let t: TestContext;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    t = await createTestApp(dialect, { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'wishes@example.com' }, { realMailer: true });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('mails a working single-use link', async () => {
    const user = await t.createUser();
    const res = await t.request({ method: 'POST', url: '/api/password/reset/', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);

    let mail: Received | undefined;
    for (let i = 0; i < 200 && !mail; i++) {
      mail = received.find((m) => m.to.includes(user.email));
      if (!mail) await new Promise((r) => setTimeout(r, 25));
    }
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/^From: .*wishes@example\.com/m);
    const text = bodyText(mail!.raw);
    const match = /http:\/\/wishes\.test\/auth\/reset_password_confirm\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\//.exec(text);
    expect(match).not.toBeNull();
    const [, uid, token] = match!;

    const confirm = await t.request({ method: 'POST', url: '/api/password/reset/confirm/', payload: { uid, token, new_password: 'Fresh-Meadow-93' } });
    expect(confirm.statusCode).toBe(200);
    const login = await t.request({ method: 'POST', url: '/api/token/', payload: { username: user.email, password: 'Fresh-Meadow-93' } });
    expect(login.statusCode).toBe(200);
    const reuse = await t.request({ method: 'POST', url: '/api/password/reset/confirm/', payload: { uid, token, new_password: 'Other-Meadow-94' } });
    expect(reuse.statusCode).toBe(400);
  });
});
