/**
 * Sending wishes to people, on both databases, against a real SMTP server: send now, schedule and
 * wait, a restart in between, three app instances on one database (one mail each), cancel, the
 * beacon (a GET never counts), limits, unverified and fresh senders, one-click unsubscribe and
 * "not me", permanent failures, private wishes via the link, deletion ending links, the export.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app/app';
import type { Config } from '../platform/config';
import { createPgDatabase, createTestApp, dialects, type TestContext, type TestDialect, type TestUser } from '../../test/kit/harness';
import { startSmtpSink, type SmtpSink } from '../../test/kit/smtp-sink';
import { movableClock } from '../../test/kit/clock';
import { sql } from 'kysely';
import { scrubUrl } from '../app/request-log';
import { emailHash } from './queries';
import { retryDelayMs } from './scheduler';

const FAST: Partial<Config> = { deliveryPollMs: 100, deliveryRetryBaseMs: 50, deliveryMaxAttempts: 3, requireVerifiedSenders: false, mailFrom: 'wishes@example.com' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

async function tokenOf(app: FastifyInstance, deliveryId: number): Promise<string> {
  const row = await app.deps.db.selectFrom('deliveries').select('token').where('id', '=', deliveryId).executeTakeFirstOrThrow();
  return row.token;
}

async function statusOf(t: TestContext, user: TestUser, deliveryId: number) {
  const list = await t.request({ url: '/api/base/deliveries/', token: user.access });
  return list.json().deliveries.find((d: { delivery_id: number }) => d.delivery_id === deliveryId);
}

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe.each(dialects)('deliveries (%s)', (dialect: TestDialect) => {
  // What is scheduled a second or two ahead becomes due by moving the clock, not by waiting.
  const clock = movableClock();
  let smtp: SmtpSink;
  let t: TestContext;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(dialect, { ...FAST, smtpUrl: smtp.url }, { realMailer: true });
    ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
    bob = await t.createUser({ first_name: 'Bob', last_name: 'Stone' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
    smtp.reject.clear();
  });

  const send = (user: TestUser, wishId: number, payload: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/base/wish/${wishId}/send/`, token: user.access, payload });

  it('sends now: one mail with the note, the text, the card and one-click unsubscribe; the page shows it; the beacon notifies once', async () => {
    const wishId = await t.saveWish(ada, 'Happy birthday, Grace! May your year be full of light.');
    const res = await send(ada, wishId, { recipient_email: 'Grace@Example.com', recipient_name: 'Grace', note: 'For your big day' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent' });
    const mails = await smtp.waitFor(1);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(['grace@example.com']);
    const token = await tokenOf(t.app, res.json().delivery_id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(mail.text).toMatch(/^Subject: Ada sent you a wish/m);
    expect(mail.text).toContain(`List-Unsubscribe: <http://wishes.test/api/base/deliveries/received/${token}/unsubscribe/>`);
    expect(mail.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail.text).toContain(`http://wishes.test/w/${token}`);
    expect(mail.text).toContain(`http://wishes.test/w/${token}?not_me=1`);
    expect(mail.text).toContain('For your big day');
    expect(mail.text).toContain('Happy birthday, Grace!');
    expect(mail.text).toMatch(/Content-Type: text\/html/);
    expect(mail.text).toMatch(/Content-Type: image\/png/);
    expect(mail.text).toContain('cid:wish-card');

    const page = await t.request({ url: `/w/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('Happy birthday, Grace!');
    expect(page.body).toContain('Ada Lovelace');
    expect(page.body).not.toContain('grace@example.com');
    const json = await t.request({ url: `/api/base/deliveries/received/${token}/` });
    expect(json.statusCode).toBe(200);
    expect(json.body).not.toContain('grace@example.com');
    const card = await t.request({ url: `/api/base/deliveries/received/${token}/card.png` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');

    // GETs (scanners, previews) never count as an open.
    expect((await statusOf(t, ada, res.json().delivery_id)).status).toBe('sent');
    const before = (await t.request({ url: '/api/notifications/', token: ada.access })).json().notifications.length;
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/opened/` })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/opened/` })).statusCode).toBe(200);
    const after = (await t.request({ url: '/api/notifications/', token: ada.access })).json().notifications;
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ kind: 'delivery_opened', wish_id: wishId, text: 'Grace opened your wish.' });
    const status = await statusOf(t, ada, res.json().delivery_id);
    expect(status).toMatchObject({ status: 'opened', recipient_email: 'grace@example.com' });
    expect(status.opened_at).toEqual(expect.any(String));
  });

  it("the mail's card and the recipient page's card are drawn in the theme the author picked", async () => {
    const saved = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: ada.access, payload: { text: 'Themed for you.', card_theme: 'midnight' } });
    const wishId = saved.json().wish_id;
    const res = await send(ada, wishId, { recipient_email: 'themed@example.com' });
    expect(res.json().status).toBe('sent');
    const token = await tokenOf(t.app, res.json().delivery_id);
    const themed = (await t.request({ url: `/api/base/wish/${wishId}/card.png` })).rawPayload;
    const classic = (await t.request({ url: `/api/base/wish/${wishId}/card.png?theme=classic` })).rawPayload;
    expect(themed.equals(classic)).toBe(false);
    expect((await t.request({ url: `/api/base/deliveries/received/${token}/` })).json().card_theme).toBe('midnight');
    expect((await t.request({ url: `/api/base/deliveries/received/${token}/card.png` })).rawPayload.equals(themed)).toBe(true);
    const mail = (await smtp.waitFor(1)).find((m) => m.to.includes('themed@example.com'))!;
    const attached = /Content-Type: image\/png[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw)![1]!;
    expect(Buffer.from(attached.replace(/\s/g, ''), 'base64').equals(themed)).toBe(true);
  });

  it('publishes the open on the unread bus (the live stream)', async () => {
    const wishId = await t.saveWish(ada, 'A live one.');
    const res = await send(ada, wishId, { recipient_email: 'live@example.com' });
    const token = await tokenOf(t.app, res.json().delivery_id);
    const seen: number[] = [];
    const unsubscribe = t.app.deps.notifications.bus.subscribe(ada.id, () => void seen.push(ada.id));
    // PostgreSQL: the first subscription starts the LISTEN; a NOTIFY sent before it is up is not heard
    // (an open stream has long been listening by the time a recipient opens the wish).
    await t.app.deps.notifications.bus.ready();
    await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/opened/` });
    await until(async () => seen.length > 0);
    unsubscribe();
  });

  it('schedules for later and mails once at the time', async () => {
    const wishId = await t.saveWish(ada, 'Later, with love.');
    const res = await send(ada, wishId, { recipient_email: 'later@example.com', send_at: inSeconds(1.5) });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('scheduled');
    expect(smtp.mails).toHaveLength(0);
    clock.advance(1500);
    await smtp.waitFor(1);
    await sleep(500);
    expect(smtp.mails.filter((m) => m.to.includes('later@example.com'))).toHaveLength(1);
    await until(async () => (await statusOf(t, ada, res.json().delivery_id)).status === 'sent');
  });

  it('cancels a scheduled delivery: nothing is mailed, the link never works, 409 afterwards', async () => {
    const wishId = await t.saveWish(ada, 'Never mind.');
    const res = await send(ada, wishId, { recipient_email: 'cancel@example.com', send_at: inSeconds(1) });
    const id = res.json().delivery_id;
    expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/${id}/`, token: bob.access })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/${id}/`, token: ada.access })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/${id}/`, token: ada.access })).statusCode).toBe(409);
    clock.advance(1500);
    await t.app.deps.scheduler!.runOnce();
    expect(smtp.mails).toHaveLength(0);
    expect((await t.request({ url: `/w/${await tokenOf(t.app, id)}` })).statusCode).toBe(404);
    expect((await statusOf(t, ada, id)).status).toBe('cancelled');
  });

  it('a delivery a process is mailing at this moment can no longer be cancelled (409)', async () => {
    const wishId = await t.saveWish(ada, 'In flight.');
    const res = await send(ada, wishId, { recipient_email: 'flight@example.com', send_at: inSeconds(60) });
    const id = res.json().delivery_id;
    // Another process holds it with a live lease, as while it talks to the mail server.
    await t.app.deps.db.updateTable('deliveries').set({ leased_by: 'another-process', lease_expires_at: inSeconds(120), attempts: 1 }).where('id', '=', id).execute();
    const refused = await t.request({ method: 'DELETE', url: `/api/base/deliveries/${id}/`, token: ada.access });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This delivery can no longer be cancelled.');
    expect((await statusOf(t, ada, id)).status).toBe('scheduled');
    // Once the lease is over (that process died), it can be cancelled again.
    await t.app.deps.db.updateTable('deliveries').set({ lease_expires_at: inSeconds(-1) }).where('id', '=', id).execute();
    expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/${id}/`, token: ada.access })).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 4xx and schedules nothing', async () => {
    const wishId = await t.saveWish(ada, 'Checked.');
    const count = async () => Number((await t.app.deps.db.selectFrom('deliveries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cases: [Record<string, unknown>, number, TestUser?, number?][] = [
      [{ recipient_email: 'not-an-email' }, 400],
      [{ recipient_email: 'a@example.com', send_at: '2001-01-01T00:00:00Z' }, 400],
      [{ recipient_email: 'a@example.com', send_at: inSeconds(400 * 86400) }, 400],
      [{ recipient_email: 'a@example.com', send_at: 'tomorrow' }, 400],
      [{ recipient_email: 'a@example.com', note: 'x'.repeat(301) }, 400],
      [{}, 400],
      [{ recipient_email: 'a@example.com' }, 404, bob],
      [{ recipient_email: 'a@example.com' }, 404, ada, 999_999],
    ];
    for (const [payload, status, user, id] of cases) {
      const res = await send(user ?? ada, id ?? wishId, payload);
      expect([res.statusCode, payload]).toEqual([status, payload]);
      expect(typeof (res.json().error ?? res.json().detail)).toBe('string');
    }
    expect(await count()).toBe(before);
  });

  it('a private wish reaches its recipient through the link only; deleting it ends the link and the schedule', async () => {
    const wishId = await t.saveWish(ada, 'Just for you, Sam.', false);
    const res = await send(ada, wishId, { recipient_email: 'sam@example.com', recipient_name: 'Sam' });
    expect(res.json().status).toBe('sent');
    const token = await tokenOf(t.app, res.json().delivery_id);
    expect((await t.request({ url: `/api/base/wish/${wishId}/` })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/base/wish/${wishId}/card.png` })).statusCode).toBe(404);
    const page = await t.request({ url: `/w/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Just for you, Sam.');
    const later = await send(ada, wishId, { recipient_email: 'sam2@example.com', send_at: inSeconds(60) });
    expect((await t.request({ method: 'DELETE', url: `/api/base/wish/${wishId}/`, token: ada.access })).statusCode).toBe(200);
    expect((await t.request({ url: `/w/${token}` })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/base/deliveries/received/${token}/` })).statusCode).toBe(404);
    expect(await t.app.deps.db.selectFrom('deliveries').select('id').where('id', '=', later.json().delivery_id).executeTakeFirst()).toBeUndefined();
    // Unknown links reveal nothing.
    expect((await t.request({ url: '/w/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/base/deliveries/received/nope/' })).statusCode).toBe(404);
  });

  it('one-click unsubscribe and "not me" suppress the address for every sender', async () => {
    const wishId = await t.saveWish(ada, 'Hello there.');
    const res = await send(ada, wishId, { recipient_email: 'unsub@example.com' });
    const token = await tokenOf(t.app, res.json().delivery_id);
    const one = await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/unsubscribe/`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(one.statusCode).toBe(200);
    const bobWish = await t.saveWish(bob, 'From Bob.');
    const again = await send(bob, bobWish, { recipient_email: 'UNSUB@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This address does not accept wishes');

    const res2 = await send(ada, wishId, { recipient_email: 'notme@example.com' });
    const token2 = await tokenOf(t.app, res2.json().delivery_id);
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token2}/not_me/` })).statusCode).toBe(200);
    expect((await send(bob, bobWish, { recipient_email: 'notme@example.com' })).statusCode).toBe(409);
  });

  it("the unsubscribe address opened in a browser changes nothing and leads to the page's confirmation, which suppresses", async () => {
    const wishId = await t.saveWish(ada, 'Opened by a mail program.');
    const res = await send(ada, wishId, { recipient_email: 'browser@example.com' });
    const token = await tokenOf(t.app, res.json().delivery_id);
    // A mail program without one-click (or a link scanner) opens the List-Unsubscribe address.
    const opened = await t.request({ url: `/api/base/deliveries/received/${token}/unsubscribe/` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/w/${token}?unsubscribe=1`);
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(opened.json()).toEqual({ message: 'Confirm on the page this leads to: a link opened changes nothing by itself.' });
    // The same answer for a link that does not exist: the page there answers 404 and tells nothing.
    const unknown = await t.request({ url: '/api/base/deliveries/received/nope/unsubscribe/' });
    expect(unknown.statusCode).toBe(303);
    expect((await t.request({ url: unknown.headers.location as string })).statusCode).toBe(404);
    // Nothing was suppressed by the GET: the address still takes wishes.
    expect(await t.app.deps.db.selectFrom('email_suppressions').select('reason').where('email_hash', '=', emailHash('browser@example.com')).executeTakeFirst()).toBeUndefined();
    const page = await t.request({ url: opened.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-action="unsubscribe/">Send no more wishes</button>');
    // The page's button (static/w.js) posts the one-click call: suppressed, with its reason.
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/unsubscribe/` })).statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('email_suppressions').select('reason').where('email_hash', '=', emailHash('browser@example.com')).executeTakeFirst()).toEqual({ reason: 'unsubscribe' });
  });

  it('one-click unsubscribe sent as multipart/form-data (the form RFC 8058 prefers) suppresses too', async () => {
    const wishId = await t.saveWish(ada, 'Multipart.');
    const res = await send(ada, wishId, { recipient_email: 'multi@example.com' });
    const token = await tokenOf(t.app, res.json().delivery_id);
    const boundary = '----wishes-test';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const one = await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/unsubscribe/`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(one.statusCode).toBe(200);
    expect((await send(ada, wishId, { recipient_email: 'multi@example.com' })).statusCode).toBe(409);
  });

  it('a wish hidden by moderators is not mailed, cannot be sent, and its links end (unsubscribe still works)', async () => {
    const wishId = await t.saveWish(ada, 'Soon hidden.');
    const sent = await send(ada, wishId, { recipient_email: 'hid1@example.com' });
    const token = await tokenOf(t.app, sent.json().delivery_id);
    const later = await send(ada, wishId, { recipient_email: 'hid2@example.com', send_at: inSeconds(1) });
    expect(later.statusCode).toBe(201);
    await sql`update wishes set hidden = 1, hidden_reason = 'Spam' where id = ${wishId}`.execute(t.app.deps.db);
    for (const url of [`/w/${token}`, `/api/base/deliveries/received/${token}/`, `/api/base/deliveries/received/${token}/card.png`]) {
      const res = await t.request({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('Soon hidden.');
    }
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/opened/` })).statusCode).toBe(404);
    const refused = await send(ada, wishId, { recipient_email: 'hid3@example.com' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('A moderator hid this wish, so it cannot be sent.');
    clock.advance(1000);
    const failed = await until(async () => {
      const d = await statusOf(t, ada, later.json().delivery_id);
      return d.status === 'failed' && d;
    });
    expect(failed.error).toBe('A moderator hid this wish, so it was not sent.');
    expect(smtp.mails.filter((m) => m.to.includes('hid2@example.com'))).toHaveLength(0);
    // The mail already delivered still unsubscribes.
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/unsubscribe/` })).statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('email_suppressions').select('reason').where('email_hash', '=', emailHash('hid1@example.com')).executeTakeFirst()).toEqual({ reason: 'unsubscribe' });
  });

  it('a temporary refusal every time: tried DELIVERY_MAX_ATTEMPTS times, then failed with the reply shown to the sender', async () => {
    const wishId = await t.saveWish(ada, 'Busy all day.');
    smtp.reject.set('always-busy@example.com', 451);
    const res = await send(ada, wishId, { recipient_email: 'always-busy@example.com' });
    expect(res.json().status).toBe('scheduled');
    const failed = await until(async () => {
      const d = await statusOf(t, ada, res.json().delivery_id);
      return d.status === 'failed' && d;
    });
    expect(smtp.tries.get('always-busy@example.com')).toBe(FAST.deliveryMaxAttempts);
    expect(failed.error).toBe("The recipient's mail server turned it away for now (SMTP 451), 3 times.");
    // A temporary refusal suppresses nothing.
    expect(await t.app.deps.db.selectFrom('email_suppressions').select('reason').where('email_hash', '=', emailHash('always-busy@example.com')).executeTakeFirst()).toBeUndefined();
  });

  it('a mailbox refused at RCPT bounces the delivery with its reason and suppresses the address; a temporary refusal is tried again', async () => {
    const wishId = await t.saveWish(ada, 'Bounce?');
    smtp.reject.set('gone@example.com', 550);
    const res = await send(ada, wishId, { recipient_email: 'gone@example.com' });
    expect(res.json().status).toBe('scheduled');
    const failed = await until(async () => {
      const d = await statusOf(t, ada, res.json().delivery_id);
      return d.status === 'bounced' && d;
    });
    expect(failed.error).toMatch(/refused/);
    expect((await send(ada, wishId, { recipient_email: 'gone@example.com' })).statusCode).toBe(409);

    smtp.reject.set('busy@example.com', 451);
    const busy = await send(ada, wishId, { recipient_email: 'busy@example.com' });
    expect(busy.json().status).toBe('scheduled');
    smtp.reject.delete('busy@example.com');
    await until(async () => (await statusOf(t, ada, busy.json().delivery_id)).status === 'sent');
    expect(smtp.mails.filter((m) => m.to.includes('busy@example.com'))).toHaveLength(1);
  });

  it('the account export holds deliveries (no link secret) and chats', async () => {
    const res = await t.request({ url: '/api/account/export/', token: ada.access });
    const data = JSON.parse(res.body);
    expect(data.deliveries.length).toBeGreaterThan(0);
    expect(data.deliveries[0]).toHaveProperty('recipient_email');
    expect(JSON.stringify(data.deliveries)).not.toMatch(/"token"/);
    expect(Array.isArray(data.chats)).toBe(true);
  });

  it('deleting the account ends its links', async () => {
    const carol = await t.createUser({ first_name: 'Carol' });
    const wishId = await t.saveWish(carol, 'Bye.');
    const res = await send(carol, wishId, { recipient_email: 'friend@example.com' });
    const token = await tokenOf(t.app, res.json().delivery_id);
    expect((await t.request({ url: `/w/${token}` })).statusCode).toBe(200);
    const later = await send(carol, wishId, { recipient_email: 'friend-later@example.com', send_at: inSeconds(1) });
    expect((await t.request({ method: 'DELETE', url: '/api/account/', token: carol.access, payload: { password: carol.password } })).statusCode).toBe(200);
    expect((await t.request({ url: `/w/${token}` })).statusCode).toBe(404);
    // What was still scheduled goes nowhere.
    clock.advance(1200);
    await t.app.deps.scheduler!.runOnce();
    expect(await t.app.deps.db.selectFrom('deliveries').select('id').where('id', '=', later.json().delivery_id).executeTakeFirst()).toBeUndefined();
    expect(smtp.mails.filter((m) => m.to.includes('friend-later@example.com'))).toHaveLength(0);
  });
});

describe.each(dialects)('delivery limits and verified senders (%s)', (dialect: TestDialect) => {
  let smtp: SmtpSink;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(dialect, { ...FAST, smtpUrl: smtp.url, requireVerifiedSenders: true, deliveriesPerDay: 5 }, { realMailer: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('an unverified sender gets 403 until the mailed link is used; a fresh account sends at most 3 a day; DELIVERIES_PER_DAY holds', async () => {
    const dan = await t.createUser({ first_name: 'Dan' });
    const mails = await smtp.waitFor(1);
    const mail = mails.find((m) => m.to.includes(dan.email))!;
    expect(mail.text).toMatch(/Subject: Verify your email address/);
    const wishId = await t.saveWish(dan, 'Hi!');
    const refused = await t.request({ method: 'POST', url: `/api/base/wish/${wishId}/send/`, token: dan.access, payload: { recipient_email: 'x1@example.com' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/verify your email address/);
    const token = decodeURIComponent(/verify-email\?token=([^\s]+)/.exec(mail.text)![1]!);
    const page = await t.request({ url: `/verify-email?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/static/verify-email.js');
    expect((await t.request({ method: 'POST', url: '/api/account/verify_email/', payload: { token: token + 'x' } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/account/verify_email/', payload: { token } })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/account/', token: dan.access })).json().email_verified).toBe(true);
    // Fresh (< 24 h): three at the same moment go through, the fourth is refused.
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => t.request({ method: 'POST', url: `/api/base/wish/${wishId}/send/`, token: dan.access, payload: { recipient_email: `f${n}@example.com`, send_at: inSeconds(3600) } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429]);

    // An older account: DELIVERIES_PER_DAY (5 here), atomic under concurrency.
    await t.app.deps.db.updateTable('users').set({ created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() }).where('id', '=', dan.id).execute();
    const more = await Promise.all(
      [5, 6, 7, 8].map((n) => t.request({ method: 'POST', url: `/api/base/wish/${wishId}/send/`, token: dan.access, payload: { recipient_email: `f${n}@example.com`, send_at: inSeconds(3600) } })),
    );
    expect(more.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429]);
  });

  it('deleting the wish that was sent (its deliveries go with it) does not give the day\'s sends back', async () => {
    const eve = await t.createUser({ first_name: 'Eve' });
    await t.app.deps.db.updateTable('users').set({ created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(), email_verified_at: new Date().toISOString() }).where('id', '=', eve.id).execute();
    const first = await t.saveWish(eve, 'Spam, take one.');
    for (let n = 0; n < 5; n++) {
      const res = await t.request({ method: 'POST', url: `/api/base/wish/${first}/send/`, token: eve.access, payload: { recipient_email: `s${n}@example.com`, send_at: inSeconds(3600) } });
      expect(res.statusCode).toBe(201);
    }
    expect((await t.request({ method: 'DELETE', url: `/api/base/wish/${first}/`, token: eve.access })).statusCode).toBe(200);
    const second = await t.saveWish(eve, 'Spam, take two.');
    const again = await t.request({ method: 'POST', url: `/api/base/wish/${second}/send/`, token: eve.access, payload: { recipient_email: 's5@example.com' } });
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toBe('You can send at most 5 wishes a day. Please try again tomorrow.');
  });
});

/** Apps on one database, built and closed at will (restart, several processes). */
async function sharedDatabase(dialect: TestDialect) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-deliv-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'test.db')}`;
  let drop = async () => undefined as void;
  if (dialect === 'postgres') {
    const pg = await createPgDatabase();
    databaseUrl = pg.url;
    drop = pg.drop;
  }
  const build = (overrides: Partial<Config>) =>
    buildApp({ dataDir, databaseUrl, jwtSecret: 'test-secret-that-is-long-enough-0123456789', logLevel: 'silent', rateLimitScale: 1000, seedDemo: false, publicUrl: 'http://wishes.test', scryptCost: 1024, ...FAST, ...overrides });
  return { build, cleanup: async () => { await drop(); rmSync(dataDir, { recursive: true, force: true }); } };
}

async function signUp(app: FastifyInstance, first: string) {
  const email = `${first.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await app.inject({ method: 'POST', url: '/api/base/create_user/', payload: { email, password: 'Vivid-Harbor-42', first_name: first, last_name: 'Test', phone: '+1 555 0100' } });
  const login = await app.inject({ method: 'POST', url: '/api/token/', payload: { username: email, password: 'Vivid-Harbor-42' } });
  return { id: created.json().user_id as number, access: login.json().access as string };
}

