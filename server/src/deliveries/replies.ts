/**
 * The recipient's replies to a delivery (migrations/0023_replies.ts, docs/replies.md): private to
 * the sender, taken back while the link lives, at most DELIVERY.repliesPerLinkHour per link per
 * hour. A reply taken back keeps its row (text emptied) so the limit counts what was sent.
 */
import { type Kysely, sql } from 'kysely';
import { DELIVERY } from '@wishes/kit-contract/constants';
import type { DeliveryReply } from '@wishes/kit-contract/api';
import type { Database, Dialect } from '../db/types';
import { nowIso } from '../db/types';

type Db = Kysely<Database>;

/** First key of the advisory lock that makes one link's limit check and insert atomic. */
const LINK_LOCK_SPACE = 7032;

/**
 * Whether the recipient closed this address ("not me" or an unsubscribe): the link then takes no
 * replies. A bounce is the mail server's doing, not the recipient's, and closes nothing.
 */
export async function recipientClosed(db: Db, emailHashHex: string): Promise<boolean> {
  const row = await db.selectFrom('email_suppressions').select('email_hash').where('email_hash', '=', emailHashHex).where('reason', '!=', 'bounce').executeTakeFirst();
  return Boolean(row);
}

/**
 * Stores a reply unless the link already sent `DELIVERY.repliesPerLinkHour` in the last hour
 * (taken-back ones count); the count and the insert are one step per link (a PostgreSQL advisory
 * lock; SQLite writes one transaction at a time). Also marks the delivery opened if it was not;
 * `firstOpen` says whether that happened here.
 */
export async function insertDeliveryReply(db: Db, dialect: Dialect, deliveryId: number, text: string): Promise<{ id: number; firstOpen: boolean } | 'over_limit'> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${LINK_LOCK_SPACE}, ${deliveryId})`.execute(trx);
    const since = new Date(Date.now() - 3600_000).toISOString();
    const row = await trx
      .selectFrom('delivery_replies')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('delivery_id', '=', deliveryId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= DELIVERY.repliesPerLinkHour) return 'over_limit';
    const now = nowIso();
    const inserted = await trx.insertInto('delivery_replies').values({ delivery_id: deliveryId, text, created_at: now, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    const opened = await trx
      .updateTable('deliveries')
      .set({ status: 'opened', opened_at: now })
      .where('id', '=', deliveryId)
      .where('status', 'in', ['sent', 'outbox', 'scheduled'])
      .where('opened_at', 'is', null)
      .executeTakeFirst();
    return { id: inserted.id, firstOpen: Number(opened.numUpdatedRows) > 0 };
  });
}

/** Takes a reply of this delivery back; false when there is none (another link's, or already taken back). */
export async function withdrawDeliveryReply(db: Db, deliveryId: number, replyId: number): Promise<boolean> {
  const result = await db
    .updateTable('delivery_replies')
    .set({ text: '', deleted_at: nowIso() })
    .where('id', '=', replyId)
    .where('delivery_id', '=', deliveryId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The standing replies of these deliveries, oldest first, by delivery id. */
export async function repliesOf(db: Db, deliveryIds: number[]): Promise<Map<number, DeliveryReply[]>> {
  const byDelivery = new Map<number, DeliveryReply[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .selectFrom('delivery_replies')
    .select(['id', 'delivery_id', 'text', 'created_at'])
    .where('delivery_id', 'in', deliveryIds)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = byDelivery.get(r.delivery_id) ?? [];
    list.push({ reply_id: r.id, text: r.text, created_at: new Date(r.created_at).toISOString() });
    byDelivery.set(r.delivery_id, list);
  }
  return byDelivery;
}
