/**
 * The wish store on PostgreSQL: the shared Kysely rows (queries.ts) and PostgreSQL's own two reads:
 * the search's ranking over the tsvector column under statement_timeout, so no search holds a
 * connection for long, and the following feed's per-followed-member plan with LATERAL, reading
 * only (skip + want) wishes per followed member.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types';
import { readIds, rowLimit } from '../db/hot-reads';
import { sharedWishStore } from './queries';
import { tsQuery } from './search-syntax';
import { SearchBusyError } from './sqlite-search';
import type { WishStore } from './store';

/** Deepest page (in rows) read with the LATERAL plan; deeper pages use one walk of the followed members' wishes. */
const FOLLOWING_LATERAL_MAX_ROWS = 500;

export function createPostgresWishStore(db: Kysely<Database>): WishStore {
  return {
    ...sharedWishStore(db),

    followedWishIds(followerId, skip, want) {
      const perUser = skip + want;
      return readIds(
        db,
        perUser <= FOLLOWING_LATERAL_MAX_ROWS
          ? sql<{ id: number }>`select f.id from subscriptions s
              cross join lateral (select id, feed_seq from wishes
                where user_id = s.target_id and is_public = 1 and hidden = 0 order by feed_seq desc limit ${perUser}) f
              where s.follower_id = ${followerId}
              order by f.feed_seq desc limit ${rowLimit(want)} offset ${skip}`
          : sql<{ id: number }>`select id from wishes
              where is_public = 1 and hidden = 0 and user_id in (select target_id from subscriptions where follower_id = ${followerId})
              order by feed_seq desc limit ${rowLimit(want)} offset ${skip}`,
      );
    },

    async rankedIds(terms, limit, offset, bounds) {
      const tsq = tsQuery(terms);
      try {
        return await db.transaction().execute(async (trx) => {
          // SET takes no bind parameters; the value is an integer from the config.
          await sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(bounds.timeoutMs))}`).execute(trx);
          const count = await sql<{ n: string }>`select count(*) as n from wishes w
            where w.is_public = 1 and w.hidden = 0 and w.search_vector @@ to_tsquery('simple', ${tsq})`.execute(trx);
          const found = await sql<{ id: number }>`select w.id from wishes w
            where w.is_public = 1 and w.hidden = 0 and w.search_vector @@ to_tsquery('simple', ${tsq})
            order by ts_rank(w.search_vector, to_tsquery('simple', ${tsq})) desc, w.id desc
            limit ${limit} offset ${offset}`.execute(trx);
          return { ids: found.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
        });
      } catch (error) {
        // 57014: canceled by statement_timeout.
        if ((error as { code?: unknown }).code === '57014') throw new SearchBusyError('search took too long');
        throw error;
      }
    },
  };
}
