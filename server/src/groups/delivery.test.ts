/**
 * Group wishes reaching their recipient (docs/groups.md), on both databases, with only Date faked
 * and the scheduler's rounds run by hand, mails through a real SMTP sink: a group due at 09:00 in
 * Tokyo is delivered once across a restart and three app instances on one database; the subject
 * rules; invitees reminded 3 days and 1 day before; a group with no message is never delivered
 * (the 24-hour warning, then it stays collecting until a new date); without a recipient address the
 * organiser gets the /w/ link; the recipient's page, JSON and card; reply copies to the organiser
 * and confirmed signers only.
 */
import type { FastifyInstance } from 'fastify';
import { dialects, type TestDialect } from '../../test/kit/harness';
import { appsOnOneDatabase, fakeDate } from '../../test/kit/fake-date';

jest.setTimeout(120_000);

describe.each(dialects)('group delivery (%s)', (dialect: TestDialect) => {
  // Each dialect's run starts on the same day.
  const { set } = fakeDate('2027-03-01T00:00:00Z');
  const processes = appsOnOneDatabase(dialect, { requireVerifiedSenders: false });
  const { build, close } = processes;
  const apps = processes.apps;

  async function member(app: FastifyInstance, first: string) {
    const email = `${first.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await app.inject({ method: 'POST', url: '/api/base/create_user/', payload: { email, password: 'Vivid-Harbor-42', first_name: first, last_name: 'Test', phone: '+1 555 0100' } });
    const login = await app.inject({ method: 'POST', url: '/api/token/', payload: { username: email, password: 'Vivid-Harbor-42' } });
    return { id: created.json().user_id as number, email, headers: { authorization: `Bearer ${login.json().access as string}` } };
  }
  /** A fresh sign-in (the clock moved on past the first token's life). */
  const signIn = async (app: FastifyInstance, email: string) => {
    const login = await app.inject({ method: 'POST', url: '/api/token/', payload: { username: email, password: 'Vivid-Harbor-42' } });
    return { authorization: `Bearer ${login.json().access as string}` };
  };
  const mailsTo = (email: string) => processes.smtp.mails.filter((m) => m.to.includes(email));
  const round = (app: FastifyInstance) => app.deps.scheduler!.runOnce();
  const sign = (app: FastifyInstance, invite: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/groups/invite/${invite}/contributions/`, payload, headers, remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.1` });
  const notes = async (app: FastifyInstance, userId: number, kind: string) => {
    for (const a of apps) await a.deps.notifications.flush();
    return app.deps.db.selectFrom('notifications').select(['kind', 'text', 'group_id']).where('user_id', '=', userId).where('kind', '=', kind as 'group_empty').execute();
  };

  it('delivers at 09:00 Tokyo time once across a restart and three processes, reminds invitees, and takes replies', async () => {
    let app = await build();
    const olga = await member(app, 'Olga');
    const fritz = await member(app, 'Fritz');
    // A member's own address counts as confirmed once they verified it.
    await app.deps.db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', fritz.id).execute();
    const created = await app.inject({ method: 'POST', url: '/api/groups/', headers: olga.headers, payload: { recipient_name: 'Lena', topic: 'Birthday', recipient_email: 'lena@example.org', deliver_at: '2027-03-10T09:00', time_zone: 'Asia/Tokyo' } });
    expect(created.statusCode).toBe(201);
    const group = created.json().group;
    expect(group.deliver_at_utc).toBe('2027-03-10T00:00:00.000Z');
    const invite = group.invite_url.split('/g/')[1];

    const invited = await app.inject({ method: 'POST', url: `/api/groups/${group.group_id}/invitations/`, headers: olga.headers, payload: { emails: ['ivy@example.org', 'ian@example.org'] } });
    expect(invited.json().invited).toHaveLength(2);
    await processes.smtp.waitFor(2);
    const ianToken = /\?i=([A-Za-z0-9_-]{32})/.exec(mailsTo('ian@example.org')[0]!.text)![1]!;

    // Guest with an address (confirmed later), guest with an unconfirmed one, a member, the organiser.
    const gina = await sign(app, invite, { signer_name: 'Gina', text: 'Happy birthday from Gina!', signer_email: 'gina@example.org' });
    expect(gina.statusCode).toBe(201);
    expect((await sign(app, invite, { signer_name: 'Uwe', text: 'Alles Gute!', signer_email: 'uwe@example.org' })).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: `/api/groups/invite/${invite}/contributions/?i=${ianToken}`, payload: { text: 'Cheers, Lena!' }, headers: fritz.headers })).statusCode).toBe(201);
    expect((await sign(app, invite, { text: 'Love, Olga' }, olga.headers)).statusCode).toBe(201);
    await processes.smtp.waitFor(4);
    const confirmToken = /token=([A-Za-z0-9_-]{32})/.exec(mailsTo('gina@example.org')[0]!.text)![1]!;
    expect((await app.inject({ method: 'POST', url: '/api/groups/confirm_email/', payload: { token: confirmToken } })).statusCode).toBe(200);
    expect(mailsTo('uwe@example.org')).toHaveLength(1);

    // Reminders: Ivy (not signed) 3 days before and 1 day before; Ian signed through his link.
    set('2027-03-06T23:59:00Z');
    await round(app);
    expect(mailsTo('ivy@example.org')).toHaveLength(1);
    set('2027-03-07T00:00:00Z');
    await round(app);
    await round(app);
    expect(mailsTo('ivy@example.org')).toHaveLength(2);
    expect(mailsTo('ivy@example.org')[1]!.text).toContain('Subject: Reminder: sign the group wish for Lena');
    expect(mailsTo('ian@example.org')).toHaveLength(1);

    // A restart before the second reminder: it goes out once.
    await close(app);
    set('2027-03-09T00:00:00Z');
    app = await build();
    await round(app);
    await round(app);
    expect(mailsTo('ivy@example.org')).toHaveLength(3);
    expect(mailsTo('ian@example.org')).toHaveLength(1);

    // Three processes at the instant: one delivery.
    set('2027-03-09T23:59:00Z');
    const others = [await build(), await build()];
    await Promise.all([app, ...others].map(round));
    expect(mailsTo('lena@example.org')).toHaveLength(0);
    set('2027-03-10T00:00:00Z');
    await Promise.all([app, ...others, app, ...others].map(round));
    expect(mailsTo('lena@example.org')).toHaveLength(1);
    const mail = mailsTo('lena@example.org')[0]!.text;
    expect(mail).toContain('Subject: Olga and 3 others sent you a wish');
    for (const words of ['Happy birthday from Gina!', 'Alles Gute!', 'Cheers, Lena!', 'Love, Olga', 'Gina (guest)']) expect(mail).toContain(words);
    const token = /http:\/\/wishes\.test\/w\/([A-Za-z0-9_-]{32})/.exec(mail)![1]!;
    for (const a of others) await close(a);
    await close(app);
    app = await build();
    await round(app);
    expect(mailsTo('lena@example.org')).toHaveLength(1);
    expect((await app.inject({ url: `/api/groups/${group.group_id}/`, headers: await signIn(app, olga.email) })).json().group.state).toBe('delivered');

    // The recipient's page, JSON and card.
    const page = await app.inject({ url: `/w/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('Olga Test and 3 others sent you a wish');
    expect(page.body).toContain('Gina <span class="guest">(guest)</span>');
    expect(page.body).toContain('Cheers, Lena!');
    const json = (await app.inject({ url: `/api/base/deliveries/received/${token}/` })).json();
    expect(json.group).toMatchObject({ recipient_name: 'Lena', topic: 'Birthday', organiser_name: 'Olga Test' });
    expect(json.group.contributions.map((c: { signer_name: string; guest: boolean }) => [c.signer_name, c.guest])).toEqual([
      ['Gina', true],
      ['Uwe', true],
      ['Fritz Test', false],
      ['Olga Test', false],
    ]);
    const card = await app.inject({ url: `/api/base/deliveries/received/${token}/card.png?format=square` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');

    // The reply: the organiser, Fritz (a verified member) and Gina (confirmed) get it; Uwe (unconfirmed) not.
    const before = processes.smtp.mails.length;
    const replied = await app.inject({ method: 'POST', url: `/api/base/deliveries/received/${token}/reply/`, payload: { text: 'Thank you all so much!' } });
    expect(replied.statusCode).toBe(201);
    await processes.smtp.waitFor(before + 3);
    const copies = processes.smtp.mails.slice(before);
    expect(copies.flatMap((m) => m.to).sort()).toEqual([fritz.email, 'gina@example.org', olga.email].sort());
    expect(copies.every((m) => m.text.includes('Thank you all so much!'))).toBe(true);
    expect(mailsTo('uwe@example.org')).toHaveLength(1);
    expect(await notes(app, olga.id, 'delivery_replied')).toHaveLength(1);
    expect((await app.inject({ method: 'DELETE', url: `/api/base/deliveries/received/${token}/replies/${replied.json().reply_id}/` })).statusCode).toBe(200);
    await close(app);
  });

  it('never delivers an empty group: a warning a day before, then it waits for a new date; without an address the organiser gets the link', async () => {
    set('2027-04-01T00:00:00Z');
    const app = await build();
    const olga = await member(app, 'Omar');
    const group = (await app.inject({ method: 'POST', url: '/api/groups/', headers: olga.headers, payload: { recipient_name: 'Pia', topic: 'Wedding', deliver_at: '2027-04-05T18:00', time_zone: 'America/New_York' } })).json().group;
    expect(group.deliver_at_utc).toBe('2027-04-05T22:00:00.000Z');
    set('2027-04-04T21:59:00Z');
    await round(app);
    expect(mailsTo(olga.email)).toHaveLength(0);
    set('2027-04-04T22:00:00Z');
    await round(app);
    await round(app);
    expect(mailsTo(olga.email)).toHaveLength(1);
    expect(mailsTo(olga.email)[0]!.text).toContain('has no messages yet');
    expect(await notes(app, olga.id, 'group_empty')).toEqual([{ kind: 'group_empty', text: expect.stringContaining('Pia'), group_id: group.group_id }]);
    set('2027-04-05T22:30:00Z');
    await round(app);
    const headers = await signIn(app, olga.email);
    const still = (await app.inject({ url: `/api/groups/${group.group_id}/`, headers })).json().group;
    expect(still.state).toBe('collecting');
    expect(mailsTo(olga.email)).toHaveLength(1);

    // A message and a new date: at that date the organiser (no recipient address) gets the link.
    const invite = group.invite_url.split('/g/')[1];
    expect((await sign(app, invite, { signer_name: 'Ana', text: 'Congratulations, Pia!' })).statusCode).toBe(201);
    expect((await app.inject({ method: 'PATCH', url: `/api/groups/${group.group_id}/`, headers, payload: { deliver_at: '2027-04-06T09:00' } })).statusCode).toBe(200);
    set('2027-04-06T13:00:00Z');
    await round(app);
    await round(app);
    const link = mailsTo(olga.email).filter((m) => m.text.includes('ready to pass on'));
    expect(link).toHaveLength(1);
    expect(link[0]!.text).toMatch(/http:\/\/wishes\.test\/w\/[A-Za-z0-9_-]{32}/);
    expect((await notes(app, olga.id, 'group_signed')).some((n) => /ready to pass on/.test(n.text ?? ''))).toBe(true);
    await close(app);
  });

  it("escapes what people wrote wherever it is shown: the recipient's mail, the /w/ page, the card and the reply copies", async () => {
    set('2027-05-01T00:00:00Z');
    const app = await build();
    const org = await member(app, 'Oda');
    const start = processes.smtp.mails.length;
    const evil = '</p><script>alert(1)</script><img src=x onerror=alert(2)>';
    const group = (await app.inject({ method: 'POST', url: '/api/groups/', headers: org.headers, payload: { recipient_name: `Rosa ${evil}`, topic: 'Birthday', recipient_email: 'rosa@example.org', note: `Note ${evil}`, deliver_at: '2027-05-09T09:00', time_zone: 'UTC' } })).json().group;
    const invite = group.invite_url.split('/g/')[1];
    expect((await sign(app, invite, { signer_name: `Eve ${evil}`.slice(0, 80), text: `Hi ${evil}`, signer_email: 'eve@example.org' })).statusCode).toBe(201);
    await processes.smtp.waitFor(start + 1);
    const confirm = /token=([A-Za-z0-9_-]{32})/.exec(mailsTo('eve@example.org')[0]!.text)![1]!;
    expect((await app.inject({ method: 'POST', url: '/api/groups/confirm_email/', payload: { token: confirm } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/groups/${group.group_id}/send/`, headers: org.headers })).statusCode).toBe(200);
    await processes.smtp.waitFor(start + 2);
    const htmlOf = (raw: string) => raw.slice(raw.indexOf('text/html'));
    const mail = mailsTo('rosa@example.org')[0]!.text;
    expect(htmlOf(mail)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(htmlOf(mail)).not.toContain('<script>alert(1)');
    expect(htmlOf(mail)).not.toContain('<img src=x');
    const token = /http:\/\/wishes\.test\/w\/([A-Za-z0-9_-]{32})/.exec(mail)![1]!;
    const page = await app.inject({ url: `/w/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    const card = await app.inject({ url: `/api/base/deliveries/received/${token}/card.png?format=og` });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    // The reply copy to the organiser and the confirmed signer: the recipient's words escaped too.
    const before = processes.smtp.mails.length;
    expect((await app.inject({ method: 'POST', url: `/api/base/deliveries/received/${token}/reply/`, payload: { text: `Thanks ${evil}` } })).statusCode).toBe(201);
    await processes.smtp.waitFor(before + 2);
    for (const copy of processes.smtp.mails.slice(before)) {
      expect(htmlOf(copy.text)).not.toContain('<script>alert(1)');
      expect(htmlOf(copy.text)).not.toContain('<img src=x');
    }
    await close(app);
  });
});
