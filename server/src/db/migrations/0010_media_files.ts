/**
 * Media every server process can read (MEDIA_STORAGE=postgres, cluster mode): one row per stored
 * file, named as on disk (`avatars/<32 hex>.webp`). Files never change once written (names are
 * unique per upload), so a row is only ever inserted or deleted. Created on SQLite too, so the
 * schema is the same everywhere; only PostgreSQL deployments fill it.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** The database kind, declared here: a migration depends on nothing but Kysely. */
type Dialect = 'sqlite' | 'postgres';

export function mediaFilesMigration(dialect: Dialect): Migration {
  const bytes = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  return {
    async up(db: Kysely<any>) {
      await sql`create table media_files (
        name text primary key,
        content_type text not null,
        content ${bytes} not null,
        created_at text not null
      )`.execute(db);
    },
  };
}
