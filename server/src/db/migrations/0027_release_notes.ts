/**
 * Releases a team can follow (docs/teams.md, "Releases"):
 * - `remote_releases` records what `npm run release` says of the build: its commit and branch
 *   (from git, when the remote is a repository), the team's notes, when it was built and whether
 *   the remote's own tests were skipped;
 * - `remote_tokens.email`: the team's address, mailed a gate refusal, an automatic rollback or a
 *   promotion of its remote as well as the admins.
 * Plain added columns, nullable, on SQLite and PostgreSQL alike.
 */
import { type Kysely, type Migration } from 'kysely';

export function releaseNotesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const column of ['commit_sha', 'branch', 'notes', 'built_at']) {
        await db.schema.alterTable('remote_releases').addColumn(column, 'text').execute();
      }
      await db.schema.alterTable('remote_releases').addColumn('tests_skipped', 'integer').execute();
      await db.schema.alterTable('remote_tokens').addColumn('email', 'text').execute();
    },
  };
}
