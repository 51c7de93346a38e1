#!/usr/bin/env node
/**
 * `npm run remotes -- <command>`: the remote-release CLI (server/src/releases/cli.ts), run with
 * plain node. It is compiled on its own (server/node_modules/.cache/remotes-cli/, when its
 * sources changed) and never rebuilds server/dist/, which a running server may be using.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
// What the CLI writes (synced releases, the database) is the site user's only; the CLI inherits it.
process.umask(0o077);
const { spawnSync } = require('node:child_process');
const { releasesCli } = require('../server/scripts/build');

const result = spawnSync(process.execPath, ['--enable-source-maps', releasesCli(), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status === null ? 1 : result.status);
