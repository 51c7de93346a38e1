/**
 * The lists of wishes: the public feed (newest first), the following feed and one member's wishes.
 * Bodies are built as the API's JSON text (FeedPageSchema) and served from the read model
 * (read-model.ts): shared pages without any viewer's vote, the reader's own votes laid over them,
 * and the hidden replies that reader sees added to the reply counts (replies.ts extraReplyCounts).
 */
import { type Kysely, sql } from 'kysely';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import type { Database } from '../db/types';
import { readColumnNowOnSqlite, readHot, readIds, rowLimit } from '../db/hot-reads';
import { extraReplyCounts } from './replies';
import { renderPage, sharedPageOf, type ReadModel, type SharedPage } from './read-model';
import type { WishStore } from './store';
import { IS_MODERATOR, REPLY_COUNT_FOR, WISH_JOINS, WISH_SELECT, toPage, toWish, viewer, type Page, type WishJoinedRow } from './visibility';

type Db = Kysely<Database>;

/**
 * Seq values per feed bucket, the size the feed_buckets triggers count by (migrations/0007_moderation.ts
 * keeps its own copy: a migration imports no live code, and product code none of a migration;
 * feed-seq.test.ts holds the two equal).
 */
export const FEED_BUCKET_SIZE = 512;

/**
 * Public wishes newest first (created_at, then id), as the API's JSON body (FeedPageSchema): the
 * feed routes send it as it is. From the read model: the shared page plus the reader's own votes.
 */
export async function feedPageBody(model: ReadModel, page: number, pageSize: number, viewerId: number | null): Promise<string> {
  const db = model.db;
  if (!model.enabled) return pageBodyOf(await readFeedPage(db, page, pageSize, viewerId), page, pageSize);
  const shared = await sharedFeedPage(model, page, pageSize);
  if (viewerId === null) return renderPage(shared, null);
  return renderPage(shared, await model.votesOf(viewerId, shared.ids), await extraReplyCounts(db, viewerId, shared.ids, model));
}

/** The same body as bytes, as the feed routes send it: held per page and reader in the read model (bodyOf). */
export async function feedPageBytes(model: ReadModel, page: number, pageSize: number, viewerId: number | null): Promise<Buffer | string> {
  if (!model.enabled) return feedPageBody(model, page, pageSize, viewerId);
  const shared = await sharedFeedPage(model, page, pageSize);
  return model.bodyOf(`feed:${page}:${pageSize}`, shared, viewerId, viewerId === null ? null : await extraReplyCounts(model.db, viewerId, shared.ids, model));
}

/** The shared feed page (no reader's votes) from the read model. */
function sharedFeedPage(model: ReadModel, page: number, pageSize: number): Promise<SharedPage> {
  const db = model.db;
  return model.cached(model.feedPages, `${page}:${pageSize}`, async () => sharedOf(await readFeedPage(db, page, pageSize, null), page, pageSize));
}

