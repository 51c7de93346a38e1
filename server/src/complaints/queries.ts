/** Complaints (reports) about wishes. One per reporter per wish: the unique (wish_id, reporter_key) index decides. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';

/** Files the complaint; false when this reporter already reported this wish. */
export async function fileComplaint(
  db: Kysely<Database>,
  complaint: { wishId: number; reporterId: number | null; reporterIp: string; category: string },
): Promise<boolean> {
  const reporterKey = complaint.reporterId !== null ? `user:${complaint.reporterId}` : `ip:${complaint.reporterIp}`;
  const row = await db
    .insertInto('complaints')
    .values({
      wish_id: complaint.wishId,
      reporter_id: complaint.reporterId,
      reporter_ip: complaint.reporterIp.slice(0, 64),
      reporter_key: reporterKey.slice(0, 80),
      category: complaint.category,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['wish_id', 'reporter_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countComplaints(db: Kysely<Database>, wishId: number): Promise<number> {
  const row = await db.selectFrom('complaints').select((eb) => eb.fn.countAll().as('n')).where('wish_id', '=', wishId).executeTakeFirstOrThrow();
  return Number(row.n);
}
