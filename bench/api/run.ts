/**
 * API benchmark: starts bench/api/server.ts on a loaded database (loopback only), then runs
 * autocannon against each endpoint in turn (a short warm-up whose figures are dropped, then the
 * measured run) and reports requests/s, p50/p99 latency and the ratio to the bare route measured
 * by the same server process in the same run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// autocannon ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;
import { sql } from 'kysely';
import { COMMON_WORD, RARE_WORD, type Dataset } from '../lib/data';
import { openDatabase } from '../../server/src/db/connect';
import { PEOPLE_LIST, SCAN_PEOPLE, peopleMemberOf, seedGrowth, type GrowthData } from './growth';
import { VOTERS_PAGE } from '../../shared/kit-contract/src/constants';
import { FANOUT_STREAMS, fanoutTargets, measureFirstToken, measureNotifyFanout } from './streams';
import { leanLoad } from './lean-client';

/** How many people the following-feed member follows (issue: "a member following 200 people"). */
export const FOLLOWED = 200;

/**
 * Makes `followerId` follow FOLLOWED authors of public wishes, spread over the whole range of
 * authors (prolific and occasional alike; the generated follows are skewed towards a few), and
 * keeps the denormalized counters exact. Idempotent: a second run adds nothing.
 */
async function followAuthors(databaseUrl: string, followerId: number): Promise<number> {
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const authors = (await sql<{ user_id: number }>`select distinct user_id from wishes where is_public = 1 and user_id <> ${followerId} order by user_id`.execute(db)).rows.map((r) => r.user_id);
    const step = Math.max(1, Math.floor(authors.length / FOLLOWED));
    const chosen = authors.filter((_, i) => i % step === 0).slice(0, FOLLOWED);
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      for (const targetId of chosen) {
        const added = await trx
          .insertInto('subscriptions')
          .values({ follower_id: followerId, target_id: targetId, created_at: now })
          .onConflict((oc) => oc.columns(['follower_id', 'target_id']).doNothing())
          .executeTakeFirst();
        if (Number(added.numInsertedOrUpdatedRows ?? 0n) > 0) {
          await sql`update users set followers_count = followers_count + 1 where id = ${targetId}`.execute(trx);
          await sql`update users set following_count = following_count + 1 where id = ${followerId}`.execute(trx);
        }
      }
    });
    const count = await sql<{ n: number | string }>`select count(*) as n from subscriptions where follower_id = ${followerId}`.execute(db);
    return Number(count.rows[0]!.n);
  } finally {
    await db.destroy();
  }
}

/** Seeded rows for the moderation queue and the notifications list (the bulk load writes neither). */
export const SEEDED = { complaints: 3000, reportedWishes: 1000, notifications: 500, actorsPerNotification: 3 };

/**
 * Gives the new hot calls something to read: `moderatorId` becomes a moderator and sees a queue of
 * SEEDED.reportedWishes open items (SEEDED.complaints reports from distinct people, spread over
 * the feed); `readerId` gets SEEDED.notifications unread follow notifications with three actors
 * each. Idempotent (a second run adds nothing). Returns a cursor in the middle of the mega wish's
 * voters (the deep-page voters row), encoded as the server encodes it.
 */
