#!/usr/bin/env node
/**
 * `npm run bench` (not part of `npm test`): API and front-end benchmarks with their targets.
 * Runs bench/main.ts with tsx from the server folder (where the server's dependencies resolve).
 * Arguments pass through, e.g. `npm run bench -- --skip-postgres --duration=5`; see bench/README.md.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'main.ts'), ...process.argv.slice(2)], {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status === null ? 1 : result.status);
