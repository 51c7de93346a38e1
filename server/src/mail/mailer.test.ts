import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer';

const logger = () => ({ info: jest.fn(), error: jest.fn() });

describe('mailer over SMTP', () => {
  let server: SMTPServer;
  let port: number;
  const inbox: Array<{ from: string; to: string[]; raw: string }> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = ((server as unknown as { server: net.Server }).server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a message with from, to, subject and body', async () => {
    const log = logger();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Wishes <no-reply@wishes.test>', outboxDir: '/nonexistent', logger: log });
    await mailer.send({
      to: 'anna@example.com',
      subject: 'Reset your password',
      text: 'Open http://localhost:8000/auth/reset_password_confirm/1/abc/ to choose a new password.',
      html: '<p>Open the link</p>',
    });
    expect(inbox).toHaveLength(1);
    const [mail] = inbox;
    expect(mail.from).toBe('no-reply@wishes.test');
    expect(mail.to).toEqual(['anna@example.com']);
    expect(mail.raw).toMatch(/^Subject: Reset your password$/m);
    expect(mail.raw).toMatch(/^From: Wishes <no-reply@wishes\.test>$/m);
    expect(mail.raw).toMatch(/^To: anna@example\.com$/m);
    expect(mail.raw).toContain('/auth/reset_password_confirm/1/abc/');
    expect(mail.raw).toContain('<p>Open the link</p>');
    expect(log.info).toHaveBeenCalled();
  });

  it('rejects quickly when the SMTP server is down', async () => {
    // A port that was just free: connection refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const downPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const log = logger();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${downPort}`, from: 'no-reply@wishes.test', outboxDir: '/nonexistent', logger: log });
    const started = Date.now();
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(log.error).toHaveBeenCalled();
  });

  it('gives up on a server that accepts but never greets', async () => {
    const silent = net.createServer(() => undefined);
    const sockets = new Set<net.Socket>();
    silent.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${silentPort}`,
        from: 'no-reply@wishes.test',
        outboxDir: '/nonexistent',
        logger: logger(),
        timeouts: { greeting: 500 },
      });
      const started = Date.now();
      await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('mailer without SMTP (outbox)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wishes-outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes an .eml file and logs where it is, never its links (they carry secrets)', async () => {
    const log = logger();
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ from: 'no-reply@localhost', outboxDir, logger: log });
    const link = 'http://localhost:8000/auth/reset_password_confirm/MQ/abc-123/';
    await mailer.send({ to: 'anna@example.com', subject: 'Reset your password', text: `Hi Anna,\n\nOpen ${link} to reset.` });
    await mailer.send({ to: 'bob@example.com', subject: 'Second', text: 'No links here.' });

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const contents = await Promise.all(files.map((f) => readFile(path.join(outboxDir, f), 'utf8')));
    const first = contents.find((c) => c.includes('anna@example.com'))!;
    expect(first).toMatch(/^Subject: Reset your password$/m);
    expect(first).toMatch(/^From: no-reply@localhost$/m);
    expect(first).toContain(link);

    const logged = JSON.stringify(log.info.mock.calls);
    expect(logged).not.toContain('abc-123');
    expect(logged).not.toContain('reset_password_confirm');
    expect(logged).toContain(outboxDir);
    expect(mailer.outbox).toBe(true);
  });
});
