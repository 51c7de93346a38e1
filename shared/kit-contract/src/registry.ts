/**
 * The remote declaration and its checks. A remote writes its own declaration (routes, titles,
 * navigation and menu entries, exposed and consumed modules) in its `remote.config.ts`, the one
 * place a remote's paths are written; its release carries it (release.json → declaration), and the
 * shell and the server take it from the active release. This file holds only the shape, the rules
 * every declaration is held to (the product spec's routes, the reserved paths, both sides of a
 * consumed module) and react-router's matcher; no remote is named here but as a reserved path's
 * owner.
 */
import { matchPath, matchRoutes } from '@remix-run/router';

/** Who may see a navigation entry. Roles are the account roles (docs/api.md, "Own wishes and moderation"). */
export type NavVisibility = 'everyone' | 'members' | 'visitors' | { roles: readonly string[] };

export interface RouteDeclaration {
  /** A react-router path pattern: '/wish/:id', '/auth/reset_password_confirm/*'. */
  path: string;
  /** The exposed page rendered at this path ('FeedPage' → '<remote name>/FeedPage'). */
  expose?: string;
  /** Or a redirect; ':name' segments are replaced with the matched parameters ('/user/:uid'). */
  redirectTo?: string;
  /** Document title while the page loads (the page may set a more precise one itself). */
  title?: string;
  /** Visitors are sent to the sign-in page (the spec's protected routes). */
  signIn?: boolean;
  /** More exposed modules the page renders at once, preloaded with its HTML ('mf_feed/WishList'). */
  preload?: readonly string[];
}

export interface NavDeclaration {
  /** Where the entry leads (a path one of the remotes routes). */
  to: string;
  /** The entry's visible and accessible name. */
  label: string;
  /** The visible label under the icon in the mobile bar, where six entries share 390 px; part of `label`. */
  shortLabel?: string;
  /** An icon of the UI kit (`Icon` in @wishes/kit-ui); an unknown name shows a generic glyph. */
  icon: string;
  /** Who sees it; left out, members only (new entries never show to visitors by default). */
  visibility?: NavVisibility;
  /** Position in the bar, smallest first (entries of all remotes are sorted together). */
  order: number;
  /**
   * Stays in the mobile bottom bar (≤ 430 px): the product's five icon entries (Feed, Business,
   * Search, Compose Wish, Subscriptions). Every other entry, of any remote, folds into the bar's
   * More menu, so any number of entries fits 320 px. At most five show in the bar.
   */
  pinned?: boolean;
}

/**
 * An entry of the account menu on the username (Notifications, Sent wishes, Settings): pages of
 * one's own that need no room in the navigation bar. The shell puts "Your profile" first and
 * "Sign out" last; the entries of all remotes are sorted together between them.
 */
export interface MenuDeclaration {
  /** Where the entry leads (a path one of the remotes routes, usually `signIn`). */
  to: string;
  label: string;
  /** An icon of the UI kit. */
  icon: string;
  /** Position in the menu, smallest first. */
  order: number;
}

export interface RemoteDeclaration {
  /** Short key used in code ('feed' → REMOTES.feed). */
  key: string;
  /** Federation container name (letters, digits, underscores): 'mf_feed'. */
  name: string;
  /** The package folder and its id everywhere else (CLI, URLs, releases): 'mf-feed'. */
  folder: string;
  /** Port of its webpack dev server in `npm run dev` and `npm run dev -w <folder>`. */
  devPort: number;
  /** Exposed modules: expose name → source file in the folder. Default exports are React components. */
  exposes: Readonly<Record<string, string>>;
  routes: readonly RouteDeclaration[];
  nav: readonly NavDeclaration[];
  /** Entries of the account menu (signed-in members only). */
  menu?: readonly MenuDeclaration[];
  /**
   * Modules of other remotes this one loads itself (mf-profile renders mf-feed's `./WishList`):
   * a release of `remote` that stops exposing `module` is refused while this remote is active.
   */
  consumes?: readonly ConsumedModule[];
}

/** A module one remote loads from another: `{ remote: 'mf-feed', module: './WishList' }`. */
export interface ConsumedModule {
  /** The providing remote's folder. */
  remote: string;
  /** The exposed module as federation names it ('./WishList'). */
  module: string;
}

