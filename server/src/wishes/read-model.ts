/**
 * The read model: the lists and wishes every visitor reads, held in memory as ready data
 * and kept current on write, so a read costs a lookup instead of a query.
 *
 * What is held (per database handle, each an LRU with a size cap; ~10 MB typically, ~45 MB at worst: CAPS):
 * - shared feed pages (the listed wishes, newest first) as per-wish JSON with the viewer's vote left
 *   out, keyed by page and size;
 * - the public view of a member's wishes (profile list), keyed by member and page;
 * - each follower's following-feed pages (its candidates, rendered the same way);
 * - a listed wish's detail (the Wish object and its card theme);
 * - search pages' wishes (wishes/search.ts), keyed by the ranked ids they show (so a new ranking
 *   is a new key), without any viewer's vote: the ranking itself is the search cache's (caches.ts);
 * - a listed wish's voters pages (votes/queries.ts votersPageFor) per filter, size and cursor, with
 *   its counters: the same for every reader but for their own vote (from the vote index), dropped
 *   by any vote on that wish;
 * - a small per-member vote index (wish id → their vote) for the wishes that member has read, so a
 *   signed-in page = the shared page + the reader's own votes laid over it (+ for a moderator or a
 *   hidden reply's author, the hidden replies they see added to the counts, read per request:
 *   replies.ts extraReplyCounts; on SQLite, whether a member sees any is held: hiddenReaders);
 * - each member's notifications page 1 with its unread count (notifications/service.ts), dropped on
 *   every change of that member's notifications (the notifier emits `notifications.changed` with
 *   every unread-bus publish, mark-read included) and with everything else on `all` (an actor's new
 *   name, an account or wish deleted: its notifications go by cascade);
 * - the finished response bodies (bytes) of the pages served last, per page and reader (anonymous
 *   or a member): a repeat read sends them as they are, without laying the votes over the page and
 *   encoding the text again. A body belongs to the shared page object it was drawn from, so anything
 *   that drops or replaces that page (a vote on one of its wishes, the reader's own included; any
 *   listed change) retires its bodies; LRU of CAPS.bodies, at most CAPS.bodyBytes;
 * - the moderation queue's pages, per moderator (the wishes carry that moderator's own vote), status
 *   and page, dropped on a new report (`report.filed`), with everything else on `all` (every
 *   moderator action, hide/restore/ban/edit/delete, an author's new name) and, like the feed pages,
 *   when a listed wish's vote counts or card theme change. The caller's role is still read from the
 *   database on every call (moderation/routes.ts), before the page is looked up.
 * - each wish's card (previews/routes.ts): what it is drawn from and who may have it, the same for
 *   every reader, and the finished answers (PNG bytes, ETag) per theme, format and site name; dropped
 *   with everything else on `all` and on a card theme (`wish`), never by a vote (heldCard, cardGen).
 *
 * Freshness, stated bounds:
 * - The writer's own process: every write emits its domain event (platform/events.ts) before its
 *   response is sent, and the read model's subscriber (read-model-events.ts) drops (or sets) what it
 *   touches at once, synchronously within the emit, so the next
 *   read anywhere in that process, including the writer's own, sees it. A read whose query started
 *   before a write is never kept nor joined after it (the generation check), so no time-based
 *   staleness exists on the writer's process.
 * - Other processes (cluster mode): the same event travels over Redis pub/sub (cluster/wiring.ts)
 *   and is applied on arrival (normally well under 100 ms). Backstop against a lost message or Redis
 *   being down: a version check before reads: on SQLite `PRAGMA data_version` at most every
 *   SQLITE_VERSION_CHECK_MS (20 ms; it moves when another connection commits); on PostgreSQL
 *   `pg_current_wal_lsn()` at most every VERSION_CHECK_MS (250 ms) — when it moved, everything held
 *   is dropped. So another process serves a write within VERSION_CHECK_MS + one query (< 1 s) even
 *   when its message is lost or Redis is down.
 * - `createReadModel(db, { enabled: false })` (WISHES_FEED_CACHE_MS=0) turns it off: every read
 *   runs its query (the benchmark's "no read model" figures).
 */
