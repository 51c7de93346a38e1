/**
 * Database access for wishes: the Wish shape (author + the viewer's own vote joined in), feed,
 * a user's wishes, detail, edits, deletes and full-text search. Every read applies the visibility
 * rule (VISIBLE_TO): a private wish exists only for its author; a hidden one (moderation, or a
 * banned author) only for its author and moderators. The feed and search list only *listed*
 * wishes (public and not hidden), whoever asks.
 */
import { type Kysely, sql } from 'kysely';
import type { Wish } from '@wishes/shared/contract';
import { ANONYMOUS } from '@wishes/shared/constants';
import type { Database, Dialect } from '../db/types';
import { HIDDEN_BY_MODERATORS, nowIso } from '../db/types';
import { FEED_BUCKET_SIZE } from '../db/migrations/0007_moderation';
import { sqliteFileOf } from '../db/connect';
import { readColumnNowOnSqlite, readHot, readIds, rowLimit } from '../db/hot-reads';
import { SearchBusyError, sqliteSearchWorker } from './sqlite-search';

type Db = Kysely<Database>;

/** The viewer id used in joins; 0 matches no user, so visitors see only public wishes. */
const viewer = (viewerId: number | null) => viewerId ?? 0;

export const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** SQL: whether user `id` is a moderator or admin right now (read on every call, never cached). */
export const IS_MODERATOR = (id: number | null) =>
  sql`exists (select 1 from users mr where mr.id = ${viewer(id)} and mr.role in ('moderator', 'admin'))`;

/** SQL predicate on wishes `w`: the wish exists for this viewer. */
export const VISIBLE_TO = (viewerId: number | null) =>
  sql<boolean>`(w.user_id = ${viewer(viewerId)} or (w.is_public = 1 and (w.hidden = 0 or ${IS_MODERATOR(viewerId)})))`;

/** Why a hidden wish is hidden, for its author and moderators. */
export const AUTHOR_BANNED_REASON = "The author's account is suspended.";

/**
 * The Wish row (author joined, the viewer's vote left-joined) as fixed SQL text: hot reads use raw
 * `sql` templates with this prefix rather than the query builder, which cost ~5-20 % of a cheap
 * read's CPU building and compiling the same query on every call (and the SQL text stays the same,
 * so SQLite's prepared-statement cache keeps hitting). `show_state` says whether this viewer may
 * see the moderation state (author or moderator); it is only worked out for hidden wishes.
 */
const WISH_SELECT = (viewerId: number | null) => sql`select w.id, w.text, w.user_id, w.is_public, w.published_at, w.created_at, w.upvote_count, w.downvote_count,
    w.edited_at, w.hidden, w.hidden_reason,
    case when w.hidden = 0 then 0 when w.user_id = ${viewer(viewerId)} then 1 when ${IS_MODERATOR(viewerId)} then 1 else 0 end as show_state,
    mv.vote_type as my_vote, u.first_name, u.last_name, u.avatar_url, u.avatar_thumbnail`;
const WISH_JOINS = (viewerId: number | null) => sql`join users u on u.id = w.user_id
    left join votes mv on mv.wish_id = w.id and mv.user_id = ${viewer(viewerId)}`;

type WishJoinedRow = {
  id: number;
  text: string;
  user_id: number;
  is_public: number;
  published_at: string;
  created_at: string;
  upvote_count: number;
  downvote_count: number;
  edited_at: string | null;
  hidden: number;
  hidden_reason: string | null;
  show_state: number;
  my_vote: 'upvote' | 'downvote' | null;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  avatar_thumbnail: string | null;
};

export function toWish(row: WishJoinedRow): Wish {
  const name = fullName(row.first_name, row.last_name);
  const wish: Wish = {
    id: row.id,
    text: row.text,
    user_id: row.user_id,
    is_public: Boolean(row.is_public),
    published_at: row.published_at,
    created_at: row.created_at,
    vote_count: row.upvote_count - row.downvote_count,
    upvote_count: row.upvote_count,
    downvote_count: row.downvote_count,
    vote_type: row.my_vote ?? null,
    author: name || ANONYMOUS,
    user: {
      id: row.user_id,
      full_name: name,
      first_name: row.first_name,
      last_name: row.last_name,
      avatar_url: row.avatar_url,
      avatar_thumbnail: row.avatar_thumbnail,
    },
    edited_at: row.edited_at,
  };
  if (Number(row.hidden) !== 0 && Number(row.show_state) === 1) {
    const reason = Number(row.hidden) & HIDDEN_BY_MODERATORS ? (row.hidden_reason ?? '') : AUTHOR_BANNED_REASON;
    wish.moderation = { state: 'hidden', reason };
  }
  return wish;
}

