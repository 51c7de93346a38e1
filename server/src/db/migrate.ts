/** Runs the schema migrations (on every start; already-applied ones are skipped). */
import { type Kysely, Migrator } from 'kysely';
import type { Database, Dialect } from './types';
import { initialMigration } from './migrations/0001_initial';
import { feedSeqMigration } from './migrations/0002_feed_seq';
import { voteFunctionsMigration } from './migrations/0003_vote_functions';
import { sessionsMigration } from './migrations/0004_sessions';
import { remoteReleasesMigration } from './migrations/0005_remote_releases';
import { moderationMigration } from './migrations/0007_moderation';
import { socialMigration } from './migrations/0008_social';
import { mediaFilesMigration } from './migrations/0010_media_files';

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({
    db,
    // Branches add numbered migrations in parallel (0004 may land after 0005 ran on a database):
    // each migration is independent, so apply a missing one whatever its place in the order.
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => ({
        '0001_initial': initialMigration(dialect),
        '0002_feed_seq': feedSeqMigration(),
        '0003_vote_functions': voteFunctionsMigration(dialect),
        '0004_sessions': sessionsMigration(),
        '0005_remote_releases': remoteReleasesMigration(dialect),
        '0007_moderation': moderationMigration(dialect),
        '0008_social': socialMigration(dialect),
        '0010_media_files': mediaFilesMigration(dialect),
      }) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
