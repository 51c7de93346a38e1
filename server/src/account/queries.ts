/**
 * Account settings: the account row, export of everything stored about a member, and deletion
 * with every counter on other people's wishes and profiles corrected in the same transaction.
 */
import { exportReplies } from '../wishes/service';
import { type Kysely, sql } from 'kysely';
import type { Account } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';
import { fullName } from '../wishes/visibility';
import { exportDeliveries } from '../deliveries/queries';
import { exportPeople } from '../people/service';
import { exportGroups } from '../groups/service';

type Db = Kysely<Database>;

/** The account as the member sees it, with the role moderation gave it (migration 0007). */
export async function getAccount(db: Db, userId: number): Promise<Account | null> {
  const row = (await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return null;
  return {
    user_id: row.id as number,
    email: row.email as string,
    first_name: row.first_name as string,
    last_name: row.last_name as string,
    phone: row.phone as string,
    role: typeof row.role === 'string' ? row.role : 'user',
    created_at: row.created_at as string,
    email_verified: row.email_verified_at !== null && row.email_verified_at !== undefined,
    time_zone: (row.time_zone as string | null | undefined) ?? null,
    reminder_emails: row.reminder_emails === undefined ? true : Number(row.reminder_emails) !== 0,
  };
}

export async function updateAccount(db: Db, userId: number, changes: { first_name?: string; last_name?: string; phone?: string; time_zone?: string | null; reminder_emails?: number }): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** The member's chats, each with its messages and text versions, in id order. */
async function exportChats(db: Db, userId: number) {
  const chats = await db.selectFrom('chats').select(['id', 'wish_id', 'settings', 'created_at', 'updated_at']).where('user_id', '=', userId).orderBy('id').execute();
  if (chats.length === 0) return [];
  const ids = chats.map((c) => c.id);
  const [messages, versions] = await Promise.all([
    db.selectFrom('chat_messages').select(['chat_id', 'role', 'text', 'created_at']).where('chat_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('chat_versions').select(['chat_id', 'text', 'created_at']).where('chat_id', 'in', ids).orderBy('id').execute(),
  ]);
  return chats.map((c) => {
    let settings: unknown = c.settings;
    try {
      settings = JSON.parse(c.settings);
    } catch {
      // Kept as the stored text.
    }
    return {
      ...c,
      settings,
      messages: messages.filter((m) => m.chat_id === c.id).map(({ chat_id: _chat, ...m }) => m),
      versions: versions.filter((v) => v.chat_id === c.id).map(({ chat_id: _chat, ...v }) => v),
    };
  });
}

/** Everything stored about the member, as one JSON document (GET /api/account/export/). */
export async function exportAccount(db: Db, userId: number) {
  const account = await getAccount(db, userId);
  if (!account) return null;
  const [wishes, votes, subscriptions, followers, reports, notifications, actorIn] = await Promise.all([
    db
      .selectFrom('wishes')
      .select(['id', 'text', 'is_public', 'hidden', 'hidden_reason', 'created_at', 'published_at', 'edited_at', 'upvote_count', 'downvote_count'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db.selectFrom('votes').select(['wish_id', 'vote_type', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.target_id')
      .select(['u.id as user_id', 'u.first_name', 'u.last_name', 's.created_at'])
      .where('s.follower_id', '=', userId)
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.follower_id')
      .select(['u.id as user_id', 'u.first_name', 'u.last_name', 's.created_at'])
      .where('s.target_id', '=', userId)
      .orderBy('s.id')
      .execute(),
    db.selectFrom('complaints').select(['wish_id', 'category', 'created_at', 'status', 'resolution', 'resolved_at']).where('reporter_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('notifications').select(['id', 'kind', 'wish_id', 'text', 'read_at', 'created_at', 'updated_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('notification_actors').select(['notification_id', 'actor_id']).execute(),
  ]);
  const [deliveries, chats, people, replies, groups] = await Promise.all([exportDeliveries(db, userId), exportChats(db, userId), exportPeople(db, userId), exportReplies(db, userId), exportGroups(db, userId)]);
  const actorsByNotification = new Map<number, number[]>();
  for (const a of actorIn) {
    const list = actorsByNotification.get(a.notification_id) ?? [];
    list.push(a.actor_id);
    actorsByNotification.set(a.notification_id, list);
  }
  const person = (r: { user_id: number; first_name: string; last_name: string; created_at: string }) => ({
    user_id: r.user_id,
    name: fullName(r.first_name, r.last_name),
    since: r.created_at,
  });
  return {
    exported_at: nowIso(),
    account,
    // The member's own wishes, private and hidden ones included (hidden: by moderators or a ban).
    wishes: wishes.map((w) => ({ ...w, is_public: Boolean(w.is_public), hidden: w.hidden !== 0 })),
    votes,
    subscriptions: subscriptions.map(person),
    followers: followers.map(person),
    reports,
    notifications: notifications.map((n) => ({ ...n, read: n.read_at !== null, actor_ids: actorsByNotification.get(n.id) ?? [] })),
    // Wishes the member sent to people (the link secrets are left out).
    deliveries,
    // Drafts' conversations with the assistant, with every message and text version.
    chats,
    // The people the member keeps, with their addresses and dates.
    people,
    // The member's replies under public wishes (their recipients' replies to their deliveries are in `deliveries`).
    replies,
    // Group wishes the member organises (with the addresses they invited) and the messages they signed.
    groups: groups.groups,
    contributions: groups.contributions,
    invitations: groups.invitations,
  };
}

/**
 * Deletes the member and everything of theirs. In one transaction: others' wishes lose this
 * member's votes from their counters, followed and following members lose one from theirs, this
 * member leaves others' gathered notifications (a row left with nobody goes) and their reports go.
 * The feed needs nothing: feed numbers have gaps and the feed_buckets triggers count the deleted
 * wishes out, cascaded deletes included (migrations/0007_moderation.ts). The rest
 * (wishes with the votes and reports on them, follows, notifications, offers, resets) goes with the
 * user row (ON DELETE CASCADE). Returns the avatar files to remove and the members whose unread
 * count changed, or null when the user was already gone.
 */
export async function deleteAccount(db: Db, userId: number) {
  const result = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['avatar_url', 'avatar_thumbnail']).where('id', '=', userId).executeTakeFirst();
    if (!user) return null;

    await sql`update wishes set
        upvote_count = upvote_count - (select count(*) from votes v where v.wish_id = wishes.id and v.user_id = ${userId} and v.vote_type = 'upvote'),
        downvote_count = downvote_count - (select count(*) from votes v where v.wish_id = wishes.id and v.user_id = ${userId} and v.vote_type = 'downvote')
      where id in (select wish_id from votes where user_id = ${userId}) and user_id <> ${userId}`.execute(trx);
    await sql`update users set followers_count = followers_count - 1
      where id in (select target_id from subscriptions where follower_id = ${userId}) and id <> ${userId}`.execute(trx);
    await sql`update users set following_count = following_count - 1
      where id in (select follower_id from subscriptions where target_id = ${userId}) and id <> ${userId}`.execute(trx);

    const touched = await sql<{ id: number; user_id: number }>`select n.id, n.user_id from notifications n
      join notification_actors a on a.notification_id = n.id where a.actor_id = ${userId} and n.user_id <> ${userId}`.execute(trx);
    await sql`delete from notification_actors where actor_id = ${userId}`.execute(trx);
    const touchedIds = touched.rows.map((r) => r.id);
    if (touchedIds.length > 0) {
      await sql`delete from notifications where text is null and id in (${sql.join(touchedIds)})
        and not exists (select 1 from notification_actors a where a.notification_id = notifications.id)`.execute(trx);
    }
    // Open reports stay, without who filed them: a wish they hid stays in the moderators' open
    // queue until one resolves it. Resolved ones go with the account.
    await sql`update complaints set reporter_id = null, reporter_ip = null, reporter_key = 'deleted:' || cast(id as varchar(20))
      where reporter_id = ${userId} and status = 'open'`.execute(trx);
    await trx.deleteFrom('complaints').where('reporter_id', '=', userId).execute();

    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return { avatarFiles: [user.avatar_url, user.avatar_thumbnail].filter((f): f is string => Boolean(f)), notifiedUsers: [...new Set(touched.rows.map((r) => r.user_id))] };
  });
  return result;
}

/** Stores the new password hash; refresh tokens carry password_changed_at (`pwc`), so older ones stop refreshing. */
export async function setPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: nowIso() }).where('id', '=', userId).execute();
}

export async function passwordHashOf(db: Db, userId: number) {
  return db.selectFrom('users').select(['password_hash', 'email', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}
