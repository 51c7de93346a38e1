/**
 * A deterministic, realistic data set for the benchmark: users, wishes, votes and follows, with
 * the denormalized counters (wishes.upvote_count/downvote_count, users.followers_count/
 * following_count) computed from the very rows that are generated, so they are consistent.
 *
 * Shape (defaults: 5k users, 100k wishes, 1M votes, 50k follows):
 * - wishes are 90 % public, ids grow with time (about one every 4 minutes over ~9 months) and
 *   some consecutive wishes share a timestamp (ties are broken by id on every list);
 * - authors are skewed (a few prolific users, a long tail), 3 % of users have no name;
 * - votes per wish follow a heavy tail (a few wishes with thousands of voters, most with a few),
 *   80 % upvotes, only on public wishes, each (wish, user) pair at most once;
 * - follows are skewed towards popular targets, never self, each pair at most once;
 * - a common word ("birthday", ~25 % of wishes) and a rare one ("quokka", a few dozen) exist for
 *   the search benchmarks.
 * Everything is in typed arrays so 1M votes stay small and fast to write.
 */
import { seededRandom } from '../../server/test/kit/random';

export interface DataSize {
  users: number;
  wishes: number;
  votes: number;
  follows: number;
}

export const FULL_SIZE: DataSize = { users: 5_000, wishes: 100_000, votes: 1_000_000, follows: 50_000 };

export const COMMON_WORD = 'birthday';

/** Voters of the mega wish (the paged voters list must stay fast on a 100k-vote wish), on top of size.votes, at every scale. */
export const MEGA_VOTES = 100_000;
export const RARE_WORD = 'quokka';

export interface Dataset {
  size: DataSize;
  users: {
    email: string[];
    firstName: string[];
    lastName: string[];
    createdAt: string[];
    followers: Int32Array;
    following: Int32Array;
  };
  wishes: {
    userId: Int32Array;
    text: string[];
    isPublic: Uint8Array;
    createdAt: string[];
    up: Int32Array;
    down: Int32Array;
  };
  /** createdAt in epoch ms (10M ISO strings would not fit the heap at --scale=10); the loaders format them. */
  votes: { wishId: Int32Array; userId: Int32Array; type: Uint8Array /* 1 up, 2 down */; createdAtMs: Float64Array };
  /** Rows to load: size.users + the mega wish's voters, size.votes + the mega wish's votes. */
  counts: { users: number; votes: number };
  follows: { follower: Int32Array; target: Int32Array; createdAt: string[] };
  /** Pairs (wish, user) with no vote, for the vote toggle benchmark: the toggle adds then removes. */
  freePairs: Array<{ wishId: number; userId: number }>;
  /** A public wish with many voters (for the voters benchmark) and its vote count. */
  popularWish: { id: number; votes: number };
  /** A public wish with MEGA_VOTES voters (voted by extra users who author nothing): the paged voters rows. */
  megaWish: { id: number; votes: number };
  /** The user with the most public wishes (the "user's wishes" benchmark). */
  prolificUser: { id: number; wishes: number };
}

const FIRST = ['Anna', 'Ben', 'Chloe', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Liam', 'Maya', 'Noah', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Uma', 'Victor', 'Wen', 'Ximena', 'Yusuf', 'Zoe', 'Amélie', 'Björn', 'Chiara', 'Dmitri', 'Emeka', 'Fatima', 'Giulia', 'Hiro', 'Isabel', 'Jamal', 'Katarzyna', 'Lucía', 'Mateo', 'Nadia'];
const LAST = ['Smith', 'Garcia', 'Müller', 'Rossi', 'Kowalski', 'Nguyen', 'Okafor', 'Silva', 'Tanaka', 'Novak', 'Jensen', 'Dubois', 'Haddad', 'Ivanova', 'Kim', 'Lopez', 'Martin', 'Olsen', 'Patel', 'Quispe', 'Reyes', 'Schmidt', 'Torres', 'Weber', 'Yilmaz', 'Zhang', 'Andersson', 'Bakker', 'Costa', 'Papadopoulos'];
const OPEN = ['Dear', 'My dearest', 'Hey', 'To my wonderful', 'Happy day,', 'Hello', 'To the best'];
const WHO = ['friend', 'sister', 'brother', 'mom', 'dad', 'colleague', 'neighbour', 'teacher', 'grandma', 'partner', 'team', 'coach', 'cousin'];
const OCCASION = ['anniversary', 'graduation', 'new job', 'wedding', 'retirement', 'promotion', 'new home', 'recovery', 'first day at school', 'holiday', 'engagement', 'journey'];
const WISH = [
  'may every morning bring you a reason to smile',
  'I hope this year is as kind to you as you are to everyone around you',
  'wishing you laughter, good coffee and long walks in the sun',
  'may your plans grow roots and your dreams grow wings',
  'thank you for your patience, your jokes and your endless support',
  'I wish you health, calm evenings and friends who stay',
  'may the road ahead be gentle and the views worth every step',
  'here is to new adventures, brave choices and quiet victories',
  'you deserve every good thing that is coming your way',
  'may your garden bloom and your worries stay small',
  'I am so proud of everything you have built',
  'let this be the start of your brightest chapter yet',
  'wishing you courage for the hard days and company for the good ones',
  'may music, books and good food fill your weeks',
  'keep shining, keep learning and keep being wonderfully yourself',
];
const CLOSE = ['With love', 'Cheers', 'Warmly', 'Hugs', 'All the best', 'See you soon', 'Always yours', 'Best wishes'];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)];
}