import { sql, type Kysely } from 'kysely';
import type { NotificationsPage, ReportedWish, Voter, VoteType, Wish, WishReply } from '@wishes/kit-contract/api';
import type { Database } from '../db/types';
import { sqliteHandleOf } from '../db/connect';
import { readHot } from '../db/hot-reads';
import type { RankedIds } from './caches';

type Db = Kysely<Database>;

/** PostgreSQL version check period in cluster mode (ms): the bound on a lost invalidation. */
export const VERSION_CHECK_MS = 250;
/**
 * SQLite's check period (ms). `PRAGMA data_version` is a read transaction on the file (WAL lock
 * calls: ~7 µs here, against ~0.3 µs for `select 1`), and a read-model hit costs a few µs more: on
 * every read it was the largest part of a held feed page's time (twice for a signed-in reader).
 */
export const SQLITE_VERSION_CHECK_MS = 20;

/**
 * Entry caps (LRU). Memory: a wish's JSON is ~0.3 KB typically and ~4 KB at most (2,000 characters
 * outside Latin-1, held as two-byte strings), 10 wishes a page; a vote-index entry ~40 bytes.
 * 768 pages + 1,024 wishes + 2,000 × 100 index entries: ~10 MB typically, ~45 MB at the very worst.
 * Held cards (previews/routes.ts): per wish, what its card is drawn from and who may have it, and
 * the finished answers (PNG bytes and ETag) per theme, format and site name: at most 1,024 wishes,
 * 8 answers each and 16 MiB of PNG in all (the least recently asked wish leaves first), plus the
 * sources (the wish text and author name, ≤ ~4 KB each).
 */
export const CAPS = { feedPages: 256, userPages: 256, followingPages: 256, searchPages: 256, voterWishes: 128, voterPagesPerWish: 8, wishes: 1024, voters: 2000, votesPerVoter: 100, notificationPages: 500, moderationPages: 64, replyPages: 256, hiddenReaders: 10_000, bodies: 2048, bodyBytes: 16 * 1024 * 1024, cardWishes: 1024, cardAnswersPerWish: 8, cardBytes: 16 * 1024 * 1024 };

/** A finished card answer: its bytes and ETag. */
export interface CardAnswer {
  png: Buffer;
  etag: string;
}

/** A wish's held card: its source (null: no such wish, not kept) and the answers drawn from it. */
export interface HeldCard<S> {
  source: S;
  answers: Map<string, CardAnswer>;
  bytes: number;
}

/** What a domain event drops from the read model (read-model-events.ts: which event drops what). */
export type ReadModelChange =
  | { kind: 'all' }
  | { kind: 'vote'; wishId: number; userId: number; vote: VoteType | null }
  | { kind: 'follows'; userId: number }
  | { kind: 'wish'; wishId: number }
  | { kind: 'notifications'; userId: number }
  | { kind: 'reports' };

/**
 * A wish's replies page as everyone sees it. `listed`: the wish is public and not hidden (else
 * nothing else is set, and the reader's own query answers); `special`: some reply under it is
 * seen only by its author and moderators (hidden, or by a banned member), so a signed-in reader's
 * own query answers too. Otherwise `body` is what every reader gets.
 */
export interface HeldRepliesPage {
  listed: boolean;
  special: boolean;
  body: { replies: WishReply[]; page_number: number; next_page_number: number | null } | null;
}

/**
 * A wish's voters page as the read model loads it (votes/queries.ts votersPageFor): for a listed
 * wish, its counters and the page, the same for every reader, and kept; for any other, the page
 * alone, answered once and not kept.
 */
export interface HeldVotersPage {
  /** Whether the wish is listed (public, not hidden); only listed pages are kept, and only theirs carry counters (else 0). */
  listed: boolean;
  up: number;
  down: number;
  voters: Voter[];
  next: { createdAt: string; id: number } | null;
}

/** A search page's listed wishes as held (vote_type null: no reader's vote). */
export interface HeldSearchPage {
  ids: number[];
  wishes: Wish[];
}

/** A moderation queue page as held: the page and the ids of the wishes it shows. */
export interface HeldQueuePage {
  ids: number[];
  items: ReportedWish[];
  page_number: number;
  next_page_number: number | null;
}

