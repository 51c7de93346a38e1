/**
 * Replies under public wishes (migrations/0023_replies.ts, docs/replies.md): who sees which reply,
 * the list under a wish, a member's reply, its removal, reports on a reply and the moderators'
 * actions. The rule (REPLY_VISIBLE_TO): a reply hidden by moderators, or written by a member who is
 * banned now, exists only for its author and moderators; a removed one (text emptied, the row kept
 * for the hourly limit's count) for nobody.
 */
import { type Kysely, sql } from 'kysely';
import type { ModerationWishAction, ReportedReply, WishReply } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';
import { readRows } from '../db/hot-reads';
import { IS_MODERATOR, VISIBLE_TO, viewer } from './visibility';
import type { HeldRepliesPage, ReadModel } from './read-model';

type Db = Kysely<Database>;

/** SQL predicate on replies `r` joined to their author `ru`: the reply exists for this viewer. */
const REPLY_VISIBLE_TO = (viewerId: number | null) =>
  sql<boolean>`(r.deleted_at is null and ((r.hidden = 0 and ru.banned_at is null) or r.user_id = ${viewer(viewerId)} or ${IS_MODERATOR(viewerId)}))`;

interface ReplyRow {
  id: number;
  wish_id: number;
  user_id: number;
  text: string;
  created_at: string;
  hidden: number;
  banned_at: string | null;
  first_name: string;
  last_name: string;
  avatar_thumbnail: string | null;
}

const REPLY_COLUMNS = sql`r.id, r.wish_id, r.user_id, r.text, r.created_at, r.hidden, ru.banned_at, ru.first_name, ru.last_name, ru.avatar_thumbnail`;

const toReply = (r: ReplyRow): WishReply => ({
  reply_id: r.id,
  text: r.text,
  created_at: r.created_at,
  user: { user_id: r.user_id, first_name: r.first_name, last_name: r.last_name, avatar_thumbnail: r.avatar_thumbnail },
  // Only those who may see a hidden reply ever get one, so the flag tells them, and no one else.
  ...(Number(r.hidden) !== 0 || r.banned_at !== null ? { hidden: true } : {}),
});

/**
 * The hidden replies (hidden by moderators, or by a member banned now) member `viewerId` sees under
 * `ids` beyond everyone's count (visibility.ts REPLY_COUNT): wish id → how many, or null when none.
 * Held pages carry everyone's count; this is laid over them per request, so their count is the one
 * the reader's list shows. Only a moderator or the author of such a reply can see any: first one
 * existence check (the role by primary key, the member's replies by wish_replies_user_idx), and the
 * page's wishes are counted only when it passes. The check is held per member by the read model
 * where it can be (`model`, ReadModel.seesHiddenReplies: SQLite), so a common reader pays a lookup:
 * read on every request, it was most of a signed-in held feed page's own cost (CPU profile). Both
 * reads are hot reads (readRows: better-sqlite3 directly on SQLite, a prepared statement on PostgreSQL).
 */
export async function extraReplyCounts(db: Db, viewerId: number, ids: number[], model?: ReadModel): Promise<Map<number, number> | null> {
  if (ids.length === 0) return null;
  const gate = async () => {
    const rows = await readRows(
      db,
      sql<{ g: number | boolean }>`select case when ${IS_MODERATOR(viewerId)} or exists (select 1 from wish_replies r join users ru on ru.id = r.user_id
        where r.user_id = ${viewerId} and r.deleted_at is null and (r.hidden <> 0 or ru.banned_at is not null)) then 1 else 0 end as g`,
    );
    return Number(rows[0]?.g) === 1;
  };
  if (!(await (model?.seesHiddenReplies(viewerId, gate) ?? gate()))) return null;
  const rows = await readRows(
    db,
    sql<{ wish_id: number; n: number | string }>`select r.wish_id, count(*) as n from wish_replies r join users ru on ru.id = r.user_id
      where r.wish_id in (${sql.join(ids)}) and r.deleted_at is null and (r.hidden <> 0 or ru.banned_at is not null)
        and (r.user_id = ${viewerId} or ${IS_MODERATOR(viewerId)})
      group by r.wish_id`,
  );
  if (rows.length === 0) return null;
  return new Map(rows.map((row) => [Number(row.wish_id), Number(row.n)]));
}

/** The wish as this viewer may see it (null: it does not exist for them). */
export async function visibleWish(db: Db, wishId: number, viewerId: number | null): Promise<{ user_id: number; is_public: number; hidden: number } | null> {
  const { rows } = await sql<{ user_id: number; is_public: number; hidden: number }>`select w.user_id, w.is_public, w.hidden from wishes w
    where w.id = ${wishId} and ${VISIBLE_TO(viewerId)}`.execute(db);
  return rows[0] ?? null;
}

