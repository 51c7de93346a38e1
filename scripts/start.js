#!/usr/bin/env node
/**
 * `npm start`: build whatever is missing or stale, then run the API server, which migrates the
 * database, seeds demo data on an empty one and serves the whole site (http://localhost:8000).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { buildSite } = require('./build-site');

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'server', 'src', 'main.ts');

try {
  buildSite({ force: process.argv.includes('--force') });
} catch (error) {
  console.error(`\n[start] The site could not be built: ${error.message}`);
  console.error('[start] Fix the error above (or run `npm run build` to see it again), then run `npm start`.');
  process.exit(1);
}

if (!fs.existsSync(MAIN)) {
  console.error(`[start] ${path.relative(ROOT, MAIN)} is missing: the server cannot start.`);
  process.exit(1);
}

let tsxCli;
try {
  tsxCli = require.resolve('tsx/cli', { paths: [path.join(ROOT, 'server'), ROOT] });
} catch {
  console.error('[start] tsx is not installed: run `npm install` at the repository root first.');
  process.exit(1);
}

const port = process.env.PORT || '8000';
console.log(`[start] starting the server on http://localhost:${port} ...`);
const server = spawn(process.execPath, [tsxCli, MAIN], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SEED_DEMO: process.env.SEED_DEMO ?? 'true' } });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  if (code !== 0 && code !== null) console.error(`[start] the server exited with code ${code}`);
  process.exit(code ?? (signal ? 1 : 0));
});
