/**
 * The federation contract between apps: the declaration's shape and checks (./registry.ts) and the
 * props of components that one remote exposes for another (mf-feed's WishList/WishCard used by
 * mf-profile). Every exposed module's default export is a React component.
 */
import type { Wish } from './schemas';

export * from './registry';

export interface WishCardProps {
  wish: Wish;
  /** Called with the updated wish after a vote changes its counts. */
  onChange?: (wish: Wish) => void;
}

/** A list of wish cards (no paging controls: the page that shows it owns paging). */
export interface WishListProps {
  wishes: Wish[];
  onChange?: (wish: Wish) => void;
}
