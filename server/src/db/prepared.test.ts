/**
 * PostgreSQL's prepared statements for every query (db/connect.ts): a statement is parsed once per
 * connection and then reused, and a schema change (a migration here, or one run by another process)
 * never leaves a stale plan failing with "cached plan must not change result type".
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { Client } from 'pg';
import { PG_ADMIN_URL, createPgDatabase } from '../../test/kit/harness';
import { openDatabase, pgPoolOf, preparedNamesOf } from './connect';
import { migrateToLatest } from './migrate';
import type { Database } from './types';

const onPostgres = PG_ADMIN_URL ? describe : describe.skip;

onPostgres('prepared statements on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Kysely<Database>;

  beforeAll(async () => {
    ({ url, drop } = await createPgDatabase());
    // One pooled connection: every query below runs on the same session.
    db = openDatabase(url, { poolSize: 1 }).db;
    await sql`create table probe (a integer)`.execute(db);
    await sql`insert into probe values (1)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  /** The session's prepared statements with this text, with how many times each ran. */
  const preparedWith = async (text: string) =>
    (await sql<{ name: string; runs: number }>`select name, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement = ${text}`.execute(db)).rows;

  /** The statement names the pooled connection holds (checked out and given back at once). */
  const namesOfConnection = async () => {
    const client = await pgPoolOf(db)!.connect();
    try {
      return new Map(preparedNamesOf(client));
    } finally {
      client.release();
    }
  };

  it('prepares a query once per connection and reuses it', async () => {
    const query = (n: number) => sql<{ n: number }>`select a + ${n} as n from probe`;
    for (const n of [1, 2, 3]) expect((await query(n).execute(db)).rows).toEqual([{ n: 1 + n }]);
    const text = query(0).compile(db).sql;
    const rows = await preparedWith(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.runs).toBe(3);
    expect((await namesOfConnection()).get(text)?.name).toBe(rows[0]!.name);
    // The query builder's statements too, and transaction control and DDL stay unnamed.
    const probe = db as unknown as Kysely<{ probe: { a: number } }>;
    await probe.transaction().execute(async (trx) => trx.selectFrom('probe').select('a').where('a', '=', 1).execute());
    const names = await namesOfConnection();
    expect([...names.keys()].some((t) => /from "probe"/.test(t))).toBe(true);
    expect([...names.keys()].some((t) => /^(begin|commit|create)/i.test(t))).toBe(false);
  });

  it('a column added by another process does not fail a prepared select *', async () => {
    const all = () => sql`select * from probe`.execute(db);
    expect((await all()).rows).toEqual([{ a: 1 }]);
    expect((await all()).rows).toEqual([{ a: 1 }]);
    const other = new Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('alter table probe add column b integer not null default 7');
    } finally {
      await other.end();
    }
    // Outside a transaction the query is prepared again and answered.
    expect((await all()).rows).toEqual([{ a: 1, b: 7 }]);
    // Inside one, the stale plan's error fails that transaction only; the next use works.
    const other2 = new Client({ connectionString: url });
    await other2.connect();
    await other2.query('alter table probe add column c integer not null default 8');
    await other2.end();
    await expect(db.transaction().execute(async (trx) => sql`select * from probe`.execute(trx))).rejects.toThrow(/cached plan must not change result type/);
    expect((await all()).rows).toEqual([{ a: 1, b: 7, c: 8 }]);
  });

  it('a migration renames every statement, so none planned before it is used after it', async () => {
    const all = () => sql`select * from probe`.execute(db);
    await all();
    const text = sql`select * from probe`.compile(db).sql;
    const before = (await namesOfConnection()).get(text)!.name;
    const migration: Migration = { up: async (m) => void (await sql`alter table probe add column d integer not null default 9`.execute(m)) };
    await migrateToLatest(db, 'postgres', { '9000_probe_d': migration });
    const rows = (await all()).rows;
    expect(rows).toEqual([{ a: 1, b: 7, c: 8, d: 9 }]);
    const after = (await namesOfConnection()).get(text)!.name;
    expect(after).not.toBe(before);
    // The new name was prepared by that select, not rescued from a stale-plan error (which renames too): it ran once.
    expect((await preparedWith(text)).find((r) => r.name === after)?.runs).toBe(1);
  });
});