/** A page of listed wishes without any viewer's vote: each wish's JSON split where its vote_type goes. */
export interface SharedPage {
  ids: number[];
  parts: Array<[string, string]>;
  page: number;
  hasMore: boolean;
}

export interface HeldWish {
  wish: Wish;
  theme: string;
  /** `{...wish, card_theme}` as JSON, split where vote_type goes (renderWish). */
  json: [string, string];
}

/** A listed wish held with its card theme (vote_type null: no reader's vote). */
export function heldWishOf(wish: Wish, theme: string): HeldWish {
  return { wish, theme, json: sharedPageOf([JSON.stringify({ ...wish, vote_type: null, card_theme: theme })], 1, 1, [wish.id]).parts[0]! };
}

/**
 * The hidden replies a reader sees under some wishes beyond everyone's count (wish id → how many;
 * replies.ts extraReplyCounts), or null: none, the common case.
 */
export type ExtraReplies = Map<number, number> | null;

/**
 * `after` (a held wish's JSON past its vote_type) with `more` added to its reply_count. The key
 * cannot occur inside a string value: its closing quote would be escaped there.
 */
export function addReplies(after: string, more: number | undefined): string {
  if (!more) return after;
  return after.replace(/"reply_count":(\d+)/, (_all, n: string) => `"reply_count":${Number(n) + more}`);
}

/** The wish detail body (`{"wish": …}`) with the reader's own vote and their extra replies. */
export function renderWish(held: HeldWish, vote: VoteType | null, extra: ExtraReplies = null): string {
  return `{"wish":${held.json[0]}"vote_type":${vote === null ? 'null' : `"${vote}"`}${addReplies(held.json[1], extra?.get(held.wish.id))}}`;
}

const VOTE_NULL = ',"vote_type":null,';

/** Splits listed wishes' JSON (vote_type null) into a SharedPage; `wishJson` may hold one more than a page. */
export function sharedPageOf(wishJson: string[], page: number, pageSize: number, ids: number[]): SharedPage {
  const hasMore = wishJson.length > pageSize;
  const kept = hasMore ? wishJson.slice(0, pageSize) : wishJson;
  return {
    ids: ids.slice(0, kept.length),
    // `,"vote_type":null,` cannot occur inside a string value (its quotes would be escaped), so the
    // first match is the field itself.
    parts: kept.map((json) => {
      const at = json.indexOf(VOTE_NULL);
      if (at < 0) throw new Error('read model: a listed wish without vote_type');
      return [json.slice(0, at + 1), json.slice(at + VOTE_NULL.length - 1)];
    }),
    page,
    hasMore,
  };
}

/** The page's JSON body (FeedPageSchema), with `votes` (the reader's own) and their extra replies laid over it. */
export function renderPage(shared: SharedPage, votes: Map<number, VoteType | null> | null, extra: ExtraReplies = null): string {
  const wishes = shared.parts.map(([before, after], i) => {
    const vote = votes?.get(shared.ids[i]!) ?? null;
    return `${before}"vote_type":${vote === null ? 'null' : `"${vote}"`}${extra ? addReplies(after, extra.get(shared.ids[i]!)) : after}`;
  });
  return `{"wishes":[${wishes.join(',')}],"page_number":${shared.page},"next_page_number":${shared.hasMore ? shared.page + 1 : null},"hasMore":${shared.hasMore}}`;
}

/** A Map used as an LRU: a hit moves to the end, an insert past `cap` drops the oldest. */
class Lru<K, V> extends Map<K, V> {
  constructor(private readonly cap: number) {
    super();
  }
  touch(key: K): V | undefined {
    const value = super.get(key);
    if (value !== undefined) {
      super.delete(key);
      super.set(key, value);
    }
    return value;
  }
  put(key: K, value: V): void {
    super.delete(key);
    if (this.size >= this.cap) this.delete(this.keys().next().value as K);
    super.set(key, value);
  }
}

interface Entry<T> {
  /** The generation the read started under; a pending entry from an older one is neither joined nor kept. */
  gen: number;
  done: boolean;
  value: T | undefined;
  promise: Promise<T>;
}

type PageMap = Lru<string, Entry<SharedPage>>;

export class ReadModel {
  enabled = true;
  /** Bumped by every invalidation: reads that started before it are not kept (see cached). */
  gen = 0;
  readonly feedPages: PageMap = new Lru(CAPS.feedPages);
  readonly userPages: PageMap = new Lru(CAPS.userPages);
  readonly followingPages: PageMap = new Lru(CAPS.followingPages);
  readonly wishes = new Lru<number, Entry<HeldWish | null>>(CAPS.wishes);
  /** Ranked ids joined → the listed wishes of a search page (~3 KB typically, ~40 KB at worst). */
  readonly searchPages = new Lru<string, Entry<HeldSearchPage>>(CAPS.searchPages);
  /** Wish id → `filter:limit:cursor` → a voters page (≤ 100 voters: ~15 KB at worst; ≤ ~15 MB in all). */
  readonly voterPages = new Lru<number, Lru<string, Entry<HeldVotersPage>>>(CAPS.voterWishes);
  readonly votes = new Lru<number, Map<number, VoteType | null>>(CAPS.voters);
  /** Member id → their notifications page 1 (20 rows, ≤ 3 names each: ~8 KB typically, ~50 KB at worst). */
  readonly notificationPages = new Lru<number, Entry<NotificationsPage>>(CAPS.notificationPages);
  /**
   * `wish:page:size` → a listed wish's replies page as everyone sees it (20 replies: ~4 KB
   * typically, ~12 KB at worst), with whether the wish has replies only some see (replies.ts
   * everyoneRepliesPage). Dropped with the wish (a reply's write emits reply.changed) and by every clear.
   */
  readonly replyPages = new Lru<string, Entry<HeldRepliesPage>>(CAPS.replyPages);
  /** `moderator:status:page:size` → a queue page (10 wishes: ~3 KB typically, ~40 KB at worst). */
  readonly moderationPages = new Lru<string, Entry<HeldQueuePage>>(CAPS.moderationPages);
  /**
   * Member → whether they see some hidden reply (a moderator, or the author of a hidden reply):
   * the gate of replies.ts extraReplyCounts, held on SQLite only (seesHiddenReplies).
   */
  readonly hiddenReaders = new Lru<number, Entry<boolean>>(CAPS.hiddenReaders);
  /** `page key|reader` → the body drawn from `shared` for that reader (see bodyOf). */
  readonly bodies = new Lru<string, { shared: SharedPage; body: Buffer }>(Number.MAX_SAFE_INTEGER); // capped in bodyOf, by entries and bytes
  private bodyBytes = 0;
  /** Wish id → its held card (HeldCard; cards are drawn the same whatever the reader, so never per viewer). */
  readonly cards = new Map<number, Entry<HeldCard<unknown>>>();
  /** The held cards' PNG bytes (CAPS.cardBytes). */
  cardBytes = 0;
  /**
   * Bumped by the changes that can change a card (everything, or one wish's own fields), not by a
   * vote: a vote writes only the vote counters and the votes table (votes/queries.ts,
   * sqlite-vote-writer.ts), and no card shows either, so votes neither drop held cards nor void a
   * card being read.
   */
  cardGen = 0;
  /**
   * Ranked search ids per query (caches.ts: SEARCH_CACHE_MS), and the version every clear bumps: a
   * ranking started under an older version is neither kept nor joined.
   */
  readonly searchIds = new Map<string, RankedIds>();
  searchVersion = 0;
  /** PostgreSQL version check (cluster mode only; a single process has no other writer). */
  pgCheck = false;
  private lastVersion: string | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  private sqliteVersion: (() => number) | null | undefined;

  constructor(readonly db: Db) {}