describe.each(dialects)('the scheduler across restarts and processes (%s)', (dialect: TestDialect) => {
  const clock = movableClock();
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => smtp.close());

  it('a delivery scheduled before a restart goes out once after it', async () => {
    const db = await sharedDatabase(dialect);
    try {
      const first = await db.build({ smtpUrl: smtp.url });
      const user = await signUp(first, 'Rita');
      const wish = await first.inject({ method: 'POST', url: '/api/base/save_wish/', headers: { authorization: `Bearer ${user.access}` }, payload: { text: 'Across a restart.' } });
      const res = await first.inject({ method: 'POST', url: `/api/base/wish/${wish.json().wish_id}/send/`, headers: { authorization: `Bearer ${user.access}` }, payload: { recipient_email: 'restart@example.com', send_at: inSeconds(1.5) } });
      expect(res.json().status).toBe('scheduled');
      await first.close();
      clock.advance(2000); // due while no process runs
      expect(smtp.mails.filter((m) => m.to.includes('restart@example.com'))).toHaveLength(0);
      const second = await db.build({ smtpUrl: smtp.url });
      await until(async () => smtp.mails.some((m) => m.to.includes('restart@example.com')));
      await sleep(500);
      await second.close();
      expect(smtp.mails.filter((m) => m.to.includes('restart@example.com'))).toHaveLength(1);
    } finally {
      await db.cleanup();
    }
  });

  it('three processes on one database mail each delivery once', async () => {
    const db = await sharedDatabase(dialect);
    const apps: FastifyInstance[] = [];
    try {
      apps.push(await db.build({ smtpUrl: smtp.url }));
      const user = await signUp(apps[0]!, 'Max');
      const wish = await apps[0]!.inject({ method: 'POST', url: '/api/base/save_wish/', headers: { authorization: `Bearer ${user.access}` }, payload: { text: 'Many hands.' } });
      const recipients = Array.from({ length: 12 }, (_, i) => `many${i}@example.com`);
      for (const to of recipients) {
        const res = await apps[0]!.inject({ method: 'POST', url: `/api/base/wish/${wish.json().wish_id}/send/`, headers: { authorization: `Bearer ${user.access}` }, payload: { recipient_email: to, send_at: inSeconds(1.5) } });
        expect(res.statusCode).toBe(201);
      }
      apps.push(await db.build({ smtpUrl: smtp.url }), await db.build({ smtpUrl: smtp.url }));
      clock.advance(1500);
      await until(async () => recipients.every((to) => smtp.mails.some((m) => m.to.includes(to))), 20_000);
      await Promise.all(apps.map((a) => a.deps.scheduler!.runOnce()));
      await sleep(500);
      for (const to of recipients) expect([to, smtp.mails.filter((m) => m.to.includes(to)).length]).toEqual([to, 1]);
    } finally {
      for (const app of apps) await app.close();
      await db.cleanup();
    }
  });
});

