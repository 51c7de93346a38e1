/**
 * Reminders of people's dates, on both databases, with only Date faked (sockets, the database and
 * the SMTP client keep real timers) and the scheduler's rounds run by hand: members in three time
 * zones are reminded once, at REMINDER_TIME in their own zone N days before, across a restart and
 * across three app instances on one database; a person added after the instant is reminded at the
 * next round; the mail switch keeps the notification; the mail's words and link.
 */
import type { FastifyInstance } from 'fastify';
import { dialects, type TestDialect } from '../../test/kit/harness';
import { appsOnOneDatabase, fakeDate } from '../../test/kit/fake-date';

interface Member {
  id: number;
  email: string;
  access: string;
  personId: number;
  zone: string;
}

describe.each(dialects)('reminders (%s)', (dialect: TestDialect) => {
  // Each dialect's run starts on the same day.
  const { set } = fakeDate('2027-03-01T00:00:00Z');
  const processes = appsOnOneDatabase(dialect, { requireVerifiedSenders: false });
  const { build, close } = processes;

  async function member(app: FastifyInstance, first: string, zone: string, person: { name: string; month: number; day: number; topic?: string }): Promise<Member> {
    const email = `${first.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await app.inject({ method: 'POST', url: '/api/base/create_user/', payload: { email, password: 'Vivid-Harbor-42', first_name: first, last_name: 'Test', phone: '+1 555 0100' } });
    const login = await app.inject({ method: 'POST', url: '/api/token/', payload: { username: email, password: 'Vivid-Harbor-42' } });
    const access = login.json().access as string;
    const headers = { authorization: `Bearer ${access}` };
    const account = await app.inject({ method: 'PATCH', url: '/api/account/', headers, payload: { time_zone: zone } });
    expect(account.json()).toMatchObject({ time_zone: zone, reminder_emails: true });
    const added = await app.inject({ method: 'POST', url: '/api/people/', headers, payload: { name: person.name, email: `${person.name.toLowerCase()}@example.org`, audience: 'friend', occasions: [{ topic: person.topic ?? 'Birthday', month: person.month, day: person.day }] } });
    expect(added.statusCode).toBe(201);
    return { id: created.json().user_id, email, access, personId: added.json().person.person_id, zone };
  }

  const remindersOf = async (app: FastifyInstance, m: Member) =>
    app.deps.db.selectFrom('notifications').select(['kind', 'text', 'person_id']).where('user_id', '=', m.id).where('kind', '=', 'reminder').execute();
  const mailsTo = (m: Member) => processes.smtp.mails.filter((mail) => mail.to.includes(m.email));
  const round = (app: FastifyInstance) => app.deps.scheduler!.runOnce();

  it('reminds members in three zones once each, at 09:00 their time 7 days before, across a restart and three processes', async () => {
    let app = await build();
    const sydney = await member(app, 'Sia', 'Australia/Sydney', { name: 'Lena', month: 3, day: 14 });
    const berlin = await member(app, 'Ben', 'Europe/Berlin', { name: 'Mila', month: 3, day: 14 });
    const newYork = await member(app, 'Nia', 'America/New_York', { name: 'Omar', month: 3, day: 14 });

    // The instants the API announces: 7 March at 09:00 in each member's zone (New York is still on EST).
    const nextOf = async (m: Member) => (await app.inject({ url: '/api/people/', headers: { authorization: `Bearer ${m.access}` } })).json().people[0].next_occasion;
    expect(await nextOf(sydney)).toEqual({ topic: 'Birthday', date: '2027-03-14', remind_at: '2027-03-06T22:00:00.000Z' });
    expect(await nextOf(berlin)).toEqual({ topic: 'Birthday', date: '2027-03-14', remind_at: '2027-03-07T08:00:00.000Z' });
    expect(await nextOf(newYork)).toEqual({ topic: 'Birthday', date: '2027-03-14', remind_at: '2027-03-07T14:00:00.000Z' });

    set('2027-03-06T21:59:59Z');
    await round(app);
    expect(await remindersOf(app, sydney)).toHaveLength(0);

    set('2027-03-06T22:00:00Z');
    await round(app);
    await round(app);
    await app.deps.notifications.flush();
    expect(await remindersOf(app, sydney)).toEqual([{ kind: 'reminder', text: "Lena's birthday is on 14 March 2027.", person_id: sydney.personId }]);
    expect(await remindersOf(app, berlin)).toHaveLength(0);
    expect(mailsTo(sydney)).toHaveLength(1);
    const mail = mailsTo(sydney)[0]!.text;
    expect(mail).toContain("Subject: Lena's birthday is on 14 March 2027");
    expect(mail).toContain(`http://wishes.test/compose/Birthday?person=${sydney.personId}`);

    // A restart between two reminders: the new process sends Berlin's, and Sydney's not again.
    await close(app);
    set('2027-03-07T08:00:00Z');
    app = await build();
    await round(app);
    await round(app);
    await app.deps.notifications.flush();
    expect(await remindersOf(app, berlin)).toHaveLength(1);
    expect(await remindersOf(app, sydney)).toHaveLength(1);
    expect(mailsTo(berlin)).toHaveLength(1);
    expect(mailsTo(sydney)).toHaveLength(1);

    // Three processes on one database at New York's instant: one reminder.
    set('2027-03-07T13:59:00Z');
    const others = [await build(), await build()];
    await Promise.all([app, ...others].map(round));
    expect(await remindersOf(app, newYork)).toHaveLength(0);
    set('2027-03-07T14:00:00Z');
    await Promise.all([app, ...others, app, ...others].map(round));
    for (const a of [app, ...others]) await a.deps.notifications.flush();
    expect(await remindersOf(app, newYork)).toHaveLength(1);
    expect(mailsTo(newYork)).toHaveLength(1);
    const sent = await app.deps.db.selectFrom('reminders_sent').select(['person_id', 'topic', 'occasion_date']).execute();
    expect(sent.filter((r) => [sydney, berlin, newYork].some((m) => m.personId === r.person_id))).toHaveLength(3);

    // Each occasion moved on to next year's date.
    const rows = await app.deps.db.selectFrom('person_occasions').select(['person_id', 'occasion_date', 'remind_at']).where('person_id', '=', berlin.personId).execute();
    expect(rows).toEqual([{ person_id: berlin.personId, occasion_date: '2028-03-14', remind_at: expect.stringMatching(/^2028-03-07T08:00:00(\.000)?Z$|2028-03-07 08:00:00/) }]);
    for (const a of others) await close(a);
  });

  it('reminds at the next round of a person added after the instant with the date still ahead; the mail switch keeps the notification', async () => {
    set('2027-05-01T10:00:00Z');
    const app = await build();
    // The date is 3 days ahead: its instant (7 days before) has passed already.
    const late = await member(app, 'Lou', 'Europe/Lisbon', { name: 'Zoe', month: 5, day: 4, topic: 'Anniversary' });
    const quiet = await member(app, 'Quinn', 'Asia/Kolkata', { name: 'Ravi', month: 5, day: 3 });
    await app.inject({ method: 'PATCH', url: '/api/account/', headers: { authorization: `Bearer ${quiet.access}` }, payload: { reminder_emails: false } });
    await round(app);
    await round(app);
    await app.deps.notifications.flush();
    expect(await remindersOf(app, late)).toEqual([{ kind: 'reminder', text: "Zoe's anniversary is on 4 May 2027.", person_id: late.personId }]);
    expect(mailsTo(late)).toHaveLength(1);
    expect(await remindersOf(app, quiet)).toHaveLength(1);
    expect(mailsTo(quiet)).toHaveLength(0);
    // The notification shows in the member's list with the person.
    const listed = await app.inject({ url: '/api/notifications/', headers: { authorization: `Bearer ${late.access}` } });
    expect(listed.json().notifications[0]).toMatchObject({ kind: 'reminder', person_id: late.personId, text: "Zoe's anniversary is on 4 May 2027." });
    await close(app);
  });

  it("moves a member's reminders when they change their zone", async () => {
    set('2027-06-01T00:00:00Z');
    const app = await build();
    const m = await member(app, 'Zed', 'UTC', { name: 'Ida', month: 7, day: 1 });
    await app.inject({ method: 'PATCH', url: '/api/account/', headers: { authorization: `Bearer ${m.access}` }, payload: { time_zone: 'America/Los_Angeles' } });
    const row = await app.deps.db.selectFrom('person_occasions').select('remind_at').where('person_id', '=', m.personId).executeTakeFirstOrThrow();
    expect(new Date(row.remind_at).toISOString()).toBe('2027-06-24T16:00:00.000Z');
    const bad = await app.inject({ method: 'PATCH', url: '/api/account/', headers: { authorization: `Bearer ${m.access}` }, payload: { time_zone: 'Moon/Base' } });
    expect(bad.statusCode).toBe(400);
    await close(app);
  });
});
