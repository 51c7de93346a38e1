/**
 * Their morning, on both databases, against a real SMTP server, with only Date faked and the
 * scheduler's rounds run by hand: a send at 09:00 in the recipient's zone lands on the right
 * instant on both sides of a daylight-saving change, in the spring gap and the repeated hour;
 * sending from a person fills in the address, name and zone (someone else's person: 404); a
 * scheduled send is moved or its note changed (past: 400, sent: 409, another's: 404); the list
 * says which wish went to whom, with its zone; a bounce notifies the sender in the same round; the
 * single resend of an unopened mail after N hours, never after an open.
 */
import type { Config } from '../platform/config';
import { createTestApp, dialects, type TestContext, type TestDialect, type TestUser } from '../../test/kit/harness';
import { fakeDate } from '../../test/kit/fake-date';
import { startSmtpSink, type SmtpSink } from '../../test/kit/smtp-sink';

const CONFIG: Partial<Config> = { deliveryPollMs: 3_600_000, deliveriesPerDay: 1000, requireVerifiedSenders: false, mailFrom: 'wishes@example.com', logLevel: 'silent' };
const HOUR = 3_600_000;

describe.each(dialects)('their morning (%s)', (dialect: TestDialect) => {
  // Each dialect's run starts on the same day.
  const { set, advance } = fakeDate('2027-03-01T00:00:00Z');
  let smtp: SmtpSink;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(dialect, { ...CONFIG, smtpUrl: smtp.url }, { realMailer: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reject.clear());

  const sender = async () => {
    const user = await t.createUser({ first_name: 'Ada' });
    return { user, wishId: await t.saveWish(user, 'Happy birthday! May your year be full of light and long walks by the sea.') };
  };
  const send = (s: { user: TestUser; wishId: number }, payload: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/base/wish/${s.wishId}/send/`, token: s.user.access, payload });
  /** A fresh access token: a jump of the clock ends the earlier one. */
  const fresh = async (user: TestUser) => (await t.request({ method: 'POST', url: '/api/token/', payload: { username: user.email, password: user.password } })).json().access as string;
  const listed = async (user: TestUser, id: number) => (await t.request({ url: '/api/base/deliveries/', token: await fresh(user) })).json().deliveries.find((d: { delivery_id: number }) => d.delivery_id === id);
  const round = () => t.app.deps.scheduler!.runOnce();
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

  it.each<[string, string, string, string]>([
    ['Sydney in summer time', '2027-03-14T09:00', 'Australia/Sydney', '2027-03-13T22:00:00.000Z'],
    ['Sydney the day after its autumn change', '2027-04-04T09:00', 'Australia/Sydney', '2027-04-03T23:00:00.000Z'],
    ['New York the day before its spring change', '2027-03-13T09:00', 'America/New_York', '2027-03-13T14:00:00.000Z'],
    ['New York the day of its spring change', '2027-03-14T09:00', 'America/New_York', '2027-03-14T13:00:00.000Z'],
    ['New York in the spring gap (moves forward by the gap)', '2027-03-14T02:30', 'America/New_York', '2027-03-14T07:30:00.000Z'],
    ['New York in the repeated hour (the earlier)', '2027-11-07T01:30', 'America/New_York', '2027-11-07T05:30:00.000Z'],
    ['Berlin in the repeated hour (the earlier)', '2027-10-31T02:30', 'Europe/Berlin', '2027-10-31T00:30:00.000Z'],
  ])('a send at a local time in %s lands on the right instant', async (_what, local, zone, instant) => {
    const s = await sender();
    const res = await send(s, { recipient_email: 'local@example.com', send_at_local: local, time_zone: zone });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'scheduled', send_at: instant });
    expect(await listed(s.user, res.json().delivery_id)).toMatchObject({ send_at: new Date(instant).toISOString(), time_zone: zone, status: 'scheduled' });
  });

  it('mails at that instant and not before', async () => {
    const s = await sender();
    const res = await send(s, { recipient_email: 'sydney-morning@example.com', recipient_name: 'Lena', send_at_local: '2027-03-02T09:00', time_zone: 'Australia/Sydney' });
    const id = res.json().delivery_id;
    set('2027-03-01T21:59:00Z');
    await round();
    expect(mailsTo('sydney-morning@example.com')).toHaveLength(0);
    set('2027-03-01T22:00:00Z');
    await round();
    expect(mailsTo('sydney-morning@example.com')).toHaveLength(1);
    expect((await listed(s.user, id)).status).toBe('sent');
    set('2027-03-01T00:00:00Z');
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown zone', { send_at_local: '2027-03-14T09:00', time_zone: 'Mars/Olympus' }],
    ['no zone', { send_at_local: '2027-03-14T09:00' }],
    ['31 February', { send_at_local: '2027-02-31T09:00', time_zone: 'UTC' }],
    ['an offset in a local time', { send_at_local: '2027-03-14T09:00+01:00', time_zone: 'UTC' }],
    ['a past local time', { send_at_local: '2027-02-27T09:00', time_zone: 'UTC' }],
    ['a time too far ahead', { send_at_local: '2028-03-14T09:00', time_zone: 'UTC' }],
    ['both kinds of time', { send_at_local: '2027-03-14T09:00', time_zone: 'UTC', send_at: '2027-03-14T09:00:00Z' }],
    ['a resend after 12 hours', { send_at_local: '2027-03-14T09:00', time_zone: 'UTC', resend_if_unopened_hours: 12 }],
  ])('refuses %s with a 400 and stores nothing', async (_what, payload) => {
    const s = await sender();
    const res = await send(s, { recipient_email: 'bad-time@example.com', ...payload });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await t.app.deps.db.selectFrom('deliveries').select('id').where('sender_id', '=', s.user.id).execute()).toEqual([]);
  });

  it("sends from a person: their address, name and zone; someone else's person is 404", async () => {
    const s = await sender();
    const person = (await t.request({ method: 'POST', url: '/api/people/', token: s.user.access, payload: { name: 'Lena', email: 'lena.person@example.com', time_zone: 'Australia/Sydney', occasions: [{ topic: 'Birthday', month: 3, day: 14 }] } })).json().person;
    const res = await send(s, { person_id: person.person_id, send_at_local: '2027-03-14T09:00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().send_at).toBe('2027-03-13T22:00:00.000Z');
    expect(await listed(s.user, res.json().delivery_id)).toMatchObject({ recipient_email: 'lena.person@example.com', recipient_name: 'Lena', time_zone: 'Australia/Sydney', person_id: person.person_id });
    const other = await sender();
    const stolen = await send(other, { person_id: person.person_id, send_at_local: '2027-03-14T09:00' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().detail).toBe('Person not found');
  });

  it('moves a scheduled send and changes its note; the list says which wish went to whom', async () => {
    const s = await sender();
    const id = (await send(s, { recipient_email: 'move@example.com', recipient_name: 'Mo', note: 'First note', send_at_local: '2027-03-14T09:00', time_zone: 'Europe/Berlin' })).json().delivery_id;
    const moved = await t.request({ method: 'PATCH', url: `/api/base/deliveries/${id}/`, token: s.user.access, payload: { send_at_local: '2027-03-15T09:00', time_zone: 'America/New_York', note: 'Second note' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ delivery_id: id, send_at: '2027-03-15T13:00:00.000Z', time_zone: 'America/New_York', note: 'Second note', status: 'scheduled', recipient_name: 'Mo' });
    expect(moved.json().wish_excerpt).toBe('Happy birthday! May your year be full of light and long walks by the sea.');
    // The note alone; the time stays.
    const noted = await t.request({ method: 'PATCH', url: `/api/base/deliveries/${id}/`, token: s.user.access, payload: { note: 'Third note' } });
    expect(noted.json()).toMatchObject({ send_at: '2027-03-15T13:00:00.000Z', note: 'Third note' });
    // Errors: the past (400), someone else's (404), once sent (409).
    expect((await t.request({ method: 'PATCH', url: `/api/base/deliveries/${id}/`, token: s.user.access, payload: { send_at: '2027-02-01T09:00:00Z' } })).statusCode).toBe(400);
    const other = await sender();
    expect((await t.request({ method: 'PATCH', url: `/api/base/deliveries/${id}/`, token: other.user.access, payload: { note: 'Mine' } })).statusCode).toBe(404);
    set('2027-03-15T13:00:00Z');
    await round();
    expect((await listed(s.user, id)).status).toBe('sent');
    expect(mailsTo('move@example.com')).toHaveLength(1);
    expect(mailsTo('move@example.com')[0]!.text).toContain('Third note');
    const late = await t.request({ method: 'PATCH', url: `/api/base/deliveries/${id}/`, token: await fresh(s.user), payload: { note: 'Too late' } });
    expect(late.statusCode).toBe(409);
    set('2027-03-01T00:00:00Z');
  });

  it('a bounce is shown with its reason and notifies the sender in the same round', async () => {
    const s = await sender();
    smtp.reject.set('gone-morning@example.com', { code: 550, status: '5.1.1', text: 'No such user' });
    const id = (await send(s, { recipient_email: 'gone-morning@example.com', recipient_name: 'Gone', send_at_local: '2027-03-01T09:00', time_zone: 'UTC' })).json().delivery_id;
    set('2027-03-01T09:00:00Z');
    await round();
    await t.app.deps.notifications.flush();
    expect(await listed(s.user, id)).toMatchObject({ status: 'bounced', failure_reason: "The recipient's mail server refused the address (SMTP 550 5.1.1)." });
    const notes = (await t.request({ url: '/api/notifications/', token: await fresh(s.user) })).json().notifications;
    expect(notes[0]).toMatchObject({ kind: 'delivery_bounced', text: "Your wish to Gone bounced: The recipient's mail server refused the address (SMTP 550 5.1.1)." });
    set('2027-03-01T00:00:00Z');
  });

  it('resends an unopened mail once after N hours, the same link; never one that was opened', async () => {
    set('2027-04-01T00:00:00Z');
    const s = await sender();
    const unopened = (await send(s, { recipient_email: 'unopened@example.com', resend_if_unopened_hours: 24 })).json();
    const opened = (await send(s, { recipient_email: 'opened@example.com', resend_if_unopened_hours: 24 })).json();
    expect([unopened.status, opened.status]).toEqual(['sent', 'sent']);
    const token = async (id: number) => (await t.app.deps.db.selectFrom('deliveries').select('token').where('id', '=', id).executeTakeFirstOrThrow()).token;
    expect((await t.request({ method: 'POST', url: `/api/base/deliveries/received/${await token(opened.delivery_id)}/opened/` })).statusCode).toBe(200);
    advance(23 * HOUR);
    await round();
    expect(mailsTo('unopened@example.com')).toHaveLength(1);
    advance(1 * HOUR + 1000);
    await round();
    await round();
    expect(mailsTo('unopened@example.com')).toHaveLength(2);
    expect(mailsTo('opened@example.com')).toHaveLength(1);
    const link = `/w/${await token(unopened.delivery_id)}`;
    expect(mailsTo('unopened@example.com').every((m) => m.text.includes(link))).toBe(true);
    const row = await listed(s.user, unopened.delivery_id);
    expect(row).toMatchObject({ status: 'sent', resend_if_unopened_hours: 24, resent_at: expect.any(String) });
    // No new delivery for the daily limit.
    expect(await t.app.deps.db.selectFrom('delivery_quota').select('id').where('sender_id', '=', s.user.id).execute()).toHaveLength(2);
  });
});
