/**
 * People and their dates (docs/people.md), on both databases: add, list with the next date, change,
 * remove; bad input answered 400 with nothing written; others' people 404; at most 500 people even
 * under parallel requests; the CSV and vCard import with its per-line report; the export and the
 * account's deletion; addresses never in a log line.
 */
import { createTestApp, dialects, type TestContext, type TestDialect, type TestUser } from '../../test/kit/harness';
import * as store from './store';

const CSV = ['name,email,birthday', 'Lena Berg,lena@example.com,1990-03-14', '"Smith, Jo",jo@example.com,--07-01', 'No Date,,2023-02-31', ',nobody@example.com,2000-01-01', 'Bad Mail,not-an-address,1990-01-01', 'Leap Day,leap@example.com,2000-02-29', 'Too,many,fields,here'].join('\r\n');

const VCARD = [
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Ana Lima',
  'EMAIL;TYPE=home:ana@example.com',
  'BDAY:19850704',
  'ANNIVERSARY:2010-09-18',
  'PHOTO;MEDIATYPE=image/png:data:image/png;base64,iVBORw0KGgo',
  ' AAAANSUhEUgAAAAEAAAAB',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Okafor;Chidi;;;',
  'EMAIL:chidi@example.com',
  'BDAY:--0412',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Broken Date',
  'BDAY:1990-02-30',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:2.1',
  'FN:Old Card',
  'END:VCARD',
].join('\r\n');

