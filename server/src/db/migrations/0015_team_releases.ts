/**
 * Teams publish their remote over HTTP (docs/teams.md):
 * - `remote_tokens`: team tokens, one remote each, stored as a sha256 of the token (the token
 *   itself is shown once), with scopes, expiry, last use and revocation;
 * - `remote_releases` / `remote_release_files`: releases published over HTTP, their files in the
 *   database so every server process (cluster mode) can serve them; each process copies a
 *   release into its own RELEASES_DIR the first time it needs it (releases/published.ts).
 * - canaries (releases/canary.ts): `remote_canary` (the release a share of browsers gets),
 *   `canary_loads` (one row per page load served a canary) and `client_errors` (what the shell
 *   reported, at most one per remote per load), shared by every process;
 * - `remote_switches` takes the new actions (canary, promote, auto-rollback) with the canary's
 *   percent and a reason (SQLite cannot change a check constraint: the table is rebuilt).
 * The same tables on SQLite and PostgreSQL.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';
import { dateColumn } from './date-columns';

export function teamReleasesMigration(dialect: Dialect): Migration {
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  const date = sql.raw(dateColumn(dialect));
  return {
    async up(db: Kysely<any>) {
      await sql`create table remote_tokens (
        token_id text primary key,
        remote text not null,
        name text not null,
        token_hash text not null unique,
        scopes text not null,
        created_by text not null,
        created_at ${date} not null,
        expires_at ${date} not null,
        last_used_at ${date},
        revoked_at ${date}
      )`.execute(db);
      await sql`create index remote_tokens_remote_idx on remote_tokens (remote)`.execute(db);
      await sql`create table remote_releases (
        remote text not null,
        release_id text not null,
        version text not null,
        hash text not null,
        declaration text not null,
        files integer not null,
        bytes integer not null,
        published_by text not null,
        created_at ${date} not null,
        primary key (remote, release_id)
      )`.execute(db);
      const actions = sql`check (action in ('activate', 'rollback', 'canary', 'promote', 'auto-rollback'))`;
      if (dialect === 'postgres') {
        await sql`alter table remote_switches drop constraint if exists remote_switches_action_check`.execute(db);
        await sql`alter table remote_switches add constraint remote_switches_action_check ${actions}`.execute(db);
        await sql`alter table remote_switches add column percent integer`.execute(db);
        await sql`alter table remote_switches add column reason text`.execute(db);
      } else {
        await sql`create table remote_switches_v3 (
          id integer primary key autoincrement,
          remote text not null,
          action text not null ${actions},
          release_id text not null,
          previous_release_id text,
          actor text not null,
          created_at text not null,
          percent integer,
          reason text
        )`.execute(db);
        await sql`insert into remote_switches_v3 (id, remote, action, release_id, previous_release_id, actor, created_at)
          select id, remote, action, release_id, previous_release_id, actor, created_at from remote_switches`.execute(db);
        await sql`drop table remote_switches`.execute(db);
        await sql`alter table remote_switches_v3 rename to remote_switches`.execute(db);
        await sql`create index remote_switches_remote_idx on remote_switches (remote, id)`.execute(db);
      }
      await sql`create table remote_canary (
        remote text primary key,
        release_id text not null,
        percent integer not null check (percent between 1 and 99),
        started_by text not null,
        started_at ${date} not null
      )`.execute(db);
      await sql`create table canary_loads (
        load_id text not null,
        remote text not null,
        release_id text not null,
        created_at ${date} not null,
        primary key (load_id, remote)
      )`.execute(db);
      await sql`create index canary_loads_release_idx on canary_loads (remote, release_id, created_at)`.execute(db);
      await sql`create table client_errors (
        load_id text not null,
        remote text not null,
        release_id text not null,
        kind text not null,
        message text not null,
        stack text,
        created_at ${date} not null,
        primary key (load_id, remote)
      )`.execute(db);
      await sql`create index client_errors_release_idx on client_errors (remote, release_id, created_at)`.execute(db);
      await sql`create table remote_release_files (
        remote text not null,
        release_id text not null,
        path text not null,
        content ${bytes} not null,
        primary key (remote, release_id, path)
      )`.execute(db);
    },
  };
}