async function seedHotCalls(databaseUrl: string, data: Dataset, moderatorId: number, readerId: number): Promise<string | null> {
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    await sql`update users set role = 'moderator' where id = ${moderatorId}`.execute(db);
    const now = new Date().toISOString();
    const publicIds: number[] = [];
    for (let i = 0; i < data.size.wishes; i++) if (data.wishes.isPublic[i]) publicIds.push(i + 1);
    const step = Math.max(1, Math.floor(publicIds.length / SEEDED.reportedWishes));
    const perWish = Math.ceil(SEEDED.complaints / SEEDED.reportedWishes);
    await db.transaction().execute(async (trx) => {
      const existing = await sql<{ n: number | string }>`select count(*) as n from complaints where category = 'bench'`.execute(trx);
      if (Number(existing.rows[0]!.n) === 0) {
        for (let k = 0, made = 0; k < SEEDED.reportedWishes && made < SEEDED.complaints; k++) {
          const wishId = publicIds[k * step]!;
          const rows = Array.from({ length: Math.min(perWish, SEEDED.complaints - made) }, (_, j) => {
            const reporter = 1 + ((k * 31 + j * 7) % data.size.users);
            return { wish_id: wishId, reporter_id: reporter, reporter_ip: null, reporter_key: `u:${reporter}`, category: 'bench', created_at: now };
          });
          made += rows.length;
          await trx.insertInto('complaints').values(rows).onConflict((oc) => oc.doNothing()).execute();
        }
      }
      const mine = await sql<{ n: number | string }>`select count(*) as n from notifications where user_id = ${readerId}`.execute(trx);
      if (Number(mine.rows[0]!.n) === 0) {
        for (let k = 0; k < SEEDED.notifications; k++) {
          const stamp = new Date(Date.now() - k * 60_000).toISOString();
          const inserted = await trx
            .insertInto('notifications')
            .values({ user_id: readerId, kind: 'follow', wish_id: null, text: null, read_at: null, created_at: stamp, updated_at: stamp })
            .returning('id')
            .executeTakeFirstOrThrow();
          const actors = Array.from({ length: SEEDED.actorsPerNotification }, (_, j) => 1 + ((k * 13 + j * 101) % data.size.users)).filter((a) => a !== readerId);
          await trx.insertInto('notification_actors').values([...new Set(actors)].map((actor_id) => ({ notification_id: inserted.id, actor_id, created_at: stamp }))).execute();
        }
      }
    });
    if (!data.megaWish.id) return null;
    const middle = await sql<{ created_at: string; id: number }>`select created_at, id from votes where wish_id = ${data.megaWish.id}
      order by created_at desc, id desc limit 1 offset ${Math.floor(data.megaWish.votes / 2)}`.execute(db);
    const at = middle.rows[0];
    return at ? Buffer.from(`${at.created_at}|${at.id}`).toString('base64url') : null;
  } finally {
    await db.destroy();
  }
}

/** The group rows: one delivered group of SEEDED_GROUP messages behind fixed links (the bulk load writes no groups). */
export const SEEDED_GROUP = { messages: 200, invite: 'BenchGroupInvite0123456789abcdef', token: 'BenchGroupDelivery0123456789abcd' };

export async function seedGroup(databaseUrl: string, organiserId: number): Promise<void> {
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    if (await db.selectFrom('groups').select('id').where('invite', '=', SEEDED_GROUP.invite).executeTakeFirst()) return;
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      const group = await trx
        .insertInto('groups')
        .values({ organiser_id: organiserId, recipient_name: 'Bench Recipient', recipient_email: null, topic: 'Birthday', note: 'From all of us', deliver_local: null, time_zone: 'UTC', deliver_at_utc: null, approval: 'open', state: 'delivered', invite: SEEDED_GROUP.invite, delivery_token: SEEDED_GROUP.token, lease_expires_at: null, leased_by: null, empty_warned_for: null, delivered_at: now, cancelled_at: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = Array.from({ length: SEEDED_GROUP.messages }, (_, k) => ({
        group_id: group.id,
        user_id: null,
        invitation_id: null,
        signer_name: `Signer ${k + 1}`,
        text: `Happy birthday! ${'All the best for the year ahead, from all of us. '.repeat(1 + (k % 4))}`.trim(),
        status: 'visible',
        edit_token_hash: 'x'.repeat(64),
        reported_at: null,
        created_at: now,
        updated_at: now,
      }));
      await trx.insertInto('group_contributions').values(rows).execute();
    });
  } finally {
    await db.destroy();
  }
}

interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}

export interface EndpointResult {
  key: string;
  label: string;
  method: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  bytesPerResponse: number;
  ratioToBare: number | null;
  requests: number;
  errors: number;
  non2xx: number;
  /** Paired mode: the bare route's req/s in the slices interleaved with this endpoint's. */
  pairedBareRps?: number;
}

