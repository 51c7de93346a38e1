/**
 * Each member's people list as the bytes of its answer (`GET /api/people/`), held so a repeat read
 * sends them as they are: with 500 people the list is a ~125 KB body, and reading, scheduling and
 * encoding it again was almost all of its cost (bench/RESULTS.md). One holder per app
 * (AppDeps.peopleLists), bounded by bytes (lru-cache); the gzip variant is made once, on the
 * first read that accepts it.
 *
 * Freshness: every write to a member's people, their dates or what the list is computed from
 * emits `people.changed` for that member (the people routes, a reminder round, a new time zone),
 * and `account.deleted` ends the member; the subscriber (subscribePeopleLists, wired by
 * app/subscriptions.ts in every process) drops the member's bytes synchronously within the emit,
 * so before the writer answers (read-your-writes). A read that started before a drop is neither
 * joined nor kept after it. The list also moves with the date alone (a next occasion is the next
 * date on or after today in the person's zone), so the bytes carry an expiry: the first instant any
 * entry's next date can change (the end of that date in its zone), and at most a day.
 */
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { EventBus } from '../platform/events';

/** Bytes held in all (bodies and their gzip variants): ~250 members with 500 people each. */
const HELD_BYTES = 32 * 1024 * 1024;
/** Members held at most. */
const HELD_MEMBERS = 10_000;
/** The longest any held list lives, even without a date in it. */
const MAX_AGE_MS = 86_400_000;

/** A list's bytes and until when they hold (ms since the epoch, Date.now's clock). */
export interface ListBytes {
  body: Buffer;
  expiresAt: number;
}

interface Held extends ListBytes {
  gzip?: Buffer;
}

/** A read in flight: later readers of the same member join it, unless a drop came meanwhile. */
interface Pending {
  pending: Promise<Held>;
}

type Entry = Held | Pending;

export class PeopleLists {
  private readonly held = new LRUCache<number, Entry>({
    max: HELD_MEMBERS,
    maxSize: HELD_BYTES,
    sizeCalculation: (entry) => ('pending' in entry ? 1 : entry.body.length + (entry.gzip?.length ?? 0)),
  });

  /**
   * Member `userId`'s list bytes (gzip'ed when `gzip`): held ones while they hold, else `load`'s,
   * kept unless the member's people changed while it ran. Its `expiresAt` at or before now: not kept.
   */
  async read(userId: number, gzip: boolean, load: () => Promise<ListBytes>): Promise<{ body: Buffer; gzip: boolean }> {
    const entry = this.held.get(userId);
    let held: Held;
    if (entry && 'pending' in entry) held = await entry.pending;
    else if (entry && entry.expiresAt > Date.now()) held = entry;
    else {
      const pending = load();
      const mine: Pending = { pending };
      this.held.set(userId, mine);
      try {
        held = await pending;
      } catch (error) {
        if (this.held.peek(userId) === mine) this.held.delete(userId);
        throw error;
      }
      if (this.held.peek(userId) === mine) {
        if (held.expiresAt > Date.now()) this.held.set(userId, { ...held });
        else this.held.delete(userId);
      }
    }
    if (!gzip) return { body: held.body, gzip: false };
    const current = this.held.peek(userId);
    if (current && 'body' in current && current.body === held.body) {
      if (current.gzip) return { body: current.gzip, gzip: true };
      const zipped = gzipSync(current.body);
      // A new entry, so its size counts the variant (lru-cache sizes a value when it is set).
      this.held.set(userId, { ...current, gzip: zipped });
      return { body: zipped, gzip: true };
    }
    return { body: gzipSync(held.body), gzip: true };
  }

  /** Drops member `userId`'s list (and voids a read of it in flight). */
  drop(userId: number): void {
    this.held.delete(userId);
  }

  /** Drops every list (Redis came or went: a message may have been lost). */
  clear(): void {
    this.held.clear();
  }

  /** How many members' lists are held (tests). */
  get size(): number {
    return this.held.size;
  }
}

/** The latest an entry can hold: `earliest` (the first instant a next date moves) within MAX_AGE_MS of `nowMs`. */
export const expiryOf = (earliest: number | null, nowMs: number) => Math.min(earliest ?? Infinity, nowMs + MAX_AGE_MS);

/** Subscribes the held lists to the events that change one (every process's); returns the undo. */
export function subscribePeopleLists(lists: PeopleLists, events: EventBus): () => void {
  const undo = [
    events.on('people.changed', (event) => lists.drop(event.userId), { everyProcess: true }),
    events.on('account.deleted', (event) => lists.drop(event.userId), { everyProcess: true }),
  ];
  return () => undo.forEach((u) => u());
}
