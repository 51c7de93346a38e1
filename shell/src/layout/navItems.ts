/** The icon navigation (spec §2, Global layout); signed-out users see only Feed. */
export interface NavItem {
  to: string;
  label: string;
  icon: 'feed' | 'business' | 'search' | 'compose' | 'subscriptions' | 'settings';
  needsSignIn: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/feed', label: 'Feed', icon: 'feed', needsSignIn: false },
  { to: '/business', label: 'Business', icon: 'business', needsSignIn: true },
  { to: '/search', label: 'Search', icon: 'search', needsSignIn: true },
  { to: '/compose', label: 'Compose Wish', icon: 'compose', needsSignIn: true },
  { to: '/subscriptions', label: 'Subscriptions', icon: 'subscriptions', needsSignIn: true },
  // Account settings (the social layer); Notifications is the bell next to the account (notifications/NotificationBell).
  { to: '/settings', label: 'Settings', icon: 'settings', needsSignIn: true },
];

export function navItemsFor(signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => signedIn || !item.needsSignIn);
}
