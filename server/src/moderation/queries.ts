/**
 * Roles, bans, the report queue, moderator actions on wishes and the audit log. Roles are read
 * from the database on every call (never from a token), so a demotion or a ban counts at once.
 */
import DataLoader from 'dataloader';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { ModerationLogEntry, ModerationWishAction, MyReport, Offer, ReportedWish, ReportStatus } from '@wishes/kit-contract/api';
import type { Database, Role } from '../db/types';
import { HIDDEN_AUTHOR_BANNED, HIDDEN_BY_MODERATORS, nowIso } from '../db/types';
import { VISIBLE_TO, fullName } from '../wishes/visibility';
import { getWishesForModerator } from '../wishes/queries';
import { readHot, readRows, rowLimit } from '../db/hot-reads';
import { sqliteHandleOf } from '../db/connect';
import type { AppDeps } from '../app/deps';

type Db = Kysely<Database>;
type DbOrTrx = Db | Transaction<Database>;

export const SYSTEM_ACTOR_NAME = 'Automatic';

/**
 * On every staff call, so a hot read: better-sqlite3 directly on SQLite; on PostgreSQL the role
 * reads of the calls that arrive together share one prepared statement (roleReaderOf).
 */
export async function getRole(db: Db, userId: number): Promise<Role | null> {
  if (sqliteHandleOf(db) || db.isTransaction) {
    const rows = await readRows(db, sql<{ role: Role }>`select role from users where id = ${userId}`);
    return rows[0]?.role ?? null;
  }
  return roleReaderOf(db).load(userId);
}

const roleReaders = new WeakMap<Db, DataLoader<number, Role | null>>();

/**
 * PostgreSQL: the role reads of every call read in one turn of the event loop go in ONE query
 * (DataLoader, batches scheduled with setImmediate as the vote writer's, nothing cached), so ten
 * moderators' calls cost one round trip instead of ten: the round trip was most of a held queue
 * page's cost. Each read is still sent after its call arrived, so a demotion committed before a
 * call is seen by it, as the rule asks.
 */
function roleReaderOf(db: Db): DataLoader<number, Role | null> {
  let reader = roleReaders.get(db);
  if (!reader) {
    reader = new DataLoader<number, Role | null>(
      async (ids) => {
        const rows = await readHot(db, sql<{ id: number; role: Role }>`select id, role from users where id = any(${[...ids]}::integer[])`);
        const roles = new Map(rows.map((row) => [Number(row.id), row.role]));
        return ids.map((id) => roles.get(id) ?? null);
      },
      { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 500 },
    );
    roleReaders.set(db, reader);
  }
  return reader;
}

export async function isModerator(db: Db, userId: number): Promise<boolean> {
  const role = await getRole(db, userId);
  return role === 'moderator' || role === 'admin';
}

export async function writeLog(
  db: DbOrTrx,
  entry: { actorId: number | null; action: string; targetType: 'wish' | 'user'; targetId: number; reason: string },
): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({ actor_id: entry.actorId, action: entry.action, target_type: entry.targetType, target_id: entry.targetId, reason: entry.reason, created_at: nowIso() })
    .execute();
}

interface Paged<T> {
  items: T[];
  page_number: number;
  next_page_number: number | null;
}
const paged = <T>(rows: T[], page: number, size: number): Paged<T> => ({
  items: rows.slice(0, size),
  page_number: page,
  next_page_number: rows.length > size ? page + 1 : null,
});

/**
 * Reported wishes grouped by wish within one status. Open: most reports first, then the latest
 * report, newest first. Resolved: most recently resolved first. While the read model holds a page,
 * the same object is answered until a report, an action or a change of a shown wish drops it, so
 * the route can keep its serialized body beside it (routes.ts); with the read model off, a new
 * object per call.
 */
export async function reportQueue(model: AppDeps['readModel'], status: ReportStatus, page: number, size: number, moderatorId: number): Promise<Readonly<Paged<ReportedWish>>> {
  const db = model.db;
  if (!model.enabled) return readReportQueue(db, status, page, size, moderatorId);
  // Held per moderator (their own votes are in the wishes) until a report, an action or a change of
  // a shown wish drops it (wishes/read-model.ts).
  return model.cached(model.moderationPages, `${moderatorId}:${status}:${page}:${size}`, async () => {
    const read = await readReportQueue(db, status, page, size, moderatorId);
    return { ...read, ids: read.items.map((item) => item.wish.id) };
  });
}

