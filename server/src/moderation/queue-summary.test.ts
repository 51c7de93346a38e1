/**
 * The moderation queue reads complaint_queue, kept by triggers (db/migrations/0016_slow_rows.ts):
 * after every kind of write to the reports it must equal the grouping of the reports themselves.
 */
import { sql } from 'kysely';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';

describe.each(dialects)('complaint_queue (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  const reporters: TestUser[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await t.createUser({ first_name: 'Ada' });
    for (let i = 0; i < 3; i++) reporters.push(await t.createUser({ first_name: `R${i}` }));
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.db;
  const grouped = async () =>
    (
      await sql<{ status: string; wish_id: number; n: number | string; first_at: string; last_at: string; resolved: string | null }>`
        select status, wish_id, count(*) as n, min(created_at) as first_at, max(created_at) as last_at, max(resolved_at) as resolved
        from complaints group by status, wish_id order by status, wish_id`.execute(db())
    ).rows.map((r) => ({ ...r, n: Number(r.n) }));
  const summary = async () =>
    (
      await sql<{ status: string; wish_id: number; n: number; first_at: string; last_at: string; resolved: string | null }>`
        select status, wish_id, report_count as n, first_at, last_at, last_resolved_at as resolved
        from complaint_queue order by status, wish_id`.execute(db())
    ).rows.map((r) => ({ ...r, n: Number(r.n) }));
  const report = (wishId: number, reporter: TestUser, at: string) =>
    sql`insert into complaints (wish_id, reporter_id, reporter_ip, reporter_key, category, created_at)
      values (${wishId}, ${reporter.id}, ${null}, ${`user:${reporter.id}`}, 'Spam', ${at})`.execute(db());

  it('follows reports filed, resolved, moved, withdrawn by account deletion and deleted with their wish', async () => {
    const a = await t.saveWish(author, 'First reported wish');
    const b = await t.saveWish(author, 'Second reported wish');
    await report(a, reporters[0]!, '2026-01-01T10:00:00.000Z');
    await report(a, reporters[1]!, '2026-01-01T12:00:00.000Z');
    await report(b, reporters[2]!, '2026-01-02T10:00:00.000Z');
    expect(await summary()).toEqual(await grouped());
    expect((await summary()).map((r) => [r.wish_id, r.n])).toEqual([[a, 2], [b, 1]]);

    // Resolving one report splits the group across statuses; the last one of a group removes it.
    await sql`update complaints set status = 'resolved', resolution = 'dismiss', resolved_at = '2026-01-03T00:00:00.000Z'
      where wish_id = ${a} and reporter_id = ${reporters[1]!.id}`.execute(db());
    expect(await summary()).toEqual(await grouped());
    // An update that changes none of the grouped columns, then one that moves a report to another wish.
    await sql`update complaints set category = 'Other' where wish_id = ${b}`.execute(db());
    await sql`update complaints set wish_id = ${b} where wish_id = ${a} and status = 'open'`.execute(db());
    expect(await summary()).toEqual(await grouped());
    expect((await summary()).filter((r) => r.status === 'open').map((r) => [r.wish_id, r.n])).toEqual([[b, 2]]);

    // Deleting the reporter's account and the wish (cascade) take their reports out of the groups.
    await sql`delete from complaints where reporter_id = ${reporters[2]!.id}`.execute(db());
    expect(await summary()).toEqual(await grouped());
    await sql`delete from wishes where id = ${b}`.execute(db());
    expect(await summary()).toEqual(await grouped());
    expect((await summary()).map((r) => [r.status, r.wish_id])).toEqual([['resolved', a]]);
  });
});