/** The host. It provides the shared singletons and owns the layout, static pages and not-found page. */
export const SHELL_APP = { name: 'shell', folder: 'shell', devPort: 3000 } as const;

/** '<federation name>/<expose>' ('mf_feed/WishList'): a module one remote exposes. */
export type ExposedModule = `${string}/${string}`;

/**
 * The signed-in user as far as navigation cares: any session user; its `role` (docs/api.md, "Own
 * wishes and moderation") is read when the session carries one.
 */
export type NavViewer = object;

/** Whether a navigation entry shows for this viewer (null: a visitor). */
export function navEntryVisible(visibility: NavVisibility | undefined, viewer: NavViewer | null): boolean {
  if (visibility === undefined) return viewer !== null;
  if (visibility === 'everyone') return true;
  if (visibility === 'members') return viewer !== null;
  if (visibility === 'visitors') return viewer === null;
  const role = viewer === null ? undefined : (viewer as { role?: unknown }).role;
  return typeof role === 'string' && visibility.roles.includes(role);
}

/** The environment variable that moves a remote elsewhere: mf-feed → MF_FEED_URL. */
export function remoteUrlEnv(folder: string): string {
  return `${folder.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_URL`;
}

/** Paths the shell itself answers (static pages); remotes must not declare them. */
export const SHELL_ROUTES = ['/page/:pageName'] as const;

/**
 * What is wrong with a declaration (empty when it is valid): checked by the registry's tests for
 * the product's remotes, and by the release and activation commands for any remote (a release
 * carries its declaration, so a new remote can join without a shell or server change).
 */
export function declarationProblems(declaration: RemoteDeclaration): string[] {
  const problems: string[] = [];
  const d = declaration as Partial<RemoteDeclaration>;
  if (typeof d.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(d.name)) problems.push('name must be letters, digits and underscores');
  if (typeof d.folder !== 'string' || !/^[a-z][a-z0-9-]{0,62}$/.test(d.folder) || d.folder === 'shell' || d.folder === 'releases') {
    problems.push('folder must be lower-case letters, digits and dashes (not "shell" or "releases")');
  }
  if (!d.exposes || typeof d.exposes !== 'object') problems.push('exposes must be an object');
  const exposes = d.exposes ?? {};
  for (const route of Array.isArray(d.routes) ? d.routes : []) {
    if (typeof route.path !== 'string' || !route.path.startsWith('/')) problems.push(`route "${String(route.path)}" must start with /`);
    if ((route.expose === undefined) === (route.redirectTo === undefined)) problems.push(`route ${route.path} needs exactly one of expose and redirectTo`);
    if (route.expose !== undefined && !Object.prototype.hasOwnProperty.call(exposes, route.expose)) problems.push(`route ${route.path} renders ${route.expose}, which is not exposed`);
    if ((SHELL_ROUTES as readonly string[]).includes(route.path) || route.path === '*') problems.push(`route ${route.path} belongs to the shell`);
  }
  if (!Array.isArray(d.routes)) problems.push('routes must be a list');
  if (!Array.isArray(d.nav)) problems.push('nav must be a list');
  for (const entry of Array.isArray(d.nav) ? d.nav : []) {
    if (typeof entry.to !== 'string' || !entry.to.startsWith('/')) problems.push(`nav entry "${String(entry.label)}" must lead to a path`);
    if (typeof entry.label !== 'string' || !entry.label.trim()) problems.push('every nav entry needs a label');
    const v = entry.visibility as NavVisibility | undefined;
    const ok = v === undefined || v === 'everyone' || v === 'members' || v === 'visitors' || (typeof v === 'object' && v !== null && Array.isArray(v.roles));
    if (!ok) problems.push(`nav entry "${String(entry.label)}" needs a visibility: everyone, members, visitors or { roles: [...] }`);
  }
  return problems;
}

/**
 * The parameters of `pathname` under a route pattern, or null when it does not match: react-router's
 * own matcher (@remix-run/router, the router the shell runs, without React), so the server, the
 * gate and the shell agree with the browser on every path.
 */
export function matchRoutePattern(pattern: string, pathname: string): Record<string, string> | null {
  const match = matchPath({ path: pattern, caseSensitive: false, end: true }, pathname);
  return match ? (match.params as Record<string, string>) : null;
}

/**
 * The route that renders `pathname` among those declared (the best-ranked match, as the shell's
 * router picks it) with its parameters; a redirect is followed once.
 */
