/**
 * Property-based fuzzing of every route (see fuzz-core.ts for the request space and invariants).
 * Fixed seed and bounded runs here (FUZZ_SEED / FUZZ_RUNS override); `npm run fuzz` runs longer
 * with a random seed. SQLite gets the full run, PostgreSQL a smaller one.
 */
import { request as httpRequest } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { createTestApp, DEFAULT_PASSWORD, dialects, type TestContext } from '../kit/harness';
import { checkResponse, runFuzz, setupWorld, ROUTES, TOKEN_KINDS, type FuzzWorld, type FuzzRequest } from './fuzz-core';
import { SITE_CANARY, makeFakeSite, withSiteRoot } from './site';

const SEED = Number(process.env.FUZZ_SEED ?? 20260422);
const RUNS: Record<string, number> = { sqlite: Number(process.env.FUZZ_RUNS ?? 700), postgres: Math.ceil(Number(process.env.FUZZ_RUNS ?? 700) / 4) };

jest.setTimeout(120_000);

function reportOf(details: Awaited<ReturnType<typeof runFuzz>>): string {
  if (!details.failed) return 'ok';
  return `fuzz failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath}):\n${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}`;
}

describe.each(dialects)('fuzzing every route (%s)', (dialect) => {
  let site: string;
  let t: TestContext;
  let world: FuzzWorld;
  const DATA_CANARY = 'CANARY-data-dir-must-never-be-served';

  beforeAll(async () => {
    site = makeFakeSite();
    // Search's time bound is not under test here: a loaded machine must not turn a slow worker start into a 503.
    t = await withSiteRoot(site, () => createTestApp(dialect, { searchTimeoutMs: 30_000, streamIdleTimeoutMs: 1000 }));
    world = await setupWorld(t);
    writeFileSync(path.join(t.config.dataDir, 'jwt-secret'), DATA_CANARY);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it(`${RUNS[dialect]} random hostile requests: never a 5xx, always JSON errors under /api, refused requests change nothing`, async () => {
    const details = await runFuzz(world, { seed: SEED, numRuns: RUNS[dialect] });
    expect(reportOf(details)).toBe('ok');
  });

  it('moderation routes with a moderator token: hostile bodies, ids and queries never 5xx, refused ones change nothing', async () => {
    // A world of its own: its owner is a moderator, so the random requests reach the handlers
    // (and may hide, delete or ban), not only the 403 of the role check.
    const modWorld = await setupWorld(t, 'moderator');
    const routes = ROUTES.filter((r) => r.path.startsWith('/api/moderation/') || r.path === '/api/base/wish/:wish/');
    const details = await runFuzz(modWorld, { seed: SEED, numRuns: Math.ceil(RUNS[dialect]! / 4), routes });
    expect(reportOf(details)).toBe('ok');
  });

  it('a valid request still works afterwards (the fuzz did not wedge the app)', async () => {
    const res = await t.request({ url: '/api/base/feed/1/' });
    expect(res.statusCode).toBe(200);
    // A fresh sign-in: the run may have sent POST /api/account/sign_out_everywhere/ with the owner's token.
    const login = await t.request({ method: 'POST', url: '/api/token/', payload: { username: world.owner.email, password: DEFAULT_PASSWORD } });
    expect(login.statusCode).toBe(200);
    // A new private wish (the run may have deleted the world's with the owner's token, a valid call).
    const saved = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: login.json().access, payload: { text: 'After the fuzz', is_public: false } });
    expect(saved.statusCode).toBe(201);
    const wish = await t.request({ url: `/api/base/wish/${saved.json().wish_id}/`, token: login.json().access });
    expect(wish.statusCode).toBe(200);
  });

  it('each token kind on each API route: bad tokens are 401 everywhere but the token views', async () => {
    // Deterministic sweep (not random): every route with safe ids, every token kind, its valid body.
    const problems: string[] = [];
    for (const route of ROUTES.filter((r) => r.api && !r.path.includes(':any'))) {
      for (const token of TOKEN_KINDS.filter((k) => k !== 'ghostUser')) {
        const url = route.path.replace(':wish', String(world.publicWishId)).replace(':user', String(world.other.id)).replace(':page', '1');
        const payload = route.valid ? JSON.stringify(route.valid(world)) : undefined;
        const req: FuzzRequest = {
          route,
          method: route.method,
          url,
          matched: true,
          token,
          body: payload === undefined ? { kind: 'none' } : { kind: 'json', payload, contentType: 'application/json' },
          headers: {},
        };
        const headers: Record<string, string> = {};
        if (world.auth[token] !== undefined) headers.authorization = world.auth[token]!;
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const res = await t.app.inject({ method: route.method as 'GET', url, headers, payload });
        for (const p of checkResponse(req, res)) problems.push(`${route.method} ${url} token=${token}: ${p} (${res.statusCode} ${res.body.slice(0, 120)})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a validly signed access token for an account that does not exist is 401 token_not_valid on every route, never a 500', async () => {
    // A wiped or restored database with the same JWT secret (or a deleted account) leaves clients
    // holding such tokens. simplejwt answers 401 {"detail":"User not found","code":"user_not_found"}.
    const failures: string[] = [];
    for (const route of ROUTES.filter((r) => r.api && !r.path.includes(':any') && !/^\/api\/token/.test(r.path))) {
      const url = route.path.replace(':wish', String(world.publicWishId)).replace(':user', String(world.other.id)).replace(':page', '1');
      const payload = route.valid ? JSON.stringify(route.valid(world)) : undefined;
      const headers: Record<string, string> = { authorization: world.auth.ghostUser! };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const res = await t.app.inject({ method: route.method as 'GET', url, headers, payload });
      // Like simplejwt: the token is refused (401 token_not_valid), on reading and writing routes alike.
      if (res.statusCode !== 401 || res.json().code !== 'token_not_valid') failures.push(`${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
  });

  it('a NUL character in any text field is refused or stored, never a 500 (PostgreSQL text cannot hold U+0000)', async () => {
    const failures: string[] = [];
    for (const route of ROUTES.filter((r) => r.valid)) {
      const valid = route.valid!(world);
      for (const field of Object.keys(valid).filter((f) => typeof valid[f] === 'string')) {
        for (const token of ['owner', 'none'] as const) {
          const url = route.path.replace(':wish', String(world.publicWishId)).replace(':page', '1');
          const payload = JSON.stringify({ ...valid, [field]: `${String(valid[field])}\u0000x` });
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (world.auth[token]) headers.authorization = world.auth[token]!;
          const res = await t.app.inject({ method: route.method as 'POST', url, headers, payload });
          if (res.statusCode >= 500) failures.push(`${route.method} ${url} ${field}="…\\u0000x" token=${token} → ${res.statusCode}`);
        }
      }
    }
    for (const query of ['\u0000', 'a\u0000b']) {
      const res = await t.request({ method: 'POST', url: '/api/base/search/', payload: { query } });
      if (res.statusCode >= 500) failures.push(`POST /api/base/search/ query=${JSON.stringify(query)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('path traversal over a real socket (no URL normalisation) never reaches a file outside media or the site', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (rawPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: rawPath, method: 'GET', agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1') }));
        });
        req.on('error', reject);
        req.end();
      });
    const segments = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '..%2f', '..%5c', '%252e%252e', '%c0%ae%c0%ae', '....', '.', '', 'avatars', 'markdown', 'categories', 'test.db', 'jwt-secret', 'package.json', '.env', 'etc', 'passwd', '%00', 'shell', 'dist'];
    const prefixes = ['/media', '/media/avatars', '/static', '/static/markdown', '/mf/mf-feed', '/mf/mf-feed/..', ''];
    const pathArb = fc
      .tuple(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...segments), { minLength: 1, maxLength: 7 }))
      .map(([prefix, parts]) => `${prefix}/${parts.join('/')}`);
    const fixed = [
      '/media/../../test.db',
      '/media/avatars/../../test.db',
      '/media/avatars/..%2f..%2ftest.db',
      '/media/%2e%2e/%2e%2e/jwt-secret',
      '/media/..%2f..%2fjwt-secret',
      '/static/../package.json',
      '/static/..%2f..%2f..%2fpackage.json',
      '/static/markdown/..%2f..%2f..%2f..%2fpackage.json',
      '/mf/mf-feed/../../package.json',
      '/mf/mf-feed/..%2f..%2fpackage.json',
      '/mf/mf-feed/%2e%2e/%2e%2e/.env',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/.env',
      '/package.json',
      '//etc/passwd',
      '/\\..\\..\\package.json',
    ];
    const check = async (p: string) => {
      const res = await raw(p);
      const leaks = [DATA_CANARY, SITE_CANARY, 'SQLite format 3', 'root:x:0:0', '"workspaces"'].filter((needle) => res.body.includes(needle));
      if (res.status >= 500 || leaks.length) throw new Error(`GET ${p} → ${res.status}, leaked ${leaks.join(', ') || 'nothing'}: ${res.body.slice(0, 120)}`);
    };
    for (const p of fixed) await check(p);
    await fc.assert(fc.asyncProperty(pathArb, check), { seed: SEED, numRuns: dialect === 'sqlite' ? 300 : 60 });
  });
});
