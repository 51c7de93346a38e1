#!/usr/bin/env node
/**
 * `npm run build -w @wishes/server`: the production server, compiled. esbuild bundles src/main.ts
  * with the kit packages' and @wishes/writer's sources (TypeScript, no build of their own) into dist/main.js; every npm
 * dependency stays an ordinary require from node_modules (native addons and all). Type-checking is
 * `npm run typecheck` (esbuild only strips types). Files the code reads next to itself are copied.
 * `npm start` runs the result with plain node; tsx remains for `npm run dev` and the tests.
 */
const path = require('node:path');
const fs = require('node:fs');
const esbuild = require('esbuild');

const SERVER = path.resolve(__dirname, '..');
const OUT = path.join(SERVER, 'dist');
/** The writer (packages/writer): a workspace library of TypeScript sources, bundled like shared. */
const WRITER = path.join(SERVER, '..', 'packages', 'writer');
/** Read at run time from the module's own folder (path.join(__dirname, ...)). */
const ASSETS = ['src/auth/common-passwords.txt'];

function dependenciesOf(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
}

/** The kit packages the server's code imports (shared/kit-<name>/src). */
const SHARED = path.join(SERVER, '..', 'shared');
const KIT_DIRS = ['kit-contract', 'kit-session', 'kit-client', 'kit-ui'];

/** `npm run remotes` compiles its CLI here, never into dist/ (a running server's bundle is left alone). */
const CLI_OUT = path.join(SERVER, 'node_modules', '.cache', 'remotes-cli');

function esbuildOptions() {
  // The kit packages and the writer are bundled from their sources; their own dependencies stay npm packages.
  const kits = KIT_DIRS.map((dir) => path.join(SHARED, dir));
  const external = [...new Set([...dependenciesOf(SERVER), ...kits.flatMap(dependenciesOf), ...dependenciesOf(WRITER)])].filter((name) => !name.startsWith('@wishes/'));
  return {
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: 'linked',
    external,
    alias: { ...Object.fromEntries(KIT_DIRS.map((dir) => [`@wishes/${dir}`, path.join(SHARED, dir, 'src')])), '@wishes/writer': path.join(WRITER, 'src') },
    tsconfig: path.join(SERVER, 'tsconfig.json'),
  };
}

function buildServer({ quiet = false } = {}) {
  const started = Date.now();
  fs.rmSync(OUT, { recursive: true, force: true });
  esbuild.buildSync({
    ...esbuildOptions(),
    entryPoints: { main: path.join(SERVER, 'src', 'main.ts'), 'releases-cli': path.join(SERVER, 'src', 'releases', 'cli.ts') },
    outdir: OUT,
    logLevel: quiet ? 'error' : 'warning',
  });
  for (const asset of ASSETS) fs.copyFileSync(path.join(SERVER, asset), path.join(OUT, path.basename(asset)));
  if (!quiet) console.log(`[server build] dist/main.js in ${Date.now() - started} ms`);
}

/** True when `built` (default dist/main.js) is older than any source it is built from (server/src, the kit's sources, packages/writer/src). */
function serverBuildStale(built = path.join(OUT, 'main.js')) {
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  const newer = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name !== 'node_modules' && newer(file);
      return !/\.test\.tsx?$/.test(entry.name) && fs.statSync(file).mtimeMs > builtAt;
    });
  return [path.join(SERVER, 'src'), ...KIT_DIRS.map((dir) => path.join(SHARED, dir, 'src')), path.join(WRITER, 'src'), path.join(SERVER, 'package.json')].some((p) => (fs.statSync(p).isDirectory() ? newer(p) : fs.statSync(p).mtimeMs > builtAt));
}

/**
 * The release CLI alone, for `npm run remotes`: compiled into its own folder when its sources
 * changed, so the CLI never rewrites the bundle a running server uses. Returns its path.
 */
function releasesCli() {
  const built = path.join(CLI_OUT, 'releases-cli.js');
  if (serverBuildStale(built)) {
    fs.rmSync(CLI_OUT, { recursive: true, force: true });
    esbuild.buildSync({ ...esbuildOptions(), entryPoints: { 'releases-cli': path.join(SERVER, 'src', 'releases', 'cli.ts') }, outdir: CLI_OUT, logLevel: 'error' });
  }
  return built;
}

module.exports = { buildServer, serverBuildStale, releasesCli, SERVER_DIST: OUT };

if (require.main === module) buildServer();
