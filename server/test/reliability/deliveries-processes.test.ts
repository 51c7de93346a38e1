/**
 * Three real server processes (node server/src/main.ts) on one database, each running the delivery
 * scheduler: every scheduled wish reaches the real SMTP server exactly once (docs/deliveries.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, dialects, type TestDialect } from '../kit/harness';
import { startSmtpSink, type SmtpSink } from '../kit/smtp-sink';
import { http, sleep, startServer, stopServer, type ServerChild } from './child';

jest.setTimeout(240_000);

describe.each(dialects)('three server processes, one database (%s)', (dialect: TestDialect) => {
  let smtp: SmtpSink;
  const servers: ServerChild[] = [];
  const dirs: string[] = [];
  let drop: (() => Promise<void>) | null = null;

  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    await smtp?.close();
    if (drop) await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('mails each scheduled wish once', async () => {
    smtp = await startSmtpSink();
    const shared = mkdtempSync(path.join(os.tmpdir(), 'wishes-deliv-procs-'));
    dirs.push(shared);
    let databaseUrl = `sqlite:${path.join(shared, 'wishes.db')}`;
    if (dialect === 'postgres') {
      const pg = await createPgDatabase();
      databaseUrl = pg.url;
      drop = pg.drop;
    }
    const env = (n: number) => {
      const dataDir = path.join(shared, `data-${n}`);
      return { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: 'wishes@example.com', PUBLIC_URL: 'http://wishes.test', DELIVERY_POLL_MS: '200', REQUIRE_VERIFIED_SENDERS: 'false', RATE_LIMIT_SCALE: '100' };
    };
    // One at a time: the first migrates the database.
    for (const n of [1, 2, 3]) servers.push(await startServer(env(n)));
    const [a, b, c] = servers as [ServerChild, ServerChild, ServerChild];

    const email = `procs.${Date.now()}@example.com`;
    expect((await http(a.port, 'POST', '/api/base/create_user/', { body: { email, password: 'Vivid-Harbor-42', first_name: 'Pro', last_name: 'Cess', phone: '1' } })).status).toBe(201);
    const { access } = (await http(b.port, 'POST', '/api/token/', { body: { username: email, password: 'Vivid-Harbor-42' } })).json();
    const wishId = (await http(c.port, 'POST', '/api/base/save_wish/', { token: access, body: { text: 'From many processes.' } })).json().wish_id;
    const sendAt = new Date(Date.now() + 3000).toISOString();
    const recipients = Array.from({ length: 9 }, (_, i) => `proc${i}@example.com`);
    for (const [i, to] of recipients.entries()) {
      const server = servers[i % 3]!;
      const res = await http(server.port, 'POST', `/api/base/wish/${wishId}/send/`, { token: access, body: { recipient_email: to, send_at: sendAt } });
      expect(res.status).toBe(201);
    }
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !recipients.every((to) => smtp.mails.some((m) => m.to.includes(to)))) await sleep(100);
    await sleep(2000); // several more rounds of every process: nothing is mailed twice
    for (const to of recipients) expect([to, smtp.mails.filter((m) => m.to.includes(to)).length]).toEqual([to, 1]);
    const list = (await http(a.port, 'GET', '/api/base/deliveries/', { token: access })).json();
    expect(list.deliveries.map((d: { status: string }) => d.status)).toEqual(recipients.map(() => 'sent'));
  });
});
