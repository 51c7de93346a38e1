/**
 * The release scripts themselves (docs/teams.md), run as a team runs them: `npm run release --
 * <remote> --publish <url>` builds, uploads with WISHES_TEAM_TOKEN to a real listening server and
 * prints the id last; the gate runs before any build with the server's message; a failed build
 * leaves no `.building-*` (nor temporary) folder; and `npm run remotes` never rebuilds
 * server/dist/. The remote is a throwaway one outside the registry whose webpack config writes
 * remoteEntry.js, a source map and an mf-manifest.json in a second or two.
 */
import { spawn } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { makeSite } from '../../test/kit/release-archives';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER_DIST = path.join(ROOT, 'server', 'dist');

const DECLARATION: RemoteDeclaration = {
  key: 'scripted',
  name: 'mf_scripted',
  folder: 'mf-scripted',
  devPort: 3098,
  exposes: { ScriptedPage: './src/ScriptedPage.tsx' },
  routes: [{ path: '/scripted', expose: 'ScriptedPage', title: 'Scripted' }],
  nav: [{ to: '/scripted', label: 'Scripted', icon: 'sparkle', visibility: 'members', order: 46 }],
};

/** A webpack config that needs no loader: remoteEntry.js (+ its map) and the federation manifest. */
const WEBPACK_CONFIG = `
module.exports = {
  mode: 'production',
  context: __dirname,
  entry: './entry.js',
  devtool: 'source-map',
  output: { filename: 'remoteEntry.js' },
  plugins: [{
    apply(compiler) {
      const { RawSource } = compiler.webpack.sources;
      compiler.hooks.thisCompilation.tap('manifest', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'manifest', stage: 0 }, () => {
          compilation.emitAsset('mf-manifest.json', new RawSource(JSON.stringify({
            name: 'mf_scripted',
            metaData: { name: 'mf_scripted', remoteEntry: { name: 'remoteEntry.js', path: '' } },
            shared: [],
            exposes: [{ name: 'ScriptedPage', path: './ScriptedPage', assets: { js: { sync: ['remoteEntry.js'], async: [] }, css: { sync: [], async: [] } } }],
          })));
        });
      });
    },
  }],
};
`;

/** A remote folder outside the registry; `webpackConfig` replaces the working config (a broken build), `test` its own test script. */
function makeRemote(declaration: RemoteDeclaration = DECLARATION, webpackConfig = WEBPACK_CONFIG, test = 'node -e "process.exit(0)"'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-script-remote-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: declaration.folder, version: '0.3.0', private: true, scripts: { test } }));
  writeFileSync(path.join(dir, 'remote.config.ts'), `export default ${JSON.stringify(declaration)};\n`);
  writeFileSync(path.join(dir, 'webpack.config.js'), webpackConfig);
  writeFileSync(path.join(dir, 'entry.js'), 'window.mf_scripted = { get: () => () => ({}) };\n');
  return dir;
}

/** Runs a root script with node; resolves with its exit code and output lines. */
function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string[]; err: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => resolve({ code, out: out.trim().split('\n'), err: err.trim().split('\n') }));
  });
}

// Each run starts node, tsx and (for most) webpack: slow on a loaded machine.
jest.setTimeout(240_000);

