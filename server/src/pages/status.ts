/**
 * The HTTP status of a page: the HTML is the same single-page app either way (it draws its own
 * not-found texts), but a path that names nothing a visitor may see answers 404, so crawlers, link
 * checkers and people's tools are not told a missing page exists. Checked as the request's viewer
 * (a visitor for a crawler): a private wish is a 404 for the HTML, and its author's page still
 * shows it once the app loads with their session.
 */
import { resolveDeclaredRoute, type RouteDeclaration } from '@wishes/kit-contract/registry';
import type { AppDeps } from '../app/deps';
import { findUser } from '../profiles/queries';
import { isWishVisible } from '../wishes/queries';
import type { RemoteLocation } from './remotes';

/** The static pages the shell renders (/page/{name}); any other name is its "not found" text. */
const STATIC_PAGES = new Set(['terms', 'privacy_policy']);
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

const validId = (value: string | undefined): number | null => (value !== undefined && ID.test(value) && Number(value) <= MAX_ID ? Number(value) : null);

export async function pageStatus(db: AppDeps['db'], viewerId: number | null, pathname: string, locations: readonly RemoteLocation[]): Promise<200 | 404> {
  if (pathname === '/') return 200;
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const staticPage = /^\/page\/([^/]+)$/.exec(trimmed);
  if (staticPage) {
    try {
      return STATIC_PAGES.has(decodeURIComponent(staticPage[1]!)) ? 200 : 404;
    } catch {
      return 404;
    }
  }
  // The routes as the shell composes them: the first remote listed keeps a path two declare.
  const routes: RouteDeclaration[] = [];
  const taken = new Set<string>();
  for (const location of locations) {
    for (const route of location.declaration.routes) {
      if (taken.has(route.path)) continue;
      taken.add(route.path);
      routes.push(route);
    }
  }
  const match = resolveDeclaredRoute(routes, pathname);
  if (!match) return 404;
  if (match.route.path === '/wish/:id') {
    const id = validId(match.params.id);
    return id !== null && (await isWishVisible(db, id, viewerId)) ? 200 : 404;
  }
  if (match.route.path === '/user/:uid') {
    const id = validId(match.params.uid);
    return id !== null && (await findUser(db, id)) ? 200 : 404;
  }
  return 200;
}
