/**
 * Each of the site's remotes can leave the repository whole (docs/teams.md, "A remote leaves the
 * repository"): `npm run eject -- <remote> <dir> --site <url>` copies it into a folder outside the
 * repository whose kit dependencies are the running site's /kit/ URLs, and there `npm install`,
 * `npm run typecheck`, `npm test` and `npm run build` pass with no other file of the monorepo.
 * `EJECT_REMOTES=mf-auth,mf-feed` narrows the run (each remote installs and builds on its own).
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

/** As a team runs it: Node 24 first on PATH, none of the npm_* variables of the run that started the tests. */
function teamEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_(?!config_(cache|registry|userconfig|nodedir)$)/i.test(key)) env[key] = value;
  return { ...env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };
}

function run(command: string, args: string[], cwd: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: teamEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
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

test.describe("the site's remotes leave the repository whole", () => {
  // One at a time: each installs and builds a whole project, and they share the kit's tarballs.
  test.describe.configure({ mode: 'serial', timeout: 900_000 });

  test.beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-eject-'));
    await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'kit-pack.js')], REPO_ROOT);
    server = await startServer({ label: 'eject' });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
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
    });
  }
});
