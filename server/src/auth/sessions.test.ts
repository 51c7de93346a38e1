/**
 * Ending sessions (endUserSessions, password reset) and refresh-token rotation with reuse
 * detection, on both databases.
 */
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { endUserSessions } from './sessions';

const TOKEN_NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };
const REFRESH_INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

describe.each(dialects)('sessions (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { refreshReuseGraceSeconds: 30 });
  });
  afterAll(async () => t.close());

  const saveWith = (access: string) => t.request({ method: 'POST', url: '/api/base/save_wish/', token: access, payload: { text: 'still me?' } });
  const refresh = (token: string) => t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const login = async (u: TestUser) => (await t.request({ method: 'POST', url: '/api/token/', payload: { username: u.email, password: u.password } })).json();
  /** Moves a refresh token's "used" time back, as if the rotation happened `seconds` ago (the clock is the only thing faked). */
  const ageRotation = async (token: string, seconds: number) => {
    const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
    await t.app.deps.db.updateTable('refresh_tokens').set({ used_at: new Date(Date.now() - seconds * 1000).toISOString() }).where('jti', '=', jti).execute();
  };

  describe('endUserSessions', () => {
    it('makes every earlier access and refresh token of the user answer 401 token_not_valid at once', async () => {
      const u = await t.createUser();
      const other = await login(u); // a second device
      const bystander = await t.createUser();
      expect((await saveWith(u.access)).statusCode).toBe(201);

      await endUserSessions(t.app.deps, u.id);

      for (const access of [u.access, other.access]) {
        const res = await saveWith(access);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(TOKEN_NOT_VALID);
        // Public routes too, so the client notices at once.
        expect((await t.request({ url: '/api/base/feed/', token: access })).statusCode).toBe(401);
      }
      for (const token of [u.refresh, other.refresh]) {
        const res = await refresh(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(REFRESH_INVALID);
      }
      // Another user is untouched, and signing in again works.
      expect((await saveWith(bystander.access)).statusCode).toBe(201);
      const fresh = await login(u);
      expect((await saveWith(fresh.access)).statusCode).toBe(201);
      expect((await refresh(fresh.refresh)).statusCode).toBe(200);
    });

    it("refuses a deleted account's tokens", async () => {
      const u = await t.createUser();
      expect((await saveWith(u.access)).statusCode).toBe(201);
      await t.app.deps.db.deleteFrom('users').where('id', '=', u.id).execute();
      await endUserSessions(t.app.deps, u.id);
      expect((await saveWith(u.access)).json()).toEqual(TOKEN_NOT_VALID);
      expect((await refresh(u.refresh)).statusCode).toBe(401);
    });
  });

  it('a password reset ends the access tokens issued before it (probe: the old token still saved wishes)', async () => {
    const u = await t.createUser();
    expect((await t.request({ method: 'POST', url: '/api/password/reset/', payload: { email: u.email } })).statusCode).toBe(200);
    let mail;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = t.mails.find((m) => m.to === u.email);
      if (!mail) await new Promise((r) => setTimeout(r, 10));
    }
    const [, uid, token] = /reset_password_confirm\/([^/\s]+)\/([^/\s]+)\//.exec(mail!.text)!;
    const confirm = await t.request({ method: 'POST', url: '/api/password/reset/confirm/', payload: { uid, token, new_password: 'Quiet-Meadow-77' } });
    expect(confirm.statusCode).toBe(200);
    const res = await saveWith(u.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(TOKEN_NOT_VALID);
    expect((await refresh(u.refresh)).statusCode).toBe(401);
  });

  describe('refresh rotation', () => {
    it('returns a new refresh token with each access token; the new one works', async () => {
      const u = await t.createUser();
      const first = await refresh(u.refresh);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      expect(body.refresh).not.toBe(u.refresh);
      expect((await saveWith(body.access)).statusCode).toBe(201);
      const second = await refresh(body.refresh);
      expect(second.statusCode).toBe(200);
    });

    it('reusing a rotated token after the grace window revokes the whole family', async () => {
      const u = await t.createUser();
      const otherDevice = await login(u); // another family: not affected
      const rotated = (await refresh(u.refresh)).json();
      await ageRotation(u.refresh, 31);

      const reuse = await refresh(u.refresh);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual(REFRESH_INVALID);
      // The legitimate holder's successor is revoked too: the thief and the victim both sign in again.
      expect((await refresh(rotated.refresh)).statusCode).toBe(401);
      expect((await refresh(otherDevice.refresh)).statusCode).toBe(200);
    });

    it('two tabs refreshing with the same token inside the grace window both stay signed in', async () => {
      const u = await t.createUser();
      const [a, b] = await Promise.all([refresh(u.refresh), refresh(u.refresh)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      // A little later, still inside 30 s.
      await ageRotation(u.refresh, 20);
      const c = await refresh(u.refresh);
      expect(c.statusCode).toBe(200);
      for (const res of [a, b, c]) expect((await refresh(res.json().refresh)).statusCode).toBe(200);
    });

    it('refuses a refresh token issued without a rotation family (before rotation existed)', async () => {
      const u = await t.createUser();
      const legacy = t.app.tokens.issueRefresh(u.id, (await t.app.deps.db.selectFrom('users').select('password_changed_at').where('id', '=', u.id).executeTakeFirstOrThrow()).password_changed_at);
      expect((await refresh(legacy)).json()).toEqual(REFRESH_INVALID);
    });
  });
});
