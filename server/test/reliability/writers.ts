/**
 * Write load for the fault tests: each worker (one user) saves a wish, upvotes it and subscribes
 * to another user, over and over, remembering every write the server acknowledged with a 2xx.
 * After the fault, every acknowledged write must be in the database.
 */
import { http, sleep } from './child';
import { API_ROUTES, apiPath, type ApiOperationId } from '@wishes/kit-contract/api';
/** An operation's method and path from the operation table (@wishes/kit-contract/routes). */
const at = (id: ApiOperationId, params: Record<string, string | number> = {}) => [API_ROUTES[id].method, apiPath(id, params)] as const;

export interface LoadUser {
  id: number;
  email: string;
  access: string;
}

export interface AckedWrites {
  wishes: Array<{ id: number; userId: number; text: string }>;
  votes: Array<{ wishId: number; userId: number }>;
  subscriptions: Array<{ followerId: number; targetId: number }>;
  /** Requests answered with a non-2xx status, by status. */
  failures: Record<string, number>;
  /** Requests that got no answer at all (connection refused or reset). */
  networkErrors: number;
  attempts: number;
}

const PASSWORD = 'Sturdy-Lantern-58';

export async function signUp(port: number, n: number, tag: string): Promise<LoadUser[]> {
  const users: LoadUser[] = [];
  for (let i = 0; i < n; i++) {
    const email = `${tag}${i}.${Date.now().toString(36)}@example.com`;
    const created = await http(port, ...at('createUser'), { body: { email, password: PASSWORD, first_name: `W${i}`, last_name: tag, phone: '1' } });
    if (created.status !== 201) throw new Error(`sign-up failed: ${created.status} ${created.body}`);
    const login = await http(port, ...at('obtainToken'), { body: { username: email, password: PASSWORD } });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
    users.push({ id: created.json().user_id, email, access: login.json().access });
  }
  return users;
}

/** Runs until `until()` is true; never throws on a failed request (that is what is being tested). */
export async function writeLoad(port: number, users: LoadUser[], until: () => boolean, options: { pauseMs?: number; onAck?: () => void } = {}): Promise<AckedWrites> {
  const acked: AckedWrites = { wishes: [], votes: [], subscriptions: [], failures: {}, networkErrors: 0, attempts: 0 };
  const attempt = async (method: string, url: string, user: LoadUser, body?: unknown) => {
    acked.attempts++;
    try {
      const res = await http(port, method, url, { token: user.access, body, timeoutMs: 20_000 });
      if (res.status < 200 || res.status >= 300) acked.failures[res.status] = (acked.failures[res.status] ?? 0) + 1;
      return res;
    } catch {
      acked.networkErrors++;
      await sleep(50);
      return null;
    }
  };
  await Promise.all(
    users.map(async (user, index) => {
      const target = users[(index + 1) % users.length];
      let n = 0;
      while (!until()) {
        n++;
        const text = `ack ${user.id} #${n} ${Math.random().toString(36).slice(2, 8)}`;
        const saved = await attempt(...at('saveWish'), user, { text, is_public: true });
        if (saved?.status === 201) {
          const id = saved.json().wish_id as number;
          acked.wishes.push({ id, userId: user.id, text });
          options.onAck?.();
          const voted = await attempt(...at('voteOnWish', { id }), user, { vote_type: 'upvote' });
          if (voted?.status === 200) acked.votes.push({ wishId: id, userId: user.id });
        }
        if (n % 5 === 0 && target.id !== user.id) {
          const sub = await attempt(...at('subscribe', { id: target.id }), user);
          if (sub?.status === 200) acked.subscriptions.push({ followerId: user.id, targetId: target.id });
        }
        if (options.pauseMs) await sleep(options.pauseMs);
      }
    }),
  );
  return acked;
}

export interface MissingWrites {
  wishes: number[];
  votes: string[];
  subscriptions: string[];
}

/** Which acknowledged writes are absent, given the rows now in the database. */
export function missingWrites(
  acked: AckedWrites,
  rows: { wishes: Array<{ id: number; text: string }>; votes: Array<{ wish_id: number; user_id: number; vote_type: string }>; subscriptions: Array<{ follower_id: number; target_id: number }> },
): MissingWrites {
  const wishText = new Map(rows.wishes.map((w) => [Number(w.id), w.text]));
  const votes = new Set(rows.votes.filter((v) => v.vote_type === 'upvote').map((v) => `${v.wish_id}:${v.user_id}`));
  const subs = new Set(rows.subscriptions.map((s) => `${s.follower_id}:${s.target_id}`));
  return {
    wishes: acked.wishes.filter((w) => wishText.get(w.id) !== w.text).map((w) => w.id),
    votes: acked.votes.map((v) => `${v.wishId}:${v.userId}`).filter((k) => !votes.has(k)),
    subscriptions: acked.subscriptions.map((s) => `${s.followerId}:${s.targetId}`).filter((k) => !subs.has(k)),
  };
}
