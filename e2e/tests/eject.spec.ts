/**
 * Each of the site's remotes can leave the repository whole (docs/teams.md, "A remote leaves the
 * repository"): `npm run eject -- <remote> <dir> --site <url>` copies it into a folder outside the
 * repository whose kit dependencies are the running site's /kit/ URLs, and there `npm install`,
 * `npm run typecheck`, `npm test` and `npm run build` pass with no other file of the monorepo.
 * mf-feed then publishes itself from its folder (`npm run release -- --publish` with a team token)
 * and its release, activated, carries the types of what it exposes (@mf-types.zip); the ejected
 * mf-profile's typecheck takes mf-feed's WishList from there, and refuses a prop it does not take.
 * `EJECT_REMOTES=mf-auth,mf-feed` narrows the run (each remote installs and builds on its own;
 * mf-profile's types need mf-feed's release, so name both).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { startServer, type ServerHandle } from '../support/server';

const ALL = ['mf-feed', 'mf-compose', 'mf-profile', 'mf-auth', 'mf-moderation', 'mf-groups'];
const REMOTES = process.env.EJECT_REMOTES ? process.env.EJECT_REMOTES.split(',').filter((r) => ALL.includes(r)) : ALL;

let server: ServerHandle;
let work = '';
let releasesDir = '';

/** As a team runs it: Node 24 first on PATH, none of the npm_* variables of the run that started the tests. */
function teamEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_(?!config_(cache|registry|userconfig|nodedir)$)/i.test(key)) env[key] = value;
  return { ...env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, ...extra };
}

function run(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: teamEnv(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    // eslint-disable-next-line no-control-regex
    child.on('exit', (code) => (code === 0 ? resolve(out.replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')) : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${out.slice(-6000)}`))));
  });
}

/** Every file of `dir` (node_modules and the build left out) that names a path of the monorepo. */
function monorepoReferences(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx?|jsx?|json)$/.test(entry.name) && /\.\.\/(build|shared|shell|server|packages|mf-[a-z]+)\/|tsconfig\.base/.test(fs.readFileSync(file, 'utf8'))) found.push(path.relative(dir, file));
    }
  };
  walk(dir);
  return found;
}

/** `npm run release -- --publish` from the ejected folder with a team token, then activated: the site serves it, its types beside it. */
async function publishFromFolder(remote: string, dir: string): Promise<void> {
  const token = (await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'remotes.js'), 'token', 'create', remote, '--name', 'eject-team'], REPO_ROOT, { DATA_DIR: server.dataDir, DATABASE_URL: '', RELEASES_DIR: releasesDir })).pop() ?? '';
  expect(token).toMatch(/^wtt_/);
  const release = (await run('npm', ['run', 'release', '--', '--publish', server.url], dir, { WISHES_TEAM_TOKEN: token })).pop() ?? '';
  expect(release).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{12}$/);
  const activated = await fetch(`${server.url}/api/admin/remotes/${remote}/activate/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ release }),
  });
  expect(activated.status).toBe(200);
  const manifest = (await (await fetch(`${server.url}/mf/remotes.json`)).json()) as { remotes: { folder: string; entry: string; release: string }[] };
  const entry = manifest.remotes.find((r) => r.folder === remote);
  expect(entry?.release).toBe(release);
  const mfManifest = await (await fetch(new URL(entry!.entry.replace(/remoteEntry\.js$/, 'mf-manifest.json'), server.url))).json();
  expect(mfManifest.metaData.types.zip).toBe('@mf-types.zip');
  const types = await fetch(new URL(entry!.entry.replace(/remoteEntry\.js$/, '@mf-types.zip'), server.url));
  expect([types.status, types.headers.get('content-type')]).toEqual([200, 'application/zip']);
}

/** mf-profile typechecked against mf-feed's published WishList (npm run typecheck passed above); a prop WishList does not take fails it. */
async function refusesWrongProp(dir: string): Promise<void> {
  expect(fs.readFileSync(path.join(dir, '@mf-types', 'mf_feed', 'WishList.d.ts'), 'utf8')).toContain('compiled-types');
  const planted = path.join(dir, 'src', 'remotes', 'planted.tsx');
  fs.writeFileSync(planted, "import { WishList } from './WishList';\n\nexport const planted = <WishList wishes={[]} colour=\"red\" />;\n");
  try {
    const failure = await run('npm', ['run', 'typecheck'], dir).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/planted\.tsx.*error TS2322/);
    expect(failure).toContain("Property 'colour' does not exist");
  } finally {
    fs.rmSync(planted);
  }
}

test.describe("the site's remotes leave the repository whole", () => {
  // One at a time: each installs and builds a whole project, and they share the kit's tarballs.
  test.describe.configure({ mode: 'serial', timeout: 900_000 });

  test.beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-eject-'));
    releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-eject-rel-'));
    await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'kit-pack.js')], REPO_ROOT);
    server = await startServer({ label: 'eject', env: { RELEASES_DIR: releasesDir } });
  });
  test.afterAll(async () => {
    await server?.stop();
    for (const dir of [work, releasesDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const remote of REMOTES) {
    test(`${remote}: ejected, installed from the site's /kit/, typechecked, tested and built`, async () => {
      const dir = path.join(work, remote);
      await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'eject.js'), remote, dir, '--site', server.url], REPO_ROOT);
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      expect(pkg.dependencies['@wishes/kit-ui']).toMatch(new RegExp(`^${server.url}/kit/wishes-kit-ui-`));
      expect(monorepoReferences(dir)).toEqual([]);
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
      await run('npm', ['run', 'typecheck'], dir);
      await run('npm', ['test'], dir);
      await run('npm', ['run', 'build'], dir);
      const built = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'release.json'), 'utf8'));
      expect(built.declaration.folder).toBe(remote);
      if (remote === 'mf-feed') await publishFromFolder(remote, dir);
      if (remote === 'mf-profile') await refusesWrongProp(dir);
    });
  }
});
