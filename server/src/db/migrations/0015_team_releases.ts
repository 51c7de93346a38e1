/**
 * Teams publish their remote over HTTP (docs/teams.md):
 * - `remote_tokens`: team tokens, one remote each, stored as a sha256 of the token (the token
 *   itself is shown once), with scopes, expiry, last use and revocation;
 * - `remote_releases` / `remote_release_files`: releases published over HTTP, their files in the
 *   database so every server process (cluster mode) can serve them; each process copies a
 *   release into its own RELEASES_DIR the first time it needs it (releases/published.ts).
 * The same tables on SQLite and PostgreSQL.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../types';
import { dateColumn } from '../dates';

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
