/**
 * Voters paged by vote type: `GET /api/wish/{id}/voters/?vote_type=downvote&cursor=…` seeks
 * (wish_id, vote_type, created_at, id) so a filtered page costs O(page) even when the other type
 * has 100k rows before the next match. The unfiltered list keeps `votes_wish_created_idx` (0001).
 */
import { type Kysely, type Migration, sql } from 'kysely';

export function votersTypeIndexMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create index if not exists votes_wish_type_created_idx on votes (wish_id, vote_type, created_at desc, id desc)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists votes_wish_type_created_idx`.execute(db);
    },
  };
}
