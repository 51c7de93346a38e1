import { createHmac } from 'node:crypto';
import { createTestApp, dialects, expectJsonClientError, DEFAULT_PASSWORD, type TestContext } from '../../test/kit/harness';
import { validatePassword } from './validators';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const TOKEN_NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };
const REFRESH_INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

describe('password validators (Django messages)', () => {
  it.each([
    ['short1!', 'This password is too short. It must contain at least 8 characters.'],
    ['password123', 'This password is too common.'],
    ['83920174650', 'This password is entirely numeric.'],
  ])('%s', (password, message) => {
    expect(validatePassword(password)).toContain(message);
  });
  it('detects similarity to the email, first and last name', () => {
    expect(validatePassword('alexander.smith', { email: 'alexander.smith@example.com' })).toContain('The password is too similar to the email.');
    expect(validatePassword('Bartholomew1', { first_name: 'Bartholomew' })).toEqual(['The password is too similar to the first name.']);
    expect(validatePassword('Worthington9', { last_name: 'Worthington' })).toEqual(['The password is too similar to the last name.']);
    expect(validatePassword(DEFAULT_PASSWORD, { email: 'someone@example.com', first_name: 'Ann', last_name: 'Lee' })).toEqual([]);
  });
});

describe.each(dialects)('auth (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const signUp = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/base/create_user/', payload });
  const base = { email: 'new.person@example.com', password: DEFAULT_PASSWORD, first_name: 'New', last_name: 'Person', phone: '123' };

  describe('create_user', () => {
    it('creates a user, lower-cases the email, and refuses a duplicate with 409', async () => {
      const res = await signUp({ ...base, email: 'Mixed.Case@Example.com', extra_key: 'ignored' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user_id).toEqual(expect.any(Number));
      const dup = await signUp({ ...base, email: 'mixed.case@example.COM' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe('A user with that email already exists.');
      const login = await t.request({ method: 'POST', url: '/api/token/', payload: { username: 'MIXED.case@example.com', password: DEFAULT_PASSWORD } });
      expect(login.statusCode).toBe(200);
    });

    it.each(['not-an-email', 'a@b', '@example.com', 'a b@example.com', ''])('refuses the invalid email %p', async (email) => {
      expectJsonClientError(await signUp({ ...base, email }), 400);
    });

    it.each([
      ['short', 'This password is too short. It must contain at least 8 characters.'],
      ['qwerty123', 'This password is too common.'],
      ['5829301746', 'This password is entirely numeric.'],
      ['newperson', 'The password is too similar to the email.'],
    ])('refuses the weak password %p', async (password, message) => {
      const body = expectJsonClientError(await signUp({ ...base, email: `newperson@w${Math.random().toString(36).slice(2, 8)}.example.com`, first_name: 'X', last_name: 'Y', password }), 400);
      expect(body.error).toContain(message);
    });

    it('refuses missing fields and wrong types with 400', async () => {
      const { phone: _p, ...noPhone } = base;
      const body = expectJsonClientError(await signUp(noPhone), 400);
      expect(body.fields.phone).toBeTruthy();
      expectJsonClientError(await signUp({ ...base, email: 42 }), 400);
      expectJsonClientError(await signUp({ ...base, first_name: ['a'] }), 400);
      expectJsonClientError(await signUp({ ...base, first_name: 'x'.repeat(10_000) }), 400);
      expectJsonClientError(await t.request({ method: 'POST', url: '/api/base/create_user/', payload: '[1,2]', headers: { 'content-type': 'application/json' } }), 400);
    });
  });

  describe('tokens', () => {
    it('logs in and refreshes (simplejwt shapes, with ROTATE_REFRESH_TOKENS)', async () => {
      const u = await t.createUser();
      expect(u.access).toMatch(/^ey/);
      const claims = JSON.parse(Buffer.from(u.access.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ token_type: 'access', user_id: u.id });
      expect(claims.exp - claims.iat).toBe(15 * 60);
      expect(typeof claims.jti).toBe('string');
      const refreshed = await t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: u.refresh } });
      expect(refreshed.statusCode).toBe(200);
      // simplejwt with ROTATE_REFRESH_TOKENS: the refresh response also carries the replacement refresh token.
      expect(Object.keys(refreshed.json()).sort()).toEqual(['access', 'refresh']);
      const me = await t.request({ url: '/api/profile/my/subscriptions/', token: refreshed.json().access });
      expect(me.statusCode).toBe(200);
    });

    it('refuses bad credentials with the simplejwt detail', async () => {
      const u = await t.createUser();
      for (const payload of [
        { username: u.email, password: 'wrong-password' },
        { username: 'nobody@example.com', password: DEFAULT_PASSWORD },
      ]) {
        const res = await t.request({ method: 'POST', url: '/api/token/', payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
      }
      expectJsonClientError(await t.request({ method: 'POST', url: '/api/token/', payload: { username: u.email } }), 400);
      expectJsonClientError(await t.request({ method: 'POST', url: '/api/token/', payload: { username: u.email, password: 12345678 } }), 400);
    });

    it('requires credentials on protected routes', async () => {
      const res = await t.request({ method: 'POST', url: '/api/base/save_wish/', payload: { text: 'hi' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    });

    it('rejects expired, tampered, alg-none, foreign-key and wrong-type tokens', async () => {
      const u = await t.createUser();
      const expired = t.app.tokens.issueAccess(u.id, Date.now() - 60 * 60 * 1000);
      const [h, p, s] = u.access.split('.');
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      const tampered = `${h}.${b64({ ...payload, user_id: payload.user_id + 1 })}.${s}`;
      const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
      const hs = (secret: string) => {
        const head = b64({ alg: 'HS256', typ: 'JWT' });
        const body = b64(payload);
        return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
      };
      const foreign = hs('some-other-secret-entirely-0123456789');
      const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(payload)}.${createHmac('sha512', t.config.jwtSecret).update(`${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(payload)}`).digest('base64url')}`;
      for (const token of [expired, tampered, algNone, foreign, hs512, u.refresh, 'garbage', `${u.access} extra`]) {
        const res = await t.request({ url: '/api/profile/my/subscriptions/', token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(TOKEN_NOT_VALID);
        // Public routes too, so the client knows to refresh.
        const pub = await t.request({ url: '/api/base/feed/1/', token });
        expect(pub.statusCode).toBe(401);
      }
      // Correctly signed with our secret: accepted (the check above is not vacuous).
      expect((await t.request({ url: '/api/profile/my/subscriptions/', token: hs(t.config.jwtSecret) })).statusCode).toBe(200);
    });

    it('refuses an access token, an expired or a garbage token as refresh', async () => {
      const u = await t.createUser();
      const expiredRefresh = t.app.tokens.issueRefresh(u.id, new Date().toISOString(), Date.now() - 8 * 86400 * 1000);
      for (const refresh of [u.access, expiredRefresh, 'nope', '']) {
        const res = await t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(REFRESH_INVALID);
      }
    });

    it('ignores a stale access token on the token endpoints', async () => {
      const u = await t.createUser();
      const res = await t.request({ method: 'POST', url: '/api/token/refresh/', token: 'stale.expired.token', payload: { refresh: u.refresh } });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    const linkFrom = (text: string) => {
      const m = /http:\/\/wishes\.test\/auth\/reset_password_confirm\/([^/\s]+)\/([^/\s]+)\//.exec(text);
      if (!m) throw new Error(`no link in ${text}`);
      return { uid: m[1], token: m[2] };
    };
    const requestReset = (email: string) => t.request({ method: 'POST', url: '/api/password/reset/', payload: { email } });
    const waitForMail = async (to: string) => {
      for (let i = 0; i < 50; i++) {
        const mail = t.mails.filter((m) => m.to === to).pop();
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no mail');
    };

    it('answers the same whether or not the account exists', async () => {
      const u = await t.createUser();
      const a = await requestReset(u.email);
      const b = await requestReset('no.such.account@example.com');
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json()).toEqual(b.json());
      expect(t.mails.some((m) => m.to === 'no.such.account@example.com')).toBe(false);
      expectJsonClientError(await requestReset('not-an-email'), 400);
    });

    it('resets once, invalidates older refresh tokens, and checks the new password', async () => {
      const u = await t.createUser();
      await requestReset(u.email.toUpperCase());
      const mail = await waitForMail(u.email);
      const { uid, token } = linkFrom(mail.text);
      const confirm = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/password/reset/confirm/', payload });

      const weak = expectJsonClientError(await confirm({ uid, token, new_password: 'short' }), 400);
      expect(weak.error).toContain('This password is too short');
      expectJsonClientError(await confirm({ uid, token: token + 'x', new_password: 'Another-Good-Pass-7' }), 400);
      expectJsonClientError(await confirm({ uid: 'MTIzNDU2Nzg5', token, new_password: 'Another-Good-Pass-7' }), 400);

      // A trailing slash on the token is tolerated, like the client's normalizeResetToken.
      const ok = await confirm({ uid, token: token + '/', new_password: 'Another-Good-Pass-7' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Password has been reset successfully.' });
      expectJsonClientError(await confirm({ uid, token, new_password: 'Yet-Another-Pass-8' }), 400);

      const oldRefresh = await t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: u.refresh } });
      expect(oldRefresh.statusCode).toBe(401);
      expect(oldRefresh.json()).toEqual(REFRESH_INVALID);
      const oldLogin = await t.request({ method: 'POST', url: '/api/token/', payload: { username: u.email, password: u.password } });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await t.request({ method: 'POST', url: '/api/token/', payload: { username: u.email, password: 'Another-Good-Pass-7' } });
      expect(newLogin.statusCode).toBe(200);
      // A session started after the reset refreshes fine, even within the same second.
      expect((await t.request({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: newLogin.json().refresh } })).statusCode).toBe(200);
    });

    it('refuses an expired reset link', async () => {
      const u = await t.createUser();
      await requestReset(u.email);
      const { uid, token } = linkFrom((await waitForMail(u.email)).text);
      await t.app.deps.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', u.id).execute();
      const res = await t.request({ method: 'POST', url: '/api/password/reset/confirm/', payload: { uid, token, new_password: 'Another-Good-Pass-7' } });
      expectJsonClientError(res, 400);
    });

    it('stores only a hash of the token', async () => {
      const u = await t.createUser();
      await requestReset(u.email);
      const { token } = linkFrom((await waitForMail(u.email)).text);
      const rows = await t.app.deps.db.selectFrom('password_resets').selectAll().where('user_id', '=', u.id).execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.token_hash).not.toContain(token);
    });
  });
});

describe.each(dialects)('auth rate limits and mail failures (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimitScale: 1 }, { mailer: { send: async () => Promise.reject(new Error('smtp down')) } });
  });
  afterAll(async () => t.close());

  it('still answers 200 when the mailer fails', async () => {
    const u = await t.createUser();
    const res = await t.request({ method: 'POST', url: '/api/password/reset/', payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
  });

  const login = (username: string, password: string, remoteAddress: string) =>
    t.request({ method: 'POST', url: '/api/token/', payload: { username, password }, remoteAddress });
  const askReset = (email: string, remoteAddress: string) => t.request({ method: 'POST', url: '/api/password/reset/', payload: { email }, remoteAddress });

  it('probe: 30 wrong logins from many addresses no longer lock the owner out', async () => {
    const owner = await t.createUser();
    for (let i = 0; i < 30; i++) expect((await login(owner.email, 'wrong-guess', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, '192.0.2.10')).statusCode).toBe(200);
  });

  it('after 5 wrong logins from one address, that (email, address) pair waits, with Retry-After; the owner elsewhere does not', async () => {
    const owner = await t.createUser();
    for (let i = 0; i < 5; i++) expect((await login(owner.email, 'wrong-guess', '10.1.0.1')).statusCode).toBe(401);
    // Even the right password waits: the delay is checked before the password.
    const limited = await login(owner.email, owner.password, '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: 'Too many requests. Please try again later.' });
    expect((await login(owner.email, owner.password, '10.1.0.2')).statusCode).toBe(200);
    // Another account from the guessing address is not affected either.
    const other = await t.createUser();
    expect((await login(other.email, other.password, '10.1.0.1')).statusCode).toBe(200);
  });

  it('a looser per-email ceiling (100 failures) stops guessing spread over many addresses, except from where the owner signed in before', async () => {
    const owner = await t.createUser();
    expect((await login(owner.email, owner.password, '192.0.2.20')).statusCode).toBe(200);
    for (let i = 0; i < 100; i++) expect((await login(owner.email, 'wrong-guess', `10.2.${i >> 8}.${(i & 255) + 1}`)).statusCode).toBe(401);
    expect((await login(owner.email, 'wrong-guess', '10.2.9.9')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '192.0.2.20')).statusCode).toBe(200);
  });

  it('probe: reset requests from other addresses no longer block the owner\'s reset', async () => {
    const owner = await t.createUser();
    for (let i = 0; i < 6; i++) expect((await askReset(owner.email, `10.4.0.${i + 1}`)).statusCode).toBe(200);
    expect((await askReset(owner.email, '192.0.2.30')).statusCode).toBe(200);
  });

  it('limits reset requests per (email, address) pair: 3, then a growing wait', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await askReset('someone@example.com', '10.5.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await askReset('someone@example.com', '10.5.0.2')).statusCode).toBe(200);
  });

  it('limits reset requests per email to 20 an hour over all addresses (the mailbox is not flooded)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await askReset('flooded@example.com', `10.6.0.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits sign-ups per address to 20 an hour (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/base/create_user/',
        remoteAddress: '10.7.0.1',
        payload: { email: `signup${i}@example.com`, password: DEFAULT_PASSWORD, first_name: 'Sign', last_name: 'Up', phone: '1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits reset confirmations per address to 20 per 30 minutes (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.request({ method: 'POST', url: '/api/password/reset/confirm/', remoteAddress: '10.8.0.1', payload: { uid: 'MQ', token: `guess-${i}`, new_password: 'Quiet-Meadow-77' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limits password reset requests per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.request({ method: 'POST', url: '/api/password/reset/', payload: { email: `p${i}@example.com` }, remoteAddress: '10.3.0.1' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe.each(dialects)('tokens of missing accounts (%s)', (dialect) => {
  it('treats a validly signed token for a user that does not exist as invalid, never a 500', async () => {
    const t = await createTestApp(dialect);
    try {
      const token = t.app.tokens.issueAccess(987_654);
      for (const [method, url] of [['POST', '/api/base/save_wish/'], ['GET', '/api/base/feed/1/'], ['POST', '/api/offer/submit/']] as const) {
        const res = await t.request({ method, url, token, payload: method === 'POST' ? { text: 'x', email: 'a@b.co', message: 'm' } : undefined });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(TOKEN_NOT_VALID);
      }
      const long = await t.request({ url: `/api/profile/${'9'.repeat(500)}/` });
      expect(long.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
