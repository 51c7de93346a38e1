/**
 * The two streamed calls, which autocannon cannot measure (it times a response, not the events in it):
 * - notifyFanout: N members each hold their live unread-count stream (`GET /api/notifications/stream/`,
 *   Server-Sent Events) while one other member upvotes one wish of each of them, `parallel` votes in
 *   flight, then takes the votes back. Each vote makes exactly one `event: unread` on its author's
 *   stream (SQLite: the in-process bus; PostgreSQL: NOTIFY → the server's LISTEN connection); the
 *   figure is the time from sending the vote to that event, p50/p99, and events delivered per second.
 *   Beside it: the same votes' own response times, and one stream alone (one vote at a time, nothing
 *   else running), the floor of the path.
 * - firstToken: `parallel` members stream drafts from the offline generator
 *   (`POST /api/base/generate_text/stream/`) back to back; time to the first `event: token` and to
 *   `event: done`, p50/p99.
 * Both leave the data as they found it, except the generation quota rows firstToken spends.
 */
import http, { type IncomingMessage } from 'node:http';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/connect';
import type { EndpointResult } from './run';

/** Live notification streams held open in the fan-out row. */
export const FANOUT_STREAMS = 200;
/** How long one event may take before it counts as lost. */
const EVENT_TIMEOUT_MS = 15_000;

const percentile = (sorted: number[], q: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!) : Number.NaN);

function summary(key: string, label: string, method: string, path: string, samples: number[], perSecond: number, errors: number): EndpointResult {
  const sorted = [...samples].sort((a, b) => a - b);
  return { key, label, method, path, rps: perSecond, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), bytesPerResponse: 0, ratioToBare: null, requests: samples.length, errors, non2xx: 0 };
}

export interface FanoutTarget {
  wishId: number;
  authorId: number;
}

/**
 * Up to `count` public, listed wishes of distinct authors (newest first) on which `voterId` has not
 * voted, none by the voter and none in `excludeWishes` (the other rows' wishes): one per stream of the fan-out row.
 */
export async function fanoutTargets(databaseUrl: string, voterId: number, count: number, excludeWishes: Set<number>): Promise<FanoutTarget[]> {
  const { db } = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const { rows } = await sql<{ id: number; user_id: number }>`select w.id, w.user_id from wishes w
      where w.is_public = 1 and w.hidden = 0 and w.user_id <> ${voterId}
        and not exists (select 1 from votes v where v.wish_id = w.id and v.user_id = ${voterId})
      order by w.id desc limit ${count * 50}`.execute(db);
    const authors = new Set<number>();
    const chosen: FanoutTarget[] = [];
    for (const row of rows) {
      if (chosen.length >= count) break;
      if (authors.has(row.user_id) || excludeWishes.has(row.id)) continue;
      authors.add(row.user_id);
      chosen.push({ wishId: row.id, authorId: row.user_id });
    }
    return chosen;
  } finally {
    await db.destroy();
  }
}

/** One Server-Sent Events stream: the arrival time of every `event: unread`, in order. */
class UnreadStream {
  private buffer = '';
  private readonly arrived: number[] = [];
  private waiter: ((at: number) => void) | null = null;
  private constructor(
    private readonly request: http.ClientRequest,
    response: IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const at = performance.now();
      this.buffer += chunk;
      for (let cut = this.buffer.indexOf('\n\n'); cut >= 0; cut = this.buffer.indexOf('\n\n')) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        if (/^event: unread$/m.test(block)) this.push(at);
      }
    });
  }

  static open(base: string, token: string): Promise<UnreadStream> {
    return new Promise((resolve, reject) => {
      // agent: false: a socket of its own, as every browser tab holds one.
      const request = http.get(`${base}/api/notifications/stream/`, { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`notification stream answered ${response.statusCode}`));
          return;
        }
        resolve(new UnreadStream(request, response));
      });
      request.on('error', reject);
    });
  }

  private push(at: number) {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      waiter(at);
    } else this.arrived.push(at);
  }

  /** The arrival time of the next event (one already arrived and not taken counts); null after `timeoutMs`. */
  next(timeoutMs = EVENT_TIMEOUT_MS): Promise<number | null> {
    const ready = this.arrived.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve(null);
      }, timeoutMs);
      this.waiter = (at) => {
        clearTimeout(timer);
        resolve(at);
      };
    });
  }

  /** Events nobody waited for (there should be none between two phases). */
  drain(): number {
    return this.arrived.splice(0).length;
  }

  close() {
    this.request.destroy();
  }
}

/** Runs `jobs` with at most `parallel` at a time. */
async function inParallel(jobs: Array<() => Promise<void>>, parallel: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, jobs.length) }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

