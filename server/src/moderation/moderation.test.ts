/** Moderation API (docs/api.md, "Own wishes and moderation"): roles, auto-hide, queue, actions, bans, log, offers, my reports. */
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { loadOptions } from '../options/load';
import { ADMIN_USAGE, runAdminCommand } from './admin-cli';
import { autoHideReason } from './queries';

describe.each(dialects)('moderation (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  let moderator: TestUser;
  let admin: TestUser;
  let user: TestUser;
  let reporters: TestUser[];
  let categories: string[];
  beforeAll(async () => {
    t = await createTestApp(dialect, { autoHideReports: 5 });
    author = await t.createUser({ first_name: 'Aldo', last_name: 'Author' });
    moderator = await t.createUser({ first_name: 'Mona', last_name: 'Mod' });
    admin = await t.createUser({ first_name: 'Ada', last_name: 'Admin' });
    user = await t.createUser();
    reporters = [];
    for (let i = 0; i < 6; i++) reporters.push(await t.createUser());
    await setRole(moderator, 'moderator');
    await setRole(admin, 'admin');
    categories = loadOptions(t.config.optionsPath).options.report_topic_config;
  });
  afterAll(async () => t.close());

  async function setRole(who: TestUser, role: string) {
    const result = await runAdminCommand(t.app.deps.db, ['role', who.email, role]);
    expect(result).toEqual({ code: 0, message: `${who.email} is now ${role}.` });
  }
  const report = (wishId: number, token?: string, category = categories[0], remoteAddress?: string) =>
    t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category, wish_id: wishId }, token, remoteAddress });
  const act = (wishId: number, payload: unknown, token = moderator.access) =>
    t.request({ method: 'POST', url: `/api/moderation/wish/${wishId}/`, payload: payload as object, token });
  const actUser = (userId: number, payload: unknown, token = moderator.access) =>
    t.request({ method: 'POST', url: `/api/moderation/user/${userId}/`, payload: payload as object, token });
  const detail = (id: number, token?: string) => t.request({ url: `/api/base/wish/${id}/`, token });
  const feedIds = async (token?: string) => (await t.request({ url: '/api/base/feed/1/', token })).json().wishes.map((w: { id: number }) => w.id);
  const queue = async (status = 'open', token = moderator.access) => (await t.request({ url: `/api/moderation/reports/?status=${status}`, token })).json();

  describe('admin command', () => {
    it('sets roles and refuses unknown emails, roles and usage with exit 1 and a reason', async () => {
      const { db } = t.app.deps;
      expect(await runAdminCommand(db, ['role', 'nobody@example.com', 'admin'])).toEqual({ code: 1, message: 'No user with the email nobody@example.com.' });
      expect(await runAdminCommand(db, ['role', user.email, 'superuser'])).toEqual({ code: 1, message: 'Unknown role "superuser": use one of user, moderator, admin.' });
      expect(await runAdminCommand(db, ['role', user.email])).toEqual({ code: 1, message: ADMIN_USAGE });
      expect(await runAdminCommand(db, [])).toEqual({ code: 1, message: ADMIN_USAGE });
      expect((await runAdminCommand(db, ['role', user.email.toUpperCase(), 'user'])).code).toBe(0);
    });
  });

  describe('access', () => {
    const routes = [
      { method: 'GET' as const, url: '/api/moderation/reports/' },
      { method: 'GET' as const, url: '/api/moderation/reports/?status=resolved&page=1' },
      { method: 'GET' as const, url: '/api/moderation/log/' },
      { method: 'POST' as const, url: '/api/moderation/wish/1/', payload: { action: 'dismiss', reason: 'ok' } },
      { method: 'POST' as const, url: '/api/moderation/user/1/', payload: { action: 'unban', reason: 'ok' } },
      { method: 'GET' as const, url: '/api/moderation/offers/' },
    ];
    it('is 401 for visitors and 403 for users on every route', async () => {
      for (const r of routes) {
        expect(expectJsonClientError(await t.request(r), 401).detail).toBe('Authentication credentials were not provided.');
        expect(expectJsonClientError(await t.request({ ...r, token: user.access }), 403)).toEqual({
          error: r.url.includes('offers') ? 'Only an admin can do this.' : 'You do not have permission to perform this action.',
        });
      }
    });
    it('reads the role from the database on every call: a demotion counts at once', async () => {
      const temp = await t.createUser();
      await setRole(temp, 'moderator');
      expect((await t.request({ url: '/api/moderation/log/', token: temp.access })).statusCode).toBe(200);
      await setRole(temp, 'user');
      expect((await t.request({ url: '/api/moderation/log/', token: temp.access })).statusCode).toBe(403);
    });
    it("puts the role in newly issued access tokens (the client's navigation hint)", async () => {
      const login = await t.request({ method: 'POST', url: '/api/token/', payload: { username: moderator.email, password: moderator.password } });
      const claims = JSON.parse(Buffer.from(login.json().access.split('.')[1], 'base64url').toString());
      expect(claims.role).toBe('moderator');
    });
    it('keeps the offer inbox for admins', async () => {
      await t.request({ method: 'POST', url: '/api/offer/submit/', payload: { email: 'biz@example.com', message: 'Partnership?' }, token: user.access });
      expect((await t.request({ url: '/api/moderation/offers/', token: moderator.access })).statusCode).toBe(403);
      const inbox = await t.request({ url: '/api/moderation/offers/', token: admin.access });
      expect(inbox.statusCode).toBe(200);
      expect(inbox.json()).toEqual({
        offers: [{ id: expect.any(Number), user_id: user.id, email: 'biz@example.com', message: 'Partnership?', created_at: expect.any(String) }],
        page_number: 1,
        next_page_number: null,
      });
    });
    it('refuses bad input with 400 and unknown targets with 404', async () => {
      const id = await t.saveWish(author, 'Input checks');
      for (const payload of [{}, { action: 'hide' }, { action: 'hide', reason: '' }, { action: 'hide', reason: '   ' }, { action: 'explode', reason: 'x' }, { action: 'hide', reason: 'x'.repeat(501) }, { action: 'hide', reason: 5 }, { action: 'ban', reason: 'x' }]) {
        expectJsonClientError(await act(id, payload), 400);
      }
      expect(expectJsonClientError(await act(id, { action: 'hide', reason: ' ' }), 400).error).toBe('Please give a reason.');
      expect((await act(id, { action: 'dismiss', reason: 'x'.repeat(500) })).statusCode).toBe(200);
      expect(expectJsonClientError(await act(987_654, { action: 'hide', reason: 'x' }), 404).error).toBe('Wish not found');
      expect(expectJsonClientError(await actUser(987_654, { action: 'ban', reason: 'x' }), 404).error).toBe('User not found');
      expectJsonClientError(await actUser(user.id, { action: 'hide', reason: 'x' }), 400);
      expectJsonClientError(await actUser(user.id, { action: 'ban', reason: '' }), 400);
      for (const q of ['?status=closed', '?page=0', '?page=abc', '?page=-1']) expectJsonClientError(await t.request({ url: `/api/moderation/reports/${q}`, token: moderator.access }), 400);
      expectJsonClientError(await t.request({ url: '/api/moderation/log/?page=x', token: moderator.access }), 400);
      // A private wish nobody reported stays its author's alone.
      const priv = await t.saveWish(author, 'Private, unreported', false);
      expect((await act(priv, { action: 'hide', reason: 'x' })).statusCode).toBe(404);
    });
  });

  describe('auto-hide and the queue', () => {
    it('hides a public wish after 5 distinct signed-in reporters; visitors do not count', async () => {
      const id = await t.saveWish(author, 'Report magnet');
      for (let i = 0; i < 6; i++) expect((await report(id, undefined, categories[0], `10.7.0.${i}`)).statusCode).toBe(201);
      for (let i = 0; i < 4; i++) expect((await report(id, reporters[i]!.access, categories[i % 2])).statusCode).toBe(201);
      expect((await report(id, reporters[0]!.access)).statusCode).toBe(200); // a repeat counts once
      expect((await detail(id)).statusCode).toBe(200);
      expect((await report(id, reporters[4]!.access, categories[1])).statusCode).toBe(201);

      // Hidden: like a private wish for everyone but its author and moderators.
      for (const token of [undefined, user.access, reporters[0]!.access]) {
        expect((await detail(id, token)).statusCode).toBe(404);
        expect(await feedIds(token)).not.toContain(id);
      }
      const own = (await detail(id, author.access)).json().wish;
      expect(own.moderation).toEqual({ state: 'hidden', reason: autoHideReason(5) });
      const seenByMod = (await detail(id, moderator.access)).json().wish;
      expect(seenByMod.moderation.state).toBe('hidden');
      expect(await feedIds(moderator.access)).not.toContain(id);

      const open = await queue();
      const item = open.items.find((x: { wish: { id: number } }) => x.wish.id === id);
      expect(item).toMatchObject({ report_count: 11, status: 'open', resolution: null, categories: { [categories[0]!]: 8, [categories[1]!]: 3 } });
      expect(item.first_reported_at <= item.last_reported_at).toBe(true);
      expect(open.items[0].wish.id).toBe(id); // most reports first
      const log = (await t.request({ url: '/api/moderation/log/', token: moderator.access })).json();
      expect(log.entries[0]).toMatchObject({ actor_id: null, actor_name: 'Automatic', action: 'auto_hide', target_type: 'wish', target_id: id });

      // Restore resolves the reports; the reporters see the outcome.
      const restored = await act(id, { action: 'restore', reason: 'Reviewed: harmless' });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().message).toBe('Wish restored');
      expect(restored.json().wish.moderation).toBeUndefined();
      expect((await detail(id)).statusCode).toBe(200);
      expect(await feedIds()).toContain(id);
      expect((await queue()).items.map((x: { wish: { id: number } }) => x.wish.id)).not.toContain(id);
      const resolved = (await queue('resolved')).items.find((x: { wish: { id: number } }) => x.wish.id === id);
      expect(resolved).toMatchObject({ status: 'resolved', resolution: 'restore', report_count: 11 });
      const mine = (await t.request({ url: '/api/complaints/my/', token: reporters[0]!.access })).json();
      expect(mine.reports[0]).toEqual({ wish_id: id, category: categories[0], created_at: expect.any(String), status: 'resolved', resolution: 'restore' });
      expect(mine).toMatchObject({ page_number: 1, next_page_number: null });
    });

    it('hide with a reason, then dismiss and delete; each resolves the open reports', async () => {
      const hideMe = await t.saveWish(author, 'Hide me please');
      const dismissMe = await t.saveWish(author, 'Dismiss my reports');
      const deleteMe = await t.saveWish(author, 'Delete me');
      for (const id of [hideMe, dismissMe, deleteMe]) await report(id, reporters[5]!.access);

      const hidden = await act(hideMe, { action: 'hide', reason: 'Personal data' });
      expect([hidden.statusCode, hidden.json().message, hidden.json().wish.moderation]).toEqual([200, 'Wish hidden', { state: 'hidden', reason: 'Personal data' }]);
      expect((await detail(hideMe, author.access)).json().wish.moderation).toEqual({ state: 'hidden', reason: 'Personal data' });
      expect((await detail(hideMe, user.access)).statusCode).toBe(404);
      const vote = await t.request({ method: 'POST', url: `/api/wish/${hideMe}/vote/`, payload: {}, token: user.access });
      expect(vote.statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `/api/wish/${hideMe}/vote/`, payload: {}, token: moderator.access })).statusCode).toBe(200);
      expect((await t.request({ url: `/api/profile/${author.id}/`, token: user.access })).json().posts).toBeLessThan(
        (await t.request({ url: `/api/profile/${author.id}/`, token: moderator.access })).json().posts,
      );
      const search = (await t.request({ method: 'POST', url: '/api/base/search/', payload: { query: 'hide me please' } })).json();
      expect(search.total_results).toBe(0);

      expect((await act(dismissMe, { action: 'dismiss', reason: 'Not a problem' })).json()).toMatchObject({ message: 'Reports dismissed', wish: { id: dismissMe } });
      expect((await detail(dismissMe)).statusCode).toBe(200);

      expect((await act(deleteMe, { action: 'delete', reason: 'Spam' })).json()).toEqual({ message: 'Wish deleted' });
      expect((await detail(deleteMe, author.access)).statusCode).toBe(404);

      const mine = (await t.request({ url: '/api/complaints/my/', token: reporters[5]!.access })).json().reports;
      expect(mine.map((r: { wish_id: number; resolution: string }) => [r.wish_id, r.resolution])).toEqual([
        [dismissMe, 'dismiss'],
        [hideMe, 'hide'],
      ]);
      const log = (await t.request({ url: '/api/moderation/log/', token: admin.access })).json().entries;
      expect(log.slice(0, 3).map((e: { action: string; reason: string; actor_name: string }) => [e.action, e.reason, e.actor_name])).toEqual([
        ['delete', 'Spam', 'Mona Mod'],
        ['dismiss', 'Not a problem', 'Mona Mod'],
        ['hide', 'Personal data', 'Mona Mod'],
      ]);
      expect((await t.request({ url: '/api/complaints/my/' })).statusCode).toBe(401);
    });
  });

  describe('bans', () => {
    it('suspends at once: tokens 401, no refresh, no sign-in; wishes hidden from all but moderators; unban restores', async () => {
      const target = await t.createUser({ first_name: 'Bea', last_name: 'Banned' });
      const pub = await t.saveWish(target, 'Banned author wish');
      const modHidden = await t.saveWish(target, 'Also hidden by a moderator');
      await report(modHidden, user.access);
      await act(modHidden, { action: 'hide', reason: 'Rude' });

      const mod2 = await t.createUser();
      await setRole(mod2, 'moderator');
      expect(expectJsonClientError(await actUser(mod2.id, { action: 'ban', reason: 'x' }), 403).error).toBe('Only an admin can ban a moderator or an admin.');
      expect(expectJsonClientError(await actUser(admin.id, { action: 'ban', reason: 'x' }), 403).error).toBe('Only an admin can ban a moderator or an admin.');
      expect(expectJsonClientError(await actUser(moderator.id, { action: 'ban', reason: 'x' }, moderator.access), 400).error).toBe('You cannot ban yourself.');
      const banned = await actUser(target.id, { action: 'ban', reason: 'Harassment' });
      expect([banned.statusCode, banned.json()]).toEqual([200, { message: 'User banned' }]);

      // Every answer to the suspended member says so, with the moderator's reason (the open tab tells them at once).
      const suspended = { detail: 'This account has been suspended.', code: 'token_not_valid', suspension: { reason: 'Harassment' } };
      const stale = await t.request({ url: '/api/base/feed/1/', token: target.access });
      expect([stale.statusCode, stale.json()]).toEqual([401, suspended]);
      const refused = await t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: target.refresh } });
      expect([refused.statusCode, refused.json()]).toEqual([401, suspended]);
      const login = await t.request({ method: 'POST', url: '/api/token/', payload: { username: target.email, password: target.password } });
      expect([login.statusCode, login.json()]).toEqual([401, { detail: 'This account has been suspended.', suspension: { reason: 'Harassment' } }]);
      const wrong = await t.request({ method: 'POST', url: '/api/token/', payload: { username: target.email, password: 'Wrong-Password-1' } });
      expect(wrong.json().detail).toBe('No active account found with the given credentials');

      for (const token of [undefined, user.access]) {
        expect((await detail(pub, token)).statusCode).toBe(404);
        expect(await feedIds(token)).not.toContain(pub);
        expect((await t.request({ url: `/api/profile/${target.id}/`, token })).json().posts).toBe(0);
      }
      expect((await detail(pub, moderator.access)).json().wish.moderation).toEqual({ state: 'hidden', reason: "The author's account is suspended." });
      const log = (await t.request({ url: '/api/moderation/log/', token: moderator.access })).json().entries[0];
      expect(log).toMatchObject({ action: 'ban', target_type: 'user', target_id: target.id, reason: 'Harassment' });

      expect((await actUser(target.id, { action: 'unban', reason: 'Appeal accepted' })).json()).toEqual({ message: 'User unbanned' });
      // After the unban, the old tokens are merely invalid: no suspension in the answer.
      expect((await t.request({ url: '/api/base/feed/1/', token: target.access })).json()).toEqual({ detail: 'Given token not valid for any token type', code: 'token_not_valid' });
      const again = await t.request({ method: 'POST', url: '/api/token/', payload: { username: target.email, password: target.password } });
      expect(again.statusCode).toBe(200);
      expect((await detail(pub)).statusCode).toBe(200);
      // A moderator's hide outlives the unban.
      expect((await detail(modHidden)).statusCode).toBe(404);
      expect((await detail(modHidden, again.json().access)).json().wish.moderation).toEqual({ state: 'hidden', reason: 'Rude' });

      // Admins may ban moderators.
      expect((await actUser(mod2.id, { action: 'ban', reason: 'Abuse of power' }, admin.access)).statusCode).toBe(200);
      expect((await t.request({ url: '/api/moderation/log/', token: mod2.access })).statusCode).toBe(401);
    });
  });
});
