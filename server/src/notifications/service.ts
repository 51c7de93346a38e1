/**
 * Notifications: what is stored, how upvotes and follows gather, and the `notify` entry point other
 * modules call. Every change publishes on the UnreadBus so open streams send the new unread count.
 *
 * Rules (docs/product.md):
 * - upvotes of one wish gather into one unread `vote` row per author; new followers gather into one
 *   unread `follow` row; once read, the next upvote/follow starts a new row;
 * - downvotes never notify; one's own actions never notify;
 * - withdrawing (vote removed or turned into a downvote, unfollow) before the row is read takes that
 *   person out of it, and a row left with nobody is deleted.
 * Notifying never fails the action that caused it: errors are logged and swallowed.
 * Gathered notifications (votes, follows) are queued and written after the action's response
 * (queue.ts); a reader of a member's notifications first waits for that member's queued jobs.
 */
import { type Kysely, sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Notification, NotificationKind, NotificationsPage, VoteType } from '@wishes/kit-contract/api';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import type { Database, Dialect } from '../db/types';
import { nowIso } from '../db/types';
import { fullName } from '../wishes/visibility';
import type { UnreadBus } from './bus';
import { readRows, rowLimit } from '../db/hot-reads';
import { sqliteHandleOf } from '../db/connect';
import type { AppDeps } from '../app/deps';
import type { EventBus } from '../platform/events';
import { createNotificationQueue, type NotificationQueue } from './queue';
import { sqliteGatheredRows, sqliteNotificationBatch } from './sqlite-rows';
import type { Database as SqliteConnection } from 'better-sqlite3';

type Db = Kysely<Database>;
type NotificationRow = { id: number; kind: NotificationKind; wish_id: number | null; person_id: number | null; group_id: number | null; text: string | null; read_at: string | null; updated_at: string; wish_text?: string | null };

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How many people a notification names (newest first); actor_count has the total. */
const ACTORS_SHOWN = 3;
/** First key of the two-key advisory lock, so these locks cannot collide with others' (an arbitrary constant). */
const NOTIFY_LOCK_SPACE = 7017;

/** Kinds that gather several people into one unread row. */
const GATHERED: ReadonlySet<NotificationKind> = new Set(['vote', 'follow']);

const DEFAULT_TEXT: Record<'report_resolved' | 'wish_hidden' | 'delivery_opened' | 'delivery_bounced' | 'reminder' | 'delivery_replied' | 'reply' | 'group_signed' | 'group_empty', string> = {
  group_signed: 'Someone signed your group wish.',
  group_empty: 'Your group wish has no messages yet.',
  report_resolved: 'A wish you reported has been reviewed.',
  wish_hidden: 'Your wish was hidden by a moderator.',
  delivery_opened: 'Someone opened the wish you sent.',
  delivery_bounced: 'A wish you sent could not be delivered.',
  reminder: 'A date of one of your people is coming.',
  delivery_replied: 'Someone replied to the wish you sent.',
  reply: 'Someone replied to your wish.',
};

/**
 * What to tell a member. For moderation (branch `mod`):
 *   await app.deps.notifications.notify({ userId: authorId, kind: 'wish_hidden', wishId, text: `Your wish was hidden: ${reason}` });
 *   await app.deps.notifications.notify({ userId: reporterId, kind: 'report_resolved', wishId, text: 'A wish you reported was removed.' });
 * `text` is shown as is (the client renders it as text, never HTML); without it a default sentence is used.
 * `actorId` names the person behind a `vote`/`follow` (required for those kinds; ignored when it
 * is the recipient). Moderation kinds never gather: each call is one new row.
 */
export interface NotifyInput {
  userId: number;
  kind: NotificationKind;
  actorId?: number | null;
  wishId?: number | null;
  /** The person a `reminder` is about (people/). */
  personId?: number | null;
  /** The group a `group_signed`, `group_empty` or a group's `delivery_replied` is about (groups/). */
  groupId?: number | null;
  text?: string;
}