/**
 * A page of replies as everyone sees it, for the read model (read-model.ts HeldRepliesPage): only
 * for a listed wish, and with whether some reply under it is seen by some readers only.
 */
export async function everyoneRepliesPage(db: Db, wishId: number, page: number, size: number): Promise<HeldRepliesPage> {
  const { rows } = await sql<{ listed: number; special: number }>`select
      case when w.is_public = 1 and w.hidden = 0 then 1 else 0 end as listed,
      case when exists (select 1 from wish_replies r join users ru on ru.id = r.user_id
        where r.wish_id = w.id and r.deleted_at is null and (r.hidden <> 0 or ru.banned_at is not null)) then 1 else 0 end as special
    from wishes w where w.id = ${wishId}`.execute(db);
  const wish = rows[0];
  if (!wish || Number(wish.listed) !== 1) return { listed: false, special: false, body: null };
  return { listed: true, special: Number(wish.special) === 1, body: await listReplies(db, wishId, null, page, size) };
}

/** The replies under a wish this viewer sees, oldest first; one more than `size` tells a next page. */
export async function listReplies(db: Db, wishId: number, viewerId: number | null, page: number, size: number) {
  const { rows } = await sql<ReplyRow>`select ${REPLY_COLUMNS} from wish_replies r join users ru on ru.id = r.user_id
    where r.wish_id = ${wishId} and ${REPLY_VISIBLE_TO(viewerId)}
    order by r.id limit ${size + 1} offset ${(page - 1) * size}`.execute(db);
  return { replies: rows.slice(0, size).map(toReply), page_number: page, next_page_number: rows.length > size ? page + 1 : null };
}

export async function insertReply(db: Db, wishId: number, userId: number, text: string): Promise<WishReply> {
  const inserted = await db.insertInto('wish_replies').values({ wish_id: wishId, user_id: userId, text, created_at: nowIso(), deleted_at: null }).returning('id').executeTakeFirstOrThrow();
  const { rows } = await sql<ReplyRow>`select ${REPLY_COLUMNS} from wish_replies r join users ru on ru.id = r.user_id where r.id = ${inserted.id}`.execute(db);
  return toReply(rows[0]!);
}

/**
 * Removes a reply under `wishId` when the caller may: its author, the wish's author or a
 * moderator, and only a reply they can see. 'removed' or 'not_found' (nothing told apart).
 */
