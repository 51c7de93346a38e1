/**
 * Cluster mode: the stream caps (STREAMS_PER_MEMBER, STREAMS_PER_ADDRESS) count the open streams of
 * every process, not of each one alone (behind HAProxy, ten per process would be twenty per member
 * with two processes). Each open stream holds a lease in Redis: an entry of two sorted sets (the
 * member's and the address's) scored by Redis's own clock. The process holding the stream renews
 * its leases every SHARED_LEASE_MS / 3 and removes them when the stream ends; a process that dies
 * leaves leases that lapse after SHARED_LEASE_MS, so its slots come back by themselves.
 *
 * Checking and taking a slot is one Lua script, so two processes cannot both take the last slot.
 * The keys are named by the site's database (a hash of DATABASE_URL), so two sites, or two test
 * runs, sharing one Redis never count each other's members (user ids repeat between databases).
 * While Redis does not answer, each process counts only its own streams (as the rate limits do).
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../app/deps';
import type { ClusterLink } from './shared-state';
import type { SharedStreamSlots, StreamSlot } from '../platform/event-stream';

/** How long a lease lives without a renewal. */
const SHARED_LEASE_MS = 30_000;

const NOW_MS = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: member set, address set. ARGV: lease ms, member cap, address cap, stream id. 0 taken, 1 member full, 2 address full. */
const TAKE = `${NOW_MS}
local lease = tonumber(ARGV[1])
for i = 1, 2 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - lease) end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 2 end
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[i], lease)
end
return 0`;

/** KEYS: member and address set of each stream in turn. ARGV: lease ms, then each key's stream id. */
const RENEW = `${NOW_MS}
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now, ARGV[i + 1])
  redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[1]))
end
return 0`;


/** A renewal sends at most this many streams per script call. */
const RENEW_BATCH = 250;

/** The shared count of a cluster-mode app (REDIS_URL), else undefined (one process counts its own). */
export function sharedStreamSlots(deps: Pick<AppDeps, 'cluster' | 'config'>): SharedStreamSlots | undefined {
  if (!deps.cluster) return undefined;
  const site = createHash('sha256').update(deps.config.databaseUrl).digest('hex').slice(0, 16);
  return redisStreamSlots(deps.cluster, `wishes:streams:${site}`);
}

export function redisStreamSlots(cluster: ClusterLink, prefix: string, leaseMs = SHARED_LEASE_MS): SharedStreamSlots {
  const { redis } = cluster;
  const keysOf = (slot: StreamSlot) => [`${prefix}:${slot.kind}:member:${slot.userId}`, `${prefix}:${slot.kind}:address:${slot.address}`];
  return {
    leaseMs,
    available: () => cluster.available(),
    async take(slot, caps) {
      const answer = Number(await redis.eval(TAKE, 2, ...keysOf(slot), leaseMs, caps.perMember, caps.perAddress, slot.id));
      return answer === 1 ? 'member' : answer === 2 ? 'address' : 'ok';
    },
    async renew(slots) {
      for (let i = 0; i < slots.length; i += RENEW_BATCH) {
        const batch = slots.slice(i, i + RENEW_BATCH);
        const keys = batch.flatMap(keysOf);
        const ids = batch.flatMap((slot) => [slot.id, slot.id]);
        await redis.eval(RENEW, keys.length, ...keys, leaseMs, ...ids);
      }
    },
    async free(slot) {
      const [member, address] = keysOf(slot);
      await redis.multi().zrem(member!, slot.id).zrem(address!, slot.id).exec();
    },
  };
}
