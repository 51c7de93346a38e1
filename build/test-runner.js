/**
 * What scripts/test.js (`npm test`) and scripts/test-packaging.js (`npm run test:packaging`) share:
 * running a step with its wall time, adding jest and Playwright reports to the totals, and the
 * closing line `tests: N passed, N failed, N skipped`. Each runner also writes its totals to
 * .tmp/test-results/totals-<name>.json, which .ci/run sums into its own closing line.
 */
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const outDir = path.join(root, '.tmp', 'test-results');

function createRunner(name) {
  fs.mkdirSync(outDir, { recursive: true });
  const totalsFile = path.join(outDir, `totals-${name}.json`);
  fs.rmSync(totalsFile, { force: true });
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const failures = [];
  let flaky = 0;

  function run(label, command, args, options = {}) {
    console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
    const started = Date.now();
    const result = spawnSync(command, args, { cwd: options.cwd || root, stdio: 'inherit', env: { ...process.env, ...options.env } });
    // Each step's wall time, so CI's budget can be read off the log.
    console.log(`=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
    return result.status === 0;
  }

  /** Adds a jest --json report to the totals (a run that wrote none but failed counts as one failure). */
  function countJestReport(report, ok) {
    if (fs.existsSync(report)) {
      const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
      totals.passed += summary.numPassedTests;
      totals.failed += summary.numFailedTests;
      totals.skipped += summary.numPendingTests + summary.numTodoTests;
      if (summary.numFailedTestSuites > 0 && summary.numFailedTests === 0) totals.failed += summary.numFailedTestSuites;
    } else if (!ok) {
      totals.failed += 1;
    }
  }

  /** Runs Playwright in e2e/ with `args` and adds its JSON report to the totals. */
  function playwright(label, args) {
    const report = path.join(outDir, `playwright-${label}.json`);
    fs.rmSync(report, { force: true });
    const ok = run(label, 'npx', ['playwright', 'test', ...args], { cwd: path.join(root, 'e2e'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report } });
    if (fs.existsSync(report)) {
      const stats = JSON.parse(fs.readFileSync(report, 'utf8')).stats || {};
      // A flaky test failed first and passed on CI's one retry: it counts as passed, and is named
      // loudly at the end so it gets fixed rather than hidden.
      totals.passed += (stats.expected || 0) + (stats.flaky || 0);
      totals.failed += stats.unexpected || 0;
      totals.skipped += stats.skipped || 0;
      flaky += stats.flaky || 0;
    } else if (!ok) {
      totals.failed += 1;
    }
    if (!ok) failures.push(label);
    return ok;
  }

  /** Prints the closing line, writes the totals for .ci/run and exits. */
  function finish() {
    console.log('');
    if (flaky) console.log(`!!! ${flaky} browser test(s) passed only on retry (flaky): see e2e/playwright-report`);
    if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
    console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    fs.writeFileSync(totalsFile, JSON.stringify({ ...totals, failures }));
    process.exit(failures.length ? 1 : 0);
  }

  return { totals, failures, outDir, run, countJestReport, playwright, finish };
}

module.exports = { createRunner, root };
