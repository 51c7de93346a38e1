/** Runs the schema migrations (on every start; already-applied ones are skipped). */
import { type Kysely, type Migration, Migrator } from 'kysely';
import type { Database, Dialect } from './types';
import { initialMigration } from './migrations/0001_initial';
import { feedSeqMigration } from './migrations/0002_feed_seq';
import { voteFunctionsMigration } from './migrations/0003_vote_functions';
import { sessionsMigration } from './migrations/0004_sessions';
import { remoteReleasesMigration } from './migrations/0005_remote_releases';
import { moderationMigration } from './migrations/0007_moderation';
import { socialMigration } from './migrations/0008_social';
import { chatsMigration } from './migrations/0009_chats';
import { votersTypeIndexMigration } from './migrations/0011_voters_type_idx';
import { mediaFilesMigration } from './migrations/0010_media_files';
import { timestamptzMigration } from './migrations/0012_timestamptz';
import { teamReleasesMigration } from './migrations/0015_team_releases';
import { deliveriesMigration } from './migrations/0014_deliveries';
import { slowRowsMigration } from './migrations/0016_slow_rows';
import { deliveryQuotaMigration } from './migrations/0017_delivery_quota';
import { voteBatchMigration } from './migrations/0018_vote_batch';
import { canaryAddressesMigration } from './migrations/0021_canary_addresses';
import { repliesMigration } from './migrations/0023_replies';
import { convertTextDateColumns } from './migrations/date-columns';
import { preparedStatementsPaused } from './connect';

/** Every migration by name; the name order is the order on a fresh database. */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_feed_seq': feedSeqMigration(),
    '0003_vote_functions': voteFunctionsMigration(dialect),
    '0004_sessions': sessionsMigration(),
    '0005_remote_releases': remoteReleasesMigration(dialect),
    '0007_moderation': moderationMigration(dialect),
    '0008_social': socialMigration(dialect),
    '0009_chats': chatsMigration(dialect),
    '0010_media_files': mediaFilesMigration(dialect),
    '0011_voters_type_idx': votersTypeIndexMigration(dialect),
    '0012_timestamptz': timestamptzMigration(dialect),
    '0015_team_releases': teamReleasesMigration(dialect),
    '0014_deliveries': deliveriesMigration(dialect),
    '0016_slow_rows': slowRowsMigration(dialect),
    '0017_delivery_quota': deliveryQuotaMigration(dialect),
    '0018_vote_batch': voteBatchMigration(dialect),
    '0021_canary_addresses': canaryAddressesMigration(dialect),
    '0023_replies': repliesMigration(dialect),
  };
}

/**
 * Applies the missing migrations. PostgreSQL's prepared statements (db/connect.ts) are paused
 * meanwhile and renamed after: a statement planned before a schema change is never reused after it.
 */
export function migrateToLatest(db: Kysely<Database>, dialect: Dialect, migrations: Record<string, Migration> = allMigrations(dialect)): Promise<void> {
  return preparedStatementsPaused(() => applyMigrations(db, dialect, migrations));
}

async function applyMigrations(db: Kysely<Database>, dialect: Dialect, migrations: Record<string, Migration>): Promise<void> {
  const migrator = new Migrator({
    db,
    // Branches add numbered migrations in parallel (0004 may land after 0005 ran on a database):
    // each migration is independent, so apply a missing one whatever its place in the order.
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A migration applied after 0012 (unordered: it landed later) may add text date columns; the
  // naming rule converts them too (db/dates.ts). Nothing to do when none ran or none are left.
  // (0012 is applied once migrateToLatest succeeded with it in the list.)
  if (dialect === 'postgres' && '0012_timestamptz' in migrations && results?.some((r) => r.status === 'Success' && r.migrationName !== '0012_timestamptz')) {
    await convertTextDateColumns(db);
  }
}