/** Other processes to tell about a change (cluster mode: cluster/wiring.ts), per database handle. */
const changePublishers = new WeakMap<Db, () => void>();

/** Makes every `wishesChanged(db)` also call `publish`, so other processes clear their caches too. */
export function publishWishChanges(db: Db, publish: () => void): void {
  changePublishers.set(db, publish);
}

/** Clears this process's anonymous feed pages and search ids (a change here or in another process). */
export function clearWishCaches(db: Db): void {
  clearFeedCache(db);
  clearSearchCache(db);
}

/** Clears the anonymous feed pages and the search ids after any change to what is listed, in every process. */
export function wishesChanged(db: Db): void {
  clearWishCaches(db);
  changePublishers.get(db)?.();
}

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
  wishesChanged(db);
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
  wishesChanged(db);
}

/**
 * Deletes a wish; its votes and reports go with it (foreign keys ON DELETE CASCADE; SQLite runs
 * with foreign_keys = ON). The feed bucket and search index follow through triggers.
 */
export async function deleteWish(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('wishes').where('id', '=', id).executeTakeFirst();
  wishesChanged(db);
  return Number(result.numDeletedRows) > 0;
}

export interface Page {
  wishes: Wish[];
  page_number: number;
  next_page_number: number | null;
  hasMore: boolean;
}

function toPage(rows: WishJoinedRow[], page: number, pageSize: number): Page {
  const hasMore = rows.length > pageSize;
  return { wishes: rows.slice(0, pageSize).map(toWish), page_number: page, next_page_number: hasMore ? page + 1 : null, hasMore };
}

/**
 * Anonymous feed pages (viewerId null: no per-viewer vote), kept for the config's feedCacheMs. Page 1 is what every
 * visitor and the /feed HTML read; at hundreds of requests a second they would otherwise run the
 * same query. Any change to what is listed (save, edit, visibility, delete, hide, restore, ban)
 * clears the cache (wishesChanged), so it shows at once (other processes: at once in cluster mode, which
 * publishes the change; otherwise within feedCacheMs); vote counts and author names an anonymous reader sees may be up
 * to feedCacheMs old. Signed-in viewers always read fresh rows (their own vote is in each wish).
 * WISHES_FEED_CACHE_MS=0 turns it off (the benchmark's uncached figures); buildApp sets it per
 * database handle from Config (configureFeedCache).
 */
export const DEFAULT_FEED_CACHE_MS = 1000;
const feedCacheMs = new WeakMap<Db, number>();
export function configureFeedCache(db: Db, ms: number): void {
  feedCacheMs.set(db, ms);
}
const FEED_CACHE_ENTRIES = 200;
const feedCaches = new WeakMap<Db, Map<number, { at: number; body: Promise<string> }>>();

export function clearFeedCache(db: Db): void {
  feedCaches.get(db)?.clear();
}

/**
 * Public wishes newest first (created_at, then id), as the API's JSON body (FeedPageSchema): the
 * feed routes send it as it is. Anonymous pages come from the cache above.
 */
export async function feedPageBody(db: Db, page: number, pageSize: number, viewerId: number | null): Promise<string> {
  const ttl = feedCacheMs.get(db) ?? DEFAULT_FEED_CACHE_MS;
  if (viewerId !== null || ttl <= 0) return readFeedPage(db, page, pageSize, viewerId);
  let cache = feedCaches.get(db);
  if (!cache) feedCaches.set(db, (cache = new Map()));
  const key = page * 1000 + pageSize;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at <= ttl) return hit.body;
  // The promise is cached, so concurrent misses share one query; a failed read is not kept.
  const read = readFeedPage(db, page, pageSize, null);
  if (cache.size >= FEED_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  const entry = { at: now, body: read };
  cache.set(key, entry);
  read.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return read;
}

/** The same page as an object (the /feed HTML draws its first cards from it). */
export async function feedPage(db: Db, page: number, pageSize: number, viewerId: number | null): Promise<Page> {
  return JSON.parse(await feedPageBody(db, page, pageSize, viewerId)) as Page;
}