export interface Notifier {
  notify(input: NotifyInput): Promise<void>;
  /**
   * Writes one notification per input (kinds that never gather, no actor) in one statement, inside the
   * caller's transaction, and returns their recipients: the caller publishes them on `bus` once it
   * has committed.
   */
  insertMany(trx: Db, inputs: NotifyInput[]): Promise<number[]>;
  /** A vote on `wishId` by `voterId` became `voteType` (null: removed). */
  voteChanged(wishId: number, voterId: number, voteType: VoteType | null, authorId?: number): Promise<void>;
  /** `followerId` started (true) or stopped (false) following `targetId`. */
  followChanged(followerId: number, targetId: number, following: boolean): Promise<void>;
  list(userId: number, page: number): Promise<NotificationsPage>;
  /** Marks the given ids (only the caller's) or, without ids, all as read; returns the unread count. */
  markRead(userId: number, ids?: number[]): Promise<number>;
  unreadCount(userId: number): Promise<number>;
  /** Resolves once this member's queued notifications are written (any reader of their rows first waits for it). */
  settledFor(userId: number): Promise<void>;
  /** Writes every queued notification (tests; the app's onClose). */
  flush(): Promise<void>;
  /** Writes what is queued; later notifications are written at once (graceful shutdown). */
  close(): Promise<void>;
  readonly bus: UnreadBus;
}

/**
 * A gathered notification waiting in the queue (queue.ts). Vote and follow jobs say what the
 * action was; when written, the job follows the state then committed (the upvote or the follow
 * still there, or gone), so a job for an action that was undone since, or whose transaction did
 * not commit, writes nothing wrong.
 */
export type NotifyJob =
  | { type: 'vote'; authorId: number; wishId: number; voterId: number; up: boolean }
  | { type: 'follow'; targetId: number; followerId: number; following: boolean }
  | { type: 'gather'; userId: number; kind: NotificationKind; wishId: number | null; actorId: number };

const recipientOf = (job: NotifyJob) => (job.type === 'vote' ? job.authorId : job.type === 'follow' ? job.targetId : job.userId);
/** Vote and follow jobs follow the committed state (NotifyJob), so one voter's toggles of one wish waiting together are one job. */
const keyOf = (job: NotifyJob) => (job.type === 'vote' ? `v:${job.wishId}:${job.voterId}` : job.type === 'follow' ? `f:${job.targetId}:${job.followerId}` : undefined);

/**
 * How long a queued notification waits for others when the queue is busy (more than
 * NOTIFY_BUSY_JOBS in the last period; queue.ts): under load one transaction per period instead of
 * one per turn. A stream's next event is at most this much later; the list itself waits for what
 * is queued in its own process (settledFor).
 */
export const NOTIFY_GATHER_MS = 25;
/** About 1,300 gathered notifications a second: below that each is written on the next turn. */
export const NOTIFY_BUSY_JOBS = 32;

/** The queue of each SQLite connection's notifier: the synchronous vote write (votes/sqlite-vote-writer.ts) offers its job there. */
const sqliteQueues = new WeakMap<SqliteConnection, NotificationQueue<NotifyJob>>();

