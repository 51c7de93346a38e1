#!/usr/bin/env node
require('../build/node-support').checkNode(); // before anything loads a native addon
/** `npm run admin -- role <email> <user|moderator|admin>`: thin wrapper running server/scripts/admin.ts. */
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'scripts', 'admin.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
