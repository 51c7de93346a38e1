import fs from 'node:fs';
import path from 'node:path';
import { SHELL_APP, SHELL_ROUTES, declarationProblems, matchRoutePattern, navEntryVisible, releaseContractProblem, remoteUrlEnv, resolveDeclaredRoute, type ReleaseSide, type RemoteDeclaration } from '@wishes/kit-contract/registry';
import { SITE_REMOTES } from '../kit/site-remotes';

// The site's remotes as each declares itself (its remote.config.ts), held to the product spec and
// the kit's rules; the rules themselves are the kit's (shared/kit-contract/src/registry.ts).
const ROOT = path.resolve(__dirname, '..', '..', '..');
const registry: readonly RemoteDeclaration[] = SITE_REMOTES;
const allRoutes = registry.flatMap((r) => r.routes.map((route) => ({ ...route, remote: r.name })));

describe("the site's remotes, each declared in its remote.config.ts", () => {
  it('declares every remote validly, with unique keys, names, folders and dev ports', () => {
    for (const remote of registry) expect([remote.folder, declarationProblems(remote)]).toEqual([remote.folder, []]);
    for (const field of ['key', 'name', 'folder'] as const) expect(new Set(registry.map((r) => r[field])).size).toBe(registry.length);
    const ports = [SHELL_APP.devPort, ...registry.map((r) => r.devPort)];
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('names a workspace package for every remote, whose exposed files exist', () => {
    const workspaces: string[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
    for (const remote of registry) {
      expect(workspaces).toContain(remote.folder);
      for (const file of Object.values(remote.exposes)) expect(fs.existsSync(path.join(ROOT, remote.folder, file))).toBe(true);
    }
  });

  it('holds the spec route table exactly (docs/product.md#2-screens-and-routes Routes), each path declared once, the protected ones behind sign-in', () => {
    const paths = [...allRoutes.map((r) => r.path), ...SHELL_ROUTES];
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(
      [
        '/',
        '/feed',
        '/feed/:n',
        '/wish/:id',
        '/user/:uid',
        '/user/:uid/:page',
        '/search',
        '/page/:pageName',
        '/auth/sign_in',
        '/auth/sign_up',
        '/auth/reset_password',
        '/auth/reset_password_confirm/:uid/:token',
        '/auth/reset_password_confirm/*',
        '/compose',
        '/compose/:topic',
        '/subscriptions',
        '/business',
        // The reporter's outcomes (mf-profile) and the moderation area (mf-moderation): docs/api.md, "Own wishes and moderation"
        '/my/reports',
        '/moderation',
        '/moderation/log',
        '/moderation/offers',
        '/moderation/releases',
        // The social layer (docs/features.md, "The social layer").
        '/notifications',
        '/settings',
        // Wishes sent to people by email (mf-profile).
        '/deliveries',
        // The people the member writes for (mf-profile).
        '/people',
        // Group wishes (mf-groups): the member's groups, starting one, the organiser's page, the invite
        // link, and a signer's address confirmation.
        '/groups',
        '/groups/new',
        '/groups/confirm-email',
        '/groups/:groupId',
        '/g/:invite',
      ].sort(),
    );
    expect(allRoutes.filter((r) => r.signIn).map((r) => r.path).sort()).toEqual(
      ['/business', '/compose', '/compose/:topic', '/subscriptions', '/my/reports', '/moderation', '/moderation/log', '/moderation/offers', '/moderation/releases', '/notifications', '/settings', '/deliveries', '/people', '/groups', '/groups/new', '/groups/:groupId'].sort(),
    );
  });

  it('keeps the spec navigation: Feed for everyone, then Business, Search, Compose Wish, Subscriptions for members', () => {
    const nav = registry.flatMap((r) => r.nav).sort((a, b) => a.order - b.order);
    expect(nav.map((n) => [n.label, n.to, n.visibility])).toEqual([
      ['Feed', '/feed', 'everyone'],
      ['Business', '/business', 'members'],
      ['Search', '/search', 'members'],
      ['Compose Wish', '/compose', 'members'],
      ['Subscriptions', '/subscriptions', 'members'],
      ['Moderation', '/moderation', { roles: ['moderator', 'admin'] }],
    ]);
    for (const entry of nav) expect(resolveDeclaredRoute(allRoutes, entry.to)).not.toBeNull();
  });

  it('names the URL variable that moves a remote after its folder', () => {
    expect(registry.map((r) => remoteUrlEnv(r.folder))).toEqual(['MF_FEED_URL', 'MF_COMPOSE_URL', 'MF_PROFILE_URL', 'MF_AUTH_URL', 'MF_MODERATION_URL', 'MF_GROUPS_URL']);
  });
});

describe('declaration problems', () => {
  const valid: RemoteDeclaration = { key: 'hello', name: 'mf_hello', folder: 'mf-hello', devPort: 3010, exposes: { HelloPage: './src/Hello.tsx' }, routes: [{ path: '/hello', expose: 'HelloPage' }], nav: [] };
  it.each<[string, Partial<RemoteDeclaration>, RegExp]>([
    ['a name with a dash', { name: 'mf-hello' }, /name/],
    ['the folder "releases"', { folder: 'releases' }, /folder/],
    ['a route rendering what it does not expose', { routes: [{ path: '/hello', expose: 'Nope' }] }, /not exposed/],
    ['a route with neither page nor redirect', { routes: [{ path: '/hello' }] }, /exactly one/],
    ["the shell's static pages", { routes: [{ path: '/page/:pageName', expose: 'HelloPage' }] }, /belongs to the shell/],
    ['a nav entry with an unknown visibility', { nav: [{ to: '/hello', label: 'Hello', icon: 'sparkle', order: 1, visibility: 'all' as never }] }, /visibility/],
  ])('refuses %s', (_label, change, problem) => {
    expect(declarationProblems(valid)).toEqual([]);
    expect(declarationProblems({ ...valid, ...change }).join('; ')).toMatch(problem);
  });
});

describe('route matching (the rules of the shell router)', () => {
  it.each<[string, string, Record<string, string> | null]>([
    ['/wish/:id', '/wish/5', { id: '5' }],
    ['/wish/:id', '/wish/5/', { id: '5' }],
    ['/wish/:id', '/wish', null],
    ['/feed', '/FEED', {}],
    ['/auth/reset_password_confirm/*', '/auth/reset_password_confirm', { '*': '' }],
    ['/auth/reset_password_confirm/*', '/auth/reset_password_confirm/4/a/b', { '*': '4/a/b' }],
    ['/', '/', {}],
    ['/', '/x', null],
  ])('%s against %s', (pattern, pathname, params) => {
    expect(matchRoutePattern(pattern, pathname)).toEqual(params);
  });

  it.each<[string, string | null]>([
    ['/', 'mf_feed/HomePage'],
    ['/feed/3', 'mf_feed/FeedPage'],
    ['/user/3/2', 'mf_profile/ProfilePage'],
    ['/auth/reset_password_confirm/4/abc', 'mf_auth/ResetConfirmPage'],
    ['/auth/reset_password_confirm/4', 'mf_auth/ResetConfirmPage'],
    ['/compose/Birthday', 'mf_compose/ComposePage'],
    ['/page/terms', null],
    ['/nowhere', null],
  ])('%s renders %s (redirects followed)', (pathname, module) => {
    const match = resolveDeclaredRoute(allRoutes, pathname);
    expect(match ? `${match.route.remote}/${match.route.expose}` : null).toBe(module);
  });
});

describe('navigation visibility', () => {
  it.each<[Parameters<typeof navEntryVisible>[0], boolean, boolean, boolean]>([
    // visibility, visitor, member, moderator
    ['everyone', true, true, true],
    ['members', false, true, true],
    ['visitors', true, false, false],
    [undefined, false, true, true],
    [{ roles: ['moderator', 'admin'] }, false, false, true],
  ])('%j', (visibility, visitor, member, moderator) => {
    expect([navEntryVisible(visibility, null), navEntryVisible(visibility, { userId: 1 }), navEntryVisible(visibility, { userId: 2, role: 'moderator' })]).toEqual([visitor, member, moderator]);
  });
});

describe('the release contract (consumed modules, routes and the site\'s own paths)', () => {
  const others = (folder: string) => registry.filter((r) => r.folder !== folder);
  it('every registered remote passes it against the others', () => {
    for (const remote of registry) expect([remote.folder, releaseContractProblem(remote, null, others(remote.folder))]).toEqual([remote.folder, null]);
  });
  it('names a dropped consumed module, a route of another remote and a site path', () => {
    const feed = registry.find((r) => r.folder === 'mf-feed')!;
    const exposed = Object.keys(feed.exposes).filter((e) => e !== 'WishList').map((e) => `./${e}`);
    expect(releaseContractProblem(feed, exposed, others('mf-feed'))).toBe('it no longer exposes ./WishList, which mf-profile consumes');
    expect(releaseContractProblem({ ...feed, routes: [...feed.routes, { path: '/settings', expose: 'FeedPage' }] }, null, others('mf-feed'))).toBe('its route /settings collides with a route of mf-profile');
    expect(releaseContractProblem({ ...feed, routes: [...feed.routes, { path: '/kit/x', expose: 'FeedPage' }] }, null, others('mf-feed'))).toBe("its path /kit/x collides with the site's own /kit");
  });
});

describe('the gate holds every declaration to the product spec and both sides of a consumed module', () => {
  const others = (folder: string) => registry.filter((r) => r.folder !== folder);
  const site = (folder: string) => registry.find((r) => r.folder === folder)!;
  const exposesOf = (d: RemoteDeclaration) => Object.keys(d.exposes).map((e) => `./${e}`);
  const live = (overrides: Record<string, string[][]> = {}) =>
    new Map<string, ReleaseSide[]>(
      registry.map((d) => [d.folder, (overrides[d.folder] ?? [exposesOf(d)]).map((exposes, i) => ({ declaration: d, exposes, state: i === 0 ? 'active' : 'canary' }))]),
    );
  const gate = (candidate: RemoteDeclaration, extra: { liveOverrides?: Record<string, string[][]> } = {}) =>
    releaseContractProblem(candidate, null, { others: others(candidate.folder), serving: site(candidate.folder), live: live(extra.liveOverrides) });

  it('passes every site remote as it is', () => {
    for (const remote of registry) expect([remote.folder, gate(remote)]).toEqual([remote.folder, null]);
  });

  it('refuses removing a spec route from the remote serving it', () => {
    const compose = site('mf-compose');
    expect(gate({ ...compose, routes: compose.routes.filter((r) => r.path !== '/business') })).toBe(
      'it removes the spec route /business, which mf-compose serves (spec route rule: a spec route stays with the remote serving it)',
    );
  });

  it('refuses moving a spec route to another remote', () => {
    const profile = site('mf-profile');
    expect(gate({ ...profile, routes: [...profile.routes, { path: '/business', expose: 'ProfilePage', signIn: true }] })).toBe('its route /business collides with a route of mf-compose');
  });

  it('refuses changing the sign-in rule of a spec route, either way', () => {
    const compose = site('mf-compose');
    expect(gate({ ...compose, routes: compose.routes.map((r) => (r.path === '/compose' ? { ...r, signIn: false } : r)) })).toMatch(/^its route \/compose drops the sign-in the product spec sets for it/);
    const feed = site('mf-feed');
    expect(gate({ ...feed, routes: feed.routes.map((r) => (r.path === '/wish/:id' ? { ...r, signIn: true } : r)) })).toMatch(/^its route \/wish\/:id adds the sign-in/);
  });

  it('refuses a navigation entry shown to visitors other than Feed, and defaults a new entry to members', () => {
    const feed = site('mf-feed');
    const withSearch = (visibility?: 'everyone' | 'visitors') => ({ ...feed, nav: feed.nav.map((n) => (n.to === '/search' ? { ...n, visibility } : n)) });
    expect(gate(withSearch('everyone'))).toBe('its navigation entry /search is shown to visitors (spec rule: visitors see only Feed; leave visibility out for members only)');
    expect(gate(withSearch('visitors'))).toMatch(/is shown to visitors/);
    expect(gate(withSearch(undefined))).toBeNull();
    expect(navEntryVisible(undefined, null)).toBe(false);
  });

  it("refuses a consumer when the provider's active release or its running canary does not expose the module", () => {
    const profile = site('mf-profile');
    const feedWithout = exposesOf(site('mf-feed')).filter((m) => m !== './WishList');
    expect(gate(profile, { liveOverrides: { 'mf-feed': [feedWithout] } })).toBe("it consumes ./WishList, which mf-feed's active release does not expose (provider mf-feed, consumer mf-profile)");
    expect(gate(profile, { liveOverrides: { 'mf-feed': [exposesOf(site('mf-feed')), feedWithout] } })).toBe("it consumes ./WishList, which mf-feed's canary release does not expose (provider mf-feed, consumer mf-profile)");
  });

  it('keeps reserved paths for their owners', () => {
    const feed = site('mf-feed');
    expect(gate({ ...feed, routes: [...feed.routes, { path: '/groups/x', expose: 'FeedPage' }] })).toBe("its path /groups/x collides with the site's own /groups (reserved for mf-groups)");
    expect(gate({ ...feed, routes: [...feed.routes, { path: '/auth/x', expose: 'FeedPage' }] })).toBe("its path /auth/x collides with the site's own /auth (reserved for mf-auth)");
  });
});
