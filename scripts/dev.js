#!/usr/bin/env node
/**
 * `npm run dev`: the API server (tsx watch) and one webpack dev server per app. The shell
 * (http://localhost:3000) proxies /api, /media, /static and /mf/remotes.json to the API server,
 * which points the remote manifest at the remotes' dev servers.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const path = require('node:path');
const { concurrently } = require('concurrently');

const ROOT = path.resolve(__dirname, '..');
const API_PORT = process.env.PORT || '8000';
const { SITE_REMOTES, SHELL_APP, remoteUrlEnv, devPort } = require('../build/registry');

// Every site remote (a workspace with a remote.config.ts, build/registry.js), each on its own dev port
// (the registry's default, or <FOLDER>_DEV_PORT: MF_FEED_DEV_PORT=4101).
const REMOTES = SITE_REMOTES.map((r) => ({ app: r.folder, env: remoteUrlEnv(r.folder), port: devPort(r.folder, r.devPort) }));
const SHELL_PORT = devPort(SHELL_APP.folder, SHELL_APP.devPort);
const COLORS = ['green', 'yellow', 'blue', 'red', 'white', 'gray'];

const remoteUrls = Object.fromEntries(REMOTES.map((r) => [r.env, process.env[r.env] || `http://127.0.0.1:${r.port}`]));

const commands = [
  { name: 'api', command: 'npm run dev -w server', env: { ...remoteUrls, PORT: API_PORT }, prefixColor: 'magenta' },
  { name: 'shell', command: 'npm run dev -w shell', env: { WISHES_API_ORIGIN: `http://127.0.0.1:${API_PORT}` }, prefixColor: 'cyan' },
  ...REMOTES.map((r, i) => ({ name: r.app, command: `npm run dev -w ${r.app}`, prefixColor: COLORS[i % COLORS.length] })),
];

console.log(`[dev] site: http://localhost:${SHELL_PORT}  (API http://127.0.0.1:${API_PORT})`);
const { result } = concurrently(commands, { cwd: ROOT, killOthers: ['failure'], restartTries: 0 });
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
