#!/usr/bin/env node
/**
 * `npm run load [-- --duration 60 --users 200 --db both|sqlite|postgres --gen-limit 1000]`:
 * thin wrapper running server/scripts/load.ts (the real server on 127.0.0.1, SQLite then
 * PostgreSQL, fresh database each; prints the table and the counter verdict).
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'scripts', 'load.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