export async function removeReply(db: Db, wishId: number, replyId: number, callerId: number): Promise<'removed' | 'not_found'> {
  const { rows } = await sql<{ id: number }>`select r.id from wish_replies r join users ru on ru.id = r.user_id join wishes w on w.id = r.wish_id
    where r.id = ${replyId} and r.wish_id = ${wishId} and ${REPLY_VISIBLE_TO(callerId)} and ${VISIBLE_TO(callerId)}
      and (r.user_id = ${callerId} or w.user_id = ${callerId} or ${IS_MODERATOR(callerId)})`.execute(db);
  if (!rows[0]) return 'not_found';
  const result = await db.updateTable('wish_replies').set({ text: '', deleted_at: nowIso() }).where('id', '=', replyId).where('deleted_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? 'removed' : 'not_found';
}

/** A reply this viewer may report: one they see, under a public wish they see. Its wish id, or null. */
export async function reportableReply(db: Db, replyId: number, viewerId: number | null): Promise<number | null> {
  const { rows } = await sql<{ wish_id: number }>`select r.wish_id from wish_replies r join users ru on ru.id = r.user_id join wishes w on w.id = r.wish_id
    where r.id = ${replyId} and w.is_public = 1 and ${REPLY_VISIBLE_TO(viewerId)} and ${VISIBLE_TO(viewerId)}`.execute(db);
  return rows[0]?.wish_id ?? null;
}

/** Files a report on a reply; false when this reporter already reported it. */
export async function fileReplyComplaint(db: Db, c: { replyId: number; reporterId: number | null; reporterIp: string; category: string }): Promise<boolean> {
  const key = c.reporterId !== null ? `user:${c.reporterId}` : `ip:${c.reporterIp}`;
  const row = await db
    .insertInto('reply_complaints')
    .values({ reply_id: c.replyId, reporter_id: c.reporterId, reporter_ip: c.reporterIp.slice(0, 64), reporter_key: key.slice(0, 80), category: c.category, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['reply_id', 'reporter_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A reported reply in the moderation queue, with its wish's id. */
export interface QueuedReply {
  reply: ReportedReply;
  report_count: number;
  categories: Record<string, number>;
  first_reported_at: string;
  last_reported_at: string;
  resolution: string | null;
}

/** How many reported replies the queue's first page shows at most (replies come before wishes there). */
export const QUEUED_REPLIES_MAX = 50;

/**
 * Reported replies with reports of `status`: open ones most reported first, resolved ones most
 * recently resolved first. Removed replies are left out (nothing is left to act on).
 */
export async function replyQueue(db: Db, status: 'open' | 'resolved'): Promise<QueuedReply[]> {
  const order = status === 'open' ? sql`order by n desc, last_at desc, c.reply_id desc` : sql`order by last_resolved desc, c.reply_id desc`;
  const { rows } = await sql<ReplyRow & { n: number | string; first_at: string; last_at: string; last_resolved: string | null }>`
    select ${REPLY_COLUMNS}, count(*) as n, min(c.created_at) as first_at, max(c.created_at) as last_at, max(c.resolved_at) as last_resolved
    from reply_complaints c join wish_replies r on r.id = c.reply_id join users ru on ru.id = r.user_id
    where c.status = ${status} and r.deleted_at is null
    group by r.id, r.wish_id, r.user_id, r.text, r.created_at, r.hidden, ru.banned_at, ru.first_name, ru.last_name, ru.avatar_thumbnail, c.reply_id
    ${order} limit ${QUEUED_REPLIES_MAX}`.execute(db);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [cats, resolutions] = await Promise.all([
    sql<{ reply_id: number; category: string; n: number | string }>`select reply_id, category, count(*) as n from reply_complaints
      where status = ${status} and reply_id in (${sql.join(ids)}) group by reply_id, category`.execute(db),
    sql<{ reply_id: number; resolution: string; resolved_at: string }>`select reply_id, resolution, resolved_at from reply_complaints
      where status = 'resolved' and reply_id in (${sql.join(ids)})`.execute(db),
  ]);
  const byReply = new Map<number, Record<string, number>>();
  for (const c of cats.rows) byReply.set(c.reply_id, { ...byReply.get(c.reply_id), [c.category]: Number(c.n) });
  const latest = new Map<number, { resolution: string; at: string }>();
  for (const r of resolutions.rows) {
    const seen = latest.get(r.reply_id);
    if (!seen || r.resolved_at > seen.at) latest.set(r.reply_id, { resolution: r.resolution, at: r.resolved_at });
  }
  return rows.map((r) => ({
    reply: { reply_id: r.id, wish_id: r.wish_id, text: r.text, created_at: r.created_at, user: toReply(r).user, hidden: Number(r.hidden) !== 0 || r.banned_at !== null },
    report_count: Number(r.n),
    categories: byReply.get(r.id) ?? {},
    first_reported_at: r.first_at,
    last_reported_at: r.last_at,
    resolution: status === 'resolved' ? (latest.get(r.id)?.resolution ?? null) : null,
  }));
}

/** The reply a moderator acts on: not removed. Its wish and author, or null. */
export async function replyForModeration(db: Db, replyId: number): Promise<{ wish_id: number; user_id: number; hidden: number } | null> {
  const row = await db.selectFrom('wish_replies').select(['wish_id', 'user_id', 'hidden']).where('id', '=', replyId).where('deleted_at', 'is', null).executeTakeFirst();
  return row ?? null;
}

/**
 * hide / restore / dismiss / delete a reply: resolves its open reports with the action and logs
 * it (target type `reply`), in one transaction. Returns the members whose reports it resolved.
 */
export async function actOnReply(db: Db, moderatorId: number, replyId: number, action: ModerationWishAction, reason: string): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (action === 'hide') await trx.updateTable('wish_replies').set({ hidden: 1 }).where('id', '=', replyId).execute();
    if (action === 'restore') await trx.updateTable('wish_replies').set({ hidden: 0 }).where('id', '=', replyId).execute();
    const reporters = await trx.selectFrom('reply_complaints').select('reporter_id').distinct().where('reply_id', '=', replyId).where('status', '=', 'open').where('reporter_id', 'is not', null).execute();
    await trx.updateTable('reply_complaints').set({ status: 'resolved', resolution: action, resolved_at: now }).where('reply_id', '=', replyId).where('status', '=', 'open').execute();
    await trx.insertInto('moderation_log').values({ actor_id: moderatorId, action, target_type: 'reply', target_id: replyId, reason, created_at: now }).execute();
    if (action === 'delete') await trx.updateTable('wish_replies').set({ text: '', deleted_at: now }).where('id', '=', replyId).execute();
    return reporters.map((r) => r.reporter_id).filter((id): id is number => id !== null);
  });
}

/** The member's replies for the account export (removed ones left out). */
export async function exportReplies(db: Db, userId: number) {
  const rows = await db.selectFrom('wish_replies').select(['id', 'wish_id', 'text', 'hidden', 'created_at']).where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('id').execute();
  return rows.map((r) => ({ reply_id: r.id, wish_id: r.wish_id, text: r.text, hidden: r.hidden !== 0, created_at: r.created_at }));
}
