/**
 * Mail refusals and suppression, on both databases, against a real SMTP server that answers each
 * code of the rule (test/kit/smtp-sink.ts), with a controlled clock (only Date is faked: sockets
 * and the database keep their real timers) and the scheduler's rounds run by hand:
 *
 * - the mailbox refused at RCPT (550, 5.1.1, 5.1.10, 5.2.1): `bounced`, the address kept from
 *   every sender for 30 days, then free again;
 * - the message refused (5xx after DATA, 5.7.x): `failed` with the reason, nothing suppressed;
 * - a dropped connection, this site's sign-in refused, 4xx: tried again with back-off, `failed`
 *   after the last try, never a suppression, a log line and wishes_mail_failed_total{reason};
 * - bounce suppressions recorded earlier expire 30 days after they were made; only the
 *   recipient's own act is for good.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../platform/config';
import { createTestApp, dialects, type TestContext, type TestDialect, type TestUser } from '../../test/kit/harness';
import { fakeDate } from '../../test/kit/fake-date';
import { startSmtpSink, type SinkReply, type SmtpSink } from '../../test/kit/smtp-sink';
import { emailHash, suppress } from './queries';

const MINUTE = 60_000;
const DAY = 86_400_000;
const RETRY_BASE = 10 * MINUTE;
const CONFIG: Partial<Config> = {
  // Rounds are run by hand (scheduler.runOnce): the timer never fires within a test.
  deliveryPollMs: 3_600_000,
  deliveryRetryBaseMs: RETRY_BASE,
  deliveryMaxAttempts: 3,
  deliveriesPerDay: 1000,
  requireVerifiedSenders: false,
  mailFrom: 'wishes@example.com',
  logLevel: 'warn',
};

const { advance } = fakeDate();

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
}
async function rowOf(app: FastifyInstance, id: number): Promise<Row> {
  return (await app.deps.db.selectFrom('deliveries').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow()) as Row;
}
async function suppressionOf(app: FastifyInstance, email: string) {
  return app.deps.db.selectFrom('email_suppressions').select(['reason', 'created_at']).where('email_hash', '=', emailHash(email)).executeTakeFirst();
}
const counter = (text: string, line: string) => Number(new RegExp(`^${line.replace(/[{}"]/g, (c) => `\\${c}`)} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);

describe.each(dialects)('mail refusals and suppression (%s)', (dialect: TestDialect) => {
  let smtp: SmtpSink;
  let t: TestContext;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // With credentials, so every connection signs in (and a refused sign-in can be shown).
    t = await createTestApp(dialect, { ...CONFIG, smtpUrl: smtp.authUrl }, { realMailer: true, logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.reject.clear();
    smtp.rejectData.clear();
    smtp.failAuth = false;
    smtp.dropConnections = false;
    lines.length = 0;
  });

  /** A new sender: after a jump of the clock the earlier ones' access tokens have expired. */
  const sender = async (): Promise<{ user: TestUser; wishId: number }> => {
    const user = await t.createUser({ first_name: 'Ada' });
    return { user, wishId: await t.saveWish(user, 'A wish for you.') };
  };
  const send = (from: { user: TestUser; wishId: number }, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/api/base/wish/${from.wishId}/send/`, token: from.user.access, payload });
  const listed = async (from: { user: TestUser }, id: number) =>
    (await t.request({ url: '/api/base/deliveries/', token: from.user.access })).json().deliveries.find((d: { delivery_id: number }) => d.delivery_id === id);
  const metrics = () => t.app.deps.metrics.text();
  const round = () => t.app.deps.scheduler!.runOnce();

  it.each<[string, SinkReply, string]>([
    ['550 alone', 550, 'SMTP 550'],
    ['5.1.1 (no such user)', { code: 550, status: '5.1.1', text: 'No such user here' }, 'SMTP 550 5.1.1'],
    ['5.1.10 (null MX)', { code: 556, status: '5.1.10', text: 'Recipient address has null MX' }, 'SMTP 556 5.1.10'],
    ['5.2.1 (mailbox disabled)', { code: 554, status: '5.2.1', text: 'Mailbox disabled' }, 'SMTP 554 5.2.1'],
  ])('a mailbox refused at RCPT with %s: bounced with its reason, the address kept from every sender for 30 days, then free', async (name, reply, code) => {
    const address = `gone-${name.replace(/\W+/g, '-')}@example.com`.toLowerCase();
    const ada = await sender();
    const carol = await sender();
    // Scheduled by someone else for after the 30 days: a bounce does not cancel it.
    const later = await send(carol, { recipient_email: address, send_at: new Date(Date.now() + 40 * DAY).toISOString() });
    expect(later.json().status).toBe('scheduled');
    const before = counter(await metrics(), 'wishes_mail_failed_total{reason="mailbox"}');

    smtp.reject.set(address, reply);
    const res = await send(ada, { recipient_email: address, recipient_name: 'Gone' });
    expect(res.statusCode).toBe(201);
    const id = res.json().delivery_id;
    const row = await rowOf(t.app, id);
    expect(row).toMatchObject({ status: 'bounced', attempts: 1 });
    expect(smtp.tries.get(address)).toBe(1); // never tried again
    const shown = await listed(ada, id);
    expect(shown.status).toBe('bounced');
    expect(shown.failure_reason).toBe(`The recipient's mail server refused the address (${code}).`);
    expect(counter(await metrics(), 'wishes_mail_failed_total{reason="mailbox"}')).toBe(before + 1);

    // Every sender: 409 with the sentence, for 30 days.
    const bob = await sender();
    const refused = await send(bob, { recipient_email: address });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This address does not accept wishes');
    expect((await suppressionOf(t.app, address))?.reason).toBe('bounce');
    expect((await rowOf(t.app, later.json().delivery_id)).status).toBe('scheduled');

    advance(29 * DAY);
    expect((await send(await sender(), { recipient_email: address })).statusCode).toBe(409);

    // 30 days after the refusal the address takes wishes again (the mailbox may exist by now).
    advance(DAY + MINUTE);
    smtp.reject.delete(address);
    const again = await send(await sender(), { recipient_email: address });
    expect(again.statusCode).toBe(201);
    expect(again.json().status).toBe('sent');
    expect(smtp.mails.filter((m) => m.to.includes(address))).toHaveLength(1);
    // Carol's far delivery is still waiting; cancelled so later tests' jumps leave it alone.
    await t.app.deps.db.updateTable('deliveries').set({ status: 'cancelled' }).where('id', '=', later.json().delivery_id).execute();
  });

  it.each<[string, 'rcpt' | 'data', SinkReply, string]>([
    ['a content filter after DATA (554 5.7.1)', 'data', { code: 554, status: '5.7.1', text: 'Message looks like spam' }, 'SMTP 554 5.7.1'],
    ['any other 5xx after DATA (552 5.3.4)', 'data', { code: 552, status: '5.3.4', text: 'Message too big' }, 'SMTP 552 5.3.4'],
    ['a policy refusal at RCPT (550 5.7.1)', 'rcpt', { code: 550, status: '5.7.1', text: 'Sender blocked by policy' }, 'SMTP 550 5.7.1'],
  ])('a refused message, %s: that delivery failed with the reason, nothing suppressed', async (name, at, reply, code) => {
    const address = `picky-${name.replace(/\W+/g, '-')}@example.com`.toLowerCase();
    const ada = await sender();
    const before = counter(await metrics(), 'wishes_mail_failed_total{reason="message"}');
    (at === 'data' ? smtp.rejectData : smtp.reject).set(address, reply);
    const res = await send(ada, { recipient_email: address });
    expect(res.statusCode).toBe(201);
    const id = res.json().delivery_id;
    expect(await rowOf(t.app, id)).toMatchObject({ status: 'failed', attempts: 1 });
    const shown = await listed(ada, id);
    expect(shown).toMatchObject({ status: 'failed', failure_reason: `The recipient's mail server refused the message (${code}).` });
    expect(await suppressionOf(t.app, address)).toBeUndefined();
    expect(counter(await metrics(), 'wishes_mail_failed_total{reason="message"}')).toBe(before + 1);
    expect(smtp.mails.filter((m) => m.to.includes(address))).toHaveLength(0);

    // Another sender's wish (another text) reaches the address.
    (at === 'data' ? smtp.rejectData : smtp.reject).delete(address);
    const other = await send(await sender(), { recipient_email: address });
    expect(other.statusCode).toBe(201);
    expect(other.json().status).toBe('sent');
  });

  it.each<[string, (address: string) => void, string, string]>([
    ['a dropped connection', () => (smtp.dropConnections = true), 'connection', 'The mail server could not be reached, 3 times.'],
    ["this site's sign-in refused by its relay (535 5.7.8)", () => (smtp.failAuth = true), 'auth', 'This site could not sign in to its mail server, 3 times.'],
    ['451 at RCPT', (address) => smtp.reject.set(address, { code: 451, status: '4.3.0', text: 'Try again later' }), 'deferred', "The recipient's mail server turned it away for now (SMTP 451), 3 times."],
    ['421 after DATA', (address) => smtp.rejectData.set(address, { code: 421, status: '4.7.0', text: 'Too many messages, slow down' }), 'deferred', "The recipient's mail server turned it away for now (SMTP 421), 3 times."],
  ])('temporary, %s: tried again with back-off, failed after the last try, never a suppression, logged and counted', async (name, fail, reason, finalText) => {
    const address = `later-${name.replace(/\W+/g, '-')}@example.com`.toLowerCase();
    const ada = await sender();
    const before = counter(await metrics(), `wishes_mail_failed_total{reason="${reason}"}`);
    fail(address);
    const res = await send(ada, { recipient_email: address });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('scheduled');
    const id = res.json().delivery_id;
    expect(await rowOf(t.app, id)).toMatchObject({ status: 'scheduled', attempts: 1 });
    const waiting = await listed(ada, id);
    expect(waiting.status).toBe('scheduled');
    expect(waiting.error).toBe(finalText.replace(/, 3 times\.$/, '.'));
    expect(waiting.failure_reason).toBeNull();

    // Back-off: RETRY_BASE after the first try, twice that after the second.
    advance(RETRY_BASE - MINUTE);
    await round();
    expect((await rowOf(t.app, id)).attempts).toBe(1);
    advance(2 * MINUTE);
    await round();
    expect(await rowOf(t.app, id)).toMatchObject({ status: 'scheduled', attempts: 2 });
    advance(2 * RETRY_BASE - 2 * MINUTE);
    await round();
    expect((await rowOf(t.app, id)).attempts).toBe(2);
    advance(3 * MINUTE);
    await round();
    expect(await rowOf(t.app, id)).toMatchObject({ status: 'failed', attempts: 3, last_error: finalText });
    expect((await listed(await sender(), id)) ?? null).toBeNull(); // another member does not see it

    // Never a suppression; the operator sees each try (a log line with the reason, the metric).
    expect(await suppressionOf(t.app, address)).toBeUndefined();
    expect(counter(await metrics(), `wishes_mail_failed_total{reason="${reason}"}`)).toBe(before + 3);
    const logged = lines.filter((line) => line.includes('mail could not be sent') && line.includes(`"reason":"${reason}"`));
    expect(logged).toHaveLength(3);
    expect(lines.filter((line) => line.includes('wish delivery failed'))).toHaveLength(3);

    smtp.reject.clear();
    smtp.rejectData.clear();
    smtp.failAuth = false;
    smtp.dropConnections = false;
    const sentBefore = counter(await metrics(), 'wishes_mail_sent_total');
    const next = await send(await sender(), { recipient_email: address });
    expect(next.json().status).toBe('sent');
    expect(counter(await metrics(), 'wishes_mail_sent_total')).toBe(sentBefore + 1);
  });

  it('bounce suppressions recorded earlier expire 30 days after they were made; a recipient\'s own act is for good and outranks a bounce', async () => {
    const db = t.app.deps.db;
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    // Rows as the earlier rule wrote them (any 5xx, content refusals too, reason "bounce").
    await sql`insert into email_suppressions (email_hash, reason, created_at) values
      (${emailHash('old-bounce@example.com')}, 'bounce', ${at(31 * DAY)}),
      (${emailHash('new-bounce@example.com')}, 'bounce', ${at(29 * DAY)}),
      (${emailHash('old-unsub@example.com')}, 'unsubscribe', ${at(400 * DAY)})`.execute(db);
    const ada = await sender();
    expect((await send(ada, { recipient_email: 'old-bounce@example.com' })).statusCode).toBe(201);
    expect((await send(ada, { recipient_email: 'new-bounce@example.com' })).statusCode).toBe(409);
    expect((await send(ada, { recipient_email: 'old-unsub@example.com' })).statusCode).toBe(409);
    advance(DAY + MINUTE);
    const bob = await sender();
    expect((await send(bob, { recipient_email: 'new-bounce@example.com' })).statusCode).toBe(201);

    // The recipient's own act (one-click unsubscribe from a received mail): for good.
    const mailed = await send(bob, { recipient_email: 'reader@example.com' });
    expect(mailed.json().status).toBe('sent');
    const { token } = await db.selectFrom('deliveries').select('token').where('id', '=', mailed.json().delivery_id).executeTakeFirstOrThrow();
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/unsubscribe/` })).statusCode).toBe(200);
    advance(365 * DAY);
    expect((await send(await sender(), { recipient_email: 'reader@example.com' })).statusCode).toBe(409);

    // A bounce never downgrades a recipient's act; a recipient's act replaces a bounce.
    await suppress(db, 'reader@example.com', 'bounce');
    expect((await suppressionOf(t.app, 'reader@example.com'))?.reason).toBe('unsubscribe');
    await suppress(db, 'both@example.com', 'bounce');
    await suppress(db, 'both@example.com', 'not_me');
    expect((await suppressionOf(t.app, 'both@example.com'))?.reason).toBe('not_me');
    advance(31 * DAY);
    expect((await send(await sender(), { recipient_email: 'both@example.com' })).statusCode).toBe(409);
    // A second bounce restarts the 30 days of the first.
    await suppress(db, 'twice@example.com', 'bounce');
    advance(20 * DAY);
    await suppress(db, 'twice@example.com', 'bounce');
    advance(20 * DAY);
    expect((await send(await sender(), { recipient_email: 'twice@example.com' })).statusCode).toBe(409);
  });
});
