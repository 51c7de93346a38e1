/**
 * Cheap abuse of reports (security v3): fresh or banned accounts cannot hide a wish by reporting it
 * (REPORTER_MIN_ACCOUNT_AGE_HOURS), and a wish hidden by reports stays in the open moderation
 * queue even after every reporter deleted their account.
 */
import { sql } from 'kysely';
import { createTestApp, dialects, DEFAULT_PASSWORD, type TestContext, type TestUser } from '../../test/kit/harness';
import { loadOptions } from '../options/load';
import { runAdminCommand } from './admin-cli';

describe.each(dialects)('reports that count (%s)', (dialect) => {
  let t: TestContext;
  let category: string;
  let moderator: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect, { autoHideReports: 3, reporterMinAccountAgeHours: 24 });
    category = loadOptions(t.config.optionsPath).options.report_topic_config[0]!;
    moderator = await t.createUser();
    expect((await runAdminCommand(t.app.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
  });
  afterAll(async () => t.close());

  const report = (wishId: number, who: TestUser) => t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category, wish_id: wishId }, token: who.access });
  const hiddenBits = async (wishId: number) => (await t.app.deps.db.selectFrom('wishes').select('hidden').where('id', '=', wishId).executeTakeFirstOrThrow()).hidden;
  const visibleToVisitors = async (wishId: number) => (await t.request({ url: `/api/base/wish/${wishId}/` })).statusCode === 200;
  /** Makes the accounts two days old (sign-up time moved back). */
  const age = async (...users: TestUser[]) => {
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000).toISOString();
    await t.app.deps.db.updateTable('users').set({ created_at: twoDaysAgo }).where('id', 'in', users.map((u) => u.id)).execute();
  };
  const queue = async () => (await t.request({ url: '/api/moderation/reports/?status=open', token: moderator.access })).json() as { items: Array<{ wish: { id: number }; report_count: number }> };

  it('five fresh accounts cannot hide a wish; three old ones can', async () => {
    const author = await t.createUser();
    const wish = await t.saveWish(author, 'Please stay up');
    expect(await visibleToVisitors(wish)).toBe(true);
    const fresh = await Promise.all(Array.from({ length: 5 }, () => t.createUser()));
    for (const who of fresh) expect((await report(wish, who)).statusCode).toBe(201);
    expect(await hiddenBits(wish)).toBe(0);
    expect(await visibleToVisitors(wish)).toBe(true);
    // The reports are still there for a moderator to see.
    expect((await queue()).items.find((r) => r.wish.id === wish)?.report_count).toBe(5);

    // Two old accounts beside them: two reports count, one short of the threshold.
    const [old1, old2] = await Promise.all([t.createUser(), t.createUser()]);
    await age(old1!, old2!);
    for (const who of [old1!, old2!]) expect((await report(wish, who)).statusCode).toBe(201);
    expect(await hiddenBits(wish)).toBe(0);
    // The third old account tips it.
    const old3 = await t.createUser();
    await age(old3);
    expect((await report(wish, old3)).statusCode).toBe(201);
    expect(await visibleToVisitors(wish)).toBe(false);
  });

  it('banned reporters do not count; the third old account in good standing hides it', async () => {
    const author = await t.createUser();
    const wish = await t.saveWish(author, 'Counted carefully');
    const [a, b, banned, c] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
    await age(a!, b!, banned!, c!);
    expect((await report(wish, a!)).statusCode).toBe(201);
    expect((await report(wish, banned!)).statusCode).toBe(201);
    // Banned after reporting: the report no longer counts.
    await t.app.deps.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', banned!.id).execute();
    expect((await report(wish, b!)).statusCode).toBe(201);
    expect(await hiddenBits(wish)).toBe(0);
    expect((await report(wish, c!)).statusCode).toBe(201);
    expect(await hiddenBits(wish)).not.toBe(0);
    expect(await visibleToVisitors(wish)).toBe(false);
  });

  it('a wish hidden by reports stays in the open queue after every reporter deleted their account', async () => {
    const author = await t.createUser();
    const wish = await t.saveWish(author, 'Hidden, then orphaned');
    const reporters = await Promise.all(Array.from({ length: 3 }, () => t.createUser()));
    await age(...reporters);
    for (const who of reporters) expect((await report(wish, who)).statusCode).toBe(201);
    expect(await visibleToVisitors(wish)).toBe(false);
    for (const who of reporters) {
      const gone = await t.request({ method: 'DELETE', url: '/api/account/', token: who.access, payload: { password: DEFAULT_PASSWORD } });
      expect(gone.statusCode).toBeLessThan(300);
    }
    const left = await sql<{ n: number | string }>`select count(*) as n from complaints where wish_id = ${wish} and reporter_id is not null`.execute(t.app.deps.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
    const entry = (await queue()).items.find((r) => r.wish.id === wish);
    expect(entry?.report_count).toBe(3);
    expect(await visibleToVisitors(wish)).toBe(false);
    // Until a moderator resolves it.
    const restored = await t.request({ method: 'POST', url: `/api/moderation/wish/${wish}/`, token: moderator.access, payload: { action: 'restore', reason: 'fine' } });
    expect(restored.statusCode).toBe(200);
    expect((await queue()).items.find((r) => r.wish.id === wish)).toBeUndefined();
    expect(await visibleToVisitors(wish)).toBe(true);
  });
});