  /** The version check before a read (see the header): cheap, and on PostgreSQL at most every VERSION_CHECK_MS. */
  sync(): Promise<void> | undefined {
    if (this.sqliteVersion === undefined) {
      const raw = sqliteHandleOf(this.db);
      this.sqliteVersion = raw ? ((statement) => () => statement.get() as number)(raw.prepare('pragma data_version').pluck()) : null;
    }
    if (this.sqliteVersion) {
      const now = Date.now();
      if (now - this.checkedAt < SQLITE_VERSION_CHECK_MS) return undefined;
      this.checkedAt = now;
      const version = String(this.sqliteVersion());
      if (this.lastVersion !== version) {
        if (this.lastVersion !== null) this.apply({ kind: 'all' });
        this.lastVersion = version;
      }
      return undefined;
    }
    if (!this.pgCheck || Date.now() - this.checkedAt < VERSION_CHECK_MS) return undefined;
    if (!this.checking) {
      // Timed from the query's start: a commit before that instant is seen by this check.
      this.checkedAt = Date.now();
      this.checking = sql<{ v: string }>`select pg_current_wal_lsn()::text as v`
        .execute(this.db)
        .then(({ rows }) => {
          const version = rows[0]?.v ?? null;
          if (version !== this.lastVersion) {
            // Something was written (here or elsewhere) since the last check: drop everything held.
            this.apply({ kind: 'all' });
            this.lastVersion = version;
          }
        })
        .catch(() => {
          // The database did not answer: nothing held is trusted.
          this.apply({ kind: 'all' });
          this.checkedAt = 0;
        })
        .finally(() => {
          this.checking = null;
        });
    }
    return this.checking;
  }

  /** Applies a change to what this process holds (a local write or another process's message). */
  apply(change: ReadModelChange): void {
    this.gen++;
    if (change.kind === 'all') {
      this.feedPages.clear();
      this.userPages.clear();
      this.followingPages.clear();
      this.wishes.clear();
      this.searchPages.clear();
      this.voterPages.clear();
      this.votes.clear();
      this.notificationPages.clear();
      this.moderationPages.clear();
      this.replyPages.clear();
      this.hiddenReaders.clear();
      this.bodies.clear();
      this.bodyBytes = 0;
      this.cardGen++;
      this.cards.clear();
      this.cardBytes = 0;
      return;
    }
    if (change.kind === 'notifications') {
      this.notificationPages.delete(change.userId);
      return;
    }
    if (change.kind === 'reports') {
      this.moderationPages.clear();
      return;
    }
    if (change.kind === 'follows') {
      const prefix = `${change.userId}:`;
      for (const key of [...this.followingPages.keys()]) if (key.startsWith(prefix)) this.followingPages.delete(key);
      return;
    }
    // A vote or a wish's own fields: the pages that show that wish, and the wish itself.
    const id = change.wishId;
    for (const map of [this.feedPages, this.userPages, this.followingPages, this.moderationPages, this.searchPages] as Array<Lru<string, Entry<{ ids: number[] }>>>) {
      for (const [key, entry] of [...map]) if (entry.done && entry.value!.ids.includes(id)) map.delete(key);
    }
    this.wishes.delete(id);
    this.voterPages.delete(id);
    if (change.kind === 'wish') {
      // A reply added, removed, hidden or restored (reply.changed) can change who sees a hidden one.
      this.hiddenReaders.clear();
      this.cardGen++;
      this.dropCard(id);
      const prefix = `${id}:`;
      for (const key of [...this.replyPages.keys()]) if (key.startsWith(prefix)) this.replyPages.delete(key);
    }
    if (change.kind === 'vote') {
      // Known now, so set rather than dropped; past the cap it is left out (the next read asks the database).
      const index = this.votes.get(change.userId);
      if (index && (index.has(id) || index.size < CAPS.votesPerVoter)) index.set(id, change.vote);
    }
  }

  /**
   * Whether member `userId` sees some hidden reply, held (from `load`, the gate's query) or null:
   * not held here, ask each time. Held on SQLite only: what it depends on changes by a reply's event
   * (reply.changed drops them all), a ban or an account's deletion (everything dropped), or a role,
   * which only the admin command changes, on its own connection: its commit moves `data_version`,
   * and the version check (sync) drops everything within SQLITE_VERSION_CHECK_MS, as it does for every
   * held page. PostgreSQL outside cluster mode has no such check, so there the role is read each time.
   */
  seesHiddenReplies(userId: number, load: () => Promise<boolean>): Promise<boolean> | null {
    if (!this.enabled || !sqliteHandleOf(this.db)) return null;
    return this.cached(this.hiddenReaders, userId, load);
  }

  /** Any change to what is listed: everything held and the search ids dropped. */
  clearListed(): void {
    this.apply({ kind: 'all' });
    this.searchVersion++;
    this.searchIds.clear();
  }

  /** Wish `id`'s held voters pages (created empty on first use). */
  voterPagesOf(id: number): Lru<string, Entry<HeldVotersPage>> {
    let pages = this.voterPages.touch(id);
    if (!pages) this.voterPages.put(id, (pages = new Lru(CAPS.voterPagesPerWish)));
    return pages;
  }

  /** The value for `key`, from memory or from `load` (concurrent misses share one load). */
  async cached<K, T>(map: Lru<K, Entry<T>>, key: K, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    await this.sync();
    const hit = map.touch(key);
    if (hit && (hit.done || hit.gen === this.gen)) return hit.done ? hit.value! : hit.promise;
    const entry: Entry<T> = { gen: this.gen, done: false, value: undefined, promise: load() };
    map.put(key, entry);
    entry.promise.then(
      (value) => {
        // Kept only when no write happened while it was read; a null (not listed) is not kept.
        if (map.get(key) !== entry) return;
        if (this.gen === entry.gen && keep(value)) {
          entry.done = true;
          entry.value = value;
        } else map.delete(key);
      },
      () => {
        if (map.get(key) === entry) map.delete(key);
      },
    );
    return entry.promise;
  }

  /**
   * The page's response body for this reader (null: a visitor) as bytes: held when drawn from the
   * same shared page object, else drawn (the reader's votes laid over it) and held. Valid while that
   * object is the one held: the reader's votes on its wishes change only by a vote on one of them,
   * which drops the page (apply), as does any listed change; a body drawn while a write happened
   * is sent but not held. A reader with extra replies (ExtraReplies, read per request) gets a body
   * drawn for this request, neither held nor taken from what is held.
   */
  async bodyOf(pageKey: string, shared: SharedPage, viewerId: number | null, extra: ExtraReplies = null): Promise<Buffer> {
    if (viewerId !== null && extra) return Buffer.from(renderPage(shared, await this.votesOf(viewerId, shared.ids), extra));
    const key = `${pageKey}|${viewerId ?? ''}`;
    const held = this.bodies.touch(key);
    if (held && held.shared === shared) return held.body;
    const gen = this.gen;
    const body = Buffer.from(renderPage(shared, viewerId === null ? null : await this.votesOf(viewerId, shared.ids)));
    if (gen === this.gen && body.length <= CAPS.bodyBytes) {
      const old = this.bodies.get(key);
      if (old) this.bodyBytes -= old.body.length;
      this.bodies.put(key, { shared, body });
      this.bodyBytes += body.length;
      while (this.bodyBytes > CAPS.bodyBytes || this.bodies.size > CAPS.bodies) {
        const [oldestKey, oldest] = this.bodies.entries().next().value!;
        this.bodies.delete(oldestKey);
        this.bodyBytes -= oldest.body.length;
      }
    }
    return body;
  }

  private dropCard(id: number): void {
    const entry = this.cards.get(id);
    if (entry?.done) this.cardBytes -= entry.value!.bytes;
    this.cards.delete(id);
  }

  /**
   * Wish `id`'s held card, or its source read by `load` (concurrent misses share one read). Kept
   * only when no card-changing write happened while it was read (cardGen) and the wish exists.
   * Synchronous on a hit (no promise), so a held card costs a map lookup.
   */
  heldCard<S>(id: number, load: () => Promise<S | null>): HeldCard<S> | null | Promise<HeldCard<S> | null> {
    const check = this.sync();
    if (check) return check.then(() => this.heldCardNow(id, load));
    return this.heldCardNow(id, load);
  }