function wishText(r: () => number, withCommon: boolean, withRare: boolean): string {
  const occasion = withCommon ? 'birthday' : pick(r, OCCASION);
  const parts = [`${pick(r, OPEN)} ${pick(r, WHO)}, happy ${occasion}!`];
  const sentences = 1 + Math.floor(r() * 4);
  for (let i = 0; i < sentences; i++) {
    const s = pick(r, WISH);
    parts.push(s.charAt(0).toUpperCase() + s.slice(1) + (r() < 0.2 ? '!' : '.'));
  }
  if (withRare) parts.push('And may a smiling quokka cross your path.');
  parts.push(`${pick(r, CLOSE)}.`);
  return parts.join(' ');
}

/** Index from a heavy-tailed distribution over [0, n): low indexes are much likelier. */
function skewed(r: () => number, n: number, exponent: number): number {
  return Math.min(n - 1, Math.floor(n * Math.pow(r(), exponent)));
}

export function generate(size: DataSize = FULL_SIZE, seed = 42): Dataset {
  const r = seededRandom(seed);
  const now = Date.now();
  const start = now - size.wishes * 4 * 60_000; // one wish every ~4 minutes on average
  const iso = (ms: number) => new Date(ms).toISOString();

  // Users: created before the first wish.
  const users = {
    email: new Array<string>(size.users),
    firstName: new Array<string>(size.users),
    lastName: new Array<string>(size.users),
    createdAt: new Array<string>(size.users),
    followers: new Int32Array(size.users + 1),
    following: new Int32Array(size.users + 1),
  };
  for (let i = 0; i < size.users; i++) {
    const anonymous = r() < 0.03;
    users.email[i] = `user${i + 1}@bench.example`;
    users.firstName[i] = anonymous ? '' : pick(r, FIRST);
    users.lastName[i] = anonymous ? '' : pick(r, LAST);
    users.createdAt[i] = iso(start - Math.floor(r() * 365 * 86_400_000));
  }

  // Wishes: ids grow with time; ~5 % share the previous wish's timestamp.
  const wishes = {
    userId: new Int32Array(size.wishes),
    text: new Array<string>(size.wishes),
    isPublic: new Uint8Array(size.wishes),
    createdAt: new Array<string>(size.wishes),
    up: new Int32Array(size.wishes),
    down: new Int32Array(size.wishes),
  };
  const rareEvery = Math.max(1, Math.floor(size.wishes / 40));
  const createdMs = new Float64Array(size.wishes);
  let t = start;
  for (let i = 0; i < size.wishes; i++) {
    if (!(i > 0 && r() < 0.05)) t += 1 + Math.floor(r() * 8 * 60_000);
    createdMs[i] = t;
    wishes.createdAt[i] = iso(t);
    wishes.userId[i] = 1 + skewed(r, size.users, 2.2);
    wishes.isPublic[i] = r() < 0.9 ? 1 : 0;
    wishes.text[i] = wishText(r, r() < 0.25, i % rareEvery === 7);
  }

  // Votes: a heavy-tailed number per public wish, scaled to the requested total.
  const weights = new Float64Array(size.wishes);
  let weightSum = 0;
  for (let i = 0; i < size.wishes; i++) {
    if (!wishes.isPublic[i]) continue;
    const w = 1 / Math.pow(1 - r() * 0.999, 0.9); // Pareto-like tail
    weights[i] = w;
    weightSum += w;
  }
  const maxPerWish = Math.floor(size.users * 0.9);
  const perWish = new Int32Array(size.wishes);
  let assigned = 0;
  for (let i = 0; i < size.wishes; i++) {
    perWish[i] = Math.min(maxPerWish, Math.floor((weights[i] / weightSum) * size.votes));
    assigned += perWish[i];
  }
  // Hand out the remainder one by one to random public wishes below the cap.
  while (assigned < size.votes) {
    const i = Math.floor(r() * size.wishes);
    if (wishes.isPublic[i] && perWish[i] < maxPerWish) {
      perWish[i]++;
      assigned++;
    }
  }
  const megaVotes = size.wishes >= 1000 ? MEGA_VOTES : 0;
  const votes = {
    wishId: new Int32Array(size.votes + megaVotes),
    userId: new Int32Array(size.votes + megaVotes),
    type: new Uint8Array(size.votes + megaVotes),
    createdAtMs: new Float64Array(size.votes + megaVotes),
  };
  const pool = Int32Array.from({ length: size.users }, (_, k) => k + 1);
  let v = 0;
  let popular = { id: 1, votes: -1 };
  for (let i = 0; i < size.wishes; i++) {
    const n = perWish[i];
    if (n === 0) continue;
    // Partial Fisher-Yates: n distinct voters.
    for (let k = 0; k < n; k++) {
      const j = k + Math.floor(r() * (size.users - k));
      const tmp = pool[k];
      pool[k] = pool[j];
      pool[j] = tmp;
      const up = r() < 0.8;
      votes.wishId[v] = i + 1;
      votes.userId[v] = pool[k];
      votes.type[v] = up ? 1 : 2;
      votes.createdAtMs[v] = Math.min(now, createdMs[i] + Math.floor(r() * 30 * 86_400_000));
      if (up) wishes.up[i]++;
      else wishes.down[i]++;
      v++;
    }
    // The voters benchmark reads a popular (not the single most extreme) wish: ~200-400 voters.
    if (n >= 200 && n <= 400 && n > popular.votes) popular = { id: i + 1, votes: n };
  }

  // Follows: skewed targets, never self, no duplicate pair.
  const follows = { follower: new Int32Array(size.follows), target: new Int32Array(size.follows), createdAt: new Array<string>(size.follows) };
  const seen = new Set<number>();
  let f = 0;
  while (f < size.follows) {
    const follower = 1 + Math.floor(r() * size.users);
    const target = 1 + skewed(r, size.users, 2.5);
    if (follower === target) continue;
    const key = follower * 65_536 + target;
    if (seen.has(key)) continue;
    seen.add(key);
    follows.follower[f] = follower;
    follows.target[f] = target;
    follows.createdAt[f] = iso(start + Math.floor(r() * (now - start)));
    users.following[follower]++;
    users.followers[target]++;
    f++;
  }

  // Vote toggle pairs: recent public wishes (the ones people see) and users who did not vote on them.
  // Only the newest wishes' votes are remembered (a Set of 10M pairs would not fit at --scale=10).
  const recentFrom = Math.max(0, size.wishes - 2000);
  const voted = new Set<number>();
  for (let k = 0; k < v; k++) if (votes.wishId[k] > recentFrom) voted.add(votes.wishId[k] * 65_536 + votes.userId[k]);
  const freePairs: Array<{ wishId: number; userId: number }> = [];
  for (let i = size.wishes - 1; i >= 0 && freePairs.length < 64; i--) {
    if (!wishes.isPublic[i]) continue;
    const userId = 1 + ((i * 7919) % size.users);
    if (!voted.has((i + 1) * 65_536 + userId)) freePairs.push({ wishId: i + 1, userId });
  }

  const publicByUser = new Int32Array(size.users + 1);
  for (let i = 0; i < size.wishes; i++) if (wishes.isPublic[i]) publicByUser[wishes.userId[i]]++;
  let prolific = { id: 1, wishes: -1 };
  for (let u = 1; u <= size.users; u++) if (publicByUser[u] > prolific.wishes) prolific = { id: u, wishes: publicByUser[u] };
  if (popular.votes < 0) {
    // Small data sets: the wish with the most votes.
    for (let i = 0; i < size.wishes; i++) if (perWish[i] > popular.votes) popular = { id: i + 1, votes: perWish[i] };
  }

  // The mega wish: a public wish from the middle of the feed (not a toggle pair's wish, not the
  // popular one) gets MEGA_VOTES more votes from as many extra users (ids after size.users, named,
  // authors of nothing), 80 % up, over the 30 days after it; ~5 % share the previous timestamp so
  // the voters' id tie-break is exercised.
  let mega = { id: 0, votes: 0 };
  if (megaVotes > 0) {
    const taken = new Set([popular.id, ...freePairs.map((p) => p.wishId)]);
    let i = Math.floor(size.wishes / 2);
    while (i > 0 && (!wishes.isPublic[i] || taken.has(i + 1))) i--;
    const extra = megaVotes;
    const grow = (a: string[], fill: (k: number) => string) => {
      for (let k = 0; k < extra; k++) a.push(fill(k));
    };
    grow(users.email, (k) => `voter${k + 1}@bench.example`);
    grow(users.firstName, () => pick(r, FIRST));
    grow(users.lastName, () => pick(r, LAST));
    grow(users.createdAt, () => iso(start - Math.floor(r() * 365 * 86_400_000)));
    const followers = new Int32Array(size.users + extra + 1);
    followers.set(users.followers);
    const following = new Int32Array(size.users + extra + 1);
    following.set(users.following);
    users.followers = followers;
    users.following = following;
    let at = createdMs[i];
    const step = (30 * 86_400_000) / megaVotes;
    for (let k = 0; k < megaVotes; k++) {
      if (!(k > 0 && r() < 0.05)) at += Math.max(1, Math.floor(r() * 2 * step));
      const up = r() < 0.8;
      votes.wishId[v] = i + 1;
      votes.userId[v] = size.users + 1 + k;
      votes.type[v] = up ? 1 : 2;
      votes.createdAtMs[v] = Math.min(now, at);
      if (up) wishes.up[i]++;
      else wishes.down[i]++;
      v++;
    }
    mega = { id: i + 1, votes: perWish[i] + megaVotes };
  }

  return { size, counts: { users: size.users + megaVotes, votes: v }, users, wishes, votes, follows, freePairs, popularWish: popular, megaWish: mega, prolificUser: prolific };
}
