/**
 * Three real server processes (node server/src/main.ts) on one database, each running the
 * scheduler's rounds every 200 ms: every member whose person's date is due gets one reminder mail
 * and one notification, never two (docs/people.md, "Reminders").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, dialects, type TestDialect } from '../kit/harness';
import { startSmtpSink, type SmtpSink } from '../kit/smtp-sink';
import { http, sleep, startServer, stopServer, type ServerChild } from './child';

jest.setTimeout(240_000);

/** The UTC date `days` ahead, as month and day. */
const ahead = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

describe.each(dialects)('reminders from three server processes, one database (%s)', (dialect: TestDialect) => {
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

  it('reminds each member once', async () => {
    smtp = await startSmtpSink();
    const shared = mkdtempSync(path.join(os.tmpdir(), 'wishes-remind-procs-'));
    dirs.push(shared);
    let databaseUrl = `sqlite:${path.join(shared, 'wishes.db')}`;
    if (dialect === 'postgres') {
      const pg = await createPgDatabase();
      databaseUrl = pg.url;
      drop = pg.drop;
    }
    const env = (n: number) => ({ DATABASE_URL: databaseUrl, DATA_DIR: path.join(shared, `data-${n}`), SMTP_URL: smtp.url, MAIL_FROM: 'wishes@example.com', PUBLIC_URL: 'http://wishes.test', DELIVERY_POLL_MS: '200', REQUIRE_VERIFIED_SENDERS: 'false', RATE_LIMIT_SCALE: '100' });
    // One at a time: the first migrates the database.
    for (const n of [1, 2, 3]) servers.push(await startServer(env(n)));

    // Nine members, each with a person whose birthday is 3 days ahead: its reminder (7 days before) is due.
    const members: Array<{ email: string; access: string }> = [];
    for (let i = 0; i < 9; i++) {
      const server = servers[i % 3]!;
      const email = `remind-procs-${i}.${Date.now()}@example.com`;
      expect((await http(server.port, 'POST', '/api/base/create_user/', { body: { email, password: 'Vivid-Harbor-42', first_name: `M${i}`, last_name: 'Ember', phone: '1' } })).status).toBe(201);
      const { access } = (await http(server.port, 'POST', '/api/token/', { body: { username: email, password: 'Vivid-Harbor-42' } })).json();
      const added = await http(servers[(i + 1) % 3]!.port, 'POST', '/api/people/', { token: access, body: { name: `Friend ${i}`, occasions: [{ topic: 'Birthday', ...ahead(3) }] } });
      expect(added.status).toBe(201);
      members.push({ email, access });
    }
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !members.every((m) => smtp.mails.some((mail) => mail.to.includes(m.email)))) await sleep(100);
    await sleep(2000); // several more rounds of every process: nothing is sent twice
    for (const [i, m] of members.entries()) {
      expect([m.email, smtp.mails.filter((mail) => mail.to.includes(m.email)).length]).toEqual([m.email, 1]);
      const notes = (await http(servers[i % 3]!.port, 'GET', '/api/notifications/', { token: m.access })).json().notifications;
      expect(notes.filter((n: { kind: string }) => n.kind === 'reminder')).toHaveLength(1);
    }
  });
});
