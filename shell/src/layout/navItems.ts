/**
 * The icon navigation (docs/product.md#2-screens-and-routes, Global layout): the entries the active
 * remotes declare (each in its remote.config.ts), each with its visibility (visitors see only Feed).
 */
import { SPEC_ROUTES, matchRoutePattern, type NavViewer } from '@wishes/kit-contract/remotes';
import { type NavDeclaration } from '@wishes/kit-contract';
import { navItemsFor, siteComposition, type SiteComposition } from '../remotes/composition';

export type NavItem = NavDeclaration;
export { navItemsFor };

/** How many entries the mobile bar holds besides More: the product's five. */
export const MOBILE_BAR_SLOTS = 5;

/**
 * An entry leading to a route of the product spec: the spec's five, whichever remote serves them
 * (pinned even by a release declared before `pinned` existed).
 */
function productPinned(entry: NavDeclaration): boolean {
  return SPEC_ROUTES.some((route) => matchRoutePattern(route.path, entry.to) !== null);
}

/** One's own profile as a More entry (the way home from the bar). */
export function profileItem(profilePath: string): NavItem {
  return { to: profilePath, label: 'Profile', icon: 'user', visibility: 'members', order: Number.MAX_SAFE_INTEGER };
}

/**
 * The mobile bar (≤ 430 px, signed in): the pinned entries (the spec's five) stay in the bar; every
 * other entry this viewer sees — Moderation, any remote's new entry, then one's own profile — goes
 * into More, in order. However many entries the remotes declare, the bar holds six slots.
 *
 * The spec's five take the bar first: a new remote declaring `pinned` (with a smaller `order`)
 * cannot push one of them into More; it gets a slot only if one of the five is absent (a release
 * that moved its entry to another path).
 */
export function mobileBarLayout(
  viewer: NavViewer | null,
  profilePath: string | null,
  composition: SiteComposition = siteComposition(),
): { bar: NavItem[]; more: NavItem[] } {
  const items = navItemsFor(viewer, composition);
  const product = items.filter(productPinned);
  const others = items.filter((item) => item.pinned === true && !productPinned(item));
  const inBar = new Set([...product, ...others].slice(0, MOBILE_BAR_SLOTS));
  const bar = items.filter((item) => inBar.has(item));
  const more = items.filter((item) => !inBar.has(item));
  if (profilePath) more.push(profileItem(profilePath));
  return { bar, more };
}
