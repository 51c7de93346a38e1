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
 * remote's entry. Data only (no imports but types): Node scripts load this file too
 * (build/registry.js), and a release carries a copy of its remote's entry (remote.json).
 */
/** Who may see a navigation entry. Roles are the account roles (docs/api.md, "Own wishes and moderation"). */
export type NavVisibility = 'everyone' | 'members' | 'visitors' | {
    roles: readonly string[];
};
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
    /** An icon of the UI kit (`Icon` in @wishes/shared); an unknown name shows a generic glyph. */
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
export declare const SHELL_APP: {
    readonly name: "shell";
    readonly folder: "shell";
    readonly devPort: 3000;
};
export declare const APP_REGISTRY: readonly [{
    readonly key: "feed";
    readonly name: "mf_feed";
    readonly folder: "mf-feed";
    readonly devPort: 3001;
    readonly exposes: {
        readonly HomePage: "./src/home/HomePage.tsx";
        readonly FeedPage: "./src/feed/FeedPage.tsx";
        readonly WishPage: "./src/wish/WishPage.tsx";
        readonly SearchPage: "./src/search/SearchPage.tsx";
        readonly WishList: "./src/wish/WishList.tsx";
        readonly WishCard: "./src/wish/WishCard.tsx";
    };
    readonly routes: readonly [{
        readonly path: "/";
        readonly expose: "HomePage";
        readonly title: "Home";
    }, {
        readonly path: "/feed";
        readonly expose: "FeedPage";
        readonly title: "Feed";
    }, {
        readonly path: "/feed/:n";
        readonly redirectTo: "/feed";
    }, {
        readonly path: "/wish/:id";
        readonly expose: "WishPage";
        readonly title: "Wish";
    }, {
        readonly path: "/search";
        readonly expose: "SearchPage";
        readonly title: "Search";
    }];
    readonly nav: readonly [{
        readonly to: "/feed";
        readonly label: "Feed";
        readonly icon: "feed";
        readonly visibility: "everyone";
        readonly order: 10;
        readonly pinned: true;
    }, {
        readonly to: "/search";
        readonly label: "Search";
        readonly icon: "search";
        readonly visibility: "members";
        readonly order: 30;
        readonly pinned: true;
    }];
}, {
    readonly key: "compose";
    readonly name: "mf_compose";
    readonly folder: "mf-compose";
    readonly devPort: 3002;
    readonly exposes: {
        readonly ComposePage: "./src/compose/ComposePage.tsx";
        readonly BusinessPage: "./src/business/BusinessPage.tsx";
    };
    readonly routes: readonly [{
        readonly path: "/compose";
        readonly expose: "ComposePage";
        readonly title: "Compose Wish";
        readonly signIn: true;
    }, {
        readonly path: "/compose/:topic";
        readonly expose: "ComposePage";
        readonly title: "Compose Wish";
        readonly signIn: true;
    }, {
        readonly path: "/business";
        readonly expose: "BusinessPage";
        readonly title: "Business";
        readonly signIn: true;
    }];
    readonly nav: readonly [{
        readonly to: "/business";
        readonly label: "Business";
        readonly icon: "business";
        readonly visibility: "members";
        readonly order: 20;
        readonly pinned: true;
    }, {
        readonly to: "/compose";
        readonly label: "Compose Wish";
        readonly shortLabel: "Compose";
        readonly icon: "compose";
        readonly visibility: "members";
        readonly order: 40;
        readonly pinned: true;
    }];
}, {
    readonly key: "profile";
    readonly name: "mf_profile";
    readonly folder: "mf-profile";
    readonly devPort: 3003;
    readonly exposes: {
        readonly ProfilePage: "./src/profile/ProfilePage.tsx";
        readonly SubscriptionsPage: "./src/subscriptions/SubscriptionsPage.tsx";
        readonly MyReportsPage: "./src/reports/MyReportsPage.tsx";
        readonly NotificationsPage: "./src/notifications/NotificationsPage.tsx";
        readonly SettingsPage: "./src/settings/SettingsPage.tsx";
        readonly DeliveriesPage: "./src/deliveries/DeliveriesPage.tsx";
    };
    readonly routes: readonly [{
        readonly path: "/user/:uid";
        readonly expose: "ProfilePage";
        readonly title: "Profile";
        readonly preload: readonly ["mf_feed/WishList"];
    }, {
        readonly path: "/user/:uid/:page";
        readonly redirectTo: "/user/:uid";
    }, {
        readonly path: "/subscriptions";
        readonly expose: "SubscriptionsPage";
        readonly title: "Subscriptions";
        readonly signIn: true;
    }, {
        readonly path: "/my/reports";
        readonly expose: "MyReportsPage";
        readonly title: "My reports";
        readonly signIn: true;
    }, {
        readonly path: "/notifications";
        readonly expose: "NotificationsPage";
        readonly title: "Notifications";
        readonly signIn: true;
    }, {
        readonly path: "/settings";
        readonly expose: "SettingsPage";
        readonly title: "Settings";
        readonly signIn: true;
    }, {
        readonly path: "/deliveries";
        readonly expose: "DeliveriesPage";
        readonly title: "Sent wishes";
        readonly signIn: true;
    }];
    readonly consumes: readonly [{
        readonly remote: "mf-feed";
        readonly module: "./WishList";
    }];
    readonly menu: readonly [{
        readonly to: "/notifications";
        readonly label: "Notifications";
        readonly icon: "bell";
        readonly order: 10;
    }, {
        readonly to: "/deliveries";
        readonly label: "Sent wishes";
        readonly icon: "share";
        readonly order: 20;
    }, {
        readonly to: "/settings";
        readonly label: "Settings";
        readonly icon: "settings";
        readonly order: 30;
    }];
    readonly nav: readonly [{
        readonly to: "/subscriptions";
        readonly label: "Subscriptions";
        readonly icon: "subscriptions";
        readonly visibility: "members";
        readonly order: 50;
        readonly pinned: true;
    }];
}, {
    readonly key: "auth";
    readonly name: "mf_auth";
    readonly folder: "mf-auth";
    readonly devPort: 3004;
    readonly exposes: {
        readonly SignInPage: "./src/signin/SignInPage.tsx";
        readonly SignUpPage: "./src/signup/SignUpPage.tsx";
        readonly ResetRequestPage: "./src/reset/ResetRequestPage.tsx";
        readonly ResetConfirmPage: "./src/reset/ResetConfirmPage.tsx";
    };
    readonly routes: readonly [{
        readonly path: "/auth/sign_in";
        readonly expose: "SignInPage";
        readonly title: "Sign In";
    }, {
        readonly path: "/auth/sign_up";
        readonly expose: "SignUpPage";
        readonly title: "Sign Up";
    }, {
        readonly path: "/auth/reset_password";
        readonly expose: "ResetRequestPage";
        readonly title: "Reset Password";
    }, {
        readonly path: "/auth/reset_password_confirm/:uid/:token";
        readonly expose: "ResetConfirmPage";
        readonly title: "Set New Password";
    }, {
        readonly path: "/auth/reset_password_confirm/*";
        readonly expose: "ResetConfirmPage";
        readonly title: "Set New Password";
    }];
    readonly nav: readonly [];
}, {
    readonly key: "moderation";
    readonly name: "mf_moderation";
    readonly folder: "mf-moderation";
    readonly devPort: 3005;
    readonly exposes: {
        readonly ModerationPage: "./src/queue/ModerationPage.tsx";
        readonly ModerationLogPage: "./src/log/ModerationLogPage.tsx";
        readonly OffersPage: "./src/offers/OffersPage.tsx";
    };
    readonly routes: readonly [{
        readonly path: "/moderation";
        readonly expose: "ModerationPage";
        readonly title: "Moderation";
        readonly signIn: true;
    }, {
        readonly path: "/moderation/log";
        readonly expose: "ModerationLogPage";
        readonly title: "Moderation log";
        readonly signIn: true;
    }, {
        readonly path: "/moderation/offers";
        readonly expose: "OffersPage";
        readonly title: "Business offers";
        readonly signIn: true;
    }];
    readonly nav: readonly [{
        readonly to: "/moderation";
        readonly label: "Moderation";
        readonly icon: "shield";
        readonly visibility: {
            readonly roles: readonly ["moderator", "admin"];
        };
        readonly order: 60;
    }];
}];
type Registry = typeof APP_REGISTRY;
type Entry = Registry[number];
/** 'mf_feed/FeedPage' for every module a registered remote exposes. */
export type ExposedModule = {
    [E in Entry as E['name']]: `${E['name']}/${Extract<keyof E['exposes'], string>}`;
}[Entry['name']];
/**
 * The signed-in user as far as navigation cares: any session user; its `role` (docs/api.md, "Own
 * wishes and moderation") is read when the session carries one.
 */
