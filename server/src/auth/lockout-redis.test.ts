/**
 * RedisLockout (cluster mode) against a real Redis on 127.0.0.1:6379: the same answers as the
 * in-memory Lockout (lockout.test.ts) for counts that need no waiting. Each run uses its own
 * emails, so counts left by earlier runs never meet it. Without Redis its tests are reported as
 * skipped (loudly); under CI that is an error.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describeWhenReachable } from '../../test/kit/services';
import { LOGIN_LOCKOUT, RedisLockout } from './lockout';

const run = randomBytes(4).toString('hex');
let redis: Redis;
const describeWithRedis = describeWhenReachable('Redis', '127.0.0.1', 6379);

const maybe = (name: string, body: (lockout: RedisLockout) => Promise<void>) => it(name, () => body(new RedisLockout(redis, `test-${run}`, LOGIN_LOCKOUT)));

describeWithRedis('RedisLockout', () => {
  beforeAll(async () => {
    redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await redis.connect();
  });

  afterAll(async () => {
    // The "known address" keys live 30 days: leave nothing behind in the shared Redis.
    const keys = await redis.keys(`wishes:lockout:test-${run}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  maybe('lets 5 failures from a pair through, then doubles the wait; other pairs are untouched', async (lockout) => {
    const email = `a.${run}@x.co`;
    for (let i = 0; i < 4; i++) await lockout.count(email, '1.1.1.1');
    expect(await lockout.retryAfterSeconds(email, '1.1.1.1')).toBe(0);
    await lockout.count(email, '1.1.1.1');
    expect(await lockout.retryAfterSeconds(email, '1.1.1.1')).toBe(1);
    await lockout.count(email, '1.1.1.1');
    expect(await lockout.retryAfterSeconds(email, '1.1.1.1')).toBe(2);
    await lockout.count(email, '1.1.1.1');
    expect(await lockout.retryAfterSeconds(email, '1.1.1.1')).toBe(4);
    expect(await lockout.retryAfterSeconds(email, '2.2.2.2')).toBe(0);
    expect(await lockout.retryAfterSeconds(`b.${run}@x.co`, '1.1.1.1')).toBe(0);
  });

  maybe('a successful sign-in clears the pair', async (lockout) => {
    const email = `c.${run}@x.co`;
    for (let i = 0; i < 6; i++) await lockout.count(email, '1.1.1.1');
    expect(await lockout.retryAfterSeconds(email, '1.1.1.1')).toBeGreaterThan(0);
    await lockout.succeeded(email, '1.1.1.1');
    expect(await lockout.retryAfterSeconds(email, '1.1.1.1')).toBe(0);
  });

  maybe('the per-email ceiling holds off new addresses for the window, but not one the owner signed in from', async (lockout) => {
    const email = `owner.${run}@x.co`;
    await lockout.succeeded(email, '192.0.2.1');
    for (let i = 0; i < LOGIN_LOCKOUT.emailCeiling; i++) await lockout.count(email, `10.0.${i >> 8}.${i & 255}`);
    expect(await lockout.retryAfterSeconds(email, '10.9.9.9')).toBe(15 * 60);
    expect(await lockout.retryAfterSeconds(email, '192.0.2.1')).toBe(0);
  });
});
