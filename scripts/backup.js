#!/usr/bin/env node
/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]` (npm passes the mode as the
 * first argument): thin wrapper running server/scripts/backup.ts with the server's environment.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
// Relative file names are taken from where npm was run (INIT_CWD), not from the repo root.
const cwd = process.env.INIT_CWD || process.cwd();
const args = process.argv.slice(2).map((arg, i) => (i > 0 && !arg.startsWith('-') ? path.resolve(cwd, arg) : arg));
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'scripts', 'backup.ts'), ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
