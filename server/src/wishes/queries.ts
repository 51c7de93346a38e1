/**
 * Database access for wishes: the Wish shape (author + the viewer's own vote joined in), feed,
 * a user's wishes, detail and full-text search. Every read applies the visibility rule: a private
 * wish exists only for its author.
 */
import { type Kysely, sql } from 'kysely';
import type { Wish } from '@wishes/shared/contract';
import { ANONYMOUS } from '@wishes/shared/constants';
import type { Database, Dialect } from '../db/types';
import { nowIso } from '../db/types';

type Db = Kysely<Database>;

/** The viewer id used in joins; 0 matches no user, so visitors see only public wishes. */
const viewer = (viewerId: number | null) => viewerId ?? 0;

export const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The Wish row (author joined, the viewer's vote left-joined) as fixed SQL text: hot reads use raw
 * `sql` templates with this prefix rather than the query builder, which cost ~5-20 % of a cheap
 * read's CPU building and compiling the same query on every call (and the SQL text stays the same,
 * so SQLite's prepared-statement cache keeps hitting).
 */
const WISH_SELECT = sql.raw(`select w.id, w.text, w.user_id, w.is_public, w.published_at, w.created_at, w.upvote_count, w.downvote_count,
    mv.vote_type as my_vote, u.first_name, u.last_name, u.avatar_url, u.avatar_thumbnail`);
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
  my_vote: 'upvote' | 'downvote' | null;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  avatar_thumbnail: string | null;
};

export function toWish(row: WishJoinedRow): Wish {
  const name = fullName(row.first_name, row.last_name);
  return {
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
  };
}

