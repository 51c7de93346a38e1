/**
 * The notification rows on SQLite as prepared statements on the raw connection (the queries the
 * notifier (./service.ts) and the synchronous vote write (votes/sqlite-vote-writer.ts) run inside
 * their own transactions, where Kysely's async builder cannot go).
 */
import type { Database as SqliteConnection } from 'better-sqlite3';
import type { NotificationKind } from '@wishes/kit-contract/api';
import { nowIso } from '../db/types';
import type { NotifyJob } from './service';

/**
 * The gathered rows on SQLite as prepared statements: the same steps as `gather` and `withdraw`
 * in createNotifier (an action joins the recipient's unread row of its kind and wish; taking it
 * back removes the actor and deletes a row left empty). Each returns whether the row changed.
 */
export function sqliteGatheredRows(raw: SqliteConnection) {
  const findUnread = raw.prepare(`select id from notifications
    where user_id = ? and kind = ? and read_at is null and text is null and wish_id is ? order by id desc limit 1`);
  const insertRow = raw.prepare(`insert into notifications (user_id, kind, wish_id, text, read_at, created_at, updated_at)
    values (?, ?, ?, null, null, ?, ?) returning id`);
  const addActor = raw.prepare(`insert into notification_actors (notification_id, actor_id, created_at) values (?, ?, ?)
    on conflict (notification_id, actor_id) do nothing`);
  const touch = raw.prepare('update notifications set updated_at = ? where id = ?');
  const findMine = raw.prepare(`select n.id from notifications n
    join notification_actors a on a.notification_id = n.id and a.actor_id = ?
    where n.user_id = ? and n.kind = ? and n.read_at is null and n.wish_id is ?`);
  const removeActor = raw.prepare('delete from notification_actors where notification_id = ? and actor_id = ?');
  const removeIfEmpty = raw.prepare('delete from notifications where id = ? and not exists (select 1 from notification_actors where notification_id = ?)');
  return {
    gather(userId: number, kind: NotificationKind, wishId: number | null, actorId: number, now: string): boolean {
      let id = (findUnread.get(userId, kind, wishId) as { id: number } | undefined)?.id;
      if (id === undefined) id = (insertRow.get(userId, kind, wishId, now, now) as { id: number }).id;
      if (addActor.run(id, actorId, now).changes === 0) return false;
      touch.run(now, id);
      return true;
    },
    withdraw(userId: number, kind: NotificationKind, wishId: number | null, actorId: number): boolean {
      const rows = findMine.all(actorId, userId, kind, wishId) as Array<{ id: number }>;
      for (const { id } of rows) {
        removeActor.run(id, actorId);
        removeIfEmpty.run(id, id);
      }
      return rows.length > 0;
    },
  };
}

/** A batch of queued jobs on SQLite: one synchronous transaction (BEGIN IMMEDIATE … COMMIT); returns the recipients whose rows changed. */
export function sqliteNotificationBatch(raw: SqliteConnection) {
  const rows = sqliteGatheredRows(raw);
  const upvoted = raw.prepare("select 1 from votes where wish_id = ? and user_id = ? and vote_type = 'upvote'").pluck();
  const follows = raw.prepare('select 1 from subscriptions where follower_id = ? and target_id = ?').pluck();
  const one = (job: NotifyJob, now: string): number | null => {
    if (job.type === 'gather') return rows.gather(job.userId, job.kind, job.wishId, job.actorId, now) ? job.userId : null;
    if (job.type === 'vote') {
      if (job.authorId === job.voterId) return null;
      const up = upvoted.get(job.wishId, job.voterId) !== undefined;
      if (job.up) return up && rows.gather(job.authorId, 'vote', job.wishId, job.voterId, now) ? job.authorId : null;
      return !up && rows.withdraw(job.authorId, 'vote', job.wishId, job.voterId) ? job.authorId : null;
    }
    if (job.followerId === job.targetId) return null;
    const following = follows.get(job.followerId, job.targetId) !== undefined;
    if (job.following) return following && rows.gather(job.targetId, 'follow', null, job.followerId, now) ? job.targetId : null;
    return !following && rows.withdraw(job.targetId, 'follow', null, job.followerId) ? job.targetId : null;
  };
  const batch = raw.transaction((jobs: NotifyJob[]) => {
    const now = nowIso();
    const changed = new Set<number>();
    for (const job of jobs) {
      const user = one(job, now);
      if (user !== null) changed.add(user);
    }
    return changed;
  });
  return (jobs: NotifyJob[]) => batch.immediate(jobs);
}