describe('npm run release, before and around the build', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'wishes-script-work-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("refuses a declaration the gate would refuse before building, with the server's reason", async () => {
    const releasesDir = path.join(work, 'gate-releases');
    const remote = makeRemote({ ...DECLARATION, routes: [...DECLARATION.routes, { path: '/api/scripted', expose: 'ScriptedPage' }] });
    const result = await run('release.js', [remote], { RELEASES_DIR: releasesDir });
    rmSync(remote, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.err).toEqual(["[release] mf-scripted refused: its path /api/scripted collides with the site's own /api"]);
    expect(result.out.join('\n')).not.toContain('building');
    expect(existsSync(releasesDir)).toBe(false);
  });

  it.each([
    ['into RELEASES_DIR', [] as string[]],
    ['for --publish', ['--publish', 'http://127.0.0.1:9']],
  ])('a failed build %s leaves no .building-* or temporary folder behind', async (_label, extra) => {
    const releasesDir = path.join(work, `failed-${extra.length}`);
    const tmp = mkdtempSync(path.join(work, 'tmp-'));
    const remote = makeRemote(DECLARATION, "throw new Error('this build is broken');\n");
    const result = await run('release.js', [remote, ...extra], { RELEASES_DIR: releasesDir, TMPDIR: tmp, WISHES_TEAM_TOKEN: 'wtt_unused' });
    rmSync(remote, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.err[result.err.length - 1]).toBe('[release] building mf-scripted failed (webpack exit code 2)');
    const left = existsSync(path.join(releasesDir, 'mf-scripted')) ? readdirSync(path.join(releasesDir, 'mf-scripted')) : [];
    expect(left).toEqual([]);
    // (tsx keeps its own cache there.)
    expect(readdirSync(tmp).filter((f) => f.startsWith('wishes-release-'))).toEqual([]);
  });

  it("runs the remote's own npm test first: a failing one stops the release before any build", async () => {
    const releasesDir = path.join(work, 'tests-fail');
    const remote = makeRemote(DECLARATION, WEBPACK_CONFIG, 'node -e "console.error(\'1 test failed\'); process.exit(3)"');
    const result = await run('release.js', [remote], { RELEASES_DIR: releasesDir });
    rmSync(remote, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.err).toContain('1 test failed');
    expect(result.err[result.err.length - 1]).toBe('[release] the tests of mf-scripted failed (npm test exit code 3); nothing was built. Fix them, or release with --skip-tests');
    expect(result.out.join('\n')).not.toContain('building');
    expect(existsSync(path.join(releasesDir, 'mf-scripted')) ? readdirSync(path.join(releasesDir, 'mf-scripted')) : []).toEqual([]);
  });

  it('--skip-tests skips them and release.json says so, with the notes and when it was built', async () => {
    const releasesDir = path.join(work, 'tests-skipped');
    const remote = makeRemote(DECLARATION, WEBPACK_CONFIG, 'node -e "process.exit(3)"');
    const result = await run('release.js', [remote, '--skip-tests', '--notes', 'Faster <b>feed</b> & fixes'], { RELEASES_DIR: releasesDir });
    rmSync(remote, { recursive: true, force: true });
    expect(result.code).toBe(0);
    const id = result.out[result.out.length - 1];
    const meta = JSON.parse(readFileSync(path.join(releasesDir, 'mf-scripted', id, 'release.json'), 'utf8'));
    expect(meta.build).toMatchObject({ notes: 'Faster <b>feed</b> & fixes', tests_skipped: true, commit: null, branch: null });
    expect(Date.parse(meta.build.built_at)).not.toBeNaN();
  });

  it('refuses an option it does not know, and --notes without its text', async () => {
    const remote = makeRemote();
    const unknown = await run('release.js', [remote, '--skip-test'], {});
    const bare = await run('release.js', [remote, '--notes'], {});
    rmSync(remote, { recursive: true, force: true });
    expect([unknown.code, unknown.err.pop()]).toEqual([1, '[release] unknown option --skip-test; usage: npm run release -- <remote> [--publish <server-url>] [--notes "<text>"] [--skip-tests]']);
    expect([bare.code, bare.err.pop()]).toEqual([1, '[release] usage: npm run release -- <remote> [--publish <server-url>] [--notes "<text>"] [--skip-tests]']);
  });

  it('npm run remotes compiles its CLI on its own and never rebuilds server/dist/', async () => {
    const before = existsSync(path.join(SERVER_DIST, 'main.js')) ? statSync(path.join(SERVER_DIST, 'main.js')).mtimeMs : null;
    const result = await run('remotes.js', ['token', 'list'], { DATA_DIR: path.join(work, 'remotes-data'), DATABASE_URL: '' });
    expect(result.code).toBe(0);
    expect(existsSync(path.join(ROOT, 'server', 'node_modules', '.cache', 'remotes-cli', 'releases-cli.js'))).toBe(true);
    const after = existsSync(path.join(SERVER_DIST, 'main.js')) ? statSync(path.join(SERVER_DIST, 'main.js')).mtimeMs : null;
    expect(after).toBe(before);
  });
});

