import type { FastifyInstance } from 'fastify';
import type { GenerateRequest } from '@wishes/kit-contract/api';
import { GeneratorUnavailableError, GENERATOR_MESSAGES, type WishGenerator } from '@wishes/writer';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';

const authOf = (user: TestUser) => ({ authorization: `Bearer ${user.access}` });

const URL = '/api/base/generate_text/';
const body = { style: 'Heartfelt', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'She loves hiking.' };

/** A generator double: counts calls, can be told to fail or to be slow. */
function fakeGenerator() {
  const calls: GenerateRequest[] = [];
  let failure: GeneratorUnavailableError | Error | null = null;
  let delayMs = 0;
  const generator: WishGenerator = {
    async generate(request) {
      calls.push(request);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (failure) throw failure;
      return `Happy birthday, ${request.name}! (${calls.length})`;
    },
  };
  return {
    generator,
    calls,
    fail: (error: GeneratorUnavailableError | Error | null) => (failure = error),
    slow: (ms: number) => (delayMs = ms),
  };
}

async function eventCount(app: FastifyInstance, userId: number) {
  const row = await app.deps.db.selectFrom('generation_events').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe.each(dialects)('POST /api/base/generate_text/ (%s)', (dialect) => {
  let t: TestContext;
  let fake: ReturnType<typeof fakeGenerator>;
  const LIMIT = 3;

  beforeAll(async () => {
    fake = fakeGenerator();
    t = await createTestApp(dialect, { generationLimitPerHour: LIMIT }, { generator: fake.generator });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    fake.fail(null);
    fake.slow(0);
    fake.calls.length = 0;
  });

  const post = (payload: unknown, headers: Record<string, string> = {}, url = URL) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('requires a signed-in user', async () => {
    const res = await post(body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(fake.calls).toHaveLength(0);
  });

  it('returns the text and the remaining quota, with and without the trailing slash', async () => {
    const user = await t.createUser();
    const first = await post(body, authOf(user));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ text: expect.stringContaining('Anna'), rate_limit: { limit: LIMIT, remaining: LIMIT - 1 } });
    const second = await post(body, authOf(user), URL.slice(0, -1));
    expect(second.statusCode).toBe(200);
    expect(second.json().rate_limit).toEqual({ limit: LIMIT, remaining: LIMIT - 2 });
  });

  it('passes trimmed fields to the generator', async () => {
    const user = await t.createUser();
    await post({ style: ' Funny ', audience: '\tFriend', name: '  Leo ', topic: 'Birthday ', details: ' likes cake  ', extra: 'ignored' }, authOf(user));
    expect(fake.calls[0]).toEqual({ style: 'Funny', audience: 'Friend', name: 'Leo', topic: 'Birthday', details: 'likes cake' });
  });

  it('refuses missing, blank, too long and wrongly typed fields without using quota', async () => {
    const user = await t.createUser();
    const blank = await post({ ...body, name: '   ', details: '' }, authOf(user));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: expect.any(String), fields: { name: 'This field is required.', details: 'This field is required.' } });

    const missing = await post({ style: 'Formal' }, authOf(user));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual(expect.any(String));
    expect(missing.json().fields).toBeDefined();

    const emptyBody = await t.app.inject({ method: 'POST', url: URL, headers: authOf(user) });
    expect(emptyBody.statusCode).toBe(400);

    for (const [field, length] of [['name', 101], ['style', 101], ['audience', 101], ['topic', 101], ['details', 1001]] as const) {
      const res = await post({ ...body, [field]: 'x'.repeat(length) }, authOf(user));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await post({ ...body, name: 'x'.repeat(100), details: 'y'.repeat(1000) }, authOf(user))).statusCode).toBe(200);

    const wrongType = await post({ ...body, name: 42 }, authOf(user));
    expect(wrongType.statusCode).toBe(400);
    const notJson = await t.app.inject({ method: 'POST', url: URL, headers: { ...authOf(user), 'content-type': 'application/json' }, payload: '{"style":' });
    expect(notJson.statusCode).toBe(400);

    expect(await eventCount(t.app, user.id)).toBe(1);
    expect(fake.calls).toHaveLength(1);
  });

  it('stops at the hourly limit with 429, Retry-After and no provider call', async () => {
    const user = await t.createUser();
    for (let i = 0; i < LIMIT; i++) expect((await post(body, authOf(user))).statusCode).toBe(200);
    const calls = fake.calls.length;
    const res = await post(body, authOf(user));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: `You have reached the limit of ${LIMIT} wish generations per hour. Please try again later.`,
      rate_limit: { limit: LIMIT, remaining: 0 },
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(fake.calls.length).toBe(calls);
    // Another user has their own quota.
    const other = await t.createUser();
    expect((await post(body, authOf(other))).statusCode).toBe(200);
  });

  it('counts a rolling hour: old events expire and Retry-After follows the oldest event', async () => {
    const user = await t.createUser();
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await t.app.deps.db
      .insertInto('generation_events')
      .values([
        { user_id: user.id, created_at: ago(61) }, // outside the window
        { user_id: user.id, created_at: ago(59) },
        { user_id: user.id, created_at: ago(30) },
      ])
      .execute();
    const ok = await post(body, authOf(user));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().rate_limit).toEqual({ limit: LIMIT, remaining: 0 });
    const limited = await post(body, authOf(user));
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(61);
  });

  it.each([
    [503, GENERATOR_MESSAGES.unavailable],
    [502, GENERATOR_MESSAGES.badResponse],
  ] as const)('maps a provider failure to %i and uses no quota', async (status, message) => {
    const user = await t.createUser();
    fake.fail(new GeneratorUnavailableError(status));
    const res = await post(body, authOf(user));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: message });
    expect(await eventCount(t.app, user.id)).toBe(0);
  });

  it('never answers 500 when the provider throws something unexpected', async () => {
    const user = await t.createUser();
    fake.fail(new TypeError('boom'));
    const res = await post(body, authOf(user));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: GENERATOR_MESSAGES.unavailable });
    expect(await eventCount(t.app, user.id)).toBe(0);
  });

  it('never grants more than the limit to concurrent requests', async () => {
    const user = await t.createUser();
    fake.slow(20);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(body, authOf(user))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(10 - LIMIT);
    expect(await eventCount(t.app, user.id)).toBe(LIMIT);
    const remaining = results.filter((r) => r.statusCode === 200).map((r) => r.json().rate_limit.remaining).sort();
    expect(remaining).toEqual([0, 1, 2]);
  });
});

describe('generate route with the real template provider', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { generator: 'template' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes a wish naming the person', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({ method: 'POST', url: URL, payload: body, headers: authOf(user) });
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toContain('Anna');
    expect(res.json().rate_limit).toEqual({ limit: 20, remaining: 19 });
  });
});
