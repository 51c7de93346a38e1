/**
 * The held people lists (held-lists.ts), on both databases: a member's list is answered from held
 * bytes, and every write that changes it (add, change, remove, import, a new time zone, a reminder
 * round, the account's deletion) is read by that member at once; a read under way when one comes
 * is not kept; the bytes expire when a next date moves (the end of that day in its zone), and the
 * gzip variant is the same list.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext, type TestDialect, type TestUser } from '../../test/kit/harness';
import { PeopleLists, type ListBytes } from './held-lists';
import { peopleListBytes, runReminderRound } from './service';
import { instantOfLocal } from './time';

describe('PeopleLists', () => {
  afterEach(() => jest.restoreAllMocks());
  const bytes = (text: string, expiresAt = Date.now() + 60_000): ListBytes => ({ body: Buffer.from(text), expiresAt });

  it('holds a list until it expires, then reads it again', async () => {
    const lists = new PeopleLists();
    const load = jest.fn(async () => bytes('a', 1_000_000 + 5_000));
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    expect((await lists.read(1, false, load)).body.toString()).toBe('a');
    expect((await lists.read(1, false, load)).body.toString()).toBe('a');
    expect(load).toHaveBeenCalledTimes(1);
    now.mockReturnValue(1_000_000 + 5_000);
    await lists.read(1, false, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a read that a drop overtook, and joins a read under way otherwise', async () => {
    const lists = new PeopleLists();
    let release!: (value: ListBytes) => void;
    const slow = () => new Promise<ListBytes>((resolve) => (release = resolve));
    const first = lists.read(7, false, slow);
    const joined = lists.read(7, false, async () => bytes('never'));
    release(bytes('old'));
    expect((await first).body.toString()).toBe('old');
    expect((await joined).body.toString()).toBe('old');

    const during = lists.read(8, false, slow);
    lists.drop(8);
    release(bytes('before the write'));
    await during;
    expect((await lists.read(8, false, async () => bytes('after the write'))).body.toString()).toBe('after the write');
  });

  it('gives the gzip variant of the same bytes', async () => {
    const lists = new PeopleLists();
    const text = JSON.stringify({ people: Array.from({ length: 50 }, (_, i) => ({ name: `P${i}` })) });
    const plain = await lists.read(3, false, async () => bytes(text));
    const zipped = await lists.read(3, true, async () => bytes('unused'));
    expect(zipped.gzip).toBe(true);
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
  });
});

describe.each(dialects)('held people lists (%s)', (dialect: TestDialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const list = async (user: TestUser) => (await t.request({ url: '/api/people/', token: user.access })).json().people as Array<Record<string, any>>;
  const names = async (user: TestUser) => (await list(user)).map((p) => p.name as string).sort();
  /** Renames the member's people behind the app's back (no event): only a held list still shows the old names. */
  const renameQuietly = (user: TestUser) => sql`update people set name = 'Quiet' where user_id = ${user.id}`.execute(t.app.deps.db);

  it("answers from the held bytes, and each of the member's writes is read at once", async () => {
    const ada = await t.createUser();
    const add = await t.request({ method: 'POST', url: '/api/people/', token: ada.access, payload: { name: 'Lena', occasions: [{ topic: 'Birthday', month: 3, day: 14 }] } });
    expect(add.statusCode).toBe(201);
    const id = add.json().person.person_id as number;
    expect(await names(ada)).toEqual(['Lena']);
    await renameQuietly(ada);
    expect(await names(ada)).toEqual(['Lena']);

    // A second person: the list read again (the quiet rename shows now, as the database has it).
    expect((await t.request({ method: 'POST', url: '/api/people/', token: ada.access, payload: { name: 'Omar', occasions: [] } })).statusCode).toBe(201);
    expect(await names(ada)).toEqual(['Omar', 'Quiet']);

    expect((await t.request({ method: 'PATCH', url: `/api/people/${id}/`, token: ada.access, payload: { name: 'Lena B' } })).statusCode).toBe(200);
    expect(await names(ada)).toEqual(['Lena B', 'Omar']);

    expect((await t.request({ method: 'DELETE', url: `/api/people/${id}/`, token: ada.access })).statusCode).toBe(200);
    expect(await names(ada)).toEqual(['Omar']);

    const boundary = '----held';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\nname,email,birthday\r\nIda,,1990-05-02\r\n--${boundary}--\r\n`;
    const imported = await t.request({ method: 'POST', url: '/api/people/import/', token: ada.access, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(imported.json().imported).toBe(1);
    expect(await names(ada)).toEqual(['Ida', 'Omar']);
  });

  it("keeps one member's list apart from another's", async () => {
    const [ada, bob] = [await t.createUser(), await t.createUser()];
    await t.request({ method: 'POST', url: '/api/people/', token: ada.access, payload: { name: 'Ada’s', occasions: [] } });
    expect(await names(bob)).toEqual([]);
    await t.request({ method: 'POST', url: '/api/people/', token: bob.access, payload: { name: 'Bob’s', occasions: [] } });
    expect(await names(ada)).toEqual(['Ada’s']);
    expect(await names(bob)).toEqual(['Bob’s']);
  });

  it("reads the list again after the member's new time zone", async () => {
    const ada = await t.createUser();
    await t.request({ method: 'POST', url: '/api/people/', token: ada.access, payload: { name: 'Lena', occasions: [{ topic: 'Birthday', month: 3, day: 14 }] } });
    const before = (await list(ada))[0]!.next_occasion.remind_at as string;
    expect((await t.request({ method: 'PATCH', url: '/api/account/', token: ada.access, payload: { time_zone: 'Pacific/Auckland' } })).statusCode).toBe(200);
    const after = (await list(ada))[0]!.next_occasion.remind_at as string;
    expect(after).not.toBe(before);
    expect(after).toBe(instantOfLocal({ ...parts(before.slice(0, 10)), hour: 9, minute: 0 }, 'Pacific/Auckland').toISOString());
  });

  it('reads the list again after a reminder round moved one of its dates', async () => {
    const ada = await t.createUser();
    await t.request({ method: 'POST', url: '/api/people/', token: ada.access, payload: { name: 'Lena', occasions: [{ topic: 'Birthday', month: 3, day: 14 }] } });
    expect(await names(ada)).toEqual(['Lena']);
    await renameQuietly(ada);
    // Its reminder made due: the round reminds and moves it on, and says so.
    await sql`update person_occasions set remind_at = ${t.app.deps.dialect === 'postgres' ? sql`now() - interval '1 minute'` : sql`${new Date(Date.now() - 60_000).toISOString()}`}
      where person_id in (select id from people where user_id = ${ada.id})`.execute(t.app.deps.db);
    expect(await runReminderRound(t.app.deps, t.app.log)).toBeGreaterThanOrEqual(0);
    expect(await names(ada)).toEqual(['Quiet']);
  });

  it('drops the list with the account', async () => {
    const ada = await t.createUser();
    await t.request({ method: 'POST', url: '/api/people/', token: ada.access, payload: { name: 'Lena', occasions: [] } });
    expect(await names(ada)).toEqual(['Lena']);
    const held = t.app.deps.peopleLists.size;
    expect((await t.request({ method: 'DELETE', url: '/api/account/', token: ada.access, payload: { password: ada.password } })).statusCode).toBe(200);
    expect(t.app.deps.peopleLists.size).toBe(held - 1);
  });

  it('sends the same list gzip\'ed to a client that accepts it', async () => {
    const ada = await t.createUser();
    await t.request({ method: 'POST', url: '/api/people/', token: ada.access, payload: { name: 'Lena', occasions: [{ topic: 'Birthday', month: 3, day: 14 }] } });
    const plain = await t.request({ url: '/api/people/', token: ada.access });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const zipped = await t.request({ url: '/api/people/', token: ada.access, headers: { 'accept-encoding': 'br, gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const refused = await t.request({ url: '/api/people/', token: ada.access, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('expires the bytes at the end of the earliest next date, in the zone it is read in', async () => {
    const ada = await t.createUser();
    const add = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/people/', token: ada.access, payload });
    // Today in Sydney (its next date, ending at Sydney's next midnight), and a date a few days ahead here (UTC).
    const sydneyToday = parts(new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date()));
    const later = parts(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    await add({ name: 'Sydney', time_zone: 'Australia/Sydney', occasions: [{ topic: 'Birthday', month: sydneyToday.month, day: sydneyToday.day }] });
    await add({ name: 'Here', occasions: [{ topic: 'Birthday', month: later.month, day: later.day }] });
    await add({ name: 'No dates', occasions: [] });
    const { body, expiresAt } = await peopleListBytes(t.app.deps, ada.id);
    const sydney = (JSON.parse(body.toString()).people as Array<{ name: string; next_occasion: { date: string } | null }>).find((p) => p.name === 'Sydney')!;
    expect(sydney.next_occasion!.date).toBe(`${sydneyToday.year}-${String(sydneyToday.month).padStart(2, '0')}-${String(sydneyToday.day).padStart(2, '0')}`);
    const tomorrow = new Date(Date.UTC(sydneyToday.year, sydneyToday.month - 1, sydneyToday.day + 1));
    expect(expiresAt).toBe(instantOfLocal({ year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate(), hour: 0, minute: 0 }, 'Australia/Sydney').getTime());
    // The same bytes the route sends.
    expect((await t.request({ url: '/api/people/', token: ada.access })).body).toBe(body.toString());
  });
});

const parts = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });
