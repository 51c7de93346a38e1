/**
 * Releases a team can follow (docs/teams.md, "Releases"), on both databases, through the real
 * upload route: what `npm run release` records in release.json (version, commit, branch, notes,
 * built_at, skipped tests) comes back from GET /api/admin/remotes/{remote}/releases/, newest
 * first, with each release's state and who published it; only that remote's team token or an
 * admin reads it; a team token's address gets the gate refusals, automatic rollbacks and
 * promotions of its remote (a real SMTP sink), as the admins do, with the release id, the reason
 * and a link, never a stack; and a remote's first release has nothing to roll back to (409).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';
import { siteRemote } from '../../test/kit/site-remotes';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { archive, build, HELLO, makeSite } from '../../test/kit/release-archives';
import { startSmtpSink, type SmtpSink } from '../../test/kit/smtp-sink';
import { fakeClock } from '../../test/kit/fake-clock';
import { CANARY_EVALUATION_MS } from './canary-count';
import { runRemotesCli } from './cli';

const TEAM_MAIL = 'feed-team@example.com';
const STACK_TEXT = 'TypeError: secret-stack-text';

describe.each(dialects)('releases a team can follow (%s)', (dialect) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let site: string;
  let releasesDir: string;
  let admin: TestUser;
  let member: TestUser;
  let feedToken: string;
  let composeToken: string;
  const feed = siteRemote('mf-feed');
  const time = fakeClock(Date.now());

  beforeAll(async () => {
    smtp = await startSmtpSink();
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-history-'));
    t = await createTestApp(
      dialect,
      { releasesDir, smtpUrl: smtp.url, mailFrom: 'Wishes <noreply@wishes.test>', canary: { windowS: 300, maxErrorRate: 0.5, minErrors: 3 } },
      { env: { WISHES_SITE_ROOT: site }, canaryClock: time.clock, realMailer: true },
    );
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    member = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const createToken = async (remote: string, body: Record<string, unknown>) => {
    const res = await t.request({ method: 'POST', url: `/api/admin/remotes/${remote}/tokens/`, token: admin.access, payload: body });
    expect(res.statusCode).toBe(201);
    return res.json().token as string;
  };
  /** A build of `declaration` whose release.json carries `meta` beside its version and declaration. */
  const releaseArchive = async (declaration: RemoteDeclaration, marker: string, meta: Record<string, unknown>, version = '1.0.0') => {
    const entries = build(declaration, { marker, withMeta: false });
    entries.push({ name: 'release.json', content: JSON.stringify({ version, declaration, ...meta }) });
    return archive(entries);
  };
  const publish = (remote: string, body: Buffer, token: string) =>
    t.request({ method: 'POST', url: `/api/admin/remotes/${remote}/releases/`, headers: { 'content-type': 'application/gzip' }, payload: body, token });
  const list = (remote: string, token?: string) => t.request({ method: 'GET', url: `/api/admin/remotes/${remote}/releases/`, token });
  const states = async () => ((await list('mf-feed', admin.access)).json().releases as Array<{ release: string; state: string }>).map((r) => `${r.release} ${r.state}`);
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

  it('a token carries the team address (HTTP and CLI); an address that is not one is refused', async () => {
    const bad = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/tokens/', token: admin.access, payload: { name: 'feed-team', email: 'not an address' } });
    expect([bad.statusCode, bad.json().detail]).toEqual([400, 'email must be an email address.']);
    feedToken = await createToken('mf-feed', { name: 'feed-team', email: TEAM_MAIL });
    composeToken = await createToken('mf-compose', { name: 'compose-team', email: 'compose@example.com' });
    const row = await t.app.deps.db.selectFrom('remote_tokens').select(['email']).where('name', '=', 'feed-team').executeTakeFirstOrThrow();
    expect(row.email).toBe(TEAM_MAIL);

    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, RELEASES_DIR: releasesDir, WISHES_SITE_ROOT: site, JWT_SECRET: t.config.jwtSecret });
    const out: string[] = [];
    const err: string[] = [];
    try {
      expect(await runRemotesCli(['token', 'create', 'mf-profile', '--email', 'nope'], (l) => out.push(l), (l) => err.push(l))).toBe(1);
      expect(err).toEqual(['refused: --email must be an email address (got "nope")']);
      expect(await runRemotesCli(['token', 'create', 'mf-profile', '--name', 'profile-team', '--email', 'profile@example.com'], (l) => out.push(l), (l) => err.push(l))).toBe(0);
      expect(out[0]).toContain('release mails to profile@example.com');
    } finally {
      process.env = saved;
    }
    const cli = await t.app.deps.db.selectFrom('remote_tokens').select(['email']).where('name', '=', 'profile-team').executeTakeFirstOrThrow();
    expect(cli.email).toBe('profile@example.com');
  });

  it('refuses a release.json whose build record is wrong (400), storing nothing', async () => {
    for (const [meta, detail] of [
      [{ commit: 'not-hex!' }, 'release.json: "commit" must be a git commit id (hex)'],
      [{ notes: 'x'.repeat(2001) }, 'release.json: "notes" must be text of at most 2000 characters'],
      [{ tests_skipped: 'yes' }, 'release.json: "tests_skipped" must be true or false'],
      [{ built_at: 'yesterday' }, 'release.json: "built_at" must be a date and time (ISO 8601)'],
      [{ branch: 'a b' }, 'release.json: "branch" must be a git branch name'],
    ] as const) {
      const res = await publish('mf-feed', await releaseArchive(feed, 'bad', meta), feedToken);
      expect([res.statusCode, res.json().detail]).toEqual([400, detail]);
    }
    expect((await list('mf-feed', feedToken)).json().releases).toEqual([]);
  });

  it('lists the releases newest first with what was recorded, who published them and their state', async () => {
    const first = await publish('mf-feed', await releaseArchive(feed, 'r1', { commit: 'a1b2c3d4e5f6', branch: 'main', notes: 'First <b>release</b> & more', built_at: '2026-12-01T10:00:00.000Z', tests_skipped: false }), feedToken);
    expect(first.statusCode).toBe(201);
    const r1 = first.json().release as string;
    // An admin publishes the second one; its tests were skipped.
    const second = await publish('mf-feed', await releaseArchive(feed, 'r2', { notes: 'Second', tests_skipped: true }, '1.1.0'), admin.access);
    const r2 = second.json().release as string;
    const listed = await list('mf-feed', feedToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().releases).toEqual([
      { release: r2, version: '1.1.0', commit: null, branch: null, notes: 'Second', built_at: null, tests_skipped: true, published_at: expect.stringMatching(/^\d{4}-/), published_by: `user:${admin.id}`, state: 'published' },
      { release: r1, version: '1.0.0', commit: 'a1b2c3d4e5f6', branch: 'main', notes: 'First <b>release</b> & more', built_at: '2026-12-01T10:00:00.000Z', tests_skipped: false, published_at: expect.stringMatching(/^\d{4}-/), published_by: 'team:feed-team', state: 'published' },
    ]);
    // Never an address.
    expect(JSON.stringify(listed.json())).not.toContain('@');

    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: feedToken, payload: { release: r1 } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: feedToken, payload: { release: r2, percent: 50 } })).statusCode).toBe(200);
    expect(await states()).toEqual([`${r2} canary`, `${r1} active`]);

    const before = smtp.mails.length;
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/promote/', token: feedToken })).statusCode).toBe(200);
    expect(await states()).toEqual([`${r2} active`, `${r1} previous`]);
    // The promotion is mailed to the team and the admins, with the release id and a link.
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([TEAM_MAIL, 'root@example.com']);
    for (const mail of mails) {
      expect(mail.text).toContain(`Subject: Wishes: mf-feed ${r2} promoted`);
      expect(mail.text).toContain('http://wishes.test/moderation/releases');
    }
    // Rolled back by hand: the one taken off is rolled-back, the one before active again.
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/rollback/', token: feedToken })).statusCode).toBe(200);
    expect(await states()).toEqual([`${r2} rolled-back`, `${r1} active`]);
  });

  it("only that remote's team token or an admin reads its releases", async () => {
    expect((await list('mf-feed')).statusCode).toBe(401);
    expect((await list('mf-feed', member.access)).statusCode).toBe(403);
    const other = await list('mf-feed', composeToken);
    expect([other.statusCode, other.json().detail]).toEqual([403, 'This token is for mf-compose, not mf-feed.']);
    expect((await list('mf-feed', admin.access)).statusCode).toBe(200);
    expect((await list('mf-nowhere', admin.access)).statusCode).toBe(404);
    expect((await list('Not_A_Remote', admin.access)).statusCode).toBe(400);
  });

  it('a canary the server rolls back is mailed to the team and the admins: release id, reason, link, never the error text', async () => {
    const res = await publish('mf-feed', await releaseArchive(feed, 'r3', { notes: 'Broken' }, '1.2.0'), feedToken);
    const r3 = res.json().release as string;
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-feed/activate/', token: feedToken, payload: { release: r3, percent: 50 } })).statusCode).toBe(200);
    const before = smtp.mails.length;
    // Three browsers at three addresses get the canary (buckets below 50), mount it and report an error.
    for (let i = 0; i < 3; i += 1) {
      const address = `10.44.0.${i + 1}`;
      const manifest = await t.request({ method: 'GET', url: '/mf/remotes.json', headers: { cookie: `wishes_bucket=${i}` }, remoteAddress: address });
      const loadId = manifest.json().load_id as string;
      expect((await t.request({ method: 'POST', url: '/api/client-loads/', payload: { load_id: loadId, remote: 'mf-feed', release: r3 }, remoteAddress: address })).statusCode).toBe(204);
      const report = { load_id: loadId, remote: 'mf-feed', release: r3, kind: 'runtime', message: STACK_TEXT, stack: `${STACK_TEXT}\n    at x (y.js:1:1)` };
      expect((await t.request({ method: 'POST', url: '/api/client-errors/', payload: report, remoteAddress: address })).statusCode).toBe(204);
    }
    await time.advance(CANARY_EVALUATION_MS);
    expect((await states())[0]).toBe(`${r3} rolled-back`);
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([TEAM_MAIL, 'root@example.com']);
    for (const mail of mails) {
      expect(mail.text).toContain(`Subject: Wishes: mf-feed canary ${r3} rolled back automatically`);
      expect(mail.text).toContain('errors from 3 of 3 loading addresses');
      expect(mail.text).toContain('http://wishes.test/moderation/releases');
      expect(mail.text).not.toContain('secret-stack-text');
    }
    // Another team's address is never told.
    expect(mailsTo('compose@example.com')).toEqual([]);
  });

  it('a gate refusal is mailed to the team and the admins, naming the rule; nothing is stored', async () => {
    const before = smtp.mails.length;
    const colliding = { ...feed, routes: [...feed.routes, { path: '/api/feed-extra', expose: Object.keys(feed.exposes)[0] }] } as RemoteDeclaration;
    const refused = await publish('mf-feed', await releaseArchive(colliding, 'r4', {}), feedToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("collides with the site's own /api");
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([TEAM_MAIL, 'root@example.com']);
    expect(mails[0].text).toContain('refused by the gate');
    expect(mails[0].text).toContain("collides with the site's own /api");
    expect((await list('mf-feed', feedToken)).json().releases).toHaveLength(3);
  });

  it("rolling back a remote's first release, with no earlier one, is a 409 and changes nothing", async () => {
    const hello = await createToken('mf-hello', { name: 'hello-team' });
    const res = await publish('mf-hello', await releaseArchive(HELLO, 'h1', { notes: 'Hello' }), hello);
    const h1 = res.json().release as string;
    expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-hello/activate/', token: hello, payload: { release: h1 } })).statusCode).toBe(200);
    const back = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-hello/rollback/', token: hello });
    expect([back.statusCode, back.json().detail]).toEqual([409, `mf-hello has no earlier release to roll back to (active: ${h1})`]);
    expect((await list('mf-hello', hello)).json().releases.map((r: { state: string }) => r.state)).toEqual(['active']);
  });
});