/**
 * Page p of the listed wishes, newest first (migrations/0007_moderation.ts). Page 1 is the top of
 * wishes_feed_seq_idx. A deeper page walks the per-bucket counts from the newest bucket down to the
 * bucket that holds the first wanted wish (one small row per FEED_BUCKET_SIZE feed positions
 * above it), then seeks to that bucket's end and steps over fewer than FEED_BUCKET_SIZE entries:
 * the work follows the page's depth, never the number of wishes. One statement, so the counts
 * and the rows come from one snapshot.
 */
async function readFeedPage(db: Db, page: number, pageSize: number, viewerId: number | null): Promise<string> {
  const skip = (page - 1) * pageSize;
  // The LIMIT in the inner select tells PostgreSQL's planner the page is 11 rows (a bare range is
  // estimated at thousands, and it then hash-joins all users).
  const limit = rowLimit(pageSize + 1);
  const ids =
    skip === 0
      ? sql`select id, feed_seq from wishes where is_public = 1 and hidden = 0 order by feed_seq desc limit ${limit}`
      : sql`select id, feed_seq from wishes where is_public = 1 and hidden = 0
              and feed_seq < (select (bucket + 1) * ${FEED_BUCKET_SIZE} from feed_target)
            order by feed_seq desc limit ${limit} offset coalesce((select ${skip} - above from feed_target), 0)`;
  const target =
    skip === 0
      ? sql``
      : // Walks the buckets from the newest down, adding up their counts, and stops at the one that
        // holds the first wanted wish: the work grows with the page's depth, not with the number of
        // wishes (a running sum over every bucket took 1.7 ms at 1M wishes).
        sql`with recursive feed_walk(bucket, above, listed) as (
               select bucket, 0, listed from feed_buckets where bucket = (select max(bucket) from feed_buckets)
               union all
               select b.bucket, w.above + w.listed, b.listed from feed_walk w
                 join feed_buckets b on b.bucket = (select max(n.bucket) from feed_buckets n where n.bucket < w.bucket)
               where w.above + w.listed <= ${skip}),
             feed_target as (select bucket, above from feed_walk where above <= ${skip} and above + listed > ${skip})`;
  const from = sql`from (${ids}) as p
    join wishes w on w.id = p.id
    ${WISH_JOINS(viewerId)}
    order by p.feed_seq desc`;
  const json = readColumnNowOnSqlite<string>(db, sql`${target} select ${LISTED_WISH_JSON} as wish ${from}`);
  if (json) return pageBodyOf(json, page, pageSize);
  const rows = await readHot(db, sql<WishJoinedRow>`${target} ${WISH_SELECT(viewerId)} ${from}`);
  return JSON.stringify(toPage(rows, page, pageSize));
}

/** A page's JSON body (FeedPageSchema) around wishes already serialized, one extra fetched to know if more exist. */
function pageBodyOf(wishJson: string[], page: number, pageSize: number): string {
  const hasMore = wishJson.length > pageSize;
  const wishes = hasMore ? wishJson.slice(0, pageSize) : wishJson;
  return `{"wishes":[${wishes.join(',')}],"page_number":${page},"next_page_number":${hasMore ? page + 1 : null},"hasMore":${hasMore}}`;
}

/**
 * SQLite: a *listed* wish (public, not hidden: no moderation state to show) as the API's JSON,
 * built by SQLite itself, with the same fields and values as toWish. Turning 17 columns of 11 rows
 * into JavaScript values and then serializing them was most of an uncached feed page's time
 * (~90 µs of SQLite + object building against ~30 µs for one JSON string per row; bench/RESULTS.md).
 * Names are trimmed of the characters JavaScript's trim() removes, as fullName does.
 * wishes/feed-json.test.ts holds it equal to toWish.
 */
