/**
 * Every PL/pgSQL function the database holds after the migrations is one of db/sql/'s files, with
 * that file's text: no function is left defined only inline in a migration, and the one-vote
 * functions the seed alone used are gone.
 */
import { Kysely, sql } from 'kysely';
import { createPgDatabase, PG_ADMIN_URL } from '../../../test/kit/harness';
import { openDatabase } from '../connect';
import { migrateToLatest } from '../migrate';
import type { Database } from '../types';
import { SQL_FUNCTIONS } from './index';

const pgOnly = PG_ADMIN_URL ? describe : describe.skip;

pgOnly('database functions (PostgreSQL)', () => {
  let drop: () => Promise<void>;
  let db: Kysely<Database>;
  beforeAll(async () => {
    const pg = await createPgDatabase();
    drop = pg.drop;
    db = openDatabase(pg.url).db;
    await migrateToLatest(db, 'postgres');
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('holds exactly the functions of db/sql/, each with its file body', async () => {
    const { rows } = await sql<{ name: string; body: string }>`select p.proname as name, p.prosrc as body from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
      where n.nspname = current_schema() and l.lanname = 'plpgsql' order by p.proname`.execute(db);
    expect(rows.map((r) => r.name)).toEqual(SQL_FUNCTIONS.map((f) => f.name).sort());
    for (const f of SQL_FUNCTIONS) {
      const body = /\$\$([\s\S]*)\$\$/.exec(f.definition)?.[1];
      expect([f.name, rows.find((r) => r.name === f.name)?.body]).toEqual([f.name, body]);
    }
  });

  it('runs the vote functions on one generic plan, as their files say', async () => {
    const { rows } = await sql<{ name: string; config: string[] | null }>`select p.proname as name, p.proconfig as config from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() and p.proname in ('wishes_vote_batch', 'wishes_vote_notify') order by p.proname`.execute(db);
    expect(rows).toEqual([
      { name: 'wishes_vote_batch', config: ['plan_cache_mode=force_generic_plan'] },
      { name: 'wishes_vote_notify', config: ['plan_cache_mode=force_generic_plan'] },
    ]);
  });

  it('names each file after its function', () => {
    for (const f of SQL_FUNCTIONS) expect(f.definition.startsWith(`create or replace function ${f.name}(`)).toBe(true);
  });
});