function upload(name: string, text: string | Buffer) {
  const boundary = '----people';
  return {
    payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), Buffer.isBuffer(text) ? text : Buffer.from(text), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(dialects)('people (%s)', (dialect: TestDialect) => {
  let t: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, { logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => t.close());

  const add = (user: TestUser, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/people/', token: user.access, payload });
  const list = async (user: TestUser) => (await t.request({ url: '/api/people/', token: user.access })).json().people as Array<Record<string, any>>;
  const count = async (user: TestUser) => Number((await t.app.deps.db.selectFrom('people').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n);

  it('adds a person with occasions, lists them with the next date, changes and removes them', async () => {
    const ada = await t.createUser();
    const res = await add(ada, { name: ' Lena ', email: 'Lena@Example.com', audience: 'friend', time_zone: 'Australia/Sydney', occasions: [{ topic: 'Birthday', month: 3, day: 14, year: 1990 }, { topic: 'Anniversary', month: 12, day: 1 }] });
    expect(res.statusCode).toBe(201);
    const person = res.json().person;
    expect(person).toMatchObject({ name: 'Lena', email: 'lena@example.com', audience: 'friend', time_zone: 'Australia/Sydney', remind_days_before: 7 });
    expect(person.occasions).toEqual([{ topic: 'Birthday', month: 3, day: 14, year: 1990 }, { topic: 'Anniversary', month: 12, day: 1, year: null }]);
    expect(person.next_occasion.date).toMatch(/^\d{4}-(03-14|12-01)$/);
    // remind_at: 7 days before, at 09:00 UTC (the member has no zone yet).
    const date = new Date(`${person.next_occasion.date}T09:00:00Z`);
    expect(person.next_occasion.remind_at).toBe(new Date(date.getTime() - 7 * 86_400_000).toISOString());

    const listed = await list(ada);
    expect(listed.map((p) => p.person_id)).toEqual([person.person_id]);

    const changed = await t.request({ method: 'PATCH', url: `/api/people/${person.person_id}/`, token: ada.access, payload: { remind_days_before: 0, occasions: [{ topic: 'Birthday', month: 3, day: 14 }] } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().person).toMatchObject({ name: 'Lena', remind_days_before: 0, occasions: [{ topic: 'Birthday', month: 3, day: 14, year: null }] });
    expect(changed.json().person.next_occasion.topic).toBe('Birthday');

    const removed = await t.request({ method: 'DELETE', url: `/api/people/${person.person_id}/`, token: ada.access });
    expect(removed.statusCode).toBe(200);
    expect(await list(ada)).toEqual([]);
    expect(await t.app.deps.db.selectFrom('person_occasions').select('id').where('person_id', '=', person.person_id).execute()).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['31 February', { name: 'X', occasions: [{ topic: 'Birthday', month: 2, day: 31 }] }, 'This date does not exist (29 February is fine).'],
    ['29 February of a year that had none', { name: 'X', occasions: [{ topic: 'Birthday', month: 2, day: 29, year: 2023 }] }, 'This date does not exist (29 February is fine).'],
    ['an unknown zone', { name: 'X', time_zone: 'Mars/Olympus', occasions: [] }, 'Unknown time zone: use an IANA name such as Europe/Berlin.'],
    ['a blank name', { name: '  ', occasions: [] }, 'Enter their name.'],
    ['a bad address', { name: 'X', email: 'nope', occasions: [] }, 'Enter a valid email address.'],
    ['a blank topic', { name: 'X', occasions: [{ topic: ' ', month: 1, day: 1 }] }, 'Each date needs an occasion (birthday, anniversary, …).'],
  ])('refuses %s with a 400 naming it, writing nothing', async (_what, payload, detail) => {
    const ada = await t.createUser();
    const res = await add(ada, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(detail);
    expect(await count(ada)).toBe(0);
  });

  it('keeps 29 February and reminds for 28 February in other years', async () => {
    const ada = await t.createUser();
    const res = await add(ada, { name: 'Leap', occasions: [{ topic: 'Birthday', month: 2, day: 29 }] });
    expect(res.statusCode).toBe(201);
    const { date } = res.json().person.next_occasion;
    const year = Number(date.slice(0, 4));
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    expect(date.slice(5)).toBe(leap ? '02-29' : '02-28');
  });

  it("answers 404 for someone else's person and for ids that are none", async () => {
    const ada = await t.createUser();
    const bob = await t.createUser();
    const id = (await add(ada, { name: 'Lena', occasions: [] })).json().person.person_id;
    for (const url of [`/api/people/${id}/`, '/api/people/999999999/', '/api/people/abc/', '/api/people/0/']) {
      expect((await t.request({ method: 'PATCH', url, token: bob.access, payload: { name: 'Mine' } })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url, token: bob.access })).statusCode).toBe(404);
    }
    expect((await list(ada))[0]!.name).toBe('Lena');
  });

  it('keeps at most 500 people, even for requests at the same moment', async () => {
    const ada = await t.createUser();
    const some = Array.from({ length: 497 }, (_, i) => ({ name: `P${i}`, email: null, audience: null, time_zone: null, remind_days_before: 7, occasions: [] }));
    expect(await store.insertPeople(t.app.deps.db, t.app.deps.dialect, ada.id, some, 500)).toHaveLength(497);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => add(ada, { name: `Q${i}`, occasions: [] })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.statusCode === 400 && r.json().detail === 'You can keep at most 500 people.')).toBe(true);
    expect(await count(ada)).toBe(500);
    // An import that would pass the limit writes no one.
    const more = await t.request({ method: 'POST', url: '/api/people/import/', token: ada.access, ...upload('p.csv', 'name,email,birthday\nOne,,\n') });
    expect(more.statusCode).toBe(400);
    expect(await count(ada)).toBe(500);
  });

  it('imports a CSV file: valid lines in, the others listed by line with the reason', async () => {
    const ada = await t.createUser();
    const res = await t.request({ method: 'POST', url: '/api/people/import/', token: ada.access, ...upload('people.csv', CSV) });
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toBe(3);
    expect(res.json().refused).toEqual([
      { line: 4, reason: 'The date "2023-02-31" does not exist or is not YYYY-MM-DD.' },
      { line: 5, reason: 'The name is missing.' },
      { line: 6, reason: 'The email address is not valid.' },
      { line: 8, reason: 'Expected 3 fields (name,email,birthday), found 4.' },
    ]);
    const people = await list(ada);
    expect(people.map((p) => p.name).sort()).toEqual(['Leap Day', 'Lena Berg', 'Smith, Jo']);
    expect(people.find((p) => p.name === 'Smith, Jo')!.occasions).toEqual([{ topic: 'Birthday', month: 7, day: 1, year: null }]);
    expect(people.find((p) => p.name === 'Leap Day')!.occasions).toEqual([{ topic: 'Birthday', month: 2, day: 29, year: 2000 }]);
  });

  it('imports a vCard file (3.0 and 4.0), ignoring photos', async () => {
    const ada = await t.createUser();
    const res = await t.request({ method: 'POST', url: '/api/people/import/', token: ada.access, ...upload('contacts.vcf', VCARD) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, refused: [{ line: 16, reason: 'The date "1990-02-30" does not exist or is not YYYY-MM-DD.' }, { line: 21, reason: 'Only vCard 3.0 and 4.0 are read.' }] });
    const people = await list(ada);
    expect(people.find((p) => p.name === 'Ana Lima')).toMatchObject({ email: 'ana@example.com', occasions: [{ topic: 'Birthday', month: 7, day: 4, year: 1985 }, { topic: 'Anniversary', month: 9, day: 18, year: 2010 }] });
    expect(people.find((p) => p.name === 'Chidi Okafor')).toMatchObject({ email: 'chidi@example.com', occasions: [{ topic: 'Birthday', month: 4, day: 12, year: null }] });
  });

  it.each<[string, ReturnType<typeof upload> | { payload: string; headers: Record<string, string> }, number]>([
    ['a file of neither format', upload('x.txt', 'hello world\nsecond line'), 400],
    ['a CSV with another header', upload('x.csv', 'first,last\nA,B'), 400],
    ['a header and nothing else', upload('x.csv', 'name,email,birthday\n'), 400],
    ['bytes that are not UTF-8', upload('x.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41])), 400],
    ['a file over 1 MB', upload('x.csv', `name,email,birthday\n${'A,,\n'.repeat(300_000)}`), 413],
    ['JSON instead of a file', { payload: JSON.stringify({ file: 'name,email,birthday' }), headers: { 'content-type': 'application/json' } }, 400],
    ['no file field', { payload: '------x\r\nContent-Disposition: form-data; name="other"\r\n\r\nv\r\n------x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=----x' } }, 400],
  ])('refuses %s with nothing written', async (_what, body, status) => {
    const ada = await t.createUser();
    const res = await t.request({ method: 'POST', url: '/api/people/import/', token: ada.access, ...body });
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().detail === 'string' || typeof res.json().error === 'string').toBe(true);
    expect(await count(ada)).toBe(0);
  });

  it("puts the people in the member's export, and deleting the account deletes them", async () => {
    const ada = await t.createUser();
    const id = (await add(ada, { name: 'Lena', email: 'lena.export@example.com', occasions: [{ topic: 'Birthday', month: 3, day: 14 }] })).json().person.person_id;
    const exported = await t.request({ url: '/api/account/export/', token: ada.access });
    expect(exported.json().people).toEqual([expect.objectContaining({ name: 'Lena', email: 'lena.export@example.com', occasions: [{ topic: 'Birthday', month: 3, day: 14, year: null }] })]);
    const deleted = await t.request({ method: 'DELETE', url: '/api/account/', token: ada.access, payload: { password: ada.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('people').select('id').where('user_id', '=', ada.id).execute()).toEqual([]);
    expect(await t.app.deps.db.selectFrom('person_occasions').select('id').where('person_id', '=', id).execute()).toEqual([]);
  });

  it('never writes a person’s address into a log line', () => {
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const address of ['lena@example.com', 'jo@example.com', 'ana@example.com', 'chidi@example.com', 'lena.export@example.com']) expect(all).not.toContain(address);
  });
});
