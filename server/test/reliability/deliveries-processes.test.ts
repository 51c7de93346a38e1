/**
 * Three real server processes (node server/src/main.ts) on one database, each running the delivery
 * scheduler: every scheduled wish reaches the real SMTP server exactly once (docs/deliveries.md),
 * and so does each group wish, due at its time or sent now from all three at once (docs/groups.md).
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

  it('delivers each group wish once, at its time or sent now from three processes at once', async () => {
    const [a, b, c] = servers as [ServerChild, ServerChild, ServerChild];
    const email = `organiser.${Date.now()}@example.com`;
    expect((await http(a.port, 'POST', '/api/base/create_user/', { body: { email, password: 'Vivid-Harbor-42', first_name: 'Orga', last_name: 'Niser', phone: '1' } })).status).toBe(201);
    const { access } = (await http(b.port, 'POST', '/api/token/', { body: { username: email, password: 'Vivid-Harbor-42' } })).json();
    // The next whole minute (a local date-time has minutes only), read in UTC.
    const next = new Date(Math.ceil((Date.now() + 1000) / 60_000) * 60_000);
    const local = next.toISOString().slice(0, 16);
    const recipients = ['group0@example.com', 'group1@example.com', 'group2@example.com'];
    for (const [i, to] of recipients.entries()) {
      const server = servers[i % 3]!;
      const created = await http(server.port, 'POST', '/api/groups/', { token: access, body: { recipient_name: `Group ${i}`, topic: 'Birthday', recipient_email: to, deliver_at: local, time_zone: 'UTC' } });
      expect(created.status).toBe(201);
      const invite = (created.json().group.invite_url as string).split('/g/')[1];
      expect((await http(servers[(i + 1) % 3]!.port, 'POST', `/api/groups/invite/${invite}/contributions/`, { body: { signer_name: 'Guest', text: `Happy birthday, group ${i}!` } })).status).toBe(201);
    }
    // Sent now from all three processes at once: one 200, one mail.
    const now = await http(c.port, 'POST', '/api/groups/', { token: access, body: { recipient_name: 'Now', topic: 'Birthday', recipient_email: 'group-now@example.com' } });
    const nowGroup = now.json().group;
    await http(a.port, 'POST', `/api/groups/invite/${(nowGroup.invite_url as string).split('/g/')[1]}/contributions/`, { body: { signer_name: 'Guest', text: 'Right now!' } });
    const sends = await Promise.all([a, b, c].map((server) => http(server.port, 'POST', `/api/groups/${nowGroup.group_id}/send/`, { token: access })));
    expect(sends.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const all = [...recipients, 'group-now@example.com'];
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && !all.every((to) => smtp.mails.some((m) => m.to.includes(to)))) await sleep(200);
    await sleep(2000); // several more rounds of every process: nothing is mailed twice
    for (const to of all) expect([to, smtp.mails.filter((m) => m.to.includes(to)).length]).toEqual([to, 1]);
    expect(smtp.mails.find((m) => m.to.includes('group0@example.com'))!.text).toContain('Happy birthday, group 0!');
  });
});