describe('log lines', () => {
  it('never hold a recipient link secret, at trace level, with the development outbox mailer', async () => {
    const lines: string[] = [];
    const t = await createTestApp('sqlite', { ...FAST, logLevel: 'trace', smtpUrl: undefined, mailTransport: 'outbox' }, { realMailer: true, logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const ada = await t.createUser({ first_name: 'Ada' });
      const wishId = await t.saveWish(ada, 'Logged?');
      const res = await t.request({ method: 'POST', url: `/api/base/wish/${wishId}/send/`, token: ada.access, payload: { recipient_email: 'logs@example.com' } });
      expect(res.json().status).toBe('outbox');
      const token = await tokenOf(t.app, res.json().delivery_id);
      for (const url of [`/w/${token}`, `/w/${token}?not_me=1`, `/w/${token}?unsubscribe=1`, `/api/base/deliveries/received/${token}/unsubscribe/`, `/api/base/deliveries/received/${token}/`, `/api/base/deliveries/received/${token}/card.png?format=poster`, `/api/base/deliveries/received/${token}/nope/`]) await t.request({ url });
      await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/opened/` });
      await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/not_me/` });
      expect(lines.some((line) => line.includes('written to'))).toBe(true); // the outbox mailer logged the mail
      expect(lines.filter((line) => line.includes(token))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('never hold a recipient link secret (the URL scrubber)', () => {
    expect(scrubUrl('/w/abcDEF123_-xyz?not_me=1')).toBe('/w/[token]?not_me=1');
    expect(scrubUrl('/api/base/deliveries/received/abcDEF/opened/')).toBe('/api/base/deliveries/received/[token]/opened/');
    expect(scrubUrl('/api/base/feed/')).toBe('/api/base/feed/');
    expect(scrubUrl('/verify-email?token=12.345.abc')).toBe('/verify-email?token=[token]');
    expect(scrubUrl('/groups/confirm-email?token=abcDEF_-1')).toBe('/groups/confirm-email?token=[token]');
  });
});

describe('retry back-off', () => {
  it('doubles from DELIVERY_RETRY_BASE_MS after each failed try', () => {
    expect([1, 2, 3, 4].map((tries) => retryDelayMs(tries, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
  });
});
