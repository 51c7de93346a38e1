/**
 * The federation contract between apps: remote names, their exposed modules, and the props of
 * components that one remote exposes for another (mf-feed's WishList/WishCard used by mf-profile).
 * Every exposed module's default export is a React component.
 */
import type { Wish } from './contract/schemas';

export const REMOTES = {
  feed: { name: 'mf_feed', folder: 'mf-feed', devPort: 3001 },
  compose: { name: 'mf_compose', folder: 'mf-compose', devPort: 3002 },
  profile: { name: 'mf_profile', folder: 'mf-profile', devPort: 3003 },
  auth: { name: 'mf_auth', folder: 'mf-auth', devPort: 3004 },
} as const;

export type ExposedModule =
  | 'mf_feed/HomePage'
  | 'mf_feed/FeedPage'
  | 'mf_feed/WishPage'
  | 'mf_feed/SearchPage'
  | 'mf_feed/WishList'
  | 'mf_feed/WishCard'
  | 'mf_compose/ComposePage'
  | 'mf_compose/BusinessPage'
  | 'mf_profile/ProfilePage'
  | 'mf_profile/SubscriptionsPage'
  | 'mf_profile/NotificationsPage'
  | 'mf_profile/SettingsPage'
  | 'mf_auth/SignInPage'
  | 'mf_auth/SignUpPage'
  | 'mf_auth/ResetRequestPage'
  | 'mf_auth/ResetConfirmPage';

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