export function createNotifier(db: Db, dialect: Dialect, unreadBus: UnreadBus, log: FastifyBaseLogger, events: EventBus, model: AppDeps['readModel']): Notifier {
  /**
   * Every change of a member's notifications is published on this bus (here, the queue, and the
   * callers of `notifier.bus`: votes, account deletion), so it is also where the member's held page 1
   * is dropped (the read model subscribes to `notifications.changed`), in this process before the
   * publish (and so before the write is answered), then in the others.
   */
  const bus: UnreadBus = {
    ...unreadBus,
    publish: (userId) => bus.publishMany([userId]),
    publishMany: async (userIds) => {
      await Promise.all(userIds.map((userId) => events.emit({ kind: 'notifications.changed', userId })));
      await unreadBus.publishMany(userIds);
    },
  };
  // PostgreSQL: one recipient's gathering and withdrawing run one at a time, so two upvotes at the
  // same moment join one row instead of each creating one (SQLite runs transactions one at a time).
  const lockRecipient = async (trx: Db, userId: number) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${NOTIFY_LOCK_SPACE}, ${userId})`.execute(trx);
  };

  const safely = async (what: string, work: () => Promise<number | null>) => {
    try {
      const changedUser = await work();
      if (changedUser !== null) await bus.publish(changedUser);
    } catch (error) {
      log.error({ err: error }, `notification (${what}) not recorded`);
    }
  };

  /** Adds `actorId` to the user's unread row of this kind (and wish), creating it when needed. */
  const gather = async (trx: Db, userId: number, kind: NotificationKind, wishId: number | null, actorId: number) => {
    await lockRecipient(trx, userId);
    const now = nowIso();
    const existing = await sql<{ id: number }>`select id from notifications
      where user_id = ${userId} and kind = ${kind} and read_at is null and text is null
        and ${wishId === null ? sql`wish_id is null` : sql`wish_id = ${wishId}`}
      order by id desc limit 1`.execute(trx);
    let id = existing.rows[0]?.id;
    if (id === undefined) {
      const inserted = await trx
        .insertInto('notifications')
        .values({ user_id: userId, kind, wish_id: wishId, text: null, read_at: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = inserted.id;
    }
    const added = await sql`insert into notification_actors (notification_id, actor_id, created_at) values (${id}, ${actorId}, ${now})
      on conflict (notification_id, actor_id) do nothing`.execute(trx);
    if (Number(added.numAffectedRows ?? 0n) === 0) return null;
    await trx.updateTable('notifications').set({ updated_at: now }).where('id', '=', id).execute();
    return userId;
  };

  /** Takes `actorId` out of the user's unread rows of this kind (and wish); deletes a row left empty. */
  const withdraw = async (trx: Db, userId: number, kind: NotificationKind, wishId: number | null, actorId: number) => {
    await lockRecipient(trx, userId);
    const rows = await sql<{ id: number }>`select n.id from notifications n
      join notification_actors a on a.notification_id = n.id and a.actor_id = ${actorId}
      where n.user_id = ${userId} and n.kind = ${kind} and n.read_at is null
        and ${wishId === null ? sql`n.wish_id is null` : sql`n.wish_id = ${wishId}`}`.execute(trx);
    if (rows.rows.length === 0) return null;
    for (const { id } of rows.rows) {
      await sql`delete from notification_actors where notification_id = ${id} and actor_id = ${actorId}`.execute(trx);
      await sql`delete from notifications where id = ${id}
        and not exists (select 1 from notification_actors where notification_id = ${id})`.execute(trx);
    }
    return userId;
  };

  /** One queued job, inside the batch's transaction, against the state committed now. */
  const apply = async (trx: Db, job: NotifyJob): Promise<number | null> => {
    if (job.type === 'gather') return gather(trx, job.userId, job.kind, job.wishId, job.actorId);
    if (job.type === 'vote') {
      if (job.authorId === job.voterId) return null;
      const upvoted = await sql`select 1 as ok from votes where wish_id = ${job.wishId} and user_id = ${job.voterId} and vote_type = 'upvote'`.execute(trx);
      if (job.up) return upvoted.rows.length > 0 ? gather(trx, job.authorId, 'vote', job.wishId, job.voterId) : null;
      return upvoted.rows.length === 0 ? withdraw(trx, job.authorId, 'vote', job.wishId, job.voterId) : null;
    }
    if (job.followerId === job.targetId) return null;
    const follows = await sql`select 1 as ok from subscriptions where follower_id = ${job.followerId} and target_id = ${job.targetId}`.execute(trx);
    if (job.following) return follows.rows.length > 0 ? gather(trx, job.targetId, 'follow', null, job.followerId) : null;
    return follows.rows.length === 0 ? withdraw(trx, job.targetId, 'follow', null, job.followerId) : null;
  };

  const raw = sqliteHandleOf(db);
  const sqliteBatch = raw ? sqliteNotificationBatch(raw) : null;
  /**
   * A batch of jobs in one transaction. SQLite: one synchronous better-sqlite3 transaction (no
   * await inside, so the group-committed vote writes never find it open and fall back to the slow
   * path); Kysely's when a Kysely transaction is open on the connection. PostgreSQL: jobs in
   * recipient order, so two processes' batches take the recipients' locks in one order.
   */
  const writeJobs = async (jobs: NotifyJob[]): Promise<Iterable<number>> => {
    if (raw && sqliteBatch && !raw.inTransaction) return sqliteBatch(jobs);
    const ordered = [...jobs].sort((a, b) => recipientOf(a) - recipientOf(b));
    // PostgreSQL: the vote jobs in ONE statement (wishes_vote_notify, migration 0011, per job in
    // recipient order, each under its recipient's lock), after the vote committed: one round trip
    // for the batch. Job by job they cost ~5 round trips each, and 200 votes' events then waited
    // ~0.4 s behind one another (the notification fan-out row).
    const votes = dialect === 'postgres' ? ordered.filter((job): job is Extract<NotifyJob, { type: 'vote' }> => job.type === 'vote' && job.authorId !== job.voterId) : [];
    // Vote jobs go in the statement below (a voter's own wish writes nothing either way).
    const others = dialect === 'postgres' ? ordered.filter((job) => job.type !== 'vote') : ordered;
    const notifyVotes = async (exec: Db): Promise<number[]> => {
      if (votes.length === 0) return [];
      // Each follows the vote committed now: upvoted gathers the voter, anything else withdraws them.
      const { rows } = await sql<{ author: number | null }>`select wishes_vote_notify(j.wish, j.voter,
          (select v.vote_type from votes v where v.wish_id = j.wish and v.user_id = j.voter), ${nowIso()}) as author
        from unnest(${votes.map((job) => job.wishId)}::integer[], ${votes.map((job) => job.voterId)}::integer[]) as j(wish, voter)`.execute(exec);
      return rows.flatMap((row) => (row.author === null ? [] : [Number(row.author)]));
    };
    // Only vote jobs (what a busy vote path queues): the one statement is its own transaction, so
    // no BEGIN and COMMIT, two round trips fewer per batch.
    if (others.length === 0) return notifyVotes(db);
    return db.transaction().execute(async (trx) => {
      const changed = new Set(await notifyVotes(trx));
      for (const job of others) {
        const user = await apply(trx, job);
        if (user !== null) changed.add(user);
      }
      return changed;
    });
  };

  const queue = createNotificationQueue<NotifyJob>({ write: writeJobs, recipientOf, keyOf, delayMs: NOTIFY_GATHER_MS, busyJobs: NOTIFY_BUSY_JOBS, publish: (userIds) => bus.publishMany(userIds), log });
  if (raw) sqliteQueues.set(raw, queue);
  /** Queues the job; a full or closed queue: written now, as its own batch. */
  const enqueue = async (job: NotifyJob) => {
    if (queue.offer(job)) return;
    await safely(job.type, async () => {
      const changed = [...(await writeJobs([job]))];
      return changed[0] ?? null;
    });
  };

  const authorOf = async (wishId: number) =>
    (await db.selectFrom('wishes').select('user_id').where('id', '=', wishId).executeTakeFirst())?.user_id ?? null;

  /** One page read from the database (three small reads). */
  const readPage = async (userId: number, page: number): Promise<NotificationsPage> => {
    const size = NOTIFICATIONS_PAGE_SIZE;
    // Hot reads (db/hot-reads.ts): the page is three small indexed reads, so the driver's
    // overhead (Kysely's builder, mutex and promise hops; PostgreSQL's planning) was most of it.
    const [rows, unread] = await Promise.all([
      readRows(
        db,
        // The wish's opening words, so a vote says which wish (it is the reader's own wish).
        sql<NotificationRow>`select n.id, n.kind, n.wish_id, n.person_id, n.group_id, n.text, n.read_at, n.updated_at, w.text as wish_text
          from notifications n left join wishes w on w.id = n.wish_id where n.user_id = ${userId}
          order by n.updated_at desc, n.id desc limit ${rowLimit(size + 1)} offset ${(page - 1) * size}`,
      ),
      notifier.unreadCount(userId),
    ]);
    const shown = rows.slice(0, size);
    const actors = await actorsOf(db, shown.map((r) => r.id));
    const notifications: Notification[] = shown.map((row) => {
      const people = actors.get(row.id) ?? { names: [], count: 0 };
      return {
        id: row.id,
        kind: row.kind,
        actors: people.names,
        actor_count: people.count,
        wish_id: row.wish_id,
        ...(row.person_id != null ? { person_id: row.person_id } : {}),
        ...(row.group_id != null ? { group_id: row.group_id } : {}),
        text: row.text ?? describe(row.kind, people.names[0]?.name ?? ANONYMOUS, people.count, row.wish_text),
        created_at: row.updated_at,
        read: row.read_at !== null,
      };
    });
    return { notifications, unread_count: unread, page_number: page, next_page_number: rows.length > size ? page + 1 : null };
  };

  const notifier: Notifier = {
    bus,
    notify: (input) =>
      safely(input.kind, async () => {
        const wishId = input.wishId ?? null;
        if (GATHERED.has(input.kind)) {
          if (!input.actorId || input.actorId === input.userId) return null;
          await enqueue({ type: 'gather', userId: input.userId, kind: input.kind, wishId, actorId: input.actorId });
          return null;
        }
        const now = nowIso();
        const text = (input.text ?? '').trim() || DEFAULT_TEXT[input.kind as keyof typeof DEFAULT_TEXT];
        const row = await db
          .insertInto('notifications')
          .values({ user_id: input.userId, kind: input.kind, wish_id: wishId, ...(input.personId ? { person_id: input.personId } : {}), ...(input.groupId ? { group_id: input.groupId } : {}), text: text.slice(0, 1000), read_at: null, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (input.actorId && input.actorId !== input.userId) {
          await db.insertInto('notification_actors').values({ notification_id: row.id, actor_id: input.actorId, created_at: now }).execute();
        }
        return input.userId;
      }),

    async insertMany(trx, inputs) {
      if (inputs.length === 0) return [];
      if (inputs.some((input) => GATHERED.has(input.kind) || input.actorId)) throw new Error('insertMany writes only kinds that never gather, without actors');
      const now = nowIso();
      await trx
        .insertInto('notifications')
        .values(
          inputs.map((input) => ({
            user_id: input.userId,
            kind: input.kind,
            wish_id: input.wishId ?? null,
            person_id: input.personId ?? null,
            group_id: input.groupId ?? null,
            text: ((input.text ?? '').trim() || DEFAULT_TEXT[input.kind as keyof typeof DEFAULT_TEXT]).slice(0, 1000),
            read_at: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      return [...new Set(inputs.map((input) => input.userId))];
    },

    // The vote's or follow's own write is committed by now; its notification follows from the queue.
    voteChanged: (wishId, voterId, voteType, knownAuthor) =>
      safely('vote', async () => {
        const authorId = knownAuthor ?? (await authorOf(wishId));
        if (authorId === null || authorId === voterId) return null;
        await enqueue({ type: 'vote', authorId, wishId, voterId, up: voteType === 'upvote' });
        return null;
      }),

    followChanged: (followerId, targetId, following) =>
      safely('follow', async () => {
        if (followerId === targetId) return null;
        await enqueue({ type: 'follow', targetId, followerId, following });
        return null;
      }),

    settledFor: (userId) => queue.settledFor(userId),
    flush: () => queue.flush(),
    close: () => queue.close(),

    async list(userId, page) {
      // Every action acknowledged so far shows: the reader waits for its queued notifications.
      await queue.settledFor(userId);
      // Page 1 (the bell's) from memory: dropped on every change of this member's notifications.
      if (page === 1 && model.enabled) return model.cached(model.notificationPages, userId, () => readPage(userId, 1));
      return readPage(userId, page);
    },

    async markRead(userId, ids) {
      await queue.settledFor(userId);
      if (ids === undefined || ids.length > 0) {
        let update = db.updateTable('notifications').set({ read_at: nowIso() }).where('user_id', '=', userId).where('read_at', 'is', null);
        if (ids !== undefined) update = update.where('id', 'in', ids);
        const result = await update.executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) await bus.publish(userId);
      }
      return notifier.unreadCount(userId);
    },

    async unreadCount(userId) {
      await queue.settledFor(userId);
      const rows = await readRows(db, sql<{ n: number | string }>`select count(*) as n from notifications where user_id = ${userId} and read_at is null`);
      return Number(rows[0]!.n);
    },
  };
  return notifier;
}

/** How much of a wish's text a vote notification quotes. */
export const WISH_QUOTE_MAX = 40;

/** A wish's opening words, cut at a word with an ellipsis: "Happy birthday, dear Ana…". */
export function wishQuote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= WISH_QUOTE_MAX) return flat;
  const cut = flat.slice(0, WISH_QUOTE_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > WISH_QUOTE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** "Ada Lovelace upvoted your wish “Happy birthday…”", "Ada Lovelace and 2 others upvoted your wish" (no text known). */
export function describe(kind: NotificationKind, newest: string, count: number, wishText?: string | null): string {
  const who = count <= 1 ? newest : `${newest} and ${count - 1} ${count - 1 === 1 ? 'other' : 'others'}`;
  if (kind === 'follow') return `${who} started following you`;
  if (kind === 'vote') return wishText ? `${who} upvoted your wish “${wishQuote(wishText)}”` : `${who} upvoted your wish`;
  return DEFAULT_TEXT[kind];
}

/** The newest few people behind each notification, and how many there are in all. */
async function actorsOf(db: Db, ids: number[]) {
  const byId = new Map<number, { names: { id: number; name: string }[]; count: number }>();
  if (ids.length === 0) return byId;
  const rows = await readRows(
    db,
    sql<{ notification_id: number; id: number; first_name: string; last_name: string; rank: number; total: number }>`
    select x.notification_id, x.id, x.first_name, x.last_name, x.rank, x.total from (
      select a.notification_id, u.id, u.first_name, u.last_name,
        row_number() over (partition by a.notification_id order by a.created_at desc, a.actor_id desc) as rank,
        count(*) over (partition by a.notification_id) as total
      from notification_actors a join users u on u.id = a.actor_id
      where a.notification_id in (${sql.join(ids)})) x
    where x.rank <= ${rowLimit(ACTORS_SHOWN)}
    order by x.notification_id, x.rank`,
  );
  for (const row of rows) {
    let entry = byId.get(row.notification_id);
    if (!entry) byId.set(row.notification_id, (entry = { names: [], count: Number(row.total) }));
    entry.names.push({ id: row.id, name: fullName(row.first_name, row.last_name) || ANONYMOUS });
  }
  return byId;
}

/**
 * The vote notification of the synchronous vote write on SQLite (votes/sqlite-vote-writer.ts),
 * called inside its transaction: the job joins the notifier's queue (written after the vote's
 * COMMIT, with the state then committed); returns whether the author's notifications changed now
 * (never: the queue tells the author's streams once it has written). Without a notifier on this
 * connection (or with its queue full or closed) the rows are written here, as before.
 */
export function sqliteVoteNotifications(raw: SqliteConnection) {
  const inline = sqliteGatheredRows(raw);
  return (authorId: number, wishId: number, voterId: number, voteType: VoteType | null, now: string): boolean => {
    if (authorId === voterId) return false;
    if (sqliteQueues.get(raw)?.offer({ type: 'vote', authorId, wishId, voterId, up: voteType === 'upvote' })) return false;
    return voteType === 'upvote' ? inline.gather(authorId, 'vote', wishId, voterId, now) : inline.withdraw(authorId, 'vote', wishId, voterId);
  };
}
