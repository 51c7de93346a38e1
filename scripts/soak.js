#!/usr/bin/env node
/**
 * `npm run soak -- --minutes N [--cluster] [--db sqlite|postgres] [--out DIR]` (not part of
 * `npm test`): runs bench/soak.ts with tsx from the bench workspace; docs/operations.md → "Soak".
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'soak.ts'), ...process.argv.slice(2)], { cwd: path.join(root, 'bench'), stdio: 'inherit', env: process.env });
process.exit(result.status === null ? 1 : result.status);
