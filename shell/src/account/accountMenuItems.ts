import type { IconName } from '@wishes/kit-ui';
import type { SessionUser } from '@wishes/kit-session';
import { siteComposition, type SiteComposition } from '../remotes/composition';

/**
 * The entries of the account menu on the username, in order: one's profile, the entries the
 * active remotes declare (`menu` in their remote.config.ts: Notifications, Sent wishes, Settings), then
 * Sign out. The menu and the mobile bar's Profile entry need nothing else.
 */
export type AccountMenuEntry =
  | { id: string; label: string; icon: IconName; to: string }
  | { id: 'signOut'; label: string; icon: IconName; action: 'signOut' };

/** Where a signed-in person's own profile is (null while their id is unknown). */
export function ownProfilePath(user: SessionUser | null): string | null {
  return user?.userId ? `/user/${user.userId}` : null;
}

export function accountMenuEntries(user: SessionUser, composition: SiteComposition = siteComposition()): AccountMenuEntry[] {
  const profile = ownProfilePath(user);
  return [
    ...(profile ? [{ id: 'profile', label: 'Your profile', icon: 'user' as IconName, to: profile }] : []),
    // An unknown icon name shows the kit's generic glyph (a release may name a newer icon).
    ...composition.menu.map((entry) => ({ id: entry.to, label: entry.label, icon: entry.icon as IconName, to: entry.to })),
    { id: 'signOut', label: 'Sign out', icon: 'logout', action: 'signOut' },
  ];
}
