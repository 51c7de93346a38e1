#!/usr/bin/env node
/**
 * `npm run bench` (not part of `npm test`): API and front-end benchmarks with their targets.
 * Runs bench/main.ts with tsx from the bench workspace (bench/package.json holds its dependencies).
 * Arguments pass through, e.g. `npm run bench -- --skip-postgres --duration=5`; see bench/README.md.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
// `npm run bench:coldload` (--cold-load): only the cold-load budget of /feed in a real browser (bench/web/cold-load.ts).
const coldLoad = process.argv.includes('--cold-load');
const script = path.join(root, 'bench', coldLoad ? path.join('web', 'cold-load.ts') : 'main.ts');
const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2).filter((a) => a !== '--cold-load')], {
  cwd: path.join(root, 'bench'),
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status === null ? 1 : result.status);
