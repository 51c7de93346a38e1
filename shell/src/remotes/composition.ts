/**
 * The site as the active remotes declare it: their routes and navigation entries, taken from the
 * runtime manifest (/mf/remotes.json, inlined in the page), which the server builds from the app
 * registry and each remote's active release. Composed once at start-up, before the first render;
 * a remote the manifest lists without declarations (an older server) gets its registry entry's.
 */
import { APP_REGISTRY, navEntryVisible, type NavViewer } from '@wishes/kit-contract/remotes';
import { type MenuDeclaration, type NavDeclaration, type RemoteDeclaration, type RemotesManifest, type RouteDeclaration } from '@wishes/kit-contract';

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
    const registered: RemoteDeclaration | undefined = APP_REGISTRY.find((r) => r.name === remote.name);
    const declaredRoutes: readonly RouteDeclaration[] = remote.routes ?? registered?.routes ?? [];
    const declaredNav: readonly NavDeclaration[] = remote.nav ?? registered?.nav ?? [];
    for (const route of declaredRoutes) {
      if (taken.has(route.path)) {
        // Two remotes claiming one path: the first listed keeps it (the registry's order).
        console.warn(`[wishes] ${remote.name} declares ${route.path}, which another remote already routes`);
        continue;
      }
      taken.add(route.path);
      routes.push({ ...route, remote: remote.name, module: route.expose ? `${remote.name}/${route.expose}` : undefined });
    }
    nav.push(...declaredNav);
    menu.push(...(remote.menu ?? registered?.menu ?? []));
  }
  nav.sort((a, b) => a.order - b.order);
  menu.sort((a, b) => a.order - b.order);
  return { routes, nav, menu };
}

/** The registry's own declarations, served from this server: the composition before start-up and in tests. */
export function registryManifest(): RemotesManifest {
  return {
    remotes: APP_REGISTRY.map((r: RemoteDeclaration) => ({
      name: r.name,
      entry: `/mf/${r.folder}/remoteEntry.js`,
      folder: r.folder,
      release: 'dist',
      routes: [...r.routes],
      nav: [...r.nav],
      ...(r.menu ? { menu: [...r.menu] } : {}),
    })),
  };
}

let current: SiteComposition = composeSite(registryManifest());

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
