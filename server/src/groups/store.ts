/**
 * The group tables (migrations/0024_groups.ts), one Kysely implementation for SQLite and
 * PostgreSQL. Every "at most N" is a count and an insert in one transaction: on PostgreSQL under a
 * transaction-scoped advisory lock on what is counted, on SQLite by its one writer at a time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database, Dialect, GroupsTable } from '../db/types';
import { nowIso } from '../db/types';

type Db = Kysely<Database>;
export type GroupRow = Omit<GroupsTable, 'id'> & { id: number };
export interface ContributionRow {
  id: number;
  group_id: number;
  user_id: number | null;
  invitation_id: number | null;
  signer_name: string;
  text: string;
  status: 'visible' | 'pending' | 'removed';
  edit_token_hash: string;
  reported_at: string | null;
  created_at: string;
  updated_at: string;
}

/** First key of the two-key advisory locks of the group limits (an arbitrary constant). */
const GROUP_LOCK_SPACE = 7041;

/** A link or edit secret: 24 random bytes (192 bits), base64url (32 characters). */
export const newSecret = () => randomBytes(24).toString('base64url');
export const looksLikeSecret = (s: string) => /^[A-Za-z0-9_-]{32}$/.test(s);
export const hashSecret = (s: string) => createHash('sha256').update(s).digest('hex');
const lockKey = (text: string) => createHash('sha256').update(text).digest().readInt32BE(0);

/**
 * Makes the rest of the transaction one step for `what`: on PostgreSQL an advisory lock; on SQLite
 * a write first (pruning old counters), so the transaction holds the write lock from its start and
 * another process's waits for it, instead of failing busy when a read would turn into a write.
 */