export function resolveDeclaredRoute<R extends RouteDeclaration>(routes: readonly R[], pathname: string): { route: R; params: Record<string, string> } | null {
  // react-router's ranking (static segments beat parameters, which beat a splat), by its matchRoutes.
  const table = routes.map((route, index) => ({ path: route.path, id: String(index) }));
  const best = (path: string) => {
    const matches = matchRoutes(table, path);
    const last = matches?.[matches.length - 1];
    return last ? { route: routes[Number(last.route.id)], params: last.params as Record<string, string> } : null;
  };
  const first = best(pathname);
  if (!first) return null;
  if (first.route.redirectTo === undefined) return { route: first.route, params: first.params };
  const target = first.route.redirectTo.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => first.params[name] ?? '');
  const second = best(target);
  return second && second.route.redirectTo === undefined ? { route: second.route, params: second.params } : null;
}

/**
 * Paths reserved for their owner: the server's own prefixes (owner null: no remote may use them),
 * mf-auth's `/auth/...` pages and mf-groups' `/g/...` and `/groups/...`.
 */
export const RESERVED_PATHS: ReadonlyArray<{ prefix: string; owner: string | null }> = [
  { prefix: '/api', owner: null },
  { prefix: '/mf', owner: null },
  { prefix: '/w', owner: null },
  { prefix: '/static', owner: null },
  { prefix: '/media', owner: null },
  { prefix: '/kit', owner: null },
  { prefix: '/auth', owner: 'mf-auth' },
  { prefix: '/g', owner: 'mf-groups' },
  { prefix: '/groups', owner: 'mf-groups' },
];

/**
 * The product spec's route table as the gate holds every declaration to it: each path and whether
 * it needs sign-in. Which remote serves a path is not written here: it is whichever active remote
 * declares it, and no release may take it away from that remote. `/page/:pageName` and the
 * not-found page are the shell's.
 */
export const SPEC_ROUTES: ReadonlyArray<{ path: string; signIn: boolean }> = [
  { path: '/', signIn: false },
  { path: '/feed', signIn: false },
  { path: '/wish/:id', signIn: false },
  { path: '/user/:uid', signIn: false },
  { path: '/search', signIn: false },
  { path: '/auth/sign_in', signIn: false },
  { path: '/auth/sign_up', signIn: false },
  { path: '/auth/reset_password', signIn: false },
  { path: '/auth/reset_password_confirm/:uid/:token', signIn: false },
  { path: '/compose', signIn: true },
  { path: '/compose/:topic', signIn: true },
  { path: '/subscriptions', signIn: true },
  { path: '/business', signIn: true },
];

/** The one navigation entry visitors see (the spec: signed-out users see only Feed). */
export const VISITOR_NAV = '/feed';

/** A route pattern in a form two equivalent patterns share: static segments lower-cased, parameters as ':'. */
function patternKey(pattern: string): string {
  const parts = pattern.split('/').filter((part) => part !== '');
  return `/${parts.map((part) => (part.startsWith(':') ? ':' : part.toLowerCase())).join('/')}`;
}

