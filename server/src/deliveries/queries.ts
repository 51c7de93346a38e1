/** The deliveries outbox and the suppression list (migrations/0014_deliveries.ts, docs/deliveries.md). */
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Delivery, DeliveriesPage } from '@wishes/kit-contract/api';
import type { Database, DeliveriesTable, Dialect } from '../db/types';
import { nowIso } from '../db/types';
import { repliesOf } from './replies';

type Db = Kysely<Database>;
export type DeliveryRow = DeliveriesTable & { id: number; attempts: number };

/** First key of the two-key advisory lock that makes one sender's limit check and insert atomic. */
const SENDER_LOCK_SPACE = 7031;

/** The recipient's link secret: 32 random bytes (256 bits), base64url. */
export const newToken = () => randomBytes(32).toString('base64url');
/** Tokens are base64url of 32 bytes; anything else is unknown without a database read. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** How long a mailbox refusal at RCPT keeps an address from every sender (recipients' own acts: for good). */
export const BOUNCE_SUPPRESSION_DAYS = 30;
type SuppressionReason = 'unsubscribe' | 'not_me' | 'bounce';

/**
 * Whether the address takes no wishes now: the recipient unsubscribed or said "not me" (for
 * good), or their mailbox was refused in the last BOUNCE_SUPPRESSION_DAYS days. Rows with reason
 * `bounce` from before this rule (any 5xx then, content refusals included) expire the same way.
 */