async function lock(trx: Db, dialect: Dialect, what: string) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${GROUP_LOCK_SPACE}, ${lockKey(what)})`.execute(trx);
  else await trx.deleteFrom('group_counters').where('created_at', '<', new Date(Date.now() - 2 * 86_400_000).toISOString()).execute();
}

/**
 * Counts the rows of (`scope`, `key`) in the last `windowMs` and adds `n` unless that would pass
 * `max`; true when taken. Within the caller's transaction, so the count and what it guards are one step.
 */
export async function takeCounter(trx: Db, dialect: Dialect, scope: string, key: string, max: number, windowMs: number, n = 1): Promise<boolean> {
  await lock(trx, dialect, `${scope}:${key}`);
  const since = new Date(Date.now() - windowMs).toISOString();
  const row = await trx.selectFrom('group_counters').select((eb) => eb.fn.countAll().as('n')).where('scope', '=', scope).where('key', '=', key).where('created_at', '>', since).executeTakeFirstOrThrow();
  if (Number(row.n) + n > max) return false;
  const now = nowIso();
  await trx.insertInto('group_counters').values(Array.from({ length: n }, () => ({ scope, key, created_at: now }))).execute();
  return true;
}

/** Takes counters in a transaction of their own. */
export async function take(db: Db, dialect: Dialect, scope: string, key: string, max: number, windowMs: number, n = 1): Promise<boolean> {
  if (n === 0) return true;
  return db.transaction().execute((trx) => takeCounter(trx, dialect, scope, key, max, windowMs, n));
}

/** Counters older than a day are never read again. */
export async function pruneCounters(db: Db): Promise<void> {
  await db.deleteFrom('group_counters').where('created_at', '<', new Date(Date.now() - 2 * 86_400_000).toISOString()).execute();
}

export interface NewGroup {
  recipient_name: string;
  recipient_email: string | null;
  topic: string;
  note: string;
  deliver_local: string | null;
  time_zone: string;
  deliver_at_utc: string | null;
  approval: 'open' | 'approve';
}

/** Inserts a group unless the organiser started `perDay` in the last 24 hours; the id, or null. */
export async function insertGroup(db: Db, dialect: Dialect, organiserId: number, group: NewGroup, perDay: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await lock(trx, dialect, `groups:${organiserId}`);
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const row = await trx.selectFrom('groups').select((eb) => eb.fn.countAll().as('n')).where('organiser_id', '=', organiserId).where('created_at', '>', since).executeTakeFirstOrThrow();
    if (Number(row.n) >= perDay) return null;
    const now = nowIso();
    const inserted = await trx
      .insertInto('groups')
      .values({ organiser_id: organiserId, ...group, state: 'collecting', invite: newSecret(), delivery_token: null, lease_expires_at: null, leased_by: null, empty_warned_for: null, delivered_at: null, cancelled_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
}

export async function getGroup(db: Db, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst() as Promise<GroupRow | undefined>;
}

export async function groupByInvite(db: Db, invite: string): Promise<GroupRow | undefined> {
  if (!looksLikeSecret(invite)) return undefined;
  return db.selectFrom('groups').selectAll().where('invite', '=', invite).where('state', '!=', 'cancelled').executeTakeFirst() as Promise<GroupRow | undefined>;
}

export async function groupByDeliveryToken(db: Db, token: string): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('delivery_token', '=', token).where('state', '=', 'delivered').executeTakeFirst() as Promise<GroupRow | undefined>;
}

/** Changes a collecting group's fields; false when it is not collecting any more. */
export async function updateGroup(db: Db, id: number, change: Partial<NewGroup>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('groups')
      .set({ ...change, ...(change.deliver_at_utc !== undefined ? { empty_warned_for: null } : {}), updated_at: nowIso() })
      .where('id', '=', id)
      .where('state', '=', 'collecting')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    // Open approval: what waited becomes visible.
    if (change.approval === 'open') await trx.updateTable('group_contributions').set({ status: 'visible' }).where('group_id', '=', id).where('status', '=', 'pending').execute();
    return true;
  });
}

export async function cancelGroup(db: Db, id: number): Promise<boolean> {
  const now = nowIso();
  const result = await db.updateTable('groups').set({ state: 'cancelled', cancelled_at: now, updated_at: now }).where('id', '=', id).where('state', '=', 'collecting').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function rotateInvite(db: Db, id: number): Promise<boolean> {
  const result = await db.updateTable('groups').set({ invite: newSecret(), updated_at: nowIso() }).where('id', '=', id).where('state', '=', 'collecting').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Groups the member organises or signed, newest first. */
export async function listGroups(db: Db, userId: number, page: number, size: number): Promise<GroupRow[]> {
  const { rows } = await sql<GroupRow>`select g.* from groups g
    where g.organiser_id = ${userId} or g.id in (select c.group_id from group_contributions c where c.user_id = ${userId} and c.status != 'removed')
    order by g.created_at desc, g.id desc limit ${size + 1} offset ${(page - 1) * size}`.execute(db);
  return rows;
}

export async function organiserOf(db: Db, organiserId: number): Promise<{ first_name: string; last_name: string; email: string; email_verified_at: string | null; time_zone: string | null } | undefined> {
  return db.selectFrom('users').select(['first_name', 'last_name', 'email', 'email_verified_at', 'time_zone']).where('id', '=', organiserId).executeTakeFirst();
}

/** A member's name and time zone (a signer's name, an organiser's default zone). */
export async function memberOf(db: Db, userId: number): Promise<{ first_name: string; last_name: string; time_zone: string | null } | undefined> {
  return db.selectFrom('users').select(['first_name', 'last_name', 'time_zone']).where('id', '=', userId).executeTakeFirst();
}

/** A group's contributions: visible ones only (`all`: pending too, for the organiser); a banned member's are hidden. */
export async function contributionsOf(db: Db, groupId: number, all = false): Promise<ContributionRow[]> {
  const statuses = all ? sql`('visible', 'pending')` : sql`('visible')`;
  // The signer's ban read per message by primary key, not by a join to users: with the join, a
  // 200-message read took ~70 ms p50 on PostgreSQL at 105k members (bench groupBoard), 18 ms without.
  const { rows } = await sql<ContributionRow>`select c.* from group_contributions c
    where c.group_id = ${groupId} and c.status in ${statuses}
      and (c.user_id is null or (select u.banned_at from users u where u.id = c.user_id) is null)
    order by c.created_at, c.id`.execute(db);
  return rows;
}

export async function countVisible(db: Db, groupIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (groupIds.length === 0) return counts;
  const { rows } = await sql<{ group_id: number; n: number | string }>`select c.group_id, count(*) as n from group_contributions c left join users u on u.id = c.user_id
    where c.group_id in (${sql.join(groupIds)}) and c.status = 'visible' and u.banned_at is null group by c.group_id`.execute(db);
  for (const r of rows) counts.set(Number(r.group_id), Number(r.n));
  return counts;
}

export async function getContribution(db: Db, groupId: number, id: number): Promise<ContributionRow | undefined> {
  return db.selectFrom('group_contributions').selectAll().where('id', '=', id).where('group_id', '=', groupId).where('status', '!=', 'removed').executeTakeFirst() as Promise<ContributionRow | undefined>;
}

export interface NewContribution {
  groupId: number;
  userId: number | null;
  signerName: string;
  text: string;
  status: 'visible' | 'pending';
  ip: string;
  inviteeToken: string | null;
  signerEmail: string | null;
}

/**
 * Stores a message unless the address sent `perIpHour` in the last hour or the group holds `max`
 * (then nothing is stored); the group is locked for the count and the insert. Returns the id, the
 * edit token (shown once) and the confirmation token of `signerEmail`, or why not.
 */
export async function insertContribution(
  db: Db,
  dialect: Dialect,
  c: NewContribution,
  limits: { perIpHour: number; max: number },
): Promise<{ id: number; editToken: string; confirmToken: string | null } | 'closed' | 'ip_limit' | 'full'> {
  return db.transaction().execute(async (trx) => {
    await lock(trx, dialect, `group:${c.groupId}`);
    // PostgreSQL: the group's row too, so a delivery's claim and a new message wait for each other.
    const { rows } = await sql<{ state: string }>`select state from groups where id = ${c.groupId} ${dialect === 'postgres' ? sql`for update` : sql``}`.execute(trx);
    if (rows[0]?.state !== 'collecting') return 'closed';
    const held = await trx.selectFrom('group_contributions').select((eb) => eb.fn.countAll().as('n')).where('group_id', '=', c.groupId).where('status', '!=', 'removed').executeTakeFirstOrThrow();
    if (Number(held.n) >= limits.max) return 'full';
    if (!(await takeCounter(trx, dialect, 'sign-ip', c.ip, limits.perIpHour, 3_600_000))) return 'ip_limit';
    const now = nowIso();
    let invitationId: number | null = null;
    if (c.inviteeToken && looksLikeSecret(c.inviteeToken)) {
      const inv = await trx.selectFrom('group_invitations').select('id').where('group_id', '=', c.groupId).where('token', '=', c.inviteeToken).executeTakeFirst();
      if (inv) {
        invitationId = inv.id;
        await trx.updateTable('group_invitations').set({ signed_at: now }).where('id', '=', inv.id).where('signed_at', 'is', null).execute();
      }
    }
    const editToken = newSecret();
    const inserted = await trx
      .insertInto('group_contributions')
      .values({ group_id: c.groupId, user_id: c.userId, invitation_id: invitationId, signer_name: c.signerName, text: c.text, status: c.status, edit_token_hash: hashSecret(editToken), reported_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    let confirmToken: string | null = null;
    if (c.signerEmail) {
      confirmToken = newSecret();
      await trx.insertInto('group_email_confirmations').values({ contribution_id: inserted.id, email: c.signerEmail, token_hash: hashSecret(confirmToken), confirmed_at: null, created_at: now }).execute();
    }
    return { id: inserted.id, editToken, confirmToken };
  });
}

export async function updateContribution(db: Db, groupId: number, id: number, change: { signer_name?: string; text?: string }): Promise<boolean> {
  const result = await db
    .updateTable('group_contributions')
    .set({ ...change, updated_at: nowIso() })
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .where('status', '!=', 'removed')
    .where((eb) => eb.exists(eb.selectFrom('groups').select('id').where('id', '=', groupId).where('state', '=', 'collecting')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setContributionStatus(db: Db, groupId: number, id: number, status: 'visible' | 'removed', from: Array<'visible' | 'pending'>): Promise<boolean> {
  const result = await db
    .updateTable('group_contributions')
    .set({ status, updated_at: nowIso() })
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .where('status', 'in', from)
    .where((eb) => eb.exists(eb.selectFrom('groups').select('id').where('id', '=', groupId).where('state', '=', 'collecting')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markReported(db: Db, id: number): Promise<void> {
  await db.updateTable('group_contributions').set({ reported_at: nowIso() }).where('id', '=', id).execute();
}

/** Confirms a signer's address; false for an unknown token. */
export async function confirmEmail(db: Db, token: string): Promise<boolean> {
  if (!looksLikeSecret(token)) return false;
  const row = await db.selectFrom('group_email_confirmations').select(['id', 'confirmed_at']).where('token_hash', '=', hashSecret(token)).executeTakeFirst();
  if (!row) return false;
  if (!row.confirmed_at) await db.updateTable('group_email_confirmations').set({ confirmed_at: nowIso() }).where('id', '=', row.id).execute();
  return true;
}

/** The confirmed addresses of a group's signers whose messages still stand. */
export async function confirmedSignerEmails(db: Db, groupId: number): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`select distinct e.email from group_email_confirmations e join group_contributions c on c.id = e.contribution_id
    where c.group_id = ${groupId} and c.status = 'visible' and e.confirmed_at is not null`.execute(db);
  return rows.map((r) => r.email);
}

/** Members who signed (their account's address is confirmed by their own verification). */
export async function memberSignerEmails(db: Db, groupId: number): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`select distinct u.email from group_contributions c join users u on u.id = c.user_id
    where c.group_id = ${groupId} and c.status = 'visible' and u.email_verified_at is not null and u.banned_at is null`.execute(db);
  return rows.map((r) => r.email);
}

/** Records invitations (one per new address) and returns each new address with its token. */
export async function insertInvitations(db: Db, dialect: Dialect, groupId: number, emails: string[]): Promise<Array<{ email: string; token: string }>> {
  if (emails.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await lock(trx, dialect, `invite:${groupId}`);
    const existing = new Set((await trx.selectFrom('group_invitations').select('email').where('group_id', '=', groupId).where('email', 'in', emails).execute()).map((r) => r.email));
    const fresh = emails.filter((e) => !existing.has(e));
    const now = nowIso();
    const out = fresh.map((email) => ({ email, token: newSecret() }));
    if (out.length > 0) await trx.insertInto('group_invitations').values(out.map((o) => ({ group_id: groupId, email: o.email, token: o.token, signed_at: null, reminders_sent: 0, created_at: now }))).execute();
    return out;
  });
}

export async function invitedEmails(db: Db, groupId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  return new Set((await db.selectFrom('group_invitations').select('email').where('group_id', '=', groupId).where('email', 'in', emails).execute()).map((r) => r.email));
}

export async function invitationByToken(db: Db, token: string) {
  if (!looksLikeSecret(token)) return undefined;
  return db.selectFrom('group_invitations').selectAll().where('token', '=', token).executeTakeFirst();
}

/** Invitations whose next reminder has come: the first 3 days before, the second 1 day before. */
export async function dueInvitationReminders(db: Db, now: string, limit: number) {
  const t = Date.parse(now);
  const threeDays = new Date(t + 3 * 86_400_000).toISOString();
  const oneDay = new Date(t + 86_400_000).toISOString();
  const { rows } = await sql<{ id: number; group_id: number; email: string; token: string; reminders_sent: number; deliver_at_utc: string }>`
    select i.id, i.group_id, i.email, i.token, i.reminders_sent, g.deliver_at_utc from group_invitations i join groups g on g.id = i.group_id
    where g.state = 'collecting' and g.deliver_at_utc is not null and g.deliver_at_utc > ${now} and i.signed_at is null
      and ((i.reminders_sent = 0 and g.deliver_at_utc <= ${threeDays}) or (i.reminders_sent < 2 and g.deliver_at_utc <= ${oneDay}))
    order by i.id limit ${limit}`.execute(db);
  return rows;
}

/** Takes reminder `to` (1 or 2) of an invitation: true for the one caller that moved it on. */
export async function claimReminder(db: Db, id: number, from: number, to: number): Promise<boolean> {
  const result = await db.updateTable('group_invitations').set({ reminders_sent: to }).where('id', '=', id).where('reminders_sent', '=', from).where('signed_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Collecting groups due within a day that have no visible message and no warning for this date yet. */
export async function emptyGroupsToWarn(db: Db, now: string, limit: number): Promise<GroupRow[]> {
  const until = new Date(Date.parse(now) + 86_400_000).toISOString();
  const { rows } = await sql<GroupRow>`select g.* from groups g
    where g.state = 'collecting' and g.deliver_at_utc is not null and g.deliver_at_utc <= ${until}
      and (g.empty_warned_for is null or g.empty_warned_for != g.deliver_at_utc)
      and not exists (select 1 from group_contributions c left join users u on u.id = c.user_id where c.group_id = g.id and c.status = 'visible' and u.banned_at is null)
    order by g.deliver_at_utc, g.id limit ${limit}`.execute(db);
  return rows;
}

export async function claimEmptyWarning(db: Db, id: number, deliverAtUtc: string): Promise<boolean> {
  const result = await db
    .updateTable('groups')
    .set({ empty_warned_for: deliverAtUtc })
    .where('id', '=', id)
    .where('deliver_at_utc', '=', deliverAtUtc)
    .where((eb) => eb.or([eb('empty_warned_for', 'is', null), eb('empty_warned_for', '!=', deliverAtUtc)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ids of collecting groups whose time has come and that hold a visible message. */
export async function dueGroups(db: Db, now: string, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select g.id from groups g
    where g.state = 'collecting' and g.deliver_at_utc is not null and g.deliver_at_utc <= ${now} and (g.lease_expires_at is null or g.lease_expires_at < ${now})
      and exists (select 1 from group_contributions c left join users u on u.id = c.user_id where c.group_id = g.id and c.status = 'visible' and u.banned_at is null)
    order by g.deliver_at_utc, g.id limit ${limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * Claims one group for delivery by `worker` until `leaseMs` from now: collecting, not held by a
 * live lease, and (unless `now` is asked, the organiser's send) due. The recipient's link token
 * is fixed at the first claim, so a repeated try after a crash mails the same link.
 */
export async function claimGroup(db: Db, id: number, worker: string, leaseMs: number, evenIfNotDue: boolean): Promise<GroupRow | undefined> {
  const now = nowIso();
  const until = new Date(Date.now() + leaseMs).toISOString();
  const due = evenIfNotDue ? sql`` : sql`and deliver_at_utc is not null and deliver_at_utc <= ${now}`;
  const { rows } = await sql<GroupRow>`update groups set lease_expires_at = ${until}, leased_by = ${worker}, delivery_token = coalesce(delivery_token, ${newSecret()})
    where id = ${id} and state = 'collecting' and (lease_expires_at is null or lease_expires_at < ${now}) ${due}
    returning *`.execute(db);
  return rows[0];
}

export async function markDelivered(db: Db, id: number, worker: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('groups')
    .set({ state: 'delivered', delivered_at: now, lease_expires_at: null, leased_by: null, updated_at: now })
    .where('id', '=', id)
    .where('leased_by', '=', worker)
    .where('state', '=', 'collecting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseLease(db: Db, id: number, worker: string): Promise<void> {
  await db.updateTable('groups').set({ lease_expires_at: null, leased_by: null }).where('id', '=', id).where('leased_by', '=', worker).execute();
}

export async function insertGroupReply(db: Db, dialect: Dialect, groupId: number, text: string): Promise<{ id: number } | 'over_limit'> {
  return db.transaction().execute(async (trx) => {
    await lock(trx, dialect, `group-reply:${groupId}`);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const row = await trx.selectFrom('group_replies').select((eb) => eb.fn.countAll().as('n')).where('group_id', '=', groupId).where('created_at', '>', since).executeTakeFirstOrThrow();
    if (Number(row.n) >= 5) return 'over_limit';
    return trx.insertInto('group_replies').values({ group_id: groupId, text, created_at: nowIso(), deleted_at: null }).returning('id').executeTakeFirstOrThrow();
  });
}

export async function withdrawGroupReply(db: Db, groupId: number, replyId: number): Promise<boolean> {
  const result = await db.updateTable('group_replies').set({ text: '', deleted_at: nowIso() }).where('id', '=', replyId).where('group_id', '=', groupId).where('deleted_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function groupRepliesOf(db: Db, groupId: number) {
  return db.selectFrom('group_replies').select(['id as reply_id', 'text', 'created_at']).where('group_id', '=', groupId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}

/** The member's groups, contributions and the invitations of their groups, for the account export. */
export async function exportGroups(db: Db, userId: number) {
  const groups = await db.selectFrom('groups').selectAll().where('organiser_id', '=', userId).orderBy('id').execute();
  const ids = groups.map((g) => g.id);
  const invitations = ids.length ? await db.selectFrom('group_invitations').select(['group_id', 'email', 'signed_at', 'reminders_sent', 'created_at']).where('group_id', 'in', ids).orderBy('id').execute() : [];
  const contributions = await db
    .selectFrom('group_contributions')
    .select(['id as contribution_id', 'group_id', 'signer_name', 'text', 'status', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('status', '!=', 'removed')
    .orderBy('id')
    .execute();
  return {
    groups: groups.map((g) => ({
      group_id: g.id,
      recipient_name: g.recipient_name,
      recipient_email: g.recipient_email,
      topic: g.topic,
      note: g.note,
      deliver_at: g.deliver_local,
      time_zone: g.time_zone,
      approval: g.approval,
      state: g.state,
      created_at: g.created_at,
      delivered_at: g.delivered_at,
    })),
    contributions,
    invitations,
  };
}
