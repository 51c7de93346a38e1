/**
 * Remote releases (docs/teams.md): which release of each remote is active, and the
 * history of every switch (who, what, when), in the database so every server process agrees.
 * `remote_active` has one row per remote that was ever switched (none: its built dist/ is served);
 * `remote_switches` only grows. The same SQL on SQLite and PostgreSQL.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function remoteReleasesMigration(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? sql`id serial primary key` : sql`id integer primary key autoincrement`;
  return {
    async up(db: Kysely<any>) {
      await sql`create table remote_active (
        remote text primary key,
        release_id text not null,
        switched_at text not null
      )`.execute(db);
      await sql`create table remote_switches (
        ${id},
        remote text not null,
        action text not null check (action in ('activate', 'rollback')),
        release_id text not null,
        previous_release_id text,
        actor text not null,
        created_at text not null
      )`.execute(db);
      await sql`create index remote_switches_remote_idx on remote_switches (remote, id)`.execute(db);
    },
  };
}