export async function isSuppressed(db: Db, email: string): Promise<boolean> {
  const since = new Date(Date.now() - BOUNCE_SUPPRESSION_DAYS * 86_400_000).toISOString();
  const row = await db
    .selectFrom('email_suppressions')
    .select('email_hash')
    .where('email_hash', '=', emailHash(email))
    .where((eb) => eb.or([eb('reason', '!=', 'bounce'), eb('created_at', '>', since)]))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Records a suppression. A recipient's own act replaces a bounce (and is never replaced); a new
 * bounce restarts an earlier bounce's 30 days. Only a recipient's act cancels what is still
 * scheduled for the address: a bounce's 30 days may end before those are due, and the scheduler
 * checks again when each is (scheduler.ts).
 */
export async function suppress(db: Db, email: string, reason: SuppressionReason): Promise<void> {
  await sql`insert into email_suppressions (email_hash, reason, created_at) values (${emailHash(email)}, ${reason}, ${nowIso()})
    on conflict (email_hash) do update set reason = excluded.reason, created_at = excluded.created_at where email_suppressions.reason = 'bounce'`.execute(db);
  if (reason === 'bounce') return;
  // Whatever was still waiting for this address goes nowhere now.
  await db
    .updateTable('deliveries')
    .set({ status: 'cancelled', cancelled_at: nowIso(), last_error: 'This address does not accept wishes' })
    .where('status', '=', 'scheduled')
    .where('recipient_email', '=', email.trim().toLowerCase())
    .execute();
}

export interface NewDelivery {
  wishId: number;
  senderId: number;
  email: string;
  name: string;
  note: string;
  sendAt: string;
  /** The recipient's zone a local time was read in. */
  timeZone?: string | null;
  personId?: number | null;
  resendAfterHours?: number | null;
}

export type LimitCheck = (createdToday: number) => string | null;

/**
 * Inserts a delivery unless `overLimit` (given how many the sender created in the last 24 hours,
 * counted in `delivery_quota`, which a deleted wish does not empty) says no. The count and the
 * insert are one step per sender: a PostgreSQL advisory lock for the transaction; SQLite runs one
 * write transaction at a time.
 */
export async function insertDelivery(db: Db, dialect: Dialect, input: NewDelivery, overLimit: LimitCheck): Promise<{ id: number; token: string } | { refused: string }> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SENDER_LOCK_SPACE}, ${input.senderId})`.execute(trx);
    const since = new Date(Date.now() - 24 * 3600_000).toISOString();
    // The quota rows outlive the deliveries a deleted wish takes with it; older ones are not needed.
    await trx.deleteFrom('delivery_quota').where('sender_id', '=', input.senderId).where('created_at', '<=', since).execute();
    const row = await trx
      .selectFrom('delivery_quota')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('sender_id', '=', input.senderId)
      .executeTakeFirstOrThrow();
    const refused = overLimit(Number(row.n));
    if (refused) return { refused };
    const token = newToken();
    const now = nowIso();
    await trx.insertInto('delivery_quota').values({ sender_id: input.senderId, created_at: now }).execute();
    const inserted = await trx
      .insertInto('deliveries')
      .values({
        wish_id: input.wishId,
        sender_id: input.senderId,
        recipient_email: input.email,
        recipient_name: input.name,
        note: input.note,
        token,
        status: 'scheduled',
        send_at: input.sendAt,
        next_attempt_at: input.sendAt,
        lease_expires_at: null,
        leased_by: null,
        last_error: null,
        sent_at: null,
        opened_at: null,
        cancelled_at: null,
        created_at: now,
        time_zone: input.timeZone ?? null,
        person_id: input.personId ?? null,
        resend_after_hours: input.resendAfterHours ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: inserted.id, token };
  });
}

/**
 * Claims up to `limit` due deliveries for `worker` until `leaseMs` from now: scheduled, due, and
 * not held by a live lease. One statement on both databases; PostgreSQL adds FOR UPDATE SKIP
 * LOCKED so processes claiming at the same moment take different rows instead of waiting.
 * `onlyId` claims that one delivery if it is due (send now).
 */
export async function claimDue(db: Db, dialect: Dialect, worker: string, leaseMs: number, limit: number, onlyId?: number): Promise<DeliveryRow[]> {
  const now = nowIso();
  const until = new Date(Date.now() + leaseMs).toISOString();
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const only = onlyId === undefined ? sql`` : sql`and id = ${onlyId}`;
  const { rows } = await sql<DeliveryRow>`update deliveries set lease_expires_at = ${until}, leased_by = ${worker}, attempts = attempts + 1
    where id in (
      select id from deliveries
      where status = 'scheduled' and next_attempt_at <= ${now} and (lease_expires_at is null or lease_expires_at < ${now}) ${only}
      order by next_attempt_at, id limit ${limit} ${lock})
    and status = 'scheduled' and (lease_expires_at is null or lease_expires_at < ${now})
    returning *`.execute(db);
  return rows;
}

/** A delivery's status, or null when it is gone. */
export async function deliveryStatus(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('deliveries').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? null;
}

/**
 * Records the mail server's acceptance (`sent`) or the file in the outbox folder (`outbox`); only
 * the holder of the lease records it. `resendAt`: when the one resend of an unopened mail is due
 * (kept in next_attempt_at, which a sent delivery needs no more).
 */
export async function markSent(db: Db, id: number, worker: string, status: 'sent' | 'outbox' = 'sent', resendAt: string | null = null): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('deliveries')
    .set({ status, sent_at: now, lease_expires_at: null, leased_by: null, last_error: null, ...(resendAt ? { next_attempt_at: resendAt } : {}) })
    .where('id', '=', id)
    .where('leased_by', '=', worker)
    .where('status', '=', 'scheduled')
    .execute();
}

/** A failed try: another one at `retryAt`, or `failed` (or `bounced`: the mailbox was refused) for good when retryAt is null. */
export async function markFailed(db: Db, id: number, worker: string, reason: string, retryAt: string | null, final: 'failed' | 'bounced' = 'failed'): Promise<void> {
  await db
    .updateTable('deliveries')
    .set(retryAt ? { next_attempt_at: retryAt, lease_expires_at: null, leased_by: null, last_error: reason } : { status: final, lease_expires_at: null, leased_by: null, last_error: reason })
    .where('id', '=', id)
    .where('leased_by', '=', worker)
    .where('status', '=', 'scheduled')
    .execute();
}


/** A wish's first words, so the list says which wish went to whom. */
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 80 ? flat : `${flat.slice(0, 79).replace(/\s+\S*$/, '')}…`;
};

/** `replied` is shown while the recipient has a reply standing; the stored status stays the mail's. */
export const toDelivery = (r: DeliveryRow & { wish_text?: string }, replies: Delivery['replies'] = []): Delivery => ({
  delivery_id: r.id,
  wish_id: r.wish_id,
  recipient_email: r.recipient_email,
  recipient_name: r.recipient_name,
  send_at: r.send_at,
  time_zone: r.time_zone ?? null,
  person_id: r.person_id ?? null,
  note: r.note,
  ...(r.wish_text !== undefined ? { wish_excerpt: excerpt(r.wish_text) } : {}),
  resend_if_unopened_hours: r.resend_after_hours ?? null,
  resent_at: r.resent_at ?? null,
  status: replies.length > 0 ? 'replied' : r.status,
  replies,
  sent_at: r.sent_at,
  opened_at: r.opened_at,
  error: r.status === 'failed' || r.status === 'bounced' || r.status === 'scheduled' ? r.last_error : null,
  failure_reason: r.status === 'failed' || r.status === 'bounced' ? r.last_error : null,
});

export async function listDeliveries(db: Db, senderId: number, page: number, size: number): Promise<DeliveriesPage> {
  const rows = (await db
    .selectFrom('deliveries as d')
    .innerJoin('wishes as w', 'w.id', 'd.wish_id')
    .selectAll('d')
    .select('w.text as wish_text')
    .where('d.sender_id', '=', senderId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(size + 1)
    .offset((page - 1) * size)
    .execute()) as Array<DeliveryRow & { wish_text: string }>;
  const shown = rows.slice(0, size);
  const replies = await repliesOf(db, shown.map((r) => r.id));
  return { deliveries: shown.map((r) => toDelivery(r, replies.get(r.id))), page_number: page, next_page_number: rows.length > size ? page + 1 : null };
}

/** The sender's deliveries for the account export (the link secret is left out). */
export async function exportDeliveries(db: Db, senderId: number) {
  const rows = (await db.selectFrom('deliveries').selectAll().where('sender_id', '=', senderId).orderBy('id').execute()) as DeliveryRow[];
  const replies = await repliesOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...toDelivery(r, replies.get(r.id)), note: r.note, created_at: r.created_at, cancelled_at: r.cancelled_at }));
}

/**
 * Cancels the sender's scheduled delivery: 'cancelled', 'not_found', or 'too_late' (sent, failed,
 * cancelled, or held by a live lease: a process is handing it to the mail server right now, and
 * a cancel then would be a promise the mail may already have broken).
 */
export async function cancelDelivery(db: Db, senderId: number, id: number): Promise<'cancelled' | 'not_found' | 'too_late'> {
  const now = nowIso();
  const result = await db
    .updateTable('deliveries')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', id)
    .where('sender_id', '=', senderId)
    .where('status', '=', 'scheduled')
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'cancelled';
  const exists = await db.selectFrom('deliveries').select('id').where('id', '=', id).where('sender_id', '=', senderId).executeTakeFirst();
  return exists ? 'too_late' : 'not_found';
}

/**
 * Moves the sender's scheduled delivery (and/or changes its note): 'moved', 'not_found', or
 * 'too_late' (sent, failed, cancelled, or held by a live lease, as for cancelling).
 */
export async function moveDelivery(db: Db, senderId: number, id: number, change: { sendAt?: string; timeZone?: string | null; note?: string }): Promise<'moved' | 'not_found' | 'too_late'> {
  const now = nowIso();
  const set: Record<string, unknown> = {};
  if (change.sendAt !== undefined) Object.assign(set, { send_at: change.sendAt, next_attempt_at: change.sendAt, time_zone: change.timeZone ?? null });
  if (change.note !== undefined) set.note = change.note;
  const result = await db
    .updateTable('deliveries')
    .set(Object.keys(set).length ? set : { status: 'scheduled' })
    .where('id', '=', id)
    .where('sender_id', '=', senderId)
    .where('status', '=', 'scheduled')
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'moved';
  const exists = await db.selectFrom('deliveries').select('id').where('id', '=', id).where('sender_id', '=', senderId).executeTakeFirst();
  return exists ? 'too_late' : 'not_found';
}

/** One delivery of the sender, as the list shows it. */
export async function deliveryOf(db: Db, senderId: number, id: number): Promise<Delivery | null> {
  const row = await db
    .selectFrom('deliveries as d')
    .innerJoin('wishes as w', 'w.id', 'd.wish_id')
    .selectAll('d')
    .select('w.text as wish_text')
    .where('d.id', '=', id)
    .where('d.sender_id', '=', senderId)
    .executeTakeFirst();
  return row ? toDelivery(row as DeliveryRow & { wish_text: string }) : null;
}

/**
 * Takes the one resend of a delivery still unopened `resend_after_hours` after it was sent (not
 * bounced, cancelled or replied: those are other states): true for the one process that set
 * `resent_at`.
 */
export async function dueResends(db: Db, limit: number): Promise<DeliveryRow[]> {
  // A sent delivery's next_attempt_at is when its resend is due (markSent); it is not tried otherwise.
  const { rows } = await sql<DeliveryRow>`select * from deliveries
    where status in ('sent', 'outbox') and next_attempt_at <= ${nowIso()}
      and resend_after_hours is not null and resent_at is null and opened_at is null
    order by next_attempt_at, id limit ${limit}`.execute(db);
  return rows;
}

export async function claimResend(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({ resent_at: nowIso() })
    .where('id', '=', id)
    .where('resent_at', 'is', null)
    .where('opened_at', 'is', null)
    .where('status', 'in', ['sent', 'outbox'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ReceivedRow {
  id: number;
  wish_id: number;
  sender_id: number;
  recipient_email: string;
  recipient_name: string;
  note: string;
  status: string;
  sent_at: string | null;
  text: string;
  card_theme: string | null;
  is_public: number;
  first_name: string;
  last_name: string;
}

/**
 * The delivery behind a link, with its wish and author, once mailed (sent, outbox or opened — or taken
 * by the scheduler, in the moment between the mail server's acceptance and its record). Unknown,
 * cancelled, failed and not-yet-sent links are null.
 */
export async function findReceived(db: Db, token: string, { evenHidden = false } = {}): Promise<ReceivedRow | null> {
  if (!looksLikeToken(token)) return null;
  // A wish hidden by moderators (or whose author is banned) no longer shows through its links;
  // `evenHidden` is for unsubscribing from a mail already received.
  const visible = evenHidden ? sql`` : sql`and w.hidden = 0`;
  const { rows } = await sql<ReceivedRow>`select d.id, d.wish_id, d.sender_id, d.recipient_email, d.recipient_name, d.note, d.status, d.sent_at,
      w.text, w.card_theme, w.is_public, u.first_name, u.last_name
    from deliveries d join wishes w on w.id = d.wish_id join users u on u.id = d.sender_id
    where d.token = ${token} and (d.status in ('sent', 'outbox', 'opened') or (d.status = 'scheduled' and d.attempts > 0)) ${visible}`.execute(db);
  return rows[0] ?? null;
}

/** The first open: sets `opened` and returns true; later calls return false. */
export async function markOpened(db: Db, id: number): Promise<boolean> {
  const result = await db.updateTable('deliveries').set({ status: 'opened', opened_at: nowIso() }).where('id', '=', id).where('status', 'in', ['sent', 'outbox', 'scheduled']).where('opened_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Everything the mail needs: the wish, its author, the theme, whether it is hidden. Null when the wish or sender is gone. */
export async function mailContext(db: Db, deliveryId: number) {
  const { rows } = await sql<{ text: string; card_theme: string | null; is_public: number; first_name: string; last_name: string; wish_id: number; hidden: number }>`
    select w.text, w.card_theme, w.is_public, u.first_name, u.last_name, w.id as wish_id, w.hidden
    from deliveries d join wishes w on w.id = d.wish_id join users u on u.id = d.sender_id where d.id = ${deliveryId}`.execute(db);
  return rows[0] ?? null;
}

/** Deliveries still to mail (due or later, being sent included): the outbox's depth for /metrics. */
/** Wishes whose time to be mailed has come and that are not sent yet: above 0 for long, the sender is stuck or slow. */
export async function countDue(db: Db, now = new Date().toISOString()): Promise<number> {
  const row = await db.selectFrom('deliveries').select(sql<number | string>`count(*)`.as('n')).where('status', '=', 'scheduled').where('send_at', '<=', now).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countScheduled(db: Db): Promise<number> {
  const row = await db.selectFrom('deliveries').select(sql<number | string>`count(*)`.as('n')).where('status', '=', 'scheduled').executeTakeFirstOrThrow();
  return Number(row.n);
}
