#!/usr/bin/env node
/**
 * `npm run remotes -- <command>`: the remote-release CLI (server/src/releases/cli.ts), compiled
 * like the server (server/dist/releases-cli.js, rebuilt when stale) and run with plain node.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { buildServer, serverBuildStale, SERVER_DIST } = require('../server/scripts/build');

if (serverBuildStale()) buildServer({ quiet: true });
const result = spawnSync(process.execPath, ['--enable-source-maps', path.join(SERVER_DIST, 'releases-cli.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
