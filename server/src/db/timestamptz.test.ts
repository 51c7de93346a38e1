/**
 * Dates (docs/data.md#timestamps): timestamptz on PostgreSQL through migration 0012, which keeps
 * every value and converts every `<name>_at` text column it finds (not a fixed list); ISO text on
 * SQLite; the API's format is the same on both.
 */
import { Kysely, sql } from 'kysely';
import { createPgDatabase, createTestApp, dialects, PG_ADMIN_URL, type TestContext } from '../../test/kit/harness';
import { openDatabase } from './connect';
import { pgTimestampToIso } from './dates';
import { dateColumn } from './migrations/date-columns';
import { allMigrations, migrateToLatest } from './migrate';
import type { Database } from './types';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('pgTimestampToIso', () => {
  it.each([
    ['2026-04-30 12:00:00+00', '2026-04-30T12:00:00.000Z'],
    ['2026-04-30 12:00:00.5+00', '2026-04-30T12:00:00.500Z'],
    ['2026-04-30 12:00:00.123456+00', '2026-04-30T12:00:00.123Z'],
    ['2026-04-30 14:30:00.123+02:30', '2026-04-30T12:00:00.123Z'],
    ['2026-04-30 07:00:00-05', '2026-04-30T12:00:00.000Z'],
    ['2026-04-30 12:00:00', '2026-04-30T12:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(pgTimestampToIso(text)).toBe(iso);
  });

  it('dateColumn is timestamptz on PostgreSQL and ISO text on SQLite', () => {
    expect(dateColumn('postgres')).toBe('timestamptz');
    expect(dateColumn('sqlite')).toBe('varchar(32)');
  });
});

const pgOnly = PG_ADMIN_URL ? describe : describe.skip;

pgOnly('migration 0012 on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let db: Kysely<Database>;
  const raw = () => db as unknown as Kysely<any>;

  beforeAll(async () => {
    const pg = await createPgDatabase();
    drop = pg.drop;
    db = openDatabase(pg.url).db;
    // The schema as it was before 0012, plus a table a parallel branch might add with text dates.
    const before = allMigrations('postgres');
    delete before['0012_timestamptz'];
    await migrateToLatest(db, 'postgres', before);
    await sql`create table side_threads (id serial primary key, title varchar(32) not null, started_at varchar(32) not null,
      closed_at text, seen_at varchar(32) default '')`.execute(db);
    await sql`insert into users (email, password_hash, first_name, last_name, password_changed_at, created_at)
      values ('a@example.com', 'x', 'Ann', 'Lee', '2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678Z'),
             ('b@example.com', 'x', 'Bo', 'Kim', '2025-12-31T23:59:59.999Z', '2025-12-31T23:59:59.999Z')`.execute(db);
    await sql`insert into wishes (user_id, text, is_public, published_at, created_at, feed_seq)
      values (1, 'older', 1, '2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678Z', 1),
             (1, 'newer', 1, '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', 2),
             (2, 'private', 0, '2026-01-15T10:00:00.000Z', '2026-01-15T10:00:00.000Z', 3)`.execute(db);
    await sql`insert into side_threads (title, started_at, closed_at, seen_at) values ('Keep me text', '2026-03-01T08:00:00.000Z', '', '2026-03-01T09:00:00.001Z'),
      ('no zone', '2026-03-02T08:00:00', '2026-03-02T09:00:00.000Z', '')`.execute(db);
    await migrateToLatest(db, 'postgres');
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('leaves no text column named *_at, and converts the parallel table found by the rule', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
       where table_schema = current_schema() and (column_name like '%\\_at' escape '\\' or table_name = 'side_threads')`.execute(db);
    const types = Object.fromEntries(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.data_type]));
    const dateTypes = Object.entries(types).filter(([name]) => name.endsWith('_at'));
    expect(dateTypes.length).toBeGreaterThanOrEqual(20);
    for (const [name, type] of dateTypes) expect([name, type]).toEqual([name, 'timestamp with time zone']);
    expect(types['side_threads.title']).toBe('character varying');
    expect(types['remote_switches.created_at']).toBe('timestamp with time zone'); // declared `text` in 0005
  });

  it('keeps every value and reads it back in the exact ISO format', async () => {
    const users = await db.selectFrom('users').select(['email', 'created_at', 'password_changed_at']).orderBy('id').execute();
    expect(users).toEqual([
      { email: 'a@example.com', created_at: '2026-01-02T03:04:05.678Z', password_changed_at: '2026-01-02T03:04:05.678Z' },
      { email: 'b@example.com', created_at: '2025-12-31T23:59:59.999Z', password_changed_at: '2025-12-31T23:59:59.999Z' },
    ]);
    const chats = await raw().selectFrom('side_threads').select(['title', 'started_at', 'closed_at', 'seen_at']).orderBy('id').execute();
    expect(chats).toEqual([
      { title: 'Keep me text', started_at: '2026-03-01T08:00:00.000Z', closed_at: null, seen_at: '2026-03-01T09:00:00.001Z' },
      // A value written without a zone is UTC; an empty string in a nullable column is NULL.
      { title: 'no zone', started_at: '2026-03-02T08:00:00.000Z', closed_at: '2026-03-02T09:00:00.000Z', seen_at: null },
    ]);
  });

  it('orders and compares by time with ISO string parameters, as before', async () => {
    const newestFirst = await db.selectFrom('wishes').select('text').orderBy('created_at', 'desc').execute();
    expect(newestFirst.map((w) => w.text)).toEqual(['newer', 'private', 'older']);
    const after = await db.selectFrom('wishes').select('text').where('created_at', '>', '2026-01-02T03:04:05.678Z').orderBy('created_at').execute();
    expect(after.map((w) => w.text)).toEqual(['private', 'newer']);
    const exact = await db.selectFrom('wishes').select('text').where('created_at', '=', '2026-01-02T03:04:05.678Z').execute();
    expect(exact.map((w) => w.text)).toEqual(['older']);
    const { rows } = await sql<{ last: string }>`select max(created_at) as last from wishes`.execute(db);
    expect(rows[0]!.last).toBe('2026-02-01T00:00:00.000Z');
  });

  it('keeps the vote function working (it writes votes.created_at from its time argument)', async () => {
    const { rows } = await sql<{ up: number }>`select up from wishes_vote_batch(array[1], array[2], array['upvote'], '2026-05-01T00:00:00.000Z')`.execute(db);
    expect(rows[0]!.up).toBe(1);
    const vote = await db.selectFrom('votes').select('created_at').where('wish_id', '=', 1).executeTakeFirstOrThrow();
    expect(vote.created_at).toBe('2026-05-01T00:00:00.000Z');
  });

  it('converts the text dates of a migration that lands after 0012 (unordered merge)', async () => {
    const late = {
      ...allMigrations('postgres'),
      '0011_late_branch': { up: async (d: Kysely<any>) => void (await sql`create table media_items (id serial primary key, uploaded_at varchar(32) not null)`.execute(d)) },
    };
    await migrateToLatest(db, 'postgres', late);
    const { rows } = await sql<{ data_type: string }>`select data_type from information_schema.columns where table_name = 'media_items' and column_name = 'uploaded_at'`.execute(db);
    expect(rows[0]!.data_type).toBe('timestamp with time zone');
  });
});

describe.each(dialects)('the API answers dates in one ISO format (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('feed, wish detail and votes carry ISO 8601 UTC with milliseconds, newest first', async () => {
    const author = await t.createUser();
    const voter = await t.createUser();
    const first = await t.saveWish(author, 'The first wish of the day');
    const second = await t.saveWish(author, 'The second wish of the day');
    const vote = await t.request({ method: 'POST', url: `/api/wish/${first}/vote/`, token: voter.access, payload: { vote_type: 'upvote' } });
    expect(vote.statusCode).toBe(200);

    const feed = (await t.request({ url: '/api/base/feed/1/' })).json();
    const ids = feed.wishes.map((w: { id: number }) => w.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    for (const wish of feed.wishes) {
      expect(wish.created_at).toMatch(ISO);
      expect(wish.published_at).toMatch(ISO);
    }
    const detail = (await t.request({ url: `/api/base/wish/${first}/` })).json();
    expect(detail.created_at ?? detail.wish?.created_at).toMatch(ISO);
    const voters = await t.request({ url: `/api/wish/${first}/votes/` });
    if (voters.statusCode === 200) expect(JSON.stringify(voters.json())).not.toMatch(/\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d/);
  });
});