export interface FanoutOptions {
  base: string;
  targets: FanoutTarget[];
  /** Access token of each target's author, in the same order. */
  authorTokens: string[];
  voterToken: string;
  parallel: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** The fan-out row and its two baselines (see the file comment). */
export async function measureNotifyFanout(o: FanoutOptions): Promise<EndpointResult[]> {
  const n = o.targets.length;
  const streams = await Promise.all(o.authorTokens.map((token) => UnreadStream.open(o.base, token)));
  let lost = 0;
  let failedVotes = 0;
  try {
    // Every stream sends the count at once; after that it is quiet until one of our votes.
    const initial = await Promise.all(streams.map((s) => s.next()));
    if (initial.some((at) => at === null)) throw new Error('a notification stream sent no first count');

    /** One vote request (upvote, or its removal); resolves to its response time. */
    const vote = async (wishId: number, remove: boolean): Promise<number> => {
      const t0 = performance.now();
      try {
        const res = await fetch(`${o.base}/api/wish/${wishId}/vote/`, {
          method: remove ? 'DELETE' : 'POST',
          headers: remove ? { authorization: `Bearer ${o.voterToken}` } : { authorization: `Bearer ${o.voterToken}`, 'content-type': 'application/json' },
          body: remove ? undefined : '{"vote_type":"upvote"}',
        });
        await res.arrayBuffer();
        if (res.status !== 200) failedVotes++;
      } catch {
        failedVotes++;
      }
      return performance.now() - t0;
    };

    /** Every target voted on (or the vote taken back), `parallel` at a time: delivery and response times, and the phase's length. */
    const phase = async (remove: boolean) => {
      for (const s of streams) lost += s.drain();
      const delivery: number[] = [];
      const response: number[] = [];
      const started = performance.now();
      let lastArrival = started;
      const waits: Array<Promise<void>> = [];
      await inParallel(
        o.targets.map((target, k) => async () => {
          const sent = performance.now();
          // Listen before sending: the event may well come before the vote's own response.
          waits.push(
            streams[k]!.next().then((at) => {
              if (at === null) lost++;
              else {
                delivery.push(at - sent);
                lastArrival = Math.max(lastArrival, at);
              }
            }),
          );
          response.push(await vote(target.wishId, remove));
        }),
        o.parallel,
      );
      await Promise.all(waits);
      return { delivery, response, seconds: (lastArrival - started) / 1000 };
    };

    // Warm-up rounds, dropped.
    for (const until = performance.now() + o.warmupSeconds * 1000; performance.now() < until; ) {
      await phase(false);
      await phase(true);
    }

    const delivery: number[] = [];
    const response: number[] = [];
    let seconds = 0;
    const until = performance.now() + o.durationSeconds * 1000;
    do {
      for (const remove of [false, true]) {
        const p = await phase(remove);
        delivery.push(...p.delivery);
        response.push(...p.response);
        seconds += p.seconds;
      }
    } while (performance.now() < until);

    // The floor: one stream, one vote at a time, nothing else in flight.
    const single: number[] = [];
    const alone = streams[0]!;
    const aloneStarted = performance.now();
    for (let k = 0; k < 20; k++) {
      for (const remove of [false, true]) {
        lost += alone.drain();
        const sent = performance.now();
        const arrival = alone.next();
        await vote(o.targets[0]!.wishId, remove);
        const at = await arrival;
        if (at === null) lost++;
        else single.push(at - sent);
      }
    }

    const aloneEnded = performance.now();

    const label = `notification fan-out: ${n} live streams, ${n} votes (${o.parallel} at a time) then their removal; vote sent → its author's event`;
    return [
      summary('notifyFanout', label + (lost ? ` (${lost} events lost!)` : ''), 'POST+DELETE → SSE', '/api/notifications/stream/', delivery, delivery.length / Math.max(seconds, 0.001), lost + failedVotes),
      summary('notifyFanoutVotes', '  … the same votes, response time (baseline)', 'POST+DELETE', '/api/wish/{id}/vote/', response, response.length / Math.max(seconds, 0.001), failedVotes),
      summary('notifyFanoutOne', '  … one stream, one vote at a time, vote sent → event (baseline)', 'POST+DELETE → SSE', '/api/notifications/stream/', single, single.length / Math.max((aloneEnded - aloneStarted) / 1000, 0.001), 0),
    ];
  } finally {
    for (const s of streams) s.close();
  }
}

/** The draft of the old server/scripts/first-token.ts: a medium get-well wish whose details are woven in (the tagger's work). */
const DRAFT_REQUEST = JSON.stringify({ style: 'Casual', audience: 'Friend', name: 'Maya', topic: 'Get Well', details: 'broke her ankle skiing last week', length: 'medium' });

export interface FirstTokenOptions {
  base: string;
  /** One member per stream in flight. */
  tokens: string[];
  durationSeconds: number;
  warmupSeconds: number;
}

/** Streams one draft; time to the first token and to the end (ms from sending the request). */
async function streamDraft(base: string, token: string): Promise<{ first: number; total: number } | null> {
  const started = performance.now();
  const res = await fetch(`${base}/api/base/generate_text/stream/`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: DRAFT_REQUEST });
  if (res.status !== 200 || !res.body) {
    await res.arrayBuffer().catch(() => undefined);
    return null;
  }
  const decoder = new TextDecoder();
  let text = '';
  let first = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!first && text.includes('event: token')) first = performance.now() - started;
  }
  if (!first || !text.includes('event: done')) return null;
  return { first, total: performance.now() - started };
}

/** The firstToken row (time to the first token) and the whole draft beside it. */
export async function measureFirstToken(o: FirstTokenOptions): Promise<EndpointResult[]> {
  const loop = async (seconds: number, firsts: number[], totals: number[]) => {
    let failed = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      o.tokens.map(async (token) => {
        while (performance.now() < until) {
          const draft = await streamDraft(o.base, token).catch(() => null);
          if (draft) {
            firsts.push(draft.first);
            totals.push(draft.total);
          } else failed++;
        }
      }),
    );
    return failed;
  };
  // The first draft of each member warms the tagger and the quota reads up; the warm-up is dropped.
  await loop(Math.max(o.warmupSeconds, 0.001), [], []);
  const firsts: number[] = [];
  const totals: number[] = [];
  const started = performance.now();
  const failed = await loop(o.durationSeconds, firsts, totals);
  const seconds = (performance.now() - started) / 1000;
  const n = o.tokens.length;
  return [
    summary('firstToken', `first streamed token (offline generator, medium draft, ${n} streams at a time)`, 'POST', '/api/base/generate_text/stream/', firsts, firsts.length / seconds, failed),
    summary('firstTokenDraft', '  … the same drafts, whole draft streamed', 'POST', '/api/base/generate_text/stream/', totals, totals.length / seconds, failed),
  ];
}
