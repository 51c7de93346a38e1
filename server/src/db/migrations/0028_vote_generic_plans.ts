/**
 * The vote's two functions (db/sql/wishes_vote_batch.ts, wishes_vote_notify.ts) re-applied from
 * their files, which now run their statements on one generic plan instead of planning them afresh
 * on every call. Handed in by db/migrate.ts (a migration imports nothing but Kysely); PostgreSQL
 * only, as the functions are.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

interface FunctionDefinition {
  name: string;
  definition: string;
}

export function voteGenericPlansMigration(dialect: Dialect, functions: readonly FunctionDefinition[]): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      for (const f of functions) await sql.raw(f.definition).execute(db);
    },
  };
}
