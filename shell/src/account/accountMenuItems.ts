import type { IconName, SessionUser } from '@wishes/shared';

/**
 * The entries of the account menu on the username in the header, in order. One entry is a link
 * (`to`) or the sign-out action. To add one (Notifications, Settings, …) add a line here; the menu
 * and the mobile bar's Profile entry need nothing else.
 */
export type AccountMenuEntry =
  | { id: string; label: string; icon: IconName; to: string }
  | { id: 'signOut'; label: string; icon: IconName; action: 'signOut' };

/** Where a signed-in person's own profile is (null while their id is unknown). */
export function ownProfilePath(user: SessionUser | null): string | null {
  return user?.userId ? `/user/${user.userId}` : null;
}

export function accountMenuEntries(user: SessionUser): AccountMenuEntry[] {
  const profile = ownProfilePath(user);
  return [
    ...(profile ? [{ id: 'profile', label: 'Your profile', icon: 'user', to: profile }] : []),
    // The social layer's pages (mf-profile); the bell next to the menu also leads to Notifications.
    { id: 'notifications', label: 'Notifications', icon: 'bell', to: '/notifications' },
    // Wishes sent to people by email (mf-profile's DeliveriesPage).
    { id: 'deliveries', label: 'Sent wishes', icon: 'share', to: '/deliveries' },
    { id: 'settings', label: 'Settings', icon: 'settings', to: '/settings' },
    { id: 'signOut', label: 'Sign out', icon: 'logout', action: 'signOut' },
  ];
}
