/**
 * THE APP REGISTRY: one declaration per remote, the single place that says which remotes exist,
 * where their code lives, what they expose and which routes, page titles and navigation entries
 * they bring. Everything else derives from it: the federation configs (`<remote>/federation.config.js`),
 * `npm run dev`, the site build, the test runner's package list, the shell's route table and
 * navigation (composed at run time from what the server's /mf/remotes.json lists for the active
 * release of each remote) and the server's per-route preloads.
 *
 * To add a remote: a package folder (copy mf-auth's four config files), one entry below, and the
 * folder in the root package.json "workspaces". To add a route or a navigation entry: add it to its
 * remote's entry. Data and plain checks, whose one import is react-router's matcher (no React): Node
 * scripts load this file too (build/registry.js), and a release carries a copy of its remote's
 * entry (remote.json).
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
  visibility: NavVisibility;
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

export const APP_REGISTRY = [
  {
    key: 'feed',
    name: 'mf_feed',
    folder: 'mf-feed',
    devPort: 3001,
    exposes: {
      HomePage: './src/home/HomePage.tsx',
      FeedPage: './src/feed/FeedPage.tsx',
      WishPage: './src/wish/WishPage.tsx',
      SearchPage: './src/search/SearchPage.tsx',
      WishList: './src/wish/WishList.tsx',
      WishCard: './src/wish/WishCard.tsx',
    },
    routes: [
      { path: '/', expose: 'HomePage', title: 'Home' },
      { path: '/feed', expose: 'FeedPage', title: 'Feed' },
      { path: '/feed/:n', redirectTo: '/feed' },
      { path: '/wish/:id', expose: 'WishPage', title: 'Wish' },
      { path: '/search', expose: 'SearchPage', title: 'Search' },
    ],
    nav: [
      { to: '/feed', label: 'Feed', icon: 'feed', visibility: 'everyone', order: 10, pinned: true },
      { to: '/search', label: 'Search', icon: 'search', visibility: 'members', order: 30, pinned: true },
    ],
  },
  {
    key: 'compose',
    name: 'mf_compose',
    folder: 'mf-compose',
    devPort: 3002,
    exposes: {
      ComposePage: './src/compose/ComposePage.tsx',
      BusinessPage: './src/business/BusinessPage.tsx',
    },
    routes: [
      { path: '/compose', expose: 'ComposePage', title: 'Compose Wish', signIn: true },
      { path: '/compose/:topic', expose: 'ComposePage', title: 'Compose Wish', signIn: true },
      { path: '/business', expose: 'BusinessPage', title: 'Business', signIn: true },
    ],
    nav: [
      { to: '/business', label: 'Business', icon: 'business', visibility: 'members', order: 20, pinned: true },
      { to: '/compose', label: 'Compose Wish', shortLabel: 'Compose', icon: 'compose', visibility: 'members', order: 40, pinned: true },
    ],
  },
  {
    key: 'profile',
    name: 'mf_profile',
    folder: 'mf-profile',
    devPort: 3003,
    exposes: {
      ProfilePage: './src/profile/ProfilePage.tsx',
      SubscriptionsPage: './src/subscriptions/SubscriptionsPage.tsx',
      MyReportsPage: './src/reports/MyReportsPage.tsx',
      // The social layer: notifications (the shell's bell leads here) and account settings.
      NotificationsPage: './src/notifications/NotificationsPage.tsx',
      SettingsPage: './src/settings/SettingsPage.tsx',
      // Wishes sent to people by email, with cancel (docs/deliveries.md).
      DeliveriesPage: './src/deliveries/DeliveriesPage.tsx',
      // The people the member writes for, their dates and reminders (docs/people.md).
      PeoplePage: './src/people/PeoplePage.tsx',
    },
    routes: [
      // A profile lists its wishes with mf-feed's WishList.
      { path: '/user/:uid', expose: 'ProfilePage', title: 'Profile', preload: ['mf_feed/WishList'] },
      { path: '/user/:uid/:page', redirectTo: '/user/:uid' },
      { path: '/subscriptions', expose: 'SubscriptionsPage', title: 'Subscriptions', signIn: true },
      // The reporter's reports and their outcomes (docs/api.md, "Own wishes and moderation": GET /api/complaints/my/).
      { path: '/my/reports', expose: 'MyReportsPage', title: 'My reports', signIn: true },
      { path: '/notifications', expose: 'NotificationsPage', title: 'Notifications', signIn: true },
      { path: '/settings', expose: 'SettingsPage', title: 'Settings', signIn: true },
      { path: '/deliveries', expose: 'DeliveriesPage', title: 'Sent wishes', signIn: true },
      { path: '/people', expose: 'PeoplePage', title: 'People', signIn: true },
    ],
    consumes: [{ remote: 'mf-feed', module: './WishList' }],
    // Notifications, Sent wishes and Settings are not nav entries but account-menu entries (the
    // bell next to the menu also leads to Notifications), which keeps the 1280 px header within its width.
    menu: [
      { to: '/notifications', label: 'Notifications', icon: 'bell', order: 10 },
      { to: '/deliveries', label: 'Sent wishes', icon: 'share', order: 20 },
      { to: '/people', label: 'People', icon: 'subscriptions', order: 25 },
      { to: '/settings', label: 'Settings', icon: 'settings', order: 30 },
    ],
    nav: [
      { to: '/subscriptions', label: 'Subscriptions', icon: 'subscriptions', visibility: 'members', order: 50, pinned: true },
    ],
  },
  {
    key: 'auth',
    name: 'mf_auth',
    folder: 'mf-auth',
    devPort: 3004,
    exposes: {
      SignInPage: './src/signin/SignInPage.tsx',
      SignUpPage: './src/signup/SignUpPage.tsx',
      ResetRequestPage: './src/reset/ResetRequestPage.tsx',
      ResetConfirmPage: './src/reset/ResetConfirmPage.tsx',
    },
    routes: [
      { path: '/auth/sign_in', expose: 'SignInPage', title: 'Sign In' },
      { path: '/auth/sign_up', expose: 'SignUpPage', title: 'Sign Up' },
      { path: '/auth/reset_password', expose: 'ResetRequestPage', title: 'Reset Password' },
      // A trailing slash is accepted by the router; the splat route lets a link with a missing uid
      // or token reach the page, which then says the link is invalid.
      { path: '/auth/reset_password_confirm/:uid/:token', expose: 'ResetConfirmPage', title: 'Set New Password' },
      { path: '/auth/reset_password_confirm/*', expose: 'ResetConfirmPage', title: 'Set New Password' },
    ],
    nav: [],
  },
  {
    key: 'moderation',
    name: 'mf_moderation',
    folder: 'mf-moderation',
    devPort: 3005,
    exposes: {
      ModerationPage: './src/queue/ModerationPage.tsx',
      ModerationLogPage: './src/log/ModerationLogPage.tsx',
      OffersPage: './src/offers/OffersPage.tsx',
    },
    // The pages themselves show the not-allowed page to members without the role (the server
    // answers 403); the navigation entry shows only for moderators and admins.
    routes: [
      { path: '/moderation', expose: 'ModerationPage', title: 'Moderation', signIn: true },
      { path: '/moderation/log', expose: 'ModerationLogPage', title: 'Moderation log', signIn: true },
      { path: '/moderation/offers', expose: 'OffersPage', title: 'Business offers', signIn: true },
    ],
    nav: [{ to: '/moderation', label: 'Moderation', icon: 'shield', visibility: { roles: ['moderator', 'admin'] }, order: 60 }],
  },
] as const satisfies readonly RemoteDeclaration[];

type Registry = typeof APP_REGISTRY;
type Entry = Registry[number];

/** 'mf_feed/FeedPage' for every module a registered remote exposes. */
export type ExposedModule = { [E in Entry as E['name']]: `${E['name']}/${Extract<keyof E['exposes'], string>}` }[Entry['name']];

