/**
 * Feed position of each public wish, so a deep feed page is a seek instead of an OFFSET walk.
 *
 * `public_seq` numbers the public wishes 1..N in feed order (oldest first: created_at, then id), with
 * no gaps; page p of the newest-first feed is then the seq range (N - p*size, N - (p-1)*size].
 * `feed_sequence` holds N in one row. Saving a public wish (wishes/queries.ts insertWish) bumps that
 * row first, so public inserts are serialized by its row lock (PostgreSQL) or the write lock
 * (SQLite), and a rolled-back insert rolls the counter back too: no gaps. A wish whose created_at
 * is older than the newest public wish (the seed's back-dated wishes, or two PostgreSQL inserts whose
 * timestamps were taken in the other order) shifts the later ones up by one in the same
 * transaction, so the invariant holds whatever the insert order. Wishes are never deleted or made
 * private in this product; anything that ever does must renumber (PUBLIC_SEQ_BACKFILL below).
 * Superseded by 0007_moderation.ts (wishes can now be deleted and made private): feed_seq with gaps.
 */
import { type Kysely, type Migration, sql } from 'kysely';

/** Numbers every public wish in feed order and sets the counter (existing rows, bulk loads). Same SQL on both databases. */
export const PUBLIC_SEQ_BACKFILL = [
  `update wishes set public_seq = x.seq
     from (select id, row_number() over (order by created_at, id) as seq from wishes where is_public = 1) as x
     where x.id = wishes.id`,
  `update feed_sequence set last_seq = (select count(*) from wishes where is_public = 1) where id = 1`,
];

export function feedSeqMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`alter table wishes add column public_seq integer`.execute(db);
      await sql`create table feed_sequence (id integer primary key, last_seq integer not null)`.execute(db);
      await sql`insert into feed_sequence (id, last_seq) values (1, 0)`.execute(db);
      for (const statement of PUBLIC_SEQ_BACKFILL) await sql.raw(statement).execute(db);
      // Partial, like wishes_feed_idx: the feed reads only public wishes.
      await sql`create index wishes_public_seq_idx on wishes (public_seq) where is_public = 1`.execute(db);
    },
  };
}
