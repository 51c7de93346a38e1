/**
 * The icon navigation (docs/product.md#2-screens-and-routes, Global layout): the entries the active remotes declare in the app
 * registry (shared/src/registry.ts), each with its visibility (visitors see only Feed).
 */
import type { NavDeclaration } from '@wishes/shared';
import type { NavViewer } from '@wishes/shared';
import { navItemsFor } from '../remotes/composition';

export type NavItem = NavDeclaration;
export { navItemsFor };

/** The mobile bar: the icon navigation plus the way home to one's own profile (when the id is known). */
export function mobileBarItems(viewer: NavViewer | null, profilePath: string | null): NavItem[] {
  const items = navItemsFor(viewer);
  return profilePath ? [...items, { to: profilePath, label: 'Profile', icon: 'user', visibility: 'members', order: Number.MAX_SAFE_INTEGER }] : items;
}