/** Rounds of [bare, endpoint] per endpoint in paired mode. */
export const PAIRED_ROUNDS = 3;

export interface ApiBenchOptions {
  databaseUrl: string;
  data: Dataset;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  only?: string[];
  /** Interleave the bare route with each endpoint (see PAIRED_ROUNDS); default true. */
  paired: boolean;
  /** The data's --scale: the growth rows' data (growth.ts) grows with it. */
  scale?: number;
  log: (line: string) => void;
}

const SERVER = path.join(__dirname, 'server.ts');

export function startServer(databaseUrl: string, userIds: number[], extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number; tokens: string[]; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wishes-bench-'));
  return new Promise((resolve, reject) => {
    const child = fork(SERVER, [], {
      cwd: path.join(__dirname, '..', '..', 'server'),
      // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server (open it in Chrome DevTools).
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      // Production defaults (NODE_ENV unset, LOG_LEVEL unset = info); the request log goes nowhere.
      // The per-address search throttle is lifted: every benchmark connection comes from 127.0.0.1,
      // and the search rows measure the search itself (bench/search-stall.ts covers abuse). Likewise
      // the hourly generation quota (the firstToken row streams hundreds of drafts per member), with
      // the offline generator whatever the environment says. And the per-address stream cap (50 by
      // default): the notifyFanout row holds 200 members' streams, all from 127.0.0.1.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        // NODE_ENV=production turns the production guards on: mail needs a transport.
        MAIL_TRANSPORT: 'outbox',
        BENCH_USERS: JSON.stringify(userIds),
        SEARCH_LIMIT_PER_MINUTE: '1000000',
        GENERATOR: 'template',
        GENERATION_LIMIT_PER_HOUR: '1000000',
        STREAMS_PER_ADDRESS: '1000',
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message) => {
      const { port, tokens } = message as { port: number; tokens: string[] };
      resolve({ child, port, tokens, dataDir });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code} before listening`)));
  });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    // A CPU profile (BENCH_CPU_PROF) of a long run is written on exit and takes a while on a loaded machine.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, process.env.BENCH_CPU_PROF ? 120_000 : 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface Scenario {
  key: string;
  label: string;
  method: string;
  path: string;
  opts: Record<string, unknown>;
  /** Run against the second server, which keeps the anonymous feed cache on (the first has it off). */
  cached?: boolean;
  /** Measured with the byte-counting client (lean-client.ts), paired bare slices included: large binary bodies. */
  lean?: boolean;
}

/** Wishes deleted by the delete row. */
export const DELETES = 1000;

/**
 * `count` public wishes spread evenly over the feed (newest to oldest), none of those the other rows
 * use (the popular wish, the vote pairs), with their authors.
 */
function wishesToDelete(data: Dataset, count: number): Array<{ wishId: number; userId: number }> {
  const keep = new Set([data.popularWish.id, ...data.freePairs.map((p) => p.wishId)]);
  const candidates: number[] = [];
  for (let i = 0; i < data.size.wishes; i++) if (data.wishes.isPublic[i] && !keep.has(i + 1)) candidates.push(i + 1);
  const step = Math.max(1, Math.floor(candidates.length / count));
  const chosen: Array<{ wishId: number; userId: number }> = [];
  for (let k = 0; k < candidates.length && chosen.length < count; k += step) chosen.push({ wishId: candidates[k]!, userId: data.wishes.userId[candidates[k]! - 1]! });
  return chosen;
}

/** Each author deletes their wish (DELETE /api/base/wish/{id}/), `parallel` requests in flight; latency per request. */
async function deleteWishes(base: string, doomed: Array<{ wishId: number; userId: number }>, tokenOf: Map<number, string>, parallel: number, s: Scenario): Promise<EndpointResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < doomed.length) {
        const { wishId, userId } = doomed[next++]!;
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}/api/base/wish/${wishId}/`, { method: 'DELETE', headers: { authorization: `Bearer ${tokenOf.get(userId)}` } });
          await res.arrayBuffer();
          if (res.status !== 200) non2xx++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { key: s.key, label: s.label, method: s.method, path: s.path, rps: doomed.length / elapsed, p50: at(0.5), p99: at(0.99), bytesPerResponse: 0, ratioToBare: null, requests: doomed.length, errors, non2xx };
}

/**
 * The reminder scan: three rounds, each after one more day's share of the members' reminders was
 * made due (about a 365th of them), then one round with nothing due. Times are the server's own
 * (the round in its process, growth.ts makeDue before it, untimed); `rps` is reminders sent per second.
 */
async function measureReminderScan(base: string, peopleMember: number, s: Scenario): Promise<EndpointResult[]> {
  const round = async (share: number) => {
    const res = await fetch(`${base}/bench/reminder-round`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ share, member: peopleMember }) });
    if (!res.ok) throw new Error(`reminder round: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as { due: number; sent: number; ms: number };
  };
  const rounds = [];
  for (const share of [1, 2, 3]) rounds.push(await round(share));
  const idle = await round(-1);
  const ms = rounds.map((r) => r.ms).sort((a, b) => a - b);
  const sent = rounds.reduce((n, r) => n + r.sent, 0);
  const errors = rounds.filter((r) => r.sent !== r.due).length;
  return [
    { key: s.key, label: `${s.label}: ${rounds.map((r) => r.sent).join(' / ')} sent`, method: s.method, path: s.path, rps: sent / (ms.reduce((a, b) => a + b, 0) / 1000), p50: Math.round(ms[1]!), p99: Math.round(ms[2]!), bytesPerResponse: 0, ratioToBare: null, requests: rounds.length, errors, non2xx: 0 },
    { key: 'reminderScanIdle', label: 'reminder scan: a round with nothing due', method: s.method, path: s.path, rps: 0, p50: Math.round(idle.ms * 10) / 10, p99: Math.round(idle.ms * 10) / 10, bytesPerResponse: 0, ratioToBare: null, requests: 1, errors: 0, non2xx: 0 },
  ];
}

export async function runApiBench(options: ApiBenchOptions): Promise<EndpointResult[]> {
  const { data } = options;
  const pairs = data.freePairs.slice(0, options.connections);
  const doomed = wishesToDelete(data, DELETES);
  const doomedAuthors = [...new Set(doomed.map((d) => d.userId))];
  const wanted = (key: string) => !options.only || options.only.includes(key);
  // The fan-out row's voter: the last user (at every scale with a mega wish, one of its voters, who
  // authors nothing and voted on nothing else), and one wish per author whose stream it opens.
  const fanoutVoter = data.counts.users;
  const fanout = wanted('notifyFanout')
    ? await fanoutTargets(options.databaseUrl, fanoutVoter, FANOUT_STREAMS, new Set([data.popularWish.id, data.megaWish.id, ...pairs.map((p) => p.wishId), ...doomed.map((d) => d.wishId)]))
    : [];
  // The newer pages' data (replies, people, the reminder scan), when one of their rows runs.
  const growth: GrowthData | null = ['replies', 'peopleList', 'peopleListGzip', 'reminderScan'].some(wanted) ? await seedGrowth(options.databaseUrl, data, options.scale ?? 1) : null;
  const peopleMember = peopleMemberOf(data);
  const benchUsers = [...pairs.map((p) => p.userId), ...doomedAuthors, fanoutVoter, ...fanout.map((t) => t.authorId), peopleMember];
  const peopleToken = () => server.tokens[benchUsers.length - 1]!;
  // The following feed's member: the first bench user, made to follow FOLLOWED people.
  const following = options.only && !options.only.includes('following1') ? 0 : await followAuthors(options.databaseUrl, pairs[0].userId);
  const middleCursor = await seedHotCalls(options.databaseUrl, data, pairs[1].userId, pairs[2].userId);
  await seedGroup(options.databaseUrl, pairs[0].userId);
  const mega = data.megaWish;
  // The main server runs as in production, with the read model on (server/src/wishes/read-model.ts:
  // fresh, kept current on write), so the feed, wish and list figures are what readers get;
  // feed1Cached/feedDeepCached (and their own bare baseline) then run on a second server with it off
  // (WISHES_FEED_CACHE_MS=0: every read runs its query), the database path for comparison.
  let server = { ...(await startServer(options.databaseUrl, benchUsers)), cachedOn: false };
  const { tokens } = server;
  let base = `http://127.0.0.1:${server.port}`;
  const json = { 'content-type': 'application/json' };
  const feedPages = Math.ceil(Array.from(data.wishes.isPublic).filter(Boolean).length / 10);
  const deepPage = Math.min(5000, feedPages);

  // Each connection toggles its own (user, wish) pair: vote, then remove the vote, so the data ends as it began.
  // `root` is the path before the wish's id: the API's, or the write floor's (the same requests).
  const toggleRequests = (root: string) => {
    let nextPair = 0;
    return [
      {
        method: 'POST',
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          if (context.pair === undefined) context.pair = nextPair++ % pairs.length;
          const k = context.pair as number;
          return { ...req, path: `${root}${pairs[k].wishId}/vote/`, headers: { ...json, authorization: `Bearer ${tokens[k]}` }, body: '{"vote_type":"upvote"}' };
        },
      },
      {
        method: 'DELETE',
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          const k = context.pair as number;
          return { ...req, path: `${root}${pairs[k].wishId}/vote/`, headers: { authorization: `Bearer ${tokens[k]}` } };
        },
      },
    ];
  };

  // The card as a crawler or browser that already holds it asks again (If-None-Match: 304), and the
  // floor under the card row: a constant body of the card's size from a harness route. The three
  // card rows (and their paired bare slices) use the byte-counting client (lean-client.ts):
  // autocannon 8 decodes every response body into a string, so with it a 65 KB card measured the
  // client (card and floor alike at 0.03× bare), not the server.
  const card = await fetch(`${base}/api/base/wish/${data.popularWish.id}/card.png`);
  const cardEtag = card.headers.get('etag') ?? '';
  const cardBytes = (await card.arrayBuffer()).byteLength;

  const scenarios: Scenario[] = [
    { key: 'bare', label: 'bare Fastify route (baseline)', method: 'GET', path: '/bench/bare', opts: {} },
    { key: 'feed1', label: 'feed page 1 (read model)', method: 'GET', path: '/api/base/feed/1/', opts: {} },
    // A member's page 1: their own vote in every wish, never from the anonymous cache.
    { key: 'feed1Signed', label: 'feed page 1, signed in (read model)', method: 'GET', path: '/api/base/feed/1/', opts: { headers: { authorization: `Bearer ${tokens[Math.min(3, pairs.length - 1)]}` } } },
    { key: 'feedDeep', label: `feed page ${deepPage} (read model)`, method: 'GET', path: `/api/base/feed/${deepPage}/`, opts: {} },
    { key: 'wish', label: 'wish detail', method: 'GET', path: `/api/base/wish/${data.popularWish.id}/`, opts: {} },
    // A group's invite data and its recipient's page (docs/groups.md), each with every one of its messages, beside the wish detail.
    { key: 'groupInvite', label: `group invite data (${SEEDED_GROUP.messages} messages)`, method: 'GET', path: `/api/groups/invite/${SEEDED_GROUP.invite}/`, opts: {} },
    { key: 'groupBoard', label: `group's /w/ board (${SEEDED_GROUP.messages} messages, server-drawn HTML)`, method: 'GET', path: `/w/${SEEDED_GROUP.token}`, opts: {} },
    { key: 'voters', label: `voters (${data.popularWish.votes} votes)`, method: 'GET', path: `/api/wish/${data.popularWish.id}/voters/`, opts: {} },
    { key: 'votersMega', label: `voters of a ${mega.votes.toLocaleString('en')}-vote wish, first page (?limit=${VOTERS_PAGE.modalLimit}, the modal's call)`, method: 'GET', path: `/api/wish/${mega.id}/voters/?limit=${VOTERS_PAGE.modalLimit}`, opts: {} },
    { key: 'votersMegaDown', label: `voters of the same wish, downvotes, first page (?vote_type=downvote&limit=${VOTERS_PAGE.modalLimit})`, method: 'GET', path: `/api/wish/${mega.id}/voters/?vote_type=downvote&limit=${VOTERS_PAGE.modalLimit}`, opts: {} },
    { key: 'votersMegaDeep', label: `voters of the same wish, a page from the middle (?limit=${VOTERS_PAGE.modalLimit}&cursor=…)`, method: 'GET', path: `/api/wish/${mega.id}/voters/?limit=${VOTERS_PAGE.modalLimit}&cursor=${middleCursor ?? ''}`, opts: {} },
    { key: 'replies', label: `a wish's replies, page 1 (${growth?.replyWishReplies.toLocaleString('en') ?? '?'} replies; ${growth?.replies.toLocaleString('en') ?? '?'} in all)`, method: 'GET', path: `/api/wish/${data.popularWish.id}/replies/`, opts: {} },
    // The ~125 KB body: the byte-counting client, as the card rows (autocannon decoding each body into a string measured itself).
    { key: 'peopleList', label: `a member's people list (${PEOPLE_LIST} people, signed in)`, method: 'GET', path: '/api/people/', opts: { headers: { authorization: `Bearer ${peopleToken()}` } }, lean: true },
    // The same as a browser asks for it (Accept-Encoding: gzip): the held gzip variant, ~10× fewer bytes.
    { key: 'peopleListGzip', label: `a member's people list (${PEOPLE_LIST} people, signed in), Accept-Encoding: gzip`, method: 'GET', path: '/api/people/', opts: { headers: { authorization: `Bearer ${peopleToken()}`, 'accept-encoding': 'gzip' } }, lean: true },
    { key: 'reminderScan', label: `reminder scan: one round (${growth?.scanMembers.toLocaleString('en') ?? '?'} members × ${SCAN_PEOPLE} people, a day's share due)`, method: 'POST', path: '/bench/reminder-round', opts: {} },
    { key: 'userWishes', label: `user's wishes (${data.prolificUser.wishes} public)`, method: 'GET', path: `/api/base/user/${data.prolificUser.id}/wishes/1/`, opts: {} },
    { key: 'searchCommon', label: `search "${COMMON_WORD}" (common)`, method: 'POST', path: '/api/base/search/', opts: { headers: json, body: JSON.stringify({ query: COMMON_WORD }) } },
    { key: 'searchRare', label: `search "${RARE_WORD}" (rare)`, method: 'POST', path: '/api/base/search/', opts: { headers: json, body: JSON.stringify({ query: RARE_WORD }) } },
    {
      key: 'following1',
      label: `following feed page 1 (member following ${following})`,
      method: 'GET',
      path: '/api/base/feed/following/1/',
      opts: { headers: { authorization: `Bearer ${tokens[0]}` } },
    },
    { key: 'dbFloor', label: 'database round trip alone (`select 1` route)', method: 'GET', path: '/bench/db-floor', opts: {} },
    { key: 'notifications', label: `notifications list, page 1 (${SEEDED.notifications} unread, signed in)`, method: 'GET', path: '/api/notifications/', opts: { headers: { authorization: `Bearer ${tokens[2]}` } } },
    { key: 'moderationQueue', label: `moderation queue, open, page 1 (${SEEDED.reportedWishes} reported wishes)`, method: 'GET', path: '/api/moderation/reports/', opts: { headers: { authorization: `Bearer ${tokens[1]}` } } },
    { key: 'cardPng', label: 'share card image (card.png of the popular wish)', method: 'GET', path: `/api/base/wish/${data.popularWish.id}/card.png`, opts: {}, lean: true },
    { key: 'cardPng304', label: 'share card image, client holds it (If-None-Match: 304)', method: 'GET', path: `/api/base/wish/${data.popularWish.id}/card.png`, opts: { headers: { 'if-none-match': cardEtag } }, lean: true },
    { key: 'pngFloor', label: `constant ${cardBytes}-byte PNG body (harness route, the card row's client-side floor)`, method: 'GET', path: `/bench/png-floor?bytes=${cardBytes}`, opts: {}, lean: true },
    { key: 'vote', label: 'vote toggle (signed in: vote, unvote)', method: 'POST+DELETE', path: '/api/wish/{id}/vote/', opts: { requests: toggleRequests('/api/wish/') } },
    { key: 'writeFloor', label: 'durable write alone (harness route: the toggle\'s requests, one row each, group-committed)', method: 'POST+DELETE', path: '/bench/write-floor/{id}/vote/', opts: { requests: toggleRequests('/bench/write-floor/') } },
    // Streamed calls (api/streams.ts), measured by their events rather than by autocannon.
    { key: 'notifyFanout', label: 'notification stream fan-out', method: 'POST+DELETE → SSE', path: '/api/notifications/stream/', opts: {} },
    { key: 'firstToken', label: 'first streamed token', method: 'POST', path: '/api/base/generate_text/stream/', opts: {} },
    // Deletes spread over the whole feed (so every deep page moves), then the feed again on the changed data.
    { key: 'delete', label: `delete a wish (${DELETES} deletes, ${options.connections} at a time)`, method: 'DELETE', path: '/api/base/wish/{id}/', opts: {} },
    { key: 'feed1AfterDeletes', label: `feed page 1 after ${DELETES} deletes (read model)`, method: 'GET', path: '/api/base/feed/1/', opts: {} },
    { key: 'feedDeepAfterDeletes', label: `feed page ${deepPage} after ${DELETES} deletes (read model)`, method: 'GET', path: `/api/base/feed/${deepPage}/`, opts: {} },
    { key: 'bareCached', label: 'bare Fastify route (2nd server)', method: 'GET', path: '/bench/bare', opts: {}, cached: true },
    { key: 'feed1Cached', label: 'feed page 1, read model off (each read queries)', method: 'GET', path: '/api/base/feed/1/', opts: {}, cached: true },
    { key: 'feedDeepCached', label: `feed page ${deepPage}, read model off (each read queries)`, method: 'GET', path: `/api/base/feed/${deepPage}/`, opts: {}, cached: true },
  ];

  const results: EndpointResult[] = [];
  try {
    for (const s of scenarios) {
      const baseline = s.key === 'bare' || s.key === 'bareCached';
      const only = options.only;
      if (only && !baseline && !only.includes(s.key)) continue;
      if (s.key === 'bareCached' && only && !only.some((k) => k.endsWith('Cached'))) continue;
      if (s.cached && !server.cachedOn) {
        await stopServer(server.child);
        rmSync(server.dataDir, { recursive: true, force: true });
        server = { ...(await startServer(options.databaseUrl, benchUsers, { WISHES_FEED_CACHE_MS: '0' })), cachedOn: true };
        base = `http://127.0.0.1:${server.port}`;
      }
      if (s.key === 'notifyFanout' || s.key === 'firstToken') {
        const tokenOf = new Map(benchUsers.map((id, k) => [id, server.tokens[k]!]));
        const rows =
          s.key === 'notifyFanout'
            ? fanout.length === 0
              ? []
              : await measureNotifyFanout({
                  base,
                  targets: fanout,
                  authorTokens: fanout.map((t) => tokenOf.get(t.authorId)!),
                  voterToken: tokenOf.get(fanoutVoter)!,
                  parallel: options.connections,
                  durationSeconds: options.durationSeconds,
                  warmupSeconds: options.warmupSeconds,
                })
            : await measureFirstToken({ base, tokens: server.tokens.slice(0, pairs.length), durationSeconds: options.durationSeconds, warmupSeconds: options.warmupSeconds });
        for (const result of rows) {
          results.push(result);
          options.log(`  ${result.label.padEnd(40)} ${result.rps.toFixed(0).padStart(7)} /s     p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms` + (result.errors ? `  (${result.errors} errors!)` : ''));
        }
        continue;
      }
      if (s.key === 'reminderScan') {
        results.push(...(await measureReminderScan(base, peopleMember, s)));
        for (const r of results.filter((x) => x.key.startsWith('reminderScan'))) options.log(`  ${r.label.padEnd(40)} p50 ${String(r.p50).padStart(4)} ms  max ${String(r.p99).padStart(4)} ms  ${r.rps.toFixed(0)} reminders/s`);
        continue;
      }
      if (s.key === 'delete') {
        const tokenOf = new Map(benchUsers.map((id, k) => [id, server.tokens[k]!]));
        const result = await deleteWishes(base, doomed, tokenOf, options.connections, s);
        results.push(result);
        options.log(`  ${s.label.padEnd(40)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms` + (result.errors || result.non2xx ? `  (${result.errors} errors, ${result.non2xx} non-2xx!)` : ''));
        continue;
      }
      const common = { url: base + (s.method === 'POST+DELETE' ? '' : s.path), method: s.method === 'POST+DELETE' ? 'POST' : s.method, connections: options.connections, pipelining: 1, ...s.opts };
      const load = (o: Record<string, unknown>): Promise<AutocannonResult> =>
        s.lean
          ? (leanLoad({ url: o.url as string, method: o.method as string, headers: o.headers as Record<string, string> | undefined, connections: options.connections, duration: o.duration as number }) as unknown as Promise<AutocannonResult>)
          : autocannon(o);
      if (options.warmupSeconds > 0) await load({ ...common, duration: options.warmupSeconds });
      // Paired (default): PAIRED_ROUNDS rounds of [bare route, endpoint], each a slice of the
      // duration, and the ratio is the endpoint's requests over the bare route's in those same
      // slices, so a shared machine's load swings hit both sides alike. Unpaired: one run, ratio to
      // the one baseline measured at the start.
      const rounds = baseline || !options.paired ? 1 : PAIRED_ROUNDS;
      const slice = Math.max(1, Math.round(options.durationSeconds / rounds));
      const runs: AutocannonResult[] = [];
      let pairedBare = 0;
      for (let round = 0; round < rounds; round++) {
        if (rounds > 1) pairedBare += (await load({ url: base + '/bench/bare', method: 'GET', connections: options.connections, pipelining: 1, duration: slice })).requests.total;
        runs.push(await load({ ...common, duration: rounds > 1 ? slice : options.durationSeconds }));
      }
      const total = runs.reduce((n, x) => n + x.requests.total, 0);
      const seconds = runs.reduce((n, x) => n + x.duration, 0); // autocannon reports seconds
      const rps = rounds > 1 ? total / Math.max(seconds, 0.001) : runs[0]!.requests.average;
      const sortedP50 = runs.map((x) => x.latency.p50).sort((a, b) => a - b);
      const bare = results.find((x) => x.key === (s.cached ? 'bareCached' : 'bare'));
      const result: EndpointResult = {
        key: s.key,
        label: s.label,
        method: s.method,
        path: s.path,
        rps,
        p50: sortedP50[Math.floor((sortedP50.length - 1) / 2)]!,
        p99: Math.max(...runs.map((x) => x.latency.p99)),
        bytesPerResponse: total ? Math.round(runs.reduce((n, x) => n + x.throughput.average * x.duration, 0) / total) : 0,
        ratioToBare: baseline ? 1 : rounds > 1 ? total / Math.max(1, pairedBare) : bare ? rps / bare.rps : null,
        requests: total,
        errors: runs.reduce((n, x) => n + x.errors + x.timeouts, 0),
        non2xx: runs.reduce((n, x) => n + x.non2xx, 0),
        pairedBareRps: rounds > 1 ? pairedBare / Math.max(seconds, 0.001) : undefined,
      };
      const r = { latency: { p50: result.p50, p99: result.p99 } };
      results.push(result);
      options.log(
        `  ${s.label.padEnd(40)} ${rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms` +
          (result.ratioToBare !== null ? `  ×${result.ratioToBare.toFixed(2)} bare` : '') +
          (result.errors || result.non2xx ? `  (${result.errors} errors, ${result.non2xx} non-2xx!)` : ''),
      );
    }
  } finally {
    await stopServer(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  return results;
}
