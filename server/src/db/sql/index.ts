/**
 * The database functions (PostgreSQL PL/pgSQL) as they are now: one file per function, each the
 * one place its text lives. The migrations that first created them keep their historical text
 * (what ran then); migration 0026 re-applies these files with `create or replace`, handed them by
 * db/migrate.ts (a migration imports nothing but Kysely). Changing a function: edit its file and
 * add a migration that re-applies it the same way (docs/architecture.md, "Database functions").
 */
import { wishesVoteBatch } from './wishes_vote_batch';
import { wishesVoteNotify } from './wishes_vote_notify';
import { wishesFeedBucket } from './wishes_feed_bucket';
import { wishesSearchVector } from './wishes_search_vector';
import { usersSearchRename } from './users_search_rename';
import { complaintQueueSync } from './complaint_queue_sync';

/** One function: its name and its whole `create or replace function` statement. */
export interface SqlFunction {
  name: string;
  definition: string;
}

/** Every live function, by name. */
export const SQL_FUNCTIONS: readonly SqlFunction[] = [wishesVoteBatch, wishesVoteNotify, wishesFeedBucket, wishesSearchVector, usersSearchRename, complaintQueueSync];
