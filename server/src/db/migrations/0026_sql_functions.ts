/**
 * The database functions from their files: every live PL/pgSQL function is re-created from its own
 * file in db/sql/ (`create or replace`), so what the database runs is the text those files hold,
 * not the last of several inline copies across 0001-0018 (which keep their historical text: it is
 * what ran on the databases of then, and a fresh database still passes through it). The files are
 * handed in by db/migrate.ts: a migration imports nothing but Kysely.
 *
 * `wishes_cast_vote` and `wishes_remove_vote` (one vote per call, 0003/0007/0012) are dropped:
 * requests write votes in batches (`wishes_vote_batch`) and the seed through the votes service.
 *
 * A PL/pgSQL body is checked for syntax only when it is created, not against the tables, so a
 * later edit of a file that uses a later column still applies here on a fresh database; the
 * migration that brings the edit re-applies the file once its column exists.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

/** A function's whole `create or replace function` statement (db/sql/). */
interface FunctionDefinition {
  name: string;
  definition: string;
}

export function sqlFunctionsMigration(dialect: Dialect, functions: readonly FunctionDefinition[]): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`drop function if exists wishes_cast_vote(integer, integer, text, text)`.execute(db);
      await sql`drop function if exists wishes_remove_vote(integer, integer)`.execute(db);
      for (const f of functions) {
        if (!/^create or replace function /i.test(f.definition)) throw new Error(`0026: ${f.name} is not a "create or replace function" statement`);
        await sql.raw(f.definition).execute(db);
      }
    },
  };
}
