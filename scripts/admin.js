#!/usr/bin/env node
/**
 * `npm run admin -- role <email> <user|moderator|admin>`: thin wrapper running server/scripts/admin.ts.
 * It works on the database the environment names (DATABASE_URL, else DATA_DIR/wishes.db, else
 * ./data/wishes.db) and prints which one first; give it the server's own settings
 * (docs/operations.md#the-admin-command).
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'scripts', 'admin.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
