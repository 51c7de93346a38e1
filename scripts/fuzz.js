#!/usr/bin/env node
/**
 * `npm run fuzz [-- --runs 20000 --seed N --db both|sqlite|postgres --minutes 15]`: thin wrapper
 * running server/scripts/fuzz.ts, the long fuzz run with a random (printed) seed.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'scripts', 'fuzz.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
