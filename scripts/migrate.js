#!/usr/bin/env node
/**
 * `npm run migrate` and `npm run migrate -- --status`: thin wrapper running server/scripts/migrate.ts
 * with the server's environment (DATABASE_URL, else DATA_DIR/wishes.db, else ./data/wishes.db).
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawnSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'scripts', 'migrate.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
