/** The icon navigation (spec §2, Global layout); signed-out users see only Feed. */
export interface NavItem {
  to: string;
  label: string;
  /** The visible label under the icon in the mobile bar, where six entries share 390 px; part of `label`. */
  shortLabel?: string;
  icon: 'feed' | 'business' | 'search' | 'compose' | 'subscriptions' | 'user';
  needsSignIn: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/feed', label: 'Feed', icon: 'feed', needsSignIn: false },
  { to: '/business', label: 'Business', icon: 'business', needsSignIn: true },
  { to: '/search', label: 'Search', icon: 'search', needsSignIn: true },
  { to: '/compose', label: 'Compose Wish', shortLabel: 'Compose', icon: 'compose', needsSignIn: true },
  { to: '/subscriptions', label: 'Subscriptions', icon: 'subscriptions', needsSignIn: true },
];

export function navItemsFor(signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => signedIn || !item.needsSignIn);
}

/** The mobile bar: the icon navigation plus the way home to one's own profile (when the id is known). */
export function mobileBarItems(profilePath: string | null): NavItem[] {
  const items = navItemsFor(true);
  return profilePath ? [...items, { to: profilePath, label: 'Profile', icon: 'user', needsSignIn: true }] : items;
}
