#!/usr/bin/env node
/**
 * Builds the shell and every site remote (a workspace with a remote.config.ts, build/registry.js) with webpack (production), one after the other (the
 * machine may have 2 cores). An app is rebuilt only when its dist is missing or older than its
 * sources, its config, the shared sources or the build factory; `--force` rebuilds everything.
 * With WISHES_SKIP_TYPES=1 the remotes are built without the types of what they expose
 * (@mf-types.zip, Module Federation's dts plugin: most of a remote's build time): `npm test` builds
 * so for its browser journeys, which never read them. A build without them is stale for a run
 * that wants them, so `npm start` or a build without the flag afterwards rebuilds those remotes.
 * Usage: [WISHES_SKIP_TYPES=1] node scripts/build-site.js [--force] [app ...]
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const { APP_FOLDERS: APPS } = require('../build/registry');
const { buildForProduction } = require('../shared/kit-build/src/webpack-run');
const SHARED_INPUTS = ['shared', 'build/registry.js'];
const APP_INPUTS = ['src', 'public', 'webpack.config.js', 'federation.config.js', 'package.json', 'tsconfig.json'];
// Tests never reach a bundle; editing them must not trigger a rebuild.
const IGNORED = /(\.test\.tsx?$)|(\/src\/test\/)|(\/node_modules\/)/;

/** Newest modification time (ms) under `target`, or 0 when it does not exist. */
function newestMtime(target) {
  let stats;
  try {
    stats = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return IGNORED.test(target) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The files whose presence means the app is built; the oldest one dates the build. */
function builtFiles(app) {
  const dist = path.join(ROOT, app, 'dist');
  // The shell is a host without exposes: it has no remoteEntry.js.
  return app === 'shell'
    ? [path.join(dist, 'index.html'), path.join(dist, 'main.js'), path.join(dist, 'mf-manifest.json')]
    : [path.join(dist, 'remoteEntry.js'), path.join(dist, 'mf-manifest.json')];
}

/**
 * Written after each successful build: webpack leaves unchanged output files untouched
 * (compareBeforeEmit), so their mtimes cannot date the build. A dotfile, never served.
 */
const STAMP = '.wishes-build-stamp';
/** The stamp's line when a remote was built without its exposed types. */
const NO_TYPES = 'types: skipped (WISHES_SKIP_TYPES=1)';

/** Whether this run builds the exposed types (the shell, a host, exposes nothing and never has them). */
const typesWanted = () => process.env.WISHES_SKIP_TYPES !== '1';

/** Why the app needs building, or null when its dist is up to date. */
function staleReason(app) {
  let builtAt = Infinity;
  for (const file of builtFiles(app)) {
    try {
      builtAt = Math.min(builtAt, fs.statSync(file).mtimeMs);
    } catch {
      return `${path.relative(ROOT, file)} is missing`;
    }
  }
  try {
    const stamp = path.join(ROOT, app, 'dist', STAMP);
    builtAt = fs.statSync(stamp).mtimeMs;
    if (typesWanted() && fs.readFileSync(stamp, 'utf8').includes(NO_TYPES)) return 'built without the exposed types, which this build wants';
  } catch {
    // Built by `npm run build -w <app>`: date it by its oldest output file.
  }
  const inputs = [...APP_INPUTS.map((p) => path.join(ROOT, app, p)), ...SHARED_INPUTS.map((p) => path.join(ROOT, p))];
  const newestSource = Math.max(...inputs.map(newestMtime));
  return newestSource > builtAt ? 'sources changed since the last build' : null;
}

/**
 * @param {{ force?: boolean, apps?: string[], log?: (line: string) => void }} options
 * @returns {{ built: string[], skipped: string[] }} throws when a build fails
 */
function buildSite(options = {}) {
  const log = options.log || ((line) => console.log(line));
  const apps = options.apps && options.apps.length ? options.apps : APPS;
  for (const app of apps) {
    if (!APPS.includes(app)) throw new Error(`unknown app "${app}" (expected one of ${APPS.join(', ')})`);
  }
  const built = [];
  const skipped = [];
  for (const app of apps) {
    const reason = options.force ? 'forced' : staleReason(app);
    if (!reason) {
      skipped.push(app);
      log(`[build] ${app}: up to date`);
      continue;
    }
    log(`[build] ${app}: building (${reason})...`);
    const started = Date.now();
    const types = typesWanted();
    const typeless = !types && app !== 'shell';
    buildForProduction(path.join(ROOT, app), app, [], { types });
    fs.writeFileSync(path.join(ROOT, app, 'dist', STAMP), `${new Date().toISOString()}\n${typeless ? `${NO_TYPES}\n` : ''}`);
    built.push(app);
    log(`[build] ${app}: built in ${((Date.now() - started) / 1000).toFixed(1)} s${typeless ? ', without the exposed types (WISHES_SKIP_TYPES=1)' : ''}`);
  }
  log(`[build] done: built ${built.length ? built.join(', ') : 'nothing'}${skipped.length ? `; up to date: ${skipped.join(', ')}` : ''}`);
  return { built, skipped };
}

module.exports = { buildSite, staleReason, APPS };

if (require.main === module) {
  const args = process.argv.slice(2);
  try {
    buildSite({ force: args.includes('--force'), apps: args.filter((a) => !a.startsWith('--')) });
  } catch (error) {
    console.error(`\n[build] ${error.message}`);
    process.exit(1);
  }
}