describe.each(dialects)('npm run release -- --publish (%s)', (dialect) => {
  let t: TestContext;
  let site: string;
  let releasesDir: string;
  let url: string;
  let admin: TestUser;

  beforeAll(async () => {
    site = makeSite();
    releasesDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-script-pub-'));
    t = await createTestApp(dialect, { releasesDir }, { env: { WISHES_SITE_ROOT: site } });
    admin = await t.createUser({ email: 'root@example.com' });
    await sql`update users set role = 'admin' where id = ${admin.id}`.execute(t.app.deps.db);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(site, { recursive: true, force: true });
    rmSync(releasesDir, { recursive: true, force: true });
  });

  it('builds, uploads with WISHES_TEAM_TOKEN and prints the id last; the source map is kept, never served', async () => {
    const created = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-scripted/tokens/', token: admin.access, payload: { name: 'scripted-team' } });
    expect(created.statusCode).toBe(201);
    const remote = makeRemote();
    const work = mkdtempSync(path.join(os.tmpdir(), 'wishes-script-tmp-'));
    mkdirSync(work, { recursive: true });
    try {
      const noToken = await run('release.js', [remote, '--publish', url], { TMPDIR: work, WISHES_TEAM_TOKEN: '' });
      expect([noToken.code, noToken.err.pop()]).toEqual([1, '[release] --publish needs the team token in WISHES_TEAM_TOKEN']);
      const result = await run('release.js', [remote, '--publish', url], { TMPDIR: work, WISHES_TEAM_TOKEN: created.json().token });
      expect(result.code).toBe(0);
      const id = result.out[result.out.length - 1];
      expect(id).toMatch(/^0\.3\.0-[0-9a-f]{12}$/);
      expect(result.out.join('\n')).toContain(`[release] mf-scripted ${id}: published`);
      // The same build again: the same id (200 from the server).
      const again = await run('release.js', [remote, '--publish', url], { TMPDIR: work, WISHES_TEAM_TOKEN: created.json().token });
      expect([again.code, again.out[again.out.length - 1]]).toEqual([0, id]);
      expect(again.out.join('\n')).toContain('published before (the same build)');
      expect(readdirSync(work).filter((f) => f.startsWith('wishes-release-'))).toEqual([]);

      // Served once live, not before (a published release is nobody's until it is activated or previewed).
      expect((await fetch(`${url}/mf/releases/mf-scripted/${id}/remoteEntry.js`)).status).toBe(404);
      expect((await t.request({ method: 'POST', url: '/api/admin/remotes/mf-scripted/activate/', token: created.json().token, payload: { release: id } })).statusCode).toBe(200);
      const entry = await fetch(`${url}/mf/releases/mf-scripted/${id}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(await entry.text()).toContain('mf_scripted');
      expect((await fetch(`${url}/mf/releases/mf-scripted/${id}/.maps/remoteEntry.js.map`)).status).toBe(404);
      const files = await t.app.deps.db.selectFrom('remote_release_files').select('path').where('remote', '=', 'mf-scripted').where('release_id', '=', id).execute();
      expect(files.map((f) => f.path).sort()).toEqual(['.maps/remoteEntry.js.map', 'mf-manifest.json', 'remoteEntry.js']);
      const row = await t.app.deps.db.selectFrom('remote_releases').select('published_by').where('release_id', '=', id).executeTakeFirstOrThrow();
      expect(row.published_by).toBe('team:scripted-team');
      // Its tests ran (no --skip-tests); no git repository around it: no commit, no branch.
      const listed = await t.request({ method: 'GET', url: '/api/admin/remotes/mf-scripted/releases/', token: created.json().token });
      expect(listed.json().releases).toEqual([expect.objectContaining({ release: id, version: '0.3.0', state: 'active', tests_skipped: false, commit: null, branch: null, notes: null, published_by: 'team:scripted-team' })]);
    } finally {
      rmSync(remote, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('records the commit and branch from git, and the notes, which the list returns as sent', async () => {
    const created = await t.request({ method: 'POST', url: '/api/admin/remotes/mf-scripted/tokens/', token: admin.access, payload: { name: 'scripted-team' } });
    const remote = makeRemote();
    writeFileSync(path.join(remote, 'entry.js'), 'window.mf_scripted = { get: () => () => ({ v: 2 }) };\n');
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: remote, encoding: 'utf8' });
    git('init', '-q', '-b', 'feature/notes');
    git('add', '.');
    git('commit', '-qm', 'first');
    const commit = git('rev-parse', 'HEAD').stdout.trim();
    try {
      const result = await run('release.js', [remote, '--publish', url, '--notes', '<script>alert(1)</script> new list'], { WISHES_TEAM_TOKEN: created.json().token });
      expect(result.code).toBe(0);
      const id = result.out[result.out.length - 1];
      const listed = await t.request({ method: 'GET', url: '/api/admin/remotes/mf-scripted/releases/', token: admin.access });
      expect(listed.json().releases[0]).toMatchObject({ release: id, commit, branch: 'feature/notes', notes: '<script>alert(1)</script> new list', tests_skipped: false, state: 'published', published_by: 'team:scripted-team' });
    } finally {
      rmSync(remote, { recursive: true, force: true });
    }
  });

  it("a refusal is the server's one line, and the script exits 1", async () => {
    const remote = makeRemote();
    try {
      const result = await run('release.js', [remote, '--publish', url], { WISHES_TEAM_TOKEN: `wtt_${'0'.repeat(16)}_${'A'.repeat(43)}` });
      expect(result.code).toBe(1);
      expect(result.err[result.err.length - 1]).toMatch(/^\[release\] the server refused the release \(401\): .+$/);
    } finally {
      rmSync(remote, { recursive: true, force: true });
    }
  });
});