async function readReportQueue(db: Db, status: ReportStatus, page: number, size: number, moderatorId: number): Promise<Paged<ReportedWish>> {
  // complaint_queue holds one row per status and wish, kept by triggers (migrations/0016_slow_rows.ts):
  // the page is one index range instead of grouping and sorting every report of the status.
  const order =
    status === 'open'
      ? sql`order by report_count desc, last_at desc, wish_id desc`
      : sql`order by last_resolved_at desc, wish_id desc`;
  const rows = await readHot(
    db,
    sql<{ wish_id: number; n: number | string; first_at: string; last_at: string }>`
    select wish_id, report_count as n, first_at, last_at
    from complaint_queue where status = ${status} ${order}
    limit ${rowLimit(size + 1)} offset ${(page - 1) * size}`,
  );
  const result = paged(rows, page, size);
  const ids = result.items.map((r) => r.wish_id);
  if (ids.length === 0) return { ...result, items: [] };
  const [wishes, categories, resolutions] = await Promise.all([
    getWishesForModerator(db, ids, moderatorId),
    sql<{ wish_id: number; category: string; n: number | string }>`select wish_id, category, count(*) as n from complaints
      where status = ${status} and wish_id in (${sql.join(ids)}) group by wish_id, category`.execute(db),
    status === 'resolved'
      ? sql<{ wish_id: number; resolution: string; resolved_at: string }>`select wish_id, resolution, resolved_at from complaints
          where status = 'resolved' and wish_id in (${sql.join(ids)})`.execute(db)
      : Promise.resolve({ rows: [] as { wish_id: number; resolution: string; resolved_at: string }[] }),
  ]);
  const byWish = new Map<number, Record<string, number>>();
  for (const c of categories.rows) {
    const counts = byWish.get(c.wish_id) ?? {};
    counts[c.category] = Number(c.n);
    byWish.set(c.wish_id, counts);
  }
  // The latest resolution of the wish's resolved reports.
  const latest = new Map<number, { resolution: string; at: string }>();
  for (const r of resolutions.rows) {
    const seen = latest.get(r.wish_id);
    if (!seen || r.resolved_at > seen.at) latest.set(r.wish_id, { resolution: r.resolution, at: r.resolved_at });
  }
  const items: ReportedWish[] = [];
  for (const r of result.items) {
    const wish = wishes.get(r.wish_id);
    if (!wish) continue; // deleted between the two reads
    items.push({
      wish,
      report_count: Number(r.n),
      categories: byWish.get(r.wish_id) ?? {},
      first_reported_at: r.first_at,
      last_reported_at: r.last_at,
      status,
      resolution: latest.get(r.wish_id)?.resolution ?? null,
    });
  }
  return { ...result, items };
}

/**
 * A wish a moderator may act on: one they can see (public, hidden or not) or one that was
 * reported. Private, unreported wishes stay the author's alone.
 */
export async function wishForModeration(db: Db, wishId: number, moderatorId: number): Promise<boolean> {
  const { rows } = await sql`select 1 as ok from wishes w where w.id = ${wishId}
    and (${VISIBLE_TO(moderatorId)} or exists (select 1 from complaints c where c.wish_id = w.id))`.execute(db);
  return rows.length > 0;
}

/** Resolves the wish's open reports with the action; returns the members who filed them (for their notifications). */
async function resolveReports(trx: DbOrTrx, wishId: number, action: ModerationWishAction): Promise<number[]> {
  const reporters = await trx
    .selectFrom('complaints')
    .select('reporter_id')
    .distinct()
    .where('wish_id', '=', wishId)
    .where('status', '=', 'open')
    .where('reporter_id', 'is not', null)
    .execute();
  await trx
    .updateTable('complaints')
    .set({ status: 'resolved', resolution: action, resolved_at: nowIso() })
    .where('wish_id', '=', wishId)
    .where('status', '=', 'open')
    .execute();
  return reporters.map((r) => r.reporter_id).filter((id): id is number => id !== null);
}

/** Who to tell about a moderator's action on a wish (moderation/routes.ts sends the notifications). */
export interface WishActionOutcome {
  authorId: number | null;
  /** The moderators' hide bit was newly set by this action (a repeated hide tells the author nothing). */
  newlyHidden: boolean;
  /** Signed-in members whose open reports this action resolved. */
  reporterIds: number[];
}

/** hide / restore / dismiss / delete: resolves the wish's open reports with that action and logs it. */
export async function actOnWish(db: Db, moderatorId: number, wishId: number, action: ModerationWishAction, reason: string): Promise<WishActionOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('wishes').select(['user_id', 'hidden']).where('id', '=', wishId).executeTakeFirst();
    if (action === 'hide') {
      await sql`update wishes set hidden = hidden | ${sql.raw(String(HIDDEN_BY_MODERATORS))}, hidden_reason = ${reason} where id = ${wishId}`.execute(trx);
    } else if (action === 'restore') {
      // Only the moderators' bit: a banned author's wishes stay hidden until the unban.
      await sql`update wishes set hidden = hidden & ${sql.raw(String(HIDDEN_AUTHOR_BANNED))}, hidden_reason = null where id = ${wishId}`.execute(trx);
    }
    const reporterIds = await resolveReports(trx, wishId, action);
    await writeLog(trx, { actorId: moderatorId, action, targetType: 'wish', targetId: wishId, reason });
    if (action === 'delete') await trx.deleteFrom('wishes').where('id', '=', wishId).execute();
    return {
      authorId: before?.user_id ?? null,
      newlyHidden: action === 'hide' && before !== undefined && (before.hidden & HIDDEN_BY_MODERATORS) === 0,
      reporterIds,
    };
  });
  return outcome;
}

export const autoHideReason = (count: number) => `Hidden automatically after ${count} reports, pending review.`;

