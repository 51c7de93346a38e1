#!/usr/bin/env node
/**
 * `npm start`: build whatever is missing or stale (the site's apps, the compiled server), then run
 * the compiled API server (server/dist/main.js, plain node: no tsx in production), which migrates
 * the database, seeds demo data on an empty one (on a local PUBLIC_URL) and serves the whole site
 * (http://localhost:8000).
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { buildSite } = require('./build-site');
const { buildServer, serverBuildStale, SERVER_DIST } = require('../server/scripts/build');

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(SERVER_DIST, 'main.js');

try {
  buildSite({ force: process.argv.includes('--force') });
} catch (error) {
  console.error(`\n[start] The site could not be built: ${error.message}`);
  console.error('[start] Fix the error above (or run `npm run build` to see it again), then run `npm start`.');
  process.exit(1);
}

try {
  if (process.argv.includes('--force') || serverBuildStale()) buildServer();
} catch (error) {
  console.error(`\n[start] The server could not be compiled: ${error.message}`);
  process.exit(1);
}
if (!fs.existsSync(MAIN)) {
  console.error(`[start] ${path.relative(ROOT, MAIN)} is missing: the server cannot start.`);
  process.exit(1);
}

const port = process.env.PORT || '8000';
console.log(`[start] starting the server on http://localhost:${port} ...`);
// SEED_DEMO and MAIL_TRANSPORT are the server's to default: demo content and outbox mail on a local
// PUBLIC_URL only (docs/operations.md, "Production guards").
const server = spawn(process.execPath, ['--enable-source-maps', MAIN], { cwd: ROOT, stdio: 'inherit', env: process.env });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  if (code !== 0 && code !== null) console.error(`[start] the server exited with code ${code}`);
  process.exit(code ?? (signal ? 1 : 0));
});