  private heldCardNow<S>(id: number, load: () => Promise<S | null>): HeldCard<S> | null | Promise<HeldCard<S> | null> {
    const hit = this.cards.get(id) as Entry<HeldCard<S> | null> | undefined;
    if (hit && (hit.done || hit.gen === this.cardGen)) {
      // Most recently asked last (the LRU order).
      this.cards.delete(id);
      this.cards.set(id, hit as Entry<HeldCard<unknown>>);
      return hit.done ? hit.value! : hit.promise;
    }
    const entry: Entry<HeldCard<S> | null> = {
      gen: this.cardGen,
      done: false,
      value: undefined,
      promise: load().then((source) => (source === null ? null : { source, answers: new Map(), bytes: 0 })),
    };
    const cards = this.cards as Map<number, Entry<HeldCard<S> | null>>;
    if (hit) this.dropCard(id);
    cards.set(id, entry);
    while (this.cards.size > CAPS.cardWishes) this.dropCard(this.cards.keys().next().value!);
    entry.promise.then(
      (value) => {
        if (cards.get(id) !== entry) return;
        if (value !== null && this.cardGen === entry.gen) {
          entry.done = true;
          entry.value = value;
        } else cards.delete(id);
      },
      () => {
        if (cards.get(id) === entry) cards.delete(id);
      },
    );
    return entry.promise;
  }

  /**
   * Keeps a finished answer with wish `id`'s held card, if that card is still the one held (any
   * change to the wish dropped it, so an answer drawn from a superseded source is never kept).
   */
  keepCardAnswer<S>(id: number, held: HeldCard<S>, key: string, answer: CardAnswer): void {
    const entry = this.cards.get(id);
    if (!entry?.done || entry.value !== held || answer.png.length > CAPS.cardBytes) return;
    const previous = held.answers.get(key);
    if (previous) {
      held.answers.delete(key);
      held.bytes -= previous.png.length;
      this.cardBytes -= previous.png.length;
    }
    while (held.answers.size >= CAPS.cardAnswersPerWish) {
      const [oldest, dropped] = held.answers.entries().next().value!;
      held.answers.delete(oldest);
      held.bytes -= dropped.png.length;
      this.cardBytes -= dropped.png.length;
    }
    held.answers.set(key, answer);
    held.bytes += answer.png.length;
    this.cardBytes += answer.png.length;
    // Over the byte cap: the least recently asked wishes leave (this one last).
    while (this.cardBytes > CAPS.cardBytes && this.cards.size > 0) this.dropCard(this.cards.keys().next().value!);
  }

  /** The member's own votes on `ids`, from their index; the missing ones in one query. */
  async votesOf(userId: number, ids: number[]): Promise<Map<number, VoteType | null>> {
    await this.sync();
    let index = this.votes.touch(userId);
    const missing = index ? ids.filter((id) => !index!.has(id)) : ids;
    if (missing.length === 0) return index!;
    const gen = this.gen;
    const rows = await readHot(
      this.db,
      sql<{ wish_id: number; vote_type: VoteType }>`select wish_id, vote_type from votes where user_id = ${userId} and wish_id in (${sql.join(missing)})`,
    );
    const found = new Map<number, VoteType | null>(missing.map((id) => [id, null]));
    for (const row of rows) found.set(Number(row.wish_id), row.vote_type);
    if (gen !== this.gen) {
      // A write happened meanwhile: answer, newest first, from what the index learned since, this
      // read, then what the index held before; keep nothing.
      const current = this.votes.get(userId);
      return new Map(ids.map((id) => [id, current?.has(id) ? current.get(id)! : found.has(id) ? found.get(id)! : (index?.get(id) ?? null)]));
    }
    index = this.votes.get(userId);
    if (!index || index.size + missing.length > CAPS.votesPerVoter) {
      index = new Map();
      this.votes.put(userId, index);
    }
    for (const [id, vote] of found) index.set(id, vote);
    // The page's ids are all present now, even if the cap started the index afresh.
    for (const id of ids) if (!index.has(id)) index.set(id, null);
    return index;
  }
}

/**
 * The read model of one app (its composition root keeps it in AppDeps.readModel): on or off (off,
 * WISHES_FEED_CACHE_MS=0: every read queries). Its state lives in this object, nowhere else.
 */
export function createReadModel(db: Db, options: { enabled: boolean } = { enabled: true }): ReadModel {
  const model = new ReadModel(db);
  model.enabled = options.enabled;
  return model;
}