/** Reports that count toward auto-hide (complaints `c` joined to their reporter `u`); see autoHideIfReported. */
function countingReport(minAccountAgeHours: number) {
  const oldEnough = minAccountAgeHours > 0 ? sql`and u.created_at <= ${new Date(Date.now() - minAccountAgeHours * 3_600_000).toISOString()}` : sql``;
  return sql`u.banned_at is null ${oldEnough}`;
}

/**
 * Hides a public wish once `threshold` distinct signed-in members have open reports on it that
 * count: from accounts at least `minAccountAgeHours` old (REPORTER_MIN_ACCOUNT_AGE_HOURS; 0 = any
 * age) and not banned. Visitors' reports never count. The conditional update makes two racing
 * reports hide it once.
 */
export async function autoHideIfReported(db: Db, wishId: number, threshold: number, minAccountAgeHours = 0): Promise<{ authorId: number; reason: string } | null> {
  const counted = await sql<{ n: number | string }>`select count(*) as n from complaints c join users u on u.id = c.reporter_id
    where c.wish_id = ${wishId} and c.status = 'open' and ${countingReport(minAccountAgeHours)}`.execute(db);
  const count = Number(counted.rows[0]?.n ?? 0);
  if (count < threshold) return null;
  const reason = autoHideReason(count);
  const hidden = await db.transaction().execute(async (trx) => {
    const result = await sql`update wishes set hidden = hidden | ${sql.raw(String(HIDDEN_BY_MODERATORS))}, hidden_reason = ${reason}
      where id = ${wishId} and is_public = 1 and (hidden & ${sql.raw(String(HIDDEN_BY_MODERATORS))}) = 0`.execute(trx);
    if (Number(result.numAffectedRows ?? 0n) !== 1) return null;
    await writeLog(trx, { actorId: null, action: 'auto_hide', targetType: 'wish', targetId: wishId, reason });
    return (await trx.selectFrom('wishes').select('user_id').where('id', '=', wishId).executeTakeFirstOrThrow()).user_id;
  });
  if (hidden === null) return null;
  return { authorId: hidden, reason };
}

export async function findUserRole(db: Db, userId: number): Promise<{ role: Role; banned_at: string | null } | undefined> {
  return db.selectFrom('users').select(['role', 'banned_at']).where('id', '=', userId).executeTakeFirst();
}

/** Ban: the account is suspended and every wish of theirs is hidden (bit 2), in one transaction. */
export async function setBanned(db: Db, moderatorId: number, userId: number, banned: boolean, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (banned) {
      await sql`update users set banned_at = ${nowIso()} where id = ${userId} and banned_at is null`.execute(trx);
      await sql`update wishes set hidden = hidden | ${sql.raw(String(HIDDEN_AUTHOR_BANNED))} where user_id = ${userId}`.execute(trx);
    } else {
      await sql`update users set banned_at = null where id = ${userId}`.execute(trx);
      await sql`update wishes set hidden = hidden & ${sql.raw(String(HIDDEN_BY_MODERATORS))} where user_id = ${userId}`.execute(trx);
    }
    await writeLog(trx, { actorId: moderatorId, action: banned ? 'ban' : 'unban', targetType: 'user', targetId: userId, reason });
  });
}

export async function logPage(db: Db, page: number, size: number): Promise<Paged<ModerationLogEntry>> {
  const rows = await db
    .selectFrom('moderation_log as l')
    .leftJoin('users as u', 'u.id', 'l.actor_id')
    // The user an entry is about, by name (a moderator reads "banned Kai Berg", not a number).
    .leftJoin('users as t', (join) => join.onRef('t.id', '=', 'l.target_id').on('l.target_type', '=', 'user'))
    .select(['l.id', 'l.actor_id', 'l.action', 'l.target_type', 'l.target_id', 'l.reason', 'l.created_at', 'u.first_name', 'u.last_name', 'u.email'])
    .select(['t.id as target_user_id', 't.first_name as target_first_name', 't.last_name as target_last_name', 't.email as target_email'])
    .orderBy('l.id', 'desc')
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  const result = paged(rows, page, size);
  return {
    ...result,
    items: result.items.map((r) => ({
      id: r.id,
      actor_id: r.actor_id,
      actor_name: r.actor_id === null ? SYSTEM_ACTOR_NAME : fullName(r.first_name ?? '', r.last_name ?? '') || (r.email ?? ''),
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      target_name: r.target_user_id === null ? null : fullName(r.target_first_name ?? '', r.target_last_name ?? '') || (r.target_email ?? ''),
      reason: r.reason,
      created_at: r.created_at,
    })),
  };
}

export async function offersPage(db: Db, page: number, size: number): Promise<Paged<Offer>> {
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'user_id', 'email', 'message', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return paged(rows, page, size);
}

export async function myReports(db: Db, userId: number, page: number, size: number): Promise<Paged<MyReport>> {
  const rows = await db
    .selectFrom('complaints')
    .select(['wish_id', 'category', 'created_at', 'status', 'resolution'])
    .where('reporter_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute();
  return paged(rows, page, size);
}
