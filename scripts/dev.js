#!/usr/bin/env node
/**
 * `npm run dev`: the API server (tsx watch) and one webpack dev server per app. The shell
 * (http://localhost:3000) proxies /api, /media, /static and /mf/remotes.json to the API server,
 * which points the remote manifest at the remotes' dev servers.
 */
const path = require('node:path');
const { concurrently } = require('concurrently');

const ROOT = path.resolve(__dirname, '..');
const API_PORT = process.env.PORT || '8000';
const REMOTES = [
  { app: 'mf-feed', env: 'MF_FEED_URL', port: 3001 },
  { app: 'mf-compose', env: 'MF_COMPOSE_URL', port: 3002 },
  { app: 'mf-profile', env: 'MF_PROFILE_URL', port: 3003 },
  { app: 'mf-auth', env: 'MF_AUTH_URL', port: 3004 },
];

const remoteUrls = Object.fromEntries(REMOTES.map((r) => [r.env, process.env[r.env] || `http://127.0.0.1:${r.port}`]));

const commands = [
  { name: 'api', command: 'npm run dev -w server', env: { ...remoteUrls, PORT: API_PORT, SEED_DEMO: process.env.SEED_DEMO ?? 'true' }, prefixColor: 'magenta' },
  { name: 'shell', command: 'npm run dev -w shell', env: { WISHES_API_ORIGIN: `http://127.0.0.1:${API_PORT}` }, prefixColor: 'cyan' },
  ...REMOTES.map((r, i) => ({ name: r.app, command: `npm run dev -w ${r.app}`, prefixColor: ['green', 'yellow', 'blue', 'red'][i] })),
];

console.log('[dev] site: http://localhost:3000  (API http://127.0.0.1:' + API_PORT + ')');
const { result } = concurrently(commands, { cwd: ROOT, killOthers: ['failure'], restartTries: 0 });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