function reservedPathOf(pathname: string): { prefix: string; owner: string | null } | undefined {
  const lower = pathname.toLowerCase();
  return RESERVED_PATHS.find(({ prefix }) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** A remote's release as the gate sees it on the other side: its declaration and what its build exposes. */
export interface ReleaseSide {
  declaration: RemoteDeclaration;
  /** The modules its build exposes ('./WishList'). */
  exposes: readonly string[];
  /** 'active' or 'canary' (named in refusals). */
  state: 'active' | 'canary';
}

export interface GateContext {
  /** The declarations of the other active remotes. */
  others: readonly RemoteDeclaration[];
  /** The candidate remote's release serving today (its spec routes stay with it), when it has one. */
  serving?: RemoteDeclaration | null;
  /**
   * The live releases (active, and a running canary) of each other remote by folder, for the
   * consumer's side. Omitted (before a build, without a site): the consumer side is not checked.
   */
  live?: ReadonlyMap<string, readonly ReleaseSide[]>;
}

/**
 * The spec's rules for one declaration (the gate at publish and activation, `npm run release`
 * before it builds): a spec route keeps the remote that serves it and its sign-in rule, and
 * visitors see no navigation entry but Feed. One line, or null.
 */
export function specRouteProblem(candidate: RemoteDeclaration, serving: RemoteDeclaration | null | undefined): string | null {
  const spec = new Map(SPEC_ROUTES.map((r) => [patternKey(r.path), r]));
  for (const route of candidate.routes) {
    const rule = spec.get(patternKey(route.path));
    if (rule && route.redirectTo === undefined && Boolean(route.signIn) !== rule.signIn) {
      return `its route ${route.path} ${rule.signIn ? 'drops' : 'adds'} the sign-in the product spec sets for it (spec route rule: sign-in ${rule.signIn ? 'needed' : 'not needed'})`;
    }
  }
  if (serving) {
    const kept = new Set(candidate.routes.map((r) => patternKey(r.path)));
    for (const route of serving.routes) {
      const rule = spec.get(patternKey(route.path));
      if (rule && !kept.has(patternKey(route.path))) return `it removes the spec route ${rule.path}, which ${serving.folder} serves (spec route rule: a spec route stays with the remote serving it)`;
    }
  }
  for (const entry of candidate.nav) {
    const v = entry.visibility ?? 'members';
    if ((v === 'everyone' || v === 'visitors') && patternKey(entry.to) !== VISITOR_NAV) {
      return `its navigation entry ${entry.to} is shown to visitors (spec rule: visitors see only Feed; leave visibility out for members only)`;
    }
  }
  return null;
}

/**
 * The deeper release gate, as pure data checks (the server runs them at publish and activation,
 * `npm run release` before it builds). `candidate` is the release's declaration, `exposed` the
 * modules its build exposes ('./WishList'; null: not known yet, before a build). Returns the first
 * problem as one line, or null.
 */
export function releaseContractProblem(candidate: RemoteDeclaration, exposed: readonly string[] | null, gate: GateContext | readonly RemoteDeclaration[]): string | null {
  const { others, serving, live }: GateContext = Array.isArray(gate) ? { others: gate as readonly RemoteDeclaration[] } : (gate as GateContext);
  const modules = exposed ?? Object.keys(candidate.exposes).map((name) => `./${name}`);
  // The shell consumes each route's page module.
  for (const route of candidate.routes) {
    if (route.expose !== undefined && !modules.includes(`./${route.expose}`)) return `its route ${route.path} renders ./${route.expose}, which the release does not expose (the shell consumes it)`;
  }
  // The provider's side: it keeps exposing what an active remote consumes.
  for (const other of others) {
    for (const consumed of other.consumes ?? []) {
      if (consumed.remote === candidate.folder && !modules.includes(consumed.module)) return `it no longer exposes ${consumed.module}, which ${other.folder} consumes`;
    }
  }
  // The consumer's side: what it uses is exposed by the provider's active release and its running canary alike.
  if (live) {
    for (const consumed of candidate.consumes ?? []) {
      const sides = live.get(consumed.remote) ?? [];
      if (!sides.some((s) => s.state === 'active')) return `it consumes ${consumed.module} of ${consumed.remote}, which has no active release (provider ${consumed.remote}, consumer ${candidate.folder})`;
      const missing = sides.find((s) => !s.exposes.includes(consumed.module));
      if (missing) return `it consumes ${consumed.module}, which ${consumed.remote}'s ${missing.state} release does not expose (provider ${consumed.remote}, consumer ${candidate.folder})`;
    }
  }
  for (const path of [...candidate.routes.map((r) => r.path), ...candidate.nav.map((n) => n.to), ...(candidate.menu ?? []).map((m) => m.to)]) {
    const reserved = reservedPathOf(path);
    if (reserved && reserved.owner !== candidate.folder) return `its path ${path} collides with the site's own ${reserved.prefix}${reserved.owner ? ` (reserved for ${reserved.owner})` : ''}`;
  }
  for (const other of others) {
    const theirs = new Set(other.routes.map((r) => patternKey(r.path)));
    const route = candidate.routes.find((r) => theirs.has(patternKey(r.path)));
    if (route) return `its route ${route.path} collides with a route of ${other.folder}`;
    const theirNav = new Set(other.nav.map((n) => patternKey(n.to)));
    const entry = candidate.nav.find((n) => theirNav.has(patternKey(n.to)));
    if (entry) return `its navigation entry ${entry.to} collides with one of ${other.folder}`;
  }
  return specRouteProblem(candidate, serving);
}