/** A shared page from listed wishes' JSON (json_object and JSON.stringify both start with the id). */
function sharedOf(wishJson: string[], page: number, pageSize: number): SharedPage {
  return sharedPageOf(wishJson, page, pageSize, wishJson.map((json) => Number(/^\{"id":(\d+)/.exec(json)![1])));
}

/** The same page as an object (the /feed HTML draws its first cards from it). */
export async function feedPage(model: ReadModel, page: number, pageSize: number, viewerId: number | null): Promise<Page> {
  return JSON.parse(await feedPageBody(model, page, pageSize, viewerId)) as Page;
}

/**
 * Page p of the listed wishes, newest first (migrations/0007_moderation.ts). Page 1 is the top of
 * wishes_feed_seq_idx. A deeper page walks the per-bucket counts from the newest bucket down to the
 * bucket that holds the first wanted wish (one small row per FEED_BUCKET_SIZE feed positions
 * above it), then seeks to that bucket's end and steps over fewer than FEED_BUCKET_SIZE entries:
 * the work follows the page's depth, never the number of wishes. One statement, so the counts
 * and the rows come from one snapshot.
 */
async function readFeedPage(db: Db, page: number, pageSize: number, viewerId: number | null): Promise<string[]> {
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
  const json = readColumnNowOnSqlite<string>(db, sql`${target} select ${LISTED_WISH_JSON(viewerId)} as wish ${from}`);
  if (json) return json;
  const rows = await readHot(db, sql<WishJoinedRow>`${target} ${WISH_SELECT(viewerId)} ${from}`);
  return rows.map((row) => JSON.stringify(toWish(row)));
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
const LISTED_WISH_JSON = (viewerId: number | null) => sql`json_object('id', w.id, 'text', w.text, 'user_id', w.user_id,
    'is_public', json(case when w.is_public = 1 then 'true' else 'false' end),
    'published_at', w.published_at, 'created_at', w.created_at,
    'vote_count', w.upvote_count - w.downvote_count, 'upvote_count', w.upvote_count, 'downvote_count', w.downvote_count,
    'vote_type', (select mv.vote_type from votes mv where mv.wish_id = w.id and mv.user_id = ${viewer(viewerId)}), 'author', coalesce(nullif(${FULL_NAME_SQL}, ''), ${ANONYMOUS}),
    'user', json_object('id', u.id, 'full_name', ${FULL_NAME_SQL}, 'first_name', u.first_name, 'last_name', u.last_name,
      'avatar_url', u.avatar_url, 'avatar_thumbnail', u.avatar_thumbnail),
    'edited_at', w.edited_at, 'reply_count', ${REPLY_COUNT_FOR(viewerId)})`;


/** How many of the newest public wishes the first plan below walks before it gives up. */
const FOLLOWING_WALK_WINDOW = 5000;
/** Pages up to this one try the walk first (deeper pages would need a wider window). */
const FOLLOWING_WALK_MAX_PAGE = 5;

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
 *    that small set: the store's `followedWishIds` (PostgreSQL reads only (skip + size + 1) per user
 *    with LATERAL; SQLite, without LATERAL, answers `user_id in (...)` from the same index and sorts).
 */
export async function followingFeedPageBody(model: ReadModel, store: Pick<WishStore, 'followedWishIds'>, followerId: number, page: number, pageSize: number): Promise<string> {
  const db = model.db;
  if (!model.enabled) return pageBodyOf(await readFollowingPage(db, store, followerId, page, pageSize, followerId), page, pageSize);
  // Held per follower without their votes (invalidated by their follows and by any listed change).
  const shared = await model.cached(model.followingPages, `${followerId}:${page}:${pageSize}`, async () =>
    sharedOf(await readFollowingPage(db, store, followerId, page, pageSize, null), page, pageSize),
  );
  return renderPage(shared, await model.votesOf(followerId, shared.ids), await extraReplyCounts(db, followerId, shared.ids, model));
}

async function readFollowingPage(db: Db, store: Pick<WishStore, 'followedWishIds'>, followerId: number, page: number, pageSize: number, viewerId: number | null): Promise<string[]> {
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
  if (ids.length < want) ids = await store.followedWishIds(followerId, skip, want);
  if (ids.length === 0) return [];
  // Still listed (a wish hidden or made private since the ids were read drops out), so SQLite can
  // serialize them (LISTED_WISH_JSON).
  const from = sql`from wishes w
    ${WISH_JOINS(viewerId)}
    where w.id in (${sql.join(ids)}) and w.is_public = 1 and w.hidden = 0
    order by w.feed_seq desc`;
  const json = readColumnNowOnSqlite<string>(db, sql`select ${LISTED_WISH_JSON(viewerId)} as wish ${from}`);
  if (json) return json;
  const rows = await readHot(db, sql<WishJoinedRow>`${WISH_SELECT(viewerId)} ${from}`);
  return rows.map((row) => JSON.stringify(toWish(row)));
}

/** The same page as an object. */
export async function followingFeedPage(model: ReadModel, store: Pick<WishStore, 'followedWishIds'>, followerId: number, page: number, pageSize: number): Promise<Page> {
  return JSON.parse(await followingFeedPageBody(model, store, followerId, page, pageSize)) as Page;
}

/**
 * A member's wishes as the JSON body. Visitors and members who are neither the author nor a
 * moderator all see the same public list: held in the read model with the reader's votes laid over
 * it; the author (private wishes too) and moderators (hidden ones too) read it fresh.
 */
export async function userWishesPageBody(model: ReadModel, userId: number, page: number, pageSize: number, viewerId: number | null): Promise<string> {
  const db = model.db;
  const publicView = viewerId === null || (viewerId !== userId && !(await isModeratorNow(db, viewerId)));
  if (!model.enabled || !publicView) return JSON.stringify(await userWishesPage(db, userId, page, pageSize, viewerId));
  const shared = await model.cached(model.userPages, `${userId}:${page}:${pageSize}`, async () => {
    const { wishes, hasMore } = await userWishesPage(db, userId, page, pageSize, null);
    const json = wishes.map((wish) => JSON.stringify(wish));
    // One placeholder past the page keeps hasMore (sharedPageOf drops it).
    return sharedOf(hasMore ? [...json, '{"id":0}'] : json, page, pageSize);
  });
  if (viewerId === null) return renderPage(shared, null);
  return renderPage(shared, await model.votesOf(viewerId, shared.ids), await extraReplyCounts(db, viewerId, shared.ids, model));
}

/** Whether the member is a moderator or admin now (read on every call, like IS_MODERATOR). */
async function isModeratorNow(db: Db, userId: number): Promise<boolean> {
  const rows = await readHot(db, sql<{ m: number | boolean }>`select case when ${IS_MODERATOR(userId)} then 1 else 0 end as m`);
  return Number(rows[0]?.m) === 1;
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

