/**
 * A member's own votes laid over a page everyone sees (the feed's page 1 embedded in the HTML).
 *
 * The HTML carries the page as a signed-out visitor sees it (the session lives in local storage,
 * not sent with the page). The counts are the same for everyone; only the reader's own votes
 * (which arrow is pressed) and, for some readers, reply counts differ. So a member's live cards
 * show that page at once, and their own page 1 is laid over it when it answers: only pressed states
 * (and figures) change, no card moves. Until a wish's own vote is known, a press on it is held
 * (VoteControl: pressed in and busy, the counts untouched) and answered once it is, because the
 * press means "cast" or "remove" depending on that vote (docs/product.md#4-states).
 */
import { createContext } from 'react';
import type { FeedPage, Wish } from '@wishes/kit-contract';

/** What a card's vote control asks before it acts on a press. */
export interface OwnVoteSource {
  /** True while the reader's own vote on this wish is not known yet. */
  unknown(wishId: number): boolean;
  /** The reader's own view of the wish once it is known; null when it cannot be learned. */
  resolve(wishId: number): Promise<Wish | null>;
}

/** Provided by a list that shows a shared page to a member; none elsewhere (every vote is known). */
export const OwnVoteContext = createContext<OwnVoteSource | null>(null);

/** The reader's own parts of `own` on the shared `wish`: their vote and the figures; the text and order stay. */
export function layOwnView(wish: Wish, own: Wish): Wish {
  return {
    ...wish,
    vote_type: own.vote_type ?? null,
    vote_count: own.vote_count,
    upvote_count: own.upvote_count,
    downvote_count: own.downvote_count,
    ...(own.reply_count === undefined ? {} : { reply_count: own.reply_count }),
  };
}

/** `pages` with every wish `own` knows laid over (same pages, same order); the same object when none is. */
export function layOverPages(pages: FeedPage[], own: ReadonlyMap<number, Wish>): FeedPage[] {
  let changed = false;
  const next = pages.map((page) => {
    if (!page.wishes?.some((wish) => own.has(wish.id))) return page;
    changed = true;
    return { ...page, wishes: page.wishes.map((wish) => (own.has(wish.id) ? layOwnView(wish, own.get(wish.id)!) : wish)) };
  });
  return changed ? next : pages;
}

export interface OwnVotesDeps {
  /** The member's own page 1 (their votes in it). */
  loadPage: () => Promise<FeedPage>;
  /** One wish as the member sees it (for a shared wish their page 1 lacks). */
  loadWish: (wishId: number) => Promise<Wish>;
  /** Lays what was learned over the shown list (the query cache). */
  lay: (own: ReadonlyMap<number, Wish>) => void;
}

/**
 * The member's own votes on the wishes of a shared page (`shownIds`): unknown until their page 1
 * answers; a wish that page lacks (it moved on, or the request failed) is learned on its own when
 * a press needs it, so no held press waits forever.
 */
export class OwnVotes implements OwnVoteSource {
  private readonly pending: Set<number>;
  private readonly known = new Map<number, Wish>();
  private readonly single = new Map<number, Promise<Wish | null>>();
  private page: Promise<void> | null = null;

  constructor(
    shownIds: Iterable<number>,
    private readonly deps: OwnVotesDeps,
  ) {
    this.pending = new Set(shownIds);
  }

  /** Asks for the member's page 1 (once). */
  start(): Promise<void> {
    this.page ??= this.deps.loadPage().then(
      (page) => this.learn(page.wishes ?? []),
      () => undefined, // each wish is then learned on its own when pressed
    );
    return this.page;
  }

  unknown(wishId: number): boolean {
    return this.pending.has(wishId);
  }

  async resolve(wishId: number): Promise<Wish | null> {
    await this.start();
    const known = this.known.get(wishId);
    if (known) return known;
    let single = this.single.get(wishId);
    if (!single) {
      single = this.deps.loadWish(wishId).then(
        (wish) => {
          this.learn([wish], true);
          return wish;
        },
        () => null,
      );
      this.single.set(wishId, single);
      // A failure may be passing (the network): the next press asks again.
      void single.then((wish) => {
        if (!wish) this.single.delete(wishId);
      });
    }
    return single;
  }

  /** `asked`: learned on its own, so newer than anything held for it. */
  private learn(wishes: Wish[], asked = false): void {
    const learned = new Map<number, Wish>();
    for (const wish of wishes) {
      if (!asked && !this.pending.has(wish.id)) continue;
      this.pending.delete(wish.id);
      this.known.set(wish.id, wish);
      learned.set(wish.id, wish);
    }
    if (learned.size > 0) this.deps.lay(learned);
  }
}
