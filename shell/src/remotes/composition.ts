/**
 * The site as the active remotes declare it: their routes and navigation entries, taken from the
 * runtime manifest (/mf/remotes.json, inlined in the page), which the server builds from each
 * remote's active release (its remote.config.ts, shipped in the release). Composed once at
 * start-up, before the first render. The shell itself knows no remote's path: until a manifest
 * arrives it routes only its own /page/:pageName and the not-found page.
 */
import { navEntryVisible, type NavViewer } from '@wishes/kit-contract/remotes';
import { type MenuDeclaration, type NavDeclaration, type RemotesManifest, type RouteDeclaration } from '@wishes/kit-contract';

export interface ComposedRoute extends RouteDeclaration {
  /** The remote that declared it ('mf_feed'). */
  remote: string;
  /** The exposed module it renders ('mf_feed/FeedPage'), when it is not a redirect. */
  module?: string;
}

export interface SiteComposition {
  routes: ComposedRoute[];
  nav: NavDeclaration[];
  /** The account menu's entries, in order. */
  menu: MenuDeclaration[];
}

export function composeSite(manifest: RemotesManifest): SiteComposition {
  const routes: ComposedRoute[] = [];
  const nav: NavDeclaration[] = [];
  const menu: MenuDeclaration[] = [];
  const taken = new Set<string>();
  for (const remote of manifest.remotes) {
    const declaredRoutes: readonly RouteDeclaration[] = remote.routes ?? [];
    const declaredNav: readonly NavDeclaration[] = remote.nav ?? [];
    for (const route of declaredRoutes) {
      if (taken.has(route.path)) {
        // Two remotes claiming one path: the first listed keeps it (the manifest's order).
        console.warn(`[wishes] ${remote.name} declares ${route.path}, which another remote already routes`);
        continue;
      }
      taken.add(route.path);
      routes.push({ ...route, remote: remote.name, module: route.expose ? `${remote.name}/${route.expose}` : undefined });
    }
    nav.push(...declaredNav);
    menu.push(...(remote.menu ?? []));
  }
  nav.sort((a, b) => a.order - b.order);
  menu.sort((a, b) => a.order - b.order);
  return { routes, nav, menu };
}

/** No remote at all: the shell's own pages only (before start-up, or with no manifest to read). */
export function emptyManifest(): RemotesManifest {
  return { remotes: [] };
}

let current: SiteComposition = composeSite(emptyManifest());

/** Called once by the start-up with the manifest it registered. */
export function setSiteComposition(manifest: RemotesManifest): void {
  current = composeSite(manifest);
}

export function siteComposition(): SiteComposition {
  return current;
}

/** The navigation entries this viewer sees (null: a visitor), in order. */
export function navItemsFor(viewer: NavViewer | null, composition: SiteComposition = current): NavDeclaration[] {
  return composition.nav.filter((entry) => navEntryVisible(entry.visibility, viewer));
}
