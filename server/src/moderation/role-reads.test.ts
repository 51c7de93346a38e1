/**
 * Role reads (queries.ts getRole): every staff call reads the caller's role from the database, so
 * a demotion counts at once; on PostgreSQL the reads of the calls that arrive together share one
 * query (one round trip for ten moderators' calls instead of ten).
 */
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { pgPoolOf } from '../db/connect';
import { runAdminCommand } from './admin-cli';
import { getRole } from './queries';

describe.each(dialects)('role reads (%s)', (dialect) => {
  let t: TestContext;
  let moderator: TestUser;
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    moderator = await t.createUser();
    admin = await t.createUser();
    member = await t.createUser();
    await runAdminCommand(t.app.deps.db, ['role', moderator.email, 'moderator']);
    await runAdminCommand(t.app.deps.db, ['role', admin.email, 'admin']);
  });
  afterAll(async () => t.close());

  it('answers each of the calls made together its own role, and null for an unknown user', async () => {
    const { db } = t.app.deps;
    const roles = await Promise.all([moderator.id, admin.id, member.id, 987_654, moderator.id].map((id) => getRole(db, id)));
    expect(roles).toEqual(['moderator', 'admin', 'user', null, 'moderator']);
  });

  it('sees a demotion made just before a call, by the call and by the API', async () => {
    const { db } = t.app.deps;
    const queue = () => t.request({ url: '/api/moderation/reports/', token: moderator.access });
    expect((await queue()).statusCode).toBe(200);
    await runAdminCommand(db, ['role', moderator.email, 'user']);
    expect(await getRole(db, moderator.id)).toBe('user');
    expect((await queue()).statusCode).toBe(403);
    await runAdminCommand(db, ['role', moderator.email, 'moderator']);
    expect((await queue()).statusCode).toBe(200);
  });

  if (dialect === 'postgres') {
    it('sends one query for the calls of one turn of the event loop, and one for each later call', async () => {
      const { db } = t.app.deps;
      const query = jest.spyOn(pgPoolOf(db)!, 'query');
      const roleQueries = () => query.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('from users where id = any')).length;
      try {
        const together = await Promise.all(Array.from({ length: 10 }, (_, i) => getRole(db, [moderator.id, admin.id, member.id][i % 3]!)));
        expect(together.slice(0, 3)).toEqual(['moderator', 'admin', 'user']);
        expect(roleQueries()).toBe(1);
        expect(await getRole(db, admin.id)).toBe('admin');
        expect(await getRole(db, admin.id)).toBe('admin');
        expect(roleQueries()).toBe(3); // nothing is kept between calls
      } finally {
        query.mockRestore();
      }
    });
  }
});