export type NavViewer = object;
/** Whether a navigation entry shows for this viewer (null: a visitor). */
export declare function navEntryVisible(visibility: NavVisibility, viewer: NavViewer | null): boolean;
/** The environment variable that moves a remote elsewhere: mf-feed → MF_FEED_URL. */
export declare function remoteUrlEnv(folder: string): string;
/** Paths the shell itself answers (static pages); remotes must not declare them. */
export declare const SHELL_ROUTES: readonly ["/page/:pageName"];
/**
 * What is wrong with a declaration (empty when it is valid): checked by the registry's tests for
 * the product's remotes, and by the release and activation commands for any remote (a release
 * carries its declaration, so a new remote can join without a shell or server change).
 */
export declare function declarationProblems(declaration: RemoteDeclaration): string[];
/** The registered remote with this folder name ('mf-feed'), or undefined. */
export declare function registeredRemote(folder: string): RemoteDeclaration | undefined;
/**
 * The parameters of `pathname` under a route pattern, or null when it does not match; the
 * react-router rules the shell uses: ':name' matches one non-empty segment, a final '*' the rest,
 * static segments ignore case, a trailing slash is ignored.
 */
export declare function matchRoutePattern(pattern: string, pathname: string): Record<string, string> | null;
/**
 * The route that renders `pathname` among those declared (the best-ranked match, as the shell's
 * router picks it) with its parameters; a redirect is followed once.
 */
export declare function resolveDeclaredRoute<R extends RouteDeclaration>(routes: readonly R[], pathname: string): {
    route: R;
    params: Record<string, string>;
} | null;
/**
 * The site's own path prefixes (API, remote files, kit, media, auth...): a remote's routes and
 * navigation may not use them, except the registered remote whose registry entry declares them
 * (mf-auth's /auth/... pages).
 */
export declare const SITE_PATHS: readonly ["/api", "/mf", "/w", "/static", "/media", "/kit", "/auth"];
/**
 * The deeper release gate, as pure data checks (the server runs them at publish and activation,
 * `npm run release` before it builds). `candidate` is the release's declaration, `exposed` the
 * modules its build exposes ('./WishList'; null: not known yet, before a build), `others` the
 * declarations of the other active remotes. Returns the first problem as one line, or null.
 */
export declare function releaseContractProblem(candidate: RemoteDeclaration, exposed: readonly string[] | null, others: readonly RemoteDeclaration[]): string | null;
export {};
