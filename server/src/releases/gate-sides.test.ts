/**
 * The gate at the real upload and activation routes, on both databases: a declaration planted
 * against each product-spec rule is refused naming the rule, a consumer is refused unless its
 * provider's active release and running canary both expose what it uses, and concurrent tries of
 * a consumer and its provider never leave one live without what the other needs (the site lock).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { archive, build, makeSite } from '../../test/kit/release-archives';

describe.each(dialects)('the gate protects the spec and both sides of a consumed module (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-gate-'));
    t = await createTestApp(dialect, { releasesDir }, { env: { WISHES_SITE_ROOT: site } });
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  let n = 0;
  const publish = async (declaration: RemoteDeclaration, options: { drop?: string[] } = {}) => {
    n += 1;
    const body = await archive(build(declaration, { marker: `g${n}`, drop: options.drop }));
    return t.request({ method: 'POST', url: `/api/admin/remotes/${declaration.folder}/releases/`, headers: { 'content-type': 'application/gzip' }, payload: body, token: admin.access });
  };
  const activate = (remote: string, release: string, percent = 100) =>
    t.request({ method: 'POST', url: `/api/admin/remotes/${remote}/activate/`, token: admin.access, payload: { release, percent } });
  const live = async (remote: string) => (await sql<{ remote: string; release_id: string }>`select remote, release_id from remote_switches where remote = ${remote} order by id desc`.execute(t.app.deps.db)).rows;

  it.each<[string, (d: RemoteDeclaration) => RemoteDeclaration, string, string]>([
    ['removing a spec route', (d) => ({ ...d, routes: d.routes.filter((r) => r.path !== '/business') }), 'mf-compose', 'it removes the spec route /business, which mf-compose serves'],
    ['dropping sign-in from a spec route', (d) => ({ ...d, routes: d.routes.map((r) => (r.path === '/compose' ? { ...r, signIn: false } : r)) }), 'mf-compose', 'its route /compose drops the sign-in the product spec sets for it'],
    ['adding sign-in to a spec route', (d) => ({ ...d, routes: d.routes.map((r) => (r.path === '/search' ? { ...r, signIn: true } : r)) }), 'mf-feed', 'its route /search adds the sign-in the product spec sets for it'],
    ['showing visitors more than Feed', (d) => ({ ...d, nav: d.nav.map((e) => ({ ...e, visibility: 'everyone' as const })) }), 'mf-compose', 'its navigation entry /business is shown to visitors'],
    ['moving a spec route to another remote', (d) => ({ ...d, routes: [...d.routes, { path: '/subscriptions', expose: 'ComposePage', signIn: true }] }), 'mf-compose', 'its route /subscriptions collides with a route of mf-profile'],
  ])('refuses a declaration %s (409 naming the rule), and stores nothing', async (_label, plant, remote, reason) => {
    const res = await publish(plant(siteRemote(remote)));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain(reason);
  });

  it("refuses a consumer whose provider's active release, or its running canary, lacks the module; names both sides", async () => {
    const profile = siteRemote('mf-profile');
    const consumesCard: RemoteDeclaration = { ...profile, consumes: [...(profile.consumes ?? []), { remote: 'mf-feed', module: './WishGrid' }] };
    const missing = await publish(consumesCard);
    expect([missing.statusCode, missing.json().detail]).toEqual([409, expect.stringContaining("it consumes ./WishGrid, which mf-feed's active release does not expose (provider mf-feed, consumer mf-profile)")]);

    // mf-feed: an active release with everything, then a canary without ./WishCard (nobody consumes it yet).
    const feed = siteRemote('mf-feed');
    const full = await publish(feed);
    expect((await activate('mf-feed', full.json().release)).statusCode).toBe(200);
    const lean = await publish(feed, { drop: ['WishCard'] });
    expect(lean.statusCode).toBe(201);
    expect((await activate('mf-feed', lean.json().release, 10)).statusCode).toBe(200);
    const wantsCard: RemoteDeclaration = { ...profile, consumes: [...(profile.consumes ?? []), { remote: 'mf-feed', module: './WishCard' }] };
    const refused = await publish(wantsCard);
    expect([refused.statusCode, refused.json().detail]).toEqual([409, expect.stringContaining("it consumes ./WishCard, which mf-feed's canary release does not expose (provider mf-feed, consumer mf-profile)")]);
    // The canary rolled back: the consumer is welcome.
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token: admin.access })).statusCode).toBe(200);
    const accepted = await publish(wantsCard);
    expect(accepted.statusCode).toBe(201);
  });

  it('concurrent tries of a consumer and a provider dropping what it uses never both go live', async () => {
    const profile = siteRemote('mf-profile');
    const feed = siteRemote('mf-feed');
    const wantsCard: RemoteDeclaration = { ...profile, consumes: [...(profile.consumes ?? []), { remote: 'mf-feed', module: './WishCard' }] };
    for (let round = 0; round < 6; round++) {
      // Both sides start from a site where neither change is live.
      const base = await publish(feed);
      expect([200, 201]).toContain(base.statusCode);
      expect((await activate('mf-feed', base.json().release)).statusCode).toBe(200);
      const profileBase = await publish(profile);
      expect([200, 201]).toContain(profileBase.statusCode);
      expect((await activate('mf-profile', profileBase.json().release)).statusCode).toBe(200);
      // A provider release without ./WishCard, and a consumer release that needs it, both published first.
      const lean = await publish(feed, { drop: ['WishCard'] });
      const consumer = await publish(wantsCard);
      expect([lean.statusCode, consumer.statusCode].every((s) => s === 200 || s === 201)).toBe(true);
      const [a, b] = await Promise.all([activate('mf-feed', lean.json().release), activate('mf-profile', consumer.json().release)]);
      // Exactly one side went live; the other is refused naming the module.
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const refused = a.statusCode === 409 ? a : b;
      expect(refused.json().detail).toMatch(/\.\/WishCard/);
      const [feedNow] = await live('mf-feed');
      const [profileNow] = await live('mf-profile');
      expect(feedNow.release_id === lean.json().release && profileNow.release_id === consumer.json().release).toBe(false);
    }
  });
});