const JS_TRIMMED = ' \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const FULL_NAME_SQL = sql`trim(u.first_name || ' ' || u.last_name, ${JS_TRIMMED})`;
const LISTED_WISH_JSON = sql`json_object('id', w.id, 'text', w.text, 'user_id', w.user_id,
    'is_public', json(case when w.is_public = 1 then 'true' else 'false' end),
    'published_at', w.published_at, 'created_at', w.created_at,
    'vote_count', w.upvote_count - w.downvote_count, 'upvote_count', w.upvote_count, 'downvote_count', w.downvote_count,
    'vote_type', mv.vote_type, 'author', coalesce(nullif(${FULL_NAME_SQL}, ''), ${ANONYMOUS}),
    'user', json_object('id', u.id, 'full_name', ${FULL_NAME_SQL}, 'first_name', u.first_name, 'last_name', u.last_name,
      'avatar_url', u.avatar_url, 'avatar_thumbnail', u.avatar_thumbnail),
    'edited_at', w.edited_at)`;


/** How many of the newest public wishes the first plan below walks before it gives up. */
const FOLLOWING_WALK_WINDOW = 5000;
/** Pages up to this one try the walk first (deeper pages would need a wider window). */
const FOLLOWING_WALK_MAX_PAGE = 5;
/** Deepest page (in rows) read with the per-followed-user plan on PostgreSQL; deeper pages use one walk. */
const FOLLOWING_LATERAL_MAX_ROWS = 500;

/**
 * The listed wishes (public and not hidden, like the public feed) of the users `followerId` follows,
 * newest first (feed_seq order is feed order; it has gaps, which no plan below depends on).
 * Two plans, because the cost depends on how active the followed people are:
 * 1. Walk the listed wishes of the newest FOLLOWING_WALK_WINDOW feed numbers backwards on
 *    wishes_feed_seq_idx and keep those whose author is followed (a unique-index probe each).
 *    Someone following active people fills a page within a few dozen rows; this is the common case
 *    and costs about a public feed page.
 * 2. When the walk does not fill the page (quiet followed people, or a deep page): per followed user,
 *    their newest listed wishes from wishes_user_feed_seq_idx (migration 0008), then the page from
 *    that small set. PostgreSQL reads only (skip + size + 1) per user (LATERAL); SQLite, without
 *    LATERAL, answers `user_id in (...)` from the same index and sorts.
 */
export async function followingFeedPageBody(db: Db, dialect: Dialect, followerId: number, page: number, pageSize: number): Promise<string> {
  const skip = (page - 1) * pageSize;
  const want = pageSize + 1;
  const followed = sql`exists (select 1 from subscriptions s where s.follower_id = ${followerId} and s.target_id = w.user_id)`;
  let ids: number[] = [];
  if (page <= FOLLOWING_WALK_MAX_PAGE) {
    ids = await readIds(
      db,
      sql<{ id: number }>`select w.id from wishes w
      where w.is_public = 1 and w.hidden = 0
        and w.feed_seq > (select max(feed_seq) from wishes where is_public = 1 and hidden = 0) - ${FOLLOWING_WALK_WINDOW} and ${followed}
      order by w.feed_seq desc limit ${rowLimit(want)} offset ${skip}`,
    );
  }
  if (ids.length < want) {
    const perUser = skip + want;
    const fallback =
      dialect === 'postgres' && perUser <= FOLLOWING_LATERAL_MAX_ROWS
        ? sql<{ id: number }>`select f.id from subscriptions s
            cross join lateral (select id, feed_seq from wishes
              where user_id = s.target_id and is_public = 1 and hidden = 0 order by feed_seq desc limit ${perUser}) f
            where s.follower_id = ${followerId}
            order by f.feed_seq desc limit ${rowLimit(want)} offset ${skip}`
        : sql<{ id: number }>`select id from wishes
            where is_public = 1 and hidden = 0 and user_id in (select target_id from subscriptions where follower_id = ${followerId})
            order by feed_seq desc limit ${rowLimit(want)} offset ${skip}`;
    ids = await readIds(db, fallback);
  }
  if (ids.length === 0) return pageBodyOf([], page, pageSize);
  // Still listed (a wish hidden or made private since the ids were read drops out), so SQLite can
  // serialize them (LISTED_WISH_JSON).
  const from = sql`from wishes w
    ${WISH_JOINS(followerId)}
    where w.id in (${sql.join(ids)}) and w.is_public = 1 and w.hidden = 0
    order by w.feed_seq desc`;
  const json = readColumnNowOnSqlite<string>(db, sql`select ${LISTED_WISH_JSON} as wish ${from}`);
  if (json) return pageBodyOf(json, page, pageSize);
  const rows = await readHot(db, sql<WishJoinedRow>`${WISH_SELECT(followerId)} ${from}`);
  return JSON.stringify(toPage(rows, page, pageSize));
}

