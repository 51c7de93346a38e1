/**
 * One wish's rows: save, read (as its viewer may see it), edit, delete, its chat and card theme.
 * Who sees what: visibility.ts; the lists: feeds.ts; search: search.ts; caches: caches.ts.
 */
import { type Kysely, sql } from 'kysely';
import type { Wish } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';
import { readHot } from '../db/hot-reads';
import { VISIBLE_TO, WISH_JOINS, WISH_SELECT, toWish, type WishJoinedRow } from './visibility';
import type { WishStore } from './store';

type Db = Kysely<Database>;

export async function insertWish(db: Db, userId: number, text: string, isPublic: boolean, createdAt?: string): Promise<number> {
  const id = await db.transaction().execute(async (trx) => {
    // Feed position (migrations/0007_moderation.ts), given to every wish, public or not, so a later
    // visibility switch never renumbers. Bumping the counter first serializes saves on its row
    // (PostgreSQL) or the write lock (SQLite); the timestamp is taken after that, so concurrent
    // saves normally land in order and the shift below finds nothing to move.
    const counter = await sql<{ last_seq: number }>`update feed_sequence set last_seq = last_seq + 1 where id = 1 returning last_seq`.execute(trx);
    const now = createdAt ?? nowIso();
    // Wishes that sort after this one (a back-dated save, or a clock step) move up by one and this
    // one takes the lowest of their positions. Ties on created_at go to the higher id, and this
    // wish's id will be the highest.
    const later = await sql<{ s: number | null }>`select min(feed_seq) as s from wishes where created_at > ${now}`.execute(trx);
    const first = later.rows[0]?.s;
    let seq = Number(counter.rows[0]!.last_seq);
    if (first !== null && first !== undefined) {
      await sql`update wishes set feed_seq = feed_seq + 1 where feed_seq >= ${first}`.execute(trx);
      seq = Number(first);
    }
    const row = await trx
      .insertInto('wishes')
      .values({ user_id: userId, text, is_public: isPublic ? 1 : 0, published_at: now, created_at: now, feed_seq: seq })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return id;
}

/** The chat its author wrote the wish in (chats.wish_id), or null. */
export async function chatIdOfWish(db: Db, wishId: number, authorId: number): Promise<number | null> {
  const row = await db.selectFrom('chats').select('id').where('wish_id', '=', wishId).where('user_id', '=', authorId).executeTakeFirst();
  return row?.id ?? null;
}

export async function getVisibleWish(db: Db, id: number, viewerId: number | null): Promise<Wish | null> {
  const rows = await readHot(
    db,
    sql<WishJoinedRow>`${WISH_SELECT(viewerId)} from wishes w ${WISH_JOINS(viewerId)}
    where w.id = ${id} and ${VISIBLE_TO(viewerId)}`,
  );
  return rows[0] ? toWish(rows[0]) : null;
}

/** Any wish by id, whatever its state, as a moderator sees it (the moderation queue and actions). */
export async function getWishForModerator(db: Db, id: number, moderatorId: number): Promise<Wish | null> {
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT(moderatorId)} from wishes w ${WISH_JOINS(moderatorId)} where w.id = ${id}`.execute(db);
  return rows[0] ? toWish(rows[0]) : null;
}

export async function getWishesForModerator(db: Db, ids: number[], moderatorId: number): Promise<Map<number, Wish>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT(moderatorId)} from wishes w ${WISH_JOINS(moderatorId)} where w.id in (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((r) => [r.id, toWish(r)]));
}

/** Whether the wish exists for this viewer (vote, voters, report). */
export async function isWishVisible(db: Db, id: number, viewerId: number | null): Promise<boolean> {
  const { rows } = await sql`select 1 as ok from wishes w where w.id = ${id} and ${VISIBLE_TO(viewerId)}`.execute(db);
  return rows.length > 0;
}

/** The owner and flags of a wish that exists for this viewer; null when it does not. */
export async function findVisibleWishOwner(db: Db, id: number, viewerId: number | null): Promise<{ user_id: number; is_public: number; hidden: number } | null> {
  const { rows } = await sql<{ user_id: number; is_public: number; hidden: number }>`select w.user_id, w.is_public, w.hidden from wishes w
    where w.id = ${id} and ${VISIBLE_TO(viewerId)}`.execute(db);
  return rows[0] ?? null;
}

/** The author's edit: text (sets edited_at when it changes) and/or visibility. */
export async function updateWish(db: Db, id: number, change: { text?: string; isPublic?: boolean }): Promise<void> {
  const set: { text?: string; edited_at?: string; is_public?: number } = {};
  if (change.text !== undefined) {
    set.text = change.text;
    set.edited_at = nowIso();
  }
  if (change.isPublic !== undefined) set.is_public = change.isPublic ? 1 : 0;
  await db.transaction().execute(async (trx) => {
    // An unchanged text is not an edit: edited_at only moves when the words do.
    if (set.text !== undefined) {
      const current = await trx.selectFrom('wishes').select('text').where('id', '=', id).executeTakeFirst();
      if (current?.text === set.text) {
        delete set.text;
        delete set.edited_at;
      }
    }
    if (Object.keys(set).length > 0) await trx.updateTable('wishes').set(set).where('id', '=', id).execute();
  });
}

/**
 * Deletes a wish; its votes and reports go with it (foreign keys ON DELETE CASCADE; SQLite runs
 * with foreign_keys = ON). The feed bucket and search index follow through triggers.
 */
export async function deleteWish(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('wishes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** The card theme the author picked (null: the default theme); undefined when the wish is gone. */
export async function cardThemeOf(db: Db, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('wishes').select('card_theme').where('id', '=', id).executeTakeFirst();
  return row ? row.card_theme : undefined;
}

export async function setCardTheme(db: Db, id: number, theme: string): Promise<void> {
  await db.updateTable('wishes').set({ card_theme: theme }).where('id', '=', id).execute();
}


/** The rows a wish store reads and writes with the same SQL on both databases (store.ts). */
export function sharedWishStore(db: Db): Omit<WishStore, 'followedWishIds' | 'rankedIds'> {
  return {
    insertWish: (userId, text, isPublic, createdAt) => insertWish(db, userId, text, isPublic, createdAt),
    updateWish: (id, change) => updateWish(db, id, change),
    deleteWish: (id) => deleteWish(db, id),
    setCardTheme: (id, theme) => setCardTheme(db, id, theme),
    getVisibleWish: (id, viewerId) => getVisibleWish(db, id, viewerId),
    findVisibleWishOwner: (id, viewerId) => findVisibleWishOwner(db, id, viewerId),
    cardThemeOf: (id) => cardThemeOf(db, id),
    chatIdOfWish: (id, authorId) => chatIdOfWish(db, id, authorId),
    userExists: (userId) => userExists(db, userId),
  };
}