/**
 * The signed-in user as far as navigation cares: any session user; its `role` (docs/api.md, "Own
 * wishes and moderation") is read when the session carries one.
 */
export type NavViewer = object;

/** Whether a navigation entry shows for this viewer (null: a visitor). */
export function navEntryVisible(visibility: NavVisibility, viewer: NavViewer | null): boolean {
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
    const ok = v === 'everyone' || v === 'members' || v === 'visitors' || (typeof v === 'object' && v !== null && Array.isArray(v.roles));
    if (!ok) problems.push(`nav entry "${String(entry.label)}" needs a visibility: everyone, members, visitors or { roles: [...] }`);
  }
  return problems;
}

/** The registered remote with this folder name ('mf-feed'), or undefined. */
export function registeredRemote(folder: string): RemoteDeclaration | undefined {
  return (APP_REGISTRY as readonly RemoteDeclaration[]).find((r) => r.folder === folder);
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
 * The site's own path prefixes (API, remote files, kit, media, auth...): a remote's routes and
 * navigation may not use them, except the registered remote whose registry entry declares them
 * (mf-auth's /auth/... pages).
 */
export const SITE_PATHS = ['/api', '/mf', '/w', '/static', '/media', '/kit', '/auth'] as const;

/** A route pattern in a form two equivalent patterns share: static segments lower-cased, parameters as ':'. */
function patternKey(pattern: string): string {
  const parts = pattern.split('/').filter((part) => part !== '');
  return `/${parts.map((part) => (part.startsWith(':') ? ':' : part.toLowerCase())).join('/')}`;
}

function sitePathOf(pathname: string): string | undefined {
  const lower = pathname.toLowerCase();
  return SITE_PATHS.find((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/**
 * The deeper release gate, as pure data checks (the server runs them at publish and activation,
 * `npm run release` before it builds). `candidate` is the release's declaration, `exposed` the
 * modules its build exposes ('./WishList'; null: not known yet, before a build), `others` the
 * declarations of the other active remotes. Returns the first problem as one line, or null.
 */
export function releaseContractProblem(candidate: RemoteDeclaration, exposed: readonly string[] | null, others: readonly RemoteDeclaration[]): string | null {
  const own = registeredRemote(candidate.folder);
  const ownPaths = new Set([...(own?.routes ?? []).map((r) => patternKey(r.path)), ...(own?.nav ?? []).map((n) => patternKey(n.to))]);
  const modules = exposed ?? Object.keys(candidate.exposes).map((name) => `./${name}`);
  // The shell consumes each route's page module.
  for (const route of candidate.routes) {
    if (route.expose !== undefined && !modules.includes(`./${route.expose}`)) return `its route ${route.path} renders ./${route.expose}, which the release does not expose (the shell consumes it)`;
  }
  for (const other of others) {
    for (const consumed of other.consumes ?? []) {
      if (consumed.remote === candidate.folder && !modules.includes(consumed.module)) return `it no longer exposes ${consumed.module}, which ${other.folder} consumes`;
    }
  }
  for (const path of [...candidate.routes.map((r) => r.path), ...candidate.nav.map((n) => n.to)]) {
    const site = sitePathOf(path);
    if (site && !ownPaths.has(patternKey(path))) return `its path ${path} collides with the site's own ${site}`;
  }
  for (const other of others) {
    const theirs = new Set(other.routes.map((r) => patternKey(r.path)));
    const route = candidate.routes.find((r) => theirs.has(patternKey(r.path)));
    if (route) return `its route ${route.path} collides with a route of ${other.folder}`;
    const theirNav = new Set(other.nav.map((n) => patternKey(n.to)));
    const entry = candidate.nav.find((n) => theirNav.has(patternKey(n.to)));
    if (entry) return `its navigation entry ${entry.to} collides with one of ${other.folder}`;
  }
  return null;
}
