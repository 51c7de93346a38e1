/**
 * The federation contract between apps, derived from the app registry (./registry.ts): remote
 * names and folders by key, their exposed modules, and the props of components that one remote
 * exposes for another (mf-feed's WishList/WishCard used by mf-profile). Every exposed module's
 * default export is a React component.
 */
import type { Wish } from './schemas';
import { APP_REGISTRY } from './registry';

export * from './registry';

type Registry = typeof APP_REGISTRY;
type Entry = Registry[number];

/** `REMOTES.feed` → `{ key, name: 'mf_feed', folder: 'mf-feed', devPort: 3001, ... }`. */
export const REMOTES = Object.fromEntries(APP_REGISTRY.map((remote) => [remote.key, remote])) as { [E in Entry as E['key']]: E };

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
