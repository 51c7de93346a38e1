#!/usr/bin/env node
/**
 * `npm run test:packaging`: what ships, checked as its users get it, apart from the product's suites
 * (`npm test`) because each check builds and installs whole packages. The deployment files as an
 * operator uses them (docs/deploy.md; scripts/packaging/checks.js): `image` (the Dockerfile built
 * with Podman and run), `compose` (compose.yaml read by podman-compose), `unit` (systemd's verify of
 * deploy/wishes.service). And `kit`: the kit as a team outside the monorepo uses it
 * (e2e/tests/kit.spec.ts, the Playwright project `packaging`: `npm run kit:pack`, `npm run new-remote` into a folder outside the repository, `npm install` from
 * the site's tarballs, build, test, release, and the release live in the production shell).
 * `team`: a team from zero to a canary with only the site's URL (e2e/tests/team-release-kit.spec.ts).
 * `eject`: each of the site's remotes ejected (`npm run eject`) and installed from the site's
 * /kit/, then typechecked, tested and built there (e2e/tests/eject.spec.ts).
 * A new check is one more entry in CHECKS. Prints its own closing line
 * "tests: N passed, N failed, N skipped"; .ci/run adds it to npm test's.
 *
 * `npm run test:packaging -- kit` runs the named checks only.
 */
require('../build/node-support').checkNode();
const fs = require('fs');
const { createRunner } = require('../build/test-runner');
const { imageCheck, composeCheck, unitCheck } = require('./packaging/checks');

const runner = createRunner('packaging');
/**
 * The site the journeys run against, without its remotes' exposed types as `npm test` builds it
 * (scripts/build-site.js): each journey's own remote builds and releases with its types.
 */
const buildSite = () => runner.run('build site', 'node', ['scripts/build-site.js'], { env: { WISHES_SKIP_TYPES: '1' } });
const only = process.argv.slice(2);

/** Each check: a name for `-- <name>`, and how to run it (adds its counts to runner.totals). */
const CHECKS = [
  { name: 'unit', run: () => unitCheck(runner) },
  { name: 'compose', run: () => composeCheck(runner) },
  { name: 'image', run: () => imageCheck(runner) },
  {
    name: 'kit',
    run() {
      const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
      if (!fs.existsSync(chromium)) {
        console.error(`\n!!! Chromium not found at ${chromium}: the kit journey cannot run (apt-get install -y chromium).`);
        runner.totals.failed += 1;
        runner.failures.push('kit (no chromium)');
        return;
      }
      if (!buildSite()) runner.failures.push('build site');
      runner.playwright('kit', ['--project=packaging', 'tests/kit.spec.ts']);
    },
  },
  {
    // A team with only the site's URL (e2e/tests/team-release-kit.spec.ts): scaffold from /kit/,
    // publish with notes, a canary rolled back by itself, the team's mail, the Releases page.
    name: 'team',
    run() {
      if (!buildSite()) runner.failures.push('build site');
      runner.playwright('team', ['--project=packaging', 'tests/team-release-kit.spec.ts']);
    },
  },
  {
    name: 'eject',
    run() {
      if (!buildSite()) runner.failures.push('build site');
      runner.playwright('eject', ['--project=packaging', 'tests/eject.spec.ts']);
    },
  },
];

(async () => {
  for (const check of CHECKS) {
    if (only.length > 0 && !only.includes(check.name)) continue;
    console.log(`\n=== ${check.name}`);
    try {
      await check.run();
    } catch (error) {
      console.error(error);
      runner.totals.failed += 1;
      runner.failures.push(`${check.name} (threw)`);
    }
  }
  runner.finish();
})();