/** The same page as an object. */
export async function followingFeedPage(db: Db, dialect: Dialect, followerId: number, page: number, pageSize: number): Promise<Page> {
  return JSON.parse(await followingFeedPageBody(db, dialect, followerId, page, pageSize)) as Page;
}

export async function userWishesPage(db: Db, userId: number, page: number, pageSize: number, viewerId: number | null): Promise<Page> {
  // Deferred join: the page's ids from wishes_user_idx alone, then only those rows joined.
  // Others see public wishes; hidden ones too when they are moderators (VISIBLE_TO, spelled out here
  // so the page's ids still come from wishes_user_idx).
  const publicOnly = viewerId !== userId ? sql` and is_public = 1 and (hidden = 0 or ${IS_MODERATOR(viewerId)})` : sql``;
  const rows = await readHot(
    db,
    sql<WishJoinedRow>`${WISH_SELECT(viewerId)}
    from (select id, created_at from wishes where user_id = ${userId}${publicOnly}
          order by created_at desc, id desc limit ${rowLimit(pageSize + 1)} offset ${(page - 1) * pageSize}) as p
    join wishes w on w.id = p.id
    ${WISH_JOINS(viewerId)}
    order by w.created_at desc, w.id desc`,
  );
  return toPage(rows, page, pageSize);
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/**
 * Search terms: runs of letters, digits and combining marks, lower-cased. Everything else
 * (quotes, *, -, parentheses, operators' punctuation) separates terms, and each term is quoted
 * below, so no input can reach the full-text query syntax.
 */
export function searchTerms(query: string): string[] {
  return query
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, 16);
}

/**
 * Terms shorter than this match whole words only. A prefix of one or two letters expands to a
 * large share of the vocabulary ("a*": every word starting with a), which made single-letter
 * searches the most expensive query the site had; typing-as-you-search starts at 3 characters
 * anyway (spec: search minimum), so "a" or "to" now find the word itself.
 */
export const MIN_PREFIX_LENGTH = 3;
const isPrefix = (term: string) => [...term].length >= MIN_PREFIX_LENGTH;

