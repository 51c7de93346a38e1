/**
 * The recipient's replies, on both databases, against a real SMTP server: a reply reaches the
 * sender (mail, live notification, `replied` on the sent list) and nobody else; it can be taken
 * back while the link lives; 5 per link per hour; bad input stores and sends nothing; after "not
 * me" or an unsubscribe the link takes no replies; the recipient's page escapes what it shows.
 */
import type { FastifyInstance } from 'fastify';
import { createTestApp, dialects, type TestContext, type TestDialect, type TestUser } from '../../test/kit/harness';
import { startSmtpSink, type SmtpSink } from '../../test/kit/smtp-sink';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function tokenOf(app: FastifyInstance, deliveryId: number): Promise<string> {
  const row = await app.deps.db.selectFrom('deliveries').select('token').where('id', '=', deliveryId).executeTakeFirstOrThrow();
  return row.token;
}

describe.each(dialects)('recipient replies (%s)', (dialect: TestDialect) => {
  let smtp: SmtpSink;
  let t: TestContext;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(dialect, { deliveryPollMs: 100, requireVerifiedSenders: false, mailFrom: 'wishes@example.com', smtpUrl: smtp.url }, { realMailer: true });
    ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
    bob = await t.createUser({ first_name: 'Bob', last_name: 'Stone' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
  });

  /** Ada sends a (private) wish to `email` now; the link's token and the delivery id. */
  async function delivered(email: string, name = 'Grace'): Promise<{ token: string; id: number; wishId: number }> {
    const wishId = await t.saveWish(ada, `For ${name}, with love.`, false);
    const res = await t.request({ method: 'POST', url: `/api/base/wish/${wishId}/send/`, token: ada.access, payload: { recipient_email: email, recipient_name: name } });
    expect(res.json().status).toBe('sent');
    await smtp.waitFor(1);
    smtp.mails.length = 0;
    return { token: await tokenOf(t.app, res.json().delivery_id), id: res.json().delivery_id, wishId };
  }
  const replyTo = (token: string, text: unknown) => t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/reply/`, payload: { text } });
  const rowOf = async (user: TestUser, id: number) => (await t.request({ url: '/api/base/deliveries/', token: user.access })).json().deliveries.find((d: { delivery_id: number }) => d.delivery_id === id);
  const replyCount = async () => Number((await t.app.deps.db.selectFrom('delivery_replies').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('a reply reaches the sender only: mailed to them, notified live, `replied` with the text on their list; the delivery counts as opened', async () => {
    const { token, id, wishId } = await delivered('grace@example.com');
    const seen: number[] = [];
    const unsubscribe = t.app.deps.notifications.bus.subscribe(ada.id, () => void seen.push(ada.id));
    await t.app.deps.notifications.bus.ready();
    const res = await replyTo(token, '  Thank you, Ada! <script>alert(1)</script>  ');
    expect(res.statusCode).toBe(201);
    const replyId = res.json().reply_id;
    expect(replyId).toEqual(expect.any(Number));

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([ada.email.toLowerCase()]);
    expect(mail!.text).toMatch(/^Subject: Grace replied to your wish/m);
    expect(mail!.text).toContain('Thank you, Ada! <script>alert(1)</script>');
    // The HTML part escapes the recipient's text.
    expect(mail!.text).toContain('Thank you, Ada! &lt;script&gt;alert(1)&lt;/script&gt;');
    await sleep(300);
    expect(smtp.mails).toHaveLength(1);

    for (let i = 0; i < 100 && seen.length === 0; i++) await sleep(50);
    expect(seen.length).toBeGreaterThan(0);
    unsubscribe();
    const notes = (await t.request({ url: '/api/notifications/', token: ada.access })).json().notifications;
    expect(notes[0]).toMatchObject({ kind: 'delivery_replied', wish_id: wishId, text: 'Grace replied: Thank you, Ada! <script>alert(1)</script>' });

    const row = await rowOf(ada, id);
    expect(row.status).toBe('replied');
    expect(row.opened_at).toEqual(expect.any(String));
    expect(row.replies).toEqual([{ reply_id: replyId, text: 'Thank you, Ada! <script>alert(1)</script>', created_at: expect.any(String) }]);
    // Nobody else sees it: not Bob's list, not the link's JSON, not Bob's notifications.
    expect(JSON.stringify((await t.request({ url: '/api/base/deliveries/', token: bob.access })).json())).not.toContain('Thank you, Ada');
    expect((await t.request({ url: `/api/base/deliveries/received/${token}/` })).body).not.toContain('Thank you, Ada');
    expect(JSON.stringify((await t.request({ url: '/api/notifications/', token: bob.access })).json())).not.toContain('Thank you');

    // The recipient's page lists it, escaped, with its take-back button.
    const page = await t.request({ url: `/w/${token}` });
    expect(page.body).toContain('id="reply-form"');
    expect(page.body).toContain(`<li data-reply-id="${replyId}">Thank you, Ada! &lt;script&gt;alert(1)&lt;/script&gt;<button`);
    expect(page.body).not.toContain('<script>alert(1)');

    // The account export carries it too.
    const exported = (await t.request({ url: '/api/account/export/', token: ada.access })).json();
    expect(JSON.stringify(exported)).toContain('Thank you, Ada!');
  });

  it('takes a reply back while the link lives: gone from the list, 404 a second time, from another link or with a bad id', async () => {
    const { token, id } = await delivered('takeback@example.com', 'Tim');
    const other = await delivered('other-link@example.com', 'Olga');
    const replyId = (await replyTo(token, 'Oops, wrong words')).json().reply_id;
    expect((await rowOf(ada, id)).status).toBe('replied');
    expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/received/${other.token}/replies/${replyId}/` })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/received/${token}/replies/abc/` })).statusCode).toBe(404);
    const back = await t.request({ method: 'DELETE', url: `/api/base/deliveries/received/${token}/replies/${replyId}/` });
    expect(back.statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/received/${token}/replies/${replyId}/` })).statusCode).toBe(404);
    const row = await rowOf(ada, id);
    expect(row.replies).toEqual([]);
    expect(row.status).toBe('opened');
    const stored = await t.app.deps.db.selectFrom('delivery_replies').select(['text', 'deleted_at']).where('id', '=', replyId).executeTakeFirstOrThrow();
    expect(stored.text).toBe('');
    expect(stored.deleted_at).not.toBeNull();
  });

  it('refuses empty and over-long text and unknown links with a clear 4xx, storing and mailing nothing', async () => {
    const { token } = await delivered('bad-input@example.com');
    const before = await replyCount();
    expect((await replyTo(token, '   ')).statusCode).toBe(400);
    expect((await replyTo(token, 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await replyTo(token, 42)).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/reply/`, payload: {} })).statusCode).toBe(400);
    expect((await replyTo('A'.repeat(43), 'Hello')).statusCode).toBe(404);
    expect((await replyTo('short', 'Hello')).statusCode).toBe(404);
    expect((await replyTo(token, 'x'.repeat(1000))).statusCode).toBe(201);
    expect(await replyCount()).toBe(before + 1);
    await sleep(300);
    expect(smtp.mails).toHaveLength(1);
  });

  it('at most 5 per link per hour, taken-back ones included, even when sent at once', async () => {
    const { token, id } = await delivered('limit@example.com', 'Lin');
    const first = await replyTo(token, 'one');
    await t.request({ method: 'DELETE', url: `/api/base/deliveries/received/${token}/replies/${first.json().reply_id}/` });
    const codes = (await Promise.all([2, 3, 4, 5, 6, 7].map((n) => replyTo(token, `reply ${n}`)))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 429, 429]);
    expect((await rowOf(ada, id)).replies).toHaveLength(4);
    // Another link has its own five.
    const other = await delivered('limit-other@example.com');
    expect((await replyTo(other.token, 'mine')).statusCode).toBe(201);
  });

  it('after "not me" or an unsubscribe the link takes no replies (404) and its page shows no form', async () => {
    for (const action of ['not_me', 'unsubscribe'] as const) {
      const { token } = await delivered(`closed-${action}@example.com`);
      const replyId = (await replyTo(token, 'before')).json().reply_id;
      await smtp.waitFor(1);
      smtp.mails.length = 0;
      expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${token}/${action}/` })).statusCode).toBe(200);
      expect((await replyTo(token, 'after')).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/received/${token}/replies/${replyId}/` })).statusCode).toBe(404);
      expect((await t.request({ url: `/w/${token}` })).body).not.toContain('id="reply-form"');
      await sleep(200);
      expect(smtp.mails).toHaveLength(0);
    }
  });

  it('a deleted wish ends the link: no replies, and its replies go with it', async () => {
    const { token, wishId } = await delivered('deleted@example.com');
    await replyTo(token, 'soon gone');
    expect((await t.request({ method: 'DELETE', url: `/api/base/wish/${wishId}/`, token: ada.access })).statusCode).toBeLessThan(300);
    expect((await replyTo(token, 'again')).statusCode).toBe(404);
    const left = await t.app.deps.db.selectFrom('delivery_replies').select('id').where('text', '=', 'soon gone').execute();
    expect(left).toHaveLength(0);
  });
});