export async function insertWish(db: Db, userId: number, text: string, isPublic: boolean, createdAt?: string): Promise<number> {
  const id = await db.transaction().execute(async (trx) => {
    if (!isPublic) {
      const now = createdAt ?? nowIso();
      const row = await trx.insertInto('wishes').values({ user_id: userId, text, is_public: 0, published_at: now, created_at: now }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    }
    // Feed position (migrations/0002_feed_seq.ts). Bumping the counter first serializes public
    // inserts on its row (PostgreSQL) or the write lock (SQLite); the timestamp is taken after that,
    // so concurrent saves normally land in order and the shift below finds nothing to move.
    const counter = await sql<{ last_seq: number }>`update feed_sequence set last_seq = last_seq + 1 where id = 1 returning last_seq`.execute(trx);
    const last = Number(counter.rows[0]!.last_seq);
    const now = createdAt ?? nowIso();
    // Public wishes that sort after this one (a back-dated save, or a clock step) move up by one.
    // Ties on created_at go to the higher id, and this wish's id will be the highest.
    const shifted = await sql`update wishes set public_seq = public_seq + 1 where is_public = 1 and created_at > ${now}`.execute(trx);
    const seq = last - Number(shifted.numAffectedRows ?? 0n);
    const row = await trx
      .insertInto('wishes')
      .values({ user_id: userId, text, is_public: 1, published_at: now, created_at: now, public_seq: seq })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  clearSearchCache(db);
  if (isPublic) clearFeedCache(db);
  return id;
}

export async function getVisibleWish(db: Db, id: number, viewerId: number | null): Promise<Wish | null> {
  const v = viewer(viewerId);
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT} from wishes w ${WISH_JOINS(viewerId)}
    where w.id = ${id} and (w.is_public = 1 or w.user_id = ${v})`.execute(db);
  return rows[0] ? toWish(rows[0]) : null;
}

/** Whether the wish exists for this viewer (vote, voters, report). */
export async function isWishVisible(db: Db, id: number, viewerId: number | null): Promise<boolean> {
  const { rows } = await sql`select 1 as ok from wishes w where w.id = ${id} and (w.is_public = 1 or w.user_id = ${viewer(viewerId)})`.execute(db);
  return rows.length > 0;
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
 * Anonymous feed pages (viewerId null: no per-viewer vote), kept FEED_CACHE_MS. Page 1 is what every
 * visitor and the /feed HTML read; at hundreds of requests a second they would otherwise run the
 * same query. Saving a public wish clears this process's cache, so a new wish shows at once (other
 * processes: within FEED_CACHE_MS); vote counts and author names an anonymous reader sees may be up
 * to FEED_CACHE_MS old. Signed-in viewers always read fresh rows (their own vote is in each wish).
 * WISHES_FEED_CACHE_MS=0 turns it off (the benchmark's uncached figures).
 */
export const FEED_CACHE_MS = Number(process.env.WISHES_FEED_CACHE_MS ?? 1000);
const FEED_CACHE_ENTRIES = 200;
const feedCaches = new WeakMap<Db, Map<number, { at: number; page: Promise<Page> }>>();

export function clearFeedCache(db: Db): void {
  feedCaches.get(db)?.clear();
}

/** Public wishes newest first (created_at, then id), one extra row fetched to know if more exist. */
export async function feedPage(db: Db, page: number, pageSize: number, viewerId: number | null): Promise<Page> {
  if (viewerId !== null || FEED_CACHE_MS <= 0) return readFeedPage(db, page, pageSize, viewerId);
  let cache = feedCaches.get(db);
  if (!cache) feedCaches.set(db, (cache = new Map()));
  const key = page * 1000 + pageSize;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at <= FEED_CACHE_MS) return hit.page;
  // The promise is cached, so concurrent misses share one query; a failed read is not kept.
  const read = readFeedPage(db, page, pageSize, null);
  if (cache.size >= FEED_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  const entry = { at: now, page: read };
  cache.set(key, entry);
  read.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return read;
}

/**
 * Page p is the size+1 highest public_seq at or below N - (p-1)*size, where N is the highest seq
 * (migrations/0002_feed_seq.ts): a seek on wishes_public_seq_idx, whatever the depth (OFFSET had to
 * step over every earlier index entry). One statement, so N and the rows come from one snapshot.
 */
async function readFeedPage(db: Db, page: number, pageSize: number, viewerId: number | null): Promise<Page> {
  const skip = (page - 1) * pageSize;
  // The LIMIT in the inner select tells PostgreSQL's planner the page is 11 rows (a bare range on
  // max(public_seq) is estimated at thousands, and it then hash-joins all users).
  const result = await sql<WishJoinedRow>`${WISH_SELECT}
    from (select id from wishes where is_public = 1
            and public_seq <= (select max(public_seq) from wishes where is_public = 1) - ${skip}
          order by public_seq desc limit ${pageSize + 1}) as p
    join wishes w on w.id = p.id
    ${WISH_JOINS(viewerId)}
    order by w.public_seq desc`.execute(db);
  return toPage(result.rows, page, pageSize);
}

/** How many of the newest public wishes the first plan below walks before it gives up. */
const FOLLOWING_WALK_WINDOW = 5000;
/** Pages up to this one try the walk first (deeper pages would need a wider window). */
const FOLLOWING_WALK_MAX_PAGE = 5;
/** Deepest page (in rows) read with the per-followed-user plan on PostgreSQL; deeper pages use one walk. */
const FOLLOWING_LATERAL_MAX_ROWS = 500;

/**
 * The public wishes of the users `followerId` follows, newest first (public_seq order is feed order).
 * Two plans, because the cost depends on how active the followed people are:
 * 1. Walk the newest FOLLOWING_WALK_WINDOW public wishes backwards on wishes_public_seq_idx and keep
 *    those whose author is followed (a unique-index probe each). Someone following active people
 *    fills a page within a few dozen rows; this is the common case and costs about a public feed page.
 * 2. When the walk does not fill the page (quiet followed people, or a deep page): per followed user,
 *    their newest public wishes from wishes_user_public_seq_idx (migration 0008), then the page from
 *    that small set. PostgreSQL reads only (skip + size + 1) per user (LATERAL); SQLite, without
 *    LATERAL, answers `user_id in (...)` from the same index and sorts.
 */
export async function followingFeedPage(db: Db, dialect: Dialect, followerId: number, page: number, pageSize: number): Promise<Page> {
  const skip = (page - 1) * pageSize;
  const want = pageSize + 1;
  const followed = sql`exists (select 1 from subscriptions s where s.follower_id = ${followerId} and s.target_id = w.user_id)`;
  let ids: { id: number }[] = [];
  if (page <= FOLLOWING_WALK_MAX_PAGE) {
    const walked = await sql<{ id: number }>`select w.id from wishes w
      where w.is_public = 1 and w.public_seq > (select max(public_seq) from wishes where is_public = 1) - ${FOLLOWING_WALK_WINDOW} and ${followed}
      order by w.public_seq desc limit ${want} offset ${skip}`.execute(db);
    ids = walked.rows;
  }
  if (ids.length < want) {
    const perUser = skip + want;
    const fallback =
      dialect === 'postgres' && perUser <= FOLLOWING_LATERAL_MAX_ROWS
        ? sql<{ id: number }>`select f.id from subscriptions s
            cross join lateral (select id, public_seq from wishes
              where user_id = s.target_id and is_public = 1 order by public_seq desc limit ${perUser}) f
            where s.follower_id = ${followerId}
            order by f.public_seq desc limit ${want} offset ${skip}`
        : sql<{ id: number }>`select id from wishes
            where is_public = 1 and user_id in (select target_id from subscriptions where follower_id = ${followerId})
            order by public_seq desc limit ${want} offset ${skip}`;
    ids = (await fallback.execute(db)).rows;
  }
  if (ids.length === 0) return toPage([], page, pageSize);
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT}
    from wishes w
    ${WISH_JOINS(followerId)}
    where w.id in (${sql.join(ids.map((r) => r.id))})
    order by w.public_seq desc`.execute(db);
  return toPage(rows, page, pageSize);
}

export async function userWishesPage(db: Db, userId: number, page: number, pageSize: number, viewerId: number | null): Promise<Page> {
  // Deferred join: the page's ids from wishes_user_idx alone, then only those rows joined.
  const publicOnly = viewerId !== userId ? sql` and is_public = 1` : sql``;
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT}
    from (select id, created_at from wishes where user_id = ${userId}${publicOnly}
          order by created_at desc, id desc limit ${pageSize + 1} offset ${(page - 1) * pageSize}) as p
    join wishes w on w.id = p.id
    ${WISH_JOINS(viewerId)}
    order by w.created_at desc, w.id desc`.execute(db);
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

/** FTS5 MATCH expression: every term quoted as a string and prefix-matched, all required. */
export const fts5Query = (terms: string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"*`).join(' ');
/** PostgreSQL tsquery text: every term quoted as a lexeme and prefix-matched, all required. */
export const tsQuery = (terms: string[]) => terms.map((t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');

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
 * never shows. Saving a wish clears this process's cache, so its author finds it at once.
 */
export const SEARCH_CACHE_MS = 5_000;
/** Ranked ids kept per query: the first pages; later pages are queried directly. */
const SEARCH_CACHE_IDS = 100;
const SEARCH_CACHE_ENTRIES = 500;
interface RankedIds {
  at: number;
  ids: number[];
  total: number;
}
const searchCaches = new WeakMap<Db, Map<string, RankedIds>>();

function searchCacheOf(db: Db): Map<string, RankedIds> {
  let cache = searchCaches.get(db);
  if (!cache) {
    cache = new Map();
    searchCaches.set(db, cache);
  }
  return cache;
}

export function clearSearchCache(db: Db): void {
  searchCaches.get(db)?.clear();
}

/** Total matches and one slice of ranked ids, straight from the full-text index. */
async function rankedIds(db: Db, dialect: Dialect, terms: string[], limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
  if (dialect === 'sqlite') {
    // wishes_fts holds exactly the public wishes (its triggers insert only public ones and remove a
    // wish made private), so neither the count nor the ranking needs to join wishes.
    const match = fts5Query(terms);
    const count = await sql<{ n: number }>`select count(*) as n from wishes_fts where wishes_fts match ${match}`.execute(db);
    const found = await sql<{ id: number }>`select rowid as id from wishes_fts where wishes_fts match ${match}
      order by bm25(wishes_fts) asc, rowid desc limit ${limit} offset ${offset}`.execute(db);
    return { ids: found.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
  }
  const tsq = tsQuery(terms);
  const count = await sql<{ n: string }>`select count(*) as n from wishes w
    where w.is_public = 1 and w.search_vector @@ to_tsquery('simple', ${tsq})`.execute(db);
  const found = await sql<{ id: number }>`select w.id from wishes w
    where w.is_public = 1 and w.search_vector @@ to_tsquery('simple', ${tsq})
    order by ts_rank(w.search_vector, to_tsquery('simple', ${tsq})) desc, w.id desc
    limit ${limit} offset ${offset}`.execute(db);
  return { ids: found.rows.map((r) => r.id), total: Number(count.rows[0]?.n ?? 0) };
}

/** Public wishes matching every term (text or author name), best match first, then newest id. */
export async function searchWishes(
  db: Db,
  dialect: Dialect,
  query: string,
  page: number,
  pageSize: number,
  viewerId: number | null,
  options: { cache?: boolean } = {},
): Promise<SearchResult> {
  const terms = searchTerms(query);
  if (terms.length === 0) return { wishes: [], total: 0 };
  const offset = (page - 1) * pageSize;
  let ids: number[];
  let total: number;
  if (options.cache !== false && offset + pageSize <= SEARCH_CACHE_IDS) {
    const cache = searchCacheOf(db);
    const key = terms.join(' ');
    let entry = cache.get(key);
    if (!entry || Date.now() - entry.at > SEARCH_CACHE_MS) {
      const ranked = await rankedIds(db, dialect, terms, SEARCH_CACHE_IDS, 0);
      entry = { at: Date.now(), ...ranked };
      cache.delete(key);
      if (cache.size >= SEARCH_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, entry);
    }
    ids = entry.ids.slice(offset, offset + pageSize);
    total = entry.total;
  } else {
    ({ ids, total } = await rankedIds(db, dialect, terms, pageSize, offset));
  }
  if (ids.length === 0) return { wishes: [], total };
  const { rows } = await sql<WishJoinedRow>`${WISH_SELECT} from wishes w ${WISH_JOINS(viewerId)}
    where w.id in (${sql.join(ids)}) and w.is_public = 1`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, toWish(r)]));
  return { wishes: ids.map((id) => byId.get(id)).filter((w): w is Wish => w !== undefined), total };
}