/** FTS5 MATCH expression: every term quoted as a string (prefix-matched from 3 characters), all required. */
export const fts5Query = (terms: string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"${isPrefix(t) ? '*' : ''}`).join(' ');
/** PostgreSQL tsquery text: every term quoted as a lexeme (prefix-matched from 3 characters), all required. */
export const tsQuery = (terms: string[]) => terms.map((t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${isPrefix(t) ? ':*' : ''}`).join(' & ');

export interface SearchResult {
  wishes: Wish[];
  total: number;
}

/**
 * Ranked search results (ids in rank order + total) per query, kept a few seconds. Ranking a
 * common word means scoring every match (tens of thousands of rows: 50-120 ms), while a popular
 * query repeats many times a second; like a search engine's refresh interval, a result list may
 * be up to SEARCH_CACHE_MS old. Only the ids are cached: the wishes themselves (text, counts, the
 * viewer's vote) are read fresh, still filtered by visibility, so a wish made private or deleted
 * never shows. Saving, editing, deleting, hiding or restoring a wish clears the cache
 * (wishesChanged; in cluster mode every process's), so every change shows at once.
 * Concurrent searches for one query share one ranking (issue 35: ten at once used to queue ten
 * rankings and refuse the ones past the queue). Each entry carries the search version it was
 * started under; clearing bumps the version, so a ranking that started before a write can never
 * be stored or joined after it (the next search ranks afresh and finds the write).
 */
export const SEARCH_CACHE_MS = 5_000;
/** Ranked ids kept per query: the first pages; later pages are queried directly. */
const SEARCH_CACHE_IDS = 100;
const SEARCH_CACHE_ENTRIES = 500;
interface RankedIds {
  at: number;
  version: number;
  ranked: Promise<{ ids: number[]; total: number }>;
}
const searchCaches = new WeakMap<Db, Map<string, RankedIds>>();
const searchVersions = new WeakMap<Db, number>();

function searchCacheOf(db: Db): Map<string, RankedIds> {
  let cache = searchCaches.get(db);
  if (!cache) {
    cache = new Map();
    searchCaches.set(db, cache);
  }
  return cache;
}

export function clearSearchCache(db: Db): void {
  searchVersions.set(db, (searchVersions.get(db) ?? 0) + 1);
  searchCaches.get(db)?.clear();
}

/** Bounds on one search's work (the route passes the configured ones). */
export interface SearchBounds {
  /** Longest one ranking may run: SQLite's worker is stopped, PostgreSQL's statement_timeout fires. */
  timeoutMs: number;
}
export const DEFAULT_SEARCH_BOUNDS: SearchBounds = { timeoutMs: 2000 };

/**
 * Total matches and one slice of ranked ids, straight from the full-text index. Bounded on both
 * databases: SQLite ranks in a worker thread (wishes/sqlite-search.ts) so the event loop never
 * waits on it; PostgreSQL runs under statement_timeout so no search holds a connection for long.
 * Past the bound: SearchBusyError.
 */
async function rankedIds(db: Db, dialect: Dialect, terms: string[], limit: number, offset: number, bounds: SearchBounds): Promise<{ ids: number[]; total: number }> {
  if (dialect === 'sqlite') {
    // wishes_fts holds exactly the listed wishes (its triggers insert only public, unhidden ones and
    // remove a wish made private, hidden or deleted), so neither the count nor the ranking needs to join wishes.
    const match = fts5Query(terms);
    const file = sqliteFileOf(db);
    if (file) return sqliteSearchWorker(db, file, { maxQueue: 64 }).rank(match, limit, offset, bounds.timeoutMs);
    // An in-memory database cannot be opened by a second connection: rank in process.
    const count = await sql<{ n: number }>`select count(*) as n from wishes_fts where wishes_fts match ${match}`.execute(db);
    const found = await sql<{ id: number }>`select rowid as id from wishes_fts where wishes_fts match ${match}
      order by bm25(wishes_fts) asc, rowid desc limit ${limit} offset ${offset}`.execute(db);
    return { ids: found.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
  }
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
}

/** Public wishes matching every term (text or author name), best match first, then newest id. */
export async function searchWishes(
  db: Db,
  dialect: Dialect,
  query: string,
  page: number,
  pageSize: number,
  viewerId: number | null,
  options: { cache?: boolean; bounds?: SearchBounds } = {},
): Promise<SearchResult> {
  const bounds = options.bounds ?? DEFAULT_SEARCH_BOUNDS;
  const terms = searchTerms(query);
  if (terms.length === 0) return { wishes: [], total: 0 };
  const offset = (page - 1) * pageSize;
  let ids: number[];
  let total: number;
  if (options.cache !== false && offset + pageSize <= SEARCH_CACHE_IDS) {
    const cache = searchCacheOf(db);
    const key = terms.join(' ');
    const version = searchVersions.get(db) ?? 0;
    let entry = cache.get(key);
    if (!entry || entry.version !== version || Date.now() - entry.at > SEARCH_CACHE_MS) {
      const created: RankedIds = { at: Date.now(), version, ranked: rankedIds(db, dialect, terms, SEARCH_CACHE_IDS, 0, bounds) };
      entry = created;
      cache.delete(key);
      if (cache.size >= SEARCH_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, created);
      // A failed ranking is not kept; the requests that shared it get its error.
      created.ranked.catch(() => cache.get(key) === created && cache.delete(key));
    }
    const ranked = await entry.ranked;
    ids = ranked.ids.slice(offset, offset + pageSize);
    total = ranked.total;
  } else {
    ({ ids, total } = await rankedIds(db, dialect, terms, pageSize, offset, bounds));
  }
  if (ids.length === 0) return { wishes: [], total };
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT(viewerId)} from wishes w ${WISH_JOINS(viewerId)}
    where w.id in (${sql.join(ids)}) and w.is_public = 1 and w.hidden = 0`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, toWish(r)]));
  return { wishes: ids.map((id) => byId.get(id)).filter((w): w is Wish => w !== undefined), total };
}

/** The card theme the author picked (null: the default theme); undefined when the wish is gone. */
export async function cardThemeOf(db: Db, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('wishes').select('card_theme').where('id', '=', id).executeTakeFirst();
  return row ? row.card_theme : undefined;
}

export async function setCardTheme(db: Db, id: number, theme: string): Promise<void> {
  await db.updateTable('wishes').set({ card_theme: theme }).where('id', '=', id).execute();
}
