/**
 * The stream slots every cluster process shares (cluster/stream-slots.ts) on a real Redis: the cap
 * holds under concurrent takes (one script: check and take), a freed slot comes back, and the
 * leases of a process that stopped renewing them (it died) lapse by themselves.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { connectCluster, type ClusterLink } from './shared-state';
import { redisStreamSlots } from './stream-slots';
import type { StreamSlot } from '../platform/event-stream';
import { describeUnless, unreachable } from '../../test/kit/services';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const caps = { perMember: 10, perAddress: 50 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeUnless(unreachable('Redis', REDIS_URL, 6379))('shared stream slots (Redis)', () => {
  let cluster: ClusterLink;
  const prefix = `wishes:test-streams:${randomBytes(6).toString('hex')}`;
  let n = 0;
  const slot = (userId: number, address = '203.0.113.9'): StreamSlot => ({ kind: 'unread', userId, address, id: `p:${++n}` });

  beforeAll(async () => {
    cluster = await connectCluster(REDIS_URL, quiet);
  });
  afterAll(async () => {
    const keys = await cluster.redis.keys(`${prefix}:*`);
    if (keys.length) await cluster.redis.del(...keys);
    await cluster.close();
  });

  it('30 concurrent takes for one member from two "processes" get exactly 10 slots; a freed one is taken again', async () => {
    const one = redisStreamSlots(cluster, prefix);
    const other = redisStreamSlots(cluster, prefix);
    const slots = Array.from({ length: 30 }, () => slot(1));
    const verdicts = await Promise.all(slots.map((s, i) => (i % 2 ? one : other).take(s, caps)));
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(10);
    expect(verdicts.filter((v) => v === 'member')).toHaveLength(20);
    await one.free(slots[verdicts.indexOf('ok')]!);
    expect(await other.take(slot(1), caps)).toBe('ok');
    expect(await other.take(slot(1), caps)).toBe('member');
  });

  it('the address cap counts every member of the address', async () => {
    const slots = redisStreamSlots(cluster, prefix);
    const tight = { perMember: 10, perAddress: 3 };
    for (const userId of [2, 3, 4]) expect(await slots.take(slot(userId, '198.51.100.7'), tight)).toBe('ok');
    expect(await slots.take(slot(5, '198.51.100.7'), tight)).toBe('address');
    expect(await slots.take(slot(5, '198.51.100.8'), tight)).toBe('ok');
  });

  it('leases lapse unless renewed (a process that died gives its slots back)', async () => {
    const slots = redisStreamSlots(cluster, prefix, 400);
    const kept = slot(6);
    const left = slot(6);
    const tight = { perMember: 2, perAddress: 50 };
    expect(await slots.take(kept, tight)).toBe('ok');
    expect(await slots.take(left, tight)).toBe('ok');
    expect(await slots.take(slot(6), tight)).toBe('member');
    for (let i = 0; i < 4; i++) {
      await sleep(150);
      await slots.renew([kept]);
    }
    // 600 ms on: `left` was never renewed and lapsed; `kept` still holds its slot.
    expect(await slots.take(slot(6), tight)).toBe('ok');
    expect(await slots.take(slot(6), tight)).toBe('member');
  });
});
