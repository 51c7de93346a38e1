/**
 * The deployment files checked as an operator uses them (docs/deploy.md), for
 * `npm run test:packaging`: `image` builds the real Dockerfile with Podman and runs it, `compose`
 * has podman-compose read compose.yaml, `unit` has systemd verify deploy/wishes.service. Each
 * expectation counts as one test in the runner's totals. Podman runs with this folder's
 * containers.conf (runc, cgroupfs, host network: what CI's machines allow), and the Dockerfile's
 * base image is made locally by base-image.sh when no registry has it (once per machine; the
 * build's layers are cached too, so a second run rebuilds only what changed).
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const IMAGE = 'localhost/wishes:packaging';
const CONTAINERS_CONF = process.env.CONTAINERS_CONF || path.join(__dirname, 'containers.conf');
const env = { ...process.env, CONTAINERS_CONF };

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  return { status: result.status, stdout: result.stdout || '', stderr: result.stderr || '', error: result.error };
}
const podman = (...args) => sh('podman', args);
const has = (command) => sh('sh', ['-c', `command -v ${command}`]).status === 0;

/** One expectation: a line in the log and one test in the totals. */
function expectation(runner, check) {
  return (name, ok, detail = '') => {
    if (ok) runner.totals.passed += 1;
    else {
      runner.totals.failed += 1;
      runner.failures.push(`${check}: ${name}`);
    }
    console.log(`  ${ok ? '✓' : '✗'} ${name}${!ok && detail ? `\n      ${String(detail).trim().split('\n').slice(-15).join('\n      ')}` : ''}`);
    return ok;
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function http(port, method, urlPath, { body, token } = {}) {
  const headers = {};
  if (body) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(15_000) });
  const buffer = Buffer.from(await res.arrayBuffer());
  const text = buffer.toString('utf8');
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, type: res.headers.get('content-type') || '', bytes: buffer.length, json, text };
}

/** Milliseconds until GET /healthz answers 200, or null after `timeoutMs` (or once the container stopped). */
async function waitHealthy(port, container, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await http(port, 'GET', '/healthz')).status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    const state = podman('inspect', '--format', '{{.State.Running}}', container).stdout.trim();
    if (state === 'false') return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

function ensureTool(runner, command, debianPackage) {
  if (has(command)) return true;
  console.log(`  (${command} missing: apt-get install ${debianPackage})`);
  sh('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${debianPackage} >/dev/null`], { stdio: 'inherit' });
  return has(command);
}

/**
 * `image`: the base image (made here when missing), `podman build --format docker` of the real
 * Dockerfile, then a container from it, as docs/deploy.md runs one.
 */
async function imageCheck(runner) {
  const expect = expectation(runner, 'image');
  if (!expect('podman is installed', ensureTool(runner, 'podman', 'podman runc'))) return;
  if (!expect('the base image exists or is made (scripts/packaging/base-image.sh)', runner.run('base image', 'bash', [path.join(__dirname, 'base-image.sh')], { env: { CONTAINERS_CONF } }))) return;
  // Behind a TLS-inspecting proxy (CI's), npm in the build needs the CA Node is given here.
  const ca = process.env.NODE_EXTRA_CA_CERTS && fs.existsSync(process.env.NODE_EXTRA_CA_CERTS) ? ['--secret', `id=build_ca,src=${process.env.NODE_EXTRA_CA_CERTS}`] : [];
  const built = runner.run('image build', 'podman', ['build', '--format', 'docker', '--network', 'host', ...ca, '-t', IMAGE, '.'], { env: { CONTAINERS_CONF } });
  if (!expect('podman build --format docker of the Dockerfile', built)) return;
  // Earlier builds' leftovers (each commit's sources make a new build stage), kept a day as cache.
  podman('image', 'prune', '-f', '--filter', 'until=24h');

  const inspect = JSON.parse(podman('image', 'inspect', IMAGE).stdout || '[{}]')[0] || {};
  const config = inspect.Config || {};
  const size = Number(inspect.Size || 0);
  console.log(`  image ${IMAGE}: ${(size / 1e6).toFixed(0)} MB`);
  // Podman shows it beside Config, Docker inside it; the OCI format would have dropped it.
  const healthcheck = JSON.stringify(inspect.Healthcheck || config.Healthcheck || {});
  expect('the image has a HEALTHCHECK on /healthz', healthcheck.includes('/healthz'), healthcheck);
  expect('the image runs as a non-root user', Boolean(config.User) && !['root', '0'].includes(config.User), `User: ${config.User}`);
  const envOf = Object.fromEntries((config.Env || []).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  expect('the image sets NODE_ENV=production, HOST=0.0.0.0, DATA_DIR=/data', envOf.NODE_ENV === 'production' && envOf.HOST === '0.0.0.0' && envOf.DATA_DIR === '/data', JSON.stringify(envOf));

  const id = `wishes-packaging-${process.pid}`;
  const volume = `${id}-data`;
  const port = await freePort();
  // What an operator's env file would say (docs/deploy.md); mail only written to the outbox here.
  const settings = ['-e', `PORT=${port}`, '-e', 'PUBLIC_URL=https://wishes.example.test', '-e', 'MAIL_TRANSPORT=outbox', '-e', 'TRUST_PROXY=1'];
  const run = () => podman('run', '-d', '--name', id, '--network', 'host', '-v', `${volume}:/data`, ...settings, IMAGE);
  try {
    podman('volume', 'create', volume);
    let t0 = Date.now();
    const started = run();
    if (!expect('a container starts from the image', started.status === 0, started.stderr)) return;
    const startMs = await waitHealthy(port, id);
    if (!expect('it serves /healthz', startMs !== null, podman('logs', '--tail', '30', id).stderr)) return;
    console.log(`  start: /healthz answered ${Date.now() - t0} ms after podman run`);
    expect('its HEALTHCHECK passes (podman healthcheck run)', podman('healthcheck', 'run', id).status === 0);
    const uid = podman('exec', id, 'sh', '-c', "awk '/^Uid:/ {print $2}' /proc/1/status").stdout.trim();
    expect('the server process runs as a non-root user', uid !== '' && uid !== '0', `uid ${uid}`);
    const db = podman('exec', id, 'stat', '-c', '%U %a', '/data/wishes.db').stdout.trim();
    expect('its database is in the volume, the server user\'s own, mode 600', /^\S+ 600$/.test(db) && !db.startsWith('root'), db);
    expect('the card fonts are installed (DejaVu Sans)', /DejaVu Sans/.test(podman('exec', id, 'fc-list').stdout));

    const email = `packaging-${process.pid}@example.test`;
    const password = 'Vivid-Harbor-42';
    const created = await http(port, 'POST', '/api/base/create_user/', { body: { email, password, first_name: 'Pack', last_name: 'Aging', phone: '+1 555 0100' } });
    expect('sign up through the API (201)', created.status === 201, created.text);
    const login = await http(port, 'POST', '/api/token/', { body: { username: email, password } });
    expect('sign in (200 with tokens)', login.status === 200 && Boolean(login.json?.access), login.text);
    const text = 'Happy birthday from inside a container: may your year be as steady as a volume.';
    const saved = await http(port, 'POST', '/api/base/save_wish/', { token: login.json?.access, body: { text } });
    const wishId = saved.json?.wish_id;
    expect('save a wish (201)', saved.status === 201 && Boolean(wishId), saved.text);
    const card = await http(port, 'GET', `/api/base/wish/${wishId}/card.png`);
    expect('its card is drawn (image/png)', card.status === 200 && card.type.startsWith('image/png') && card.bytes > 1000, `${card.status} ${card.type}`);

    // A restart on the same volume: the container removed and a new one run, as an upgrade does.
    t0 = Date.now();
    podman('rm', '-f', '-t', '10', id);
    const again = run();
    const restartMs = again.status === 0 ? await waitHealthy(port, id) : null;
    expect('a new container on the same volume starts', restartMs !== null, again.stderr + podman('logs', '--tail', '30', id).stderr);
    console.log(`  restart: removed and answering /healthz again in ${Date.now() - t0} ms`);
    const relogin = await http(port, 'POST', '/api/token/', { body: { username: email, password } });
    expect('the member signs in after the restart', relogin.status === 200, relogin.text);
    const kept = await http(port, 'GET', `/api/base/wish/${wishId}/`, { token: relogin.json?.access });
    expect('the wish is kept across the restart', kept.status === 200 && kept.text.includes(text), kept.text);
    const stillSignedIn = await http(port, 'GET', '/api/account/', { token: login.json?.access });
    expect('a token from before the restart still works (the signing secret is in the volume)', stillSignedIn.status === 200, stillSignedIn.text);
    podman('rm', '-f', '-t', '10', id);

    // NODE_ENV=production (the image's) with neither SMTP_URL nor MAIL_TRANSPORT: exit 1, one sentence.
    const refused = podman('run', '--rm', '--network', 'host', '-v', `${volume}:/data`, '-e', `PORT=${port}`, IMAGE);
    expect('without a mail transport it refuses to start (exit 1, naming SMTP_URL and MAIL_TRANSPORT)', refused.status === 1 && /SMTP_URL/.test(refused.stderr + refused.stdout) && /MAIL_TRANSPORT/.test(refused.stderr + refused.stdout), `exit ${refused.status}: ${refused.stderr}${refused.stdout}`);
  } finally {
    podman('rm', '-f', '-t', '5', id);
    podman('volume', 'rm', '-f', volume);
  }
}

/** `compose`: podman-compose reads compose.yaml; and what docs/deploy.md promises of it holds. */
async function composeCheck(runner) {
  const expect = expectation(runner, 'compose');
  if (!expect('podman-compose is installed', ensureTool(runner, 'podman-compose', 'podman-compose'))) return;
  // Placeholder secrets, as an operator's .env would give them (never the real ones in a log).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-compose-'));
  const secrets = { PUBLIC_URL: 'https://wishes.example.test', POSTGRES_PASSWORD: 'pg-placeholder', REDIS_PASSWORD: 'redis-placeholder', JWT_SECRET: 'jwt-placeholder-jwt-placeholder-jwt' };
  fs.writeFileSync(path.join(dir, '.env'), Object.entries(secrets).map(([k, v]) => `${k}=${v}\n`).join(''));
  fs.copyFileSync(path.join(ROOT, 'compose.yaml'), path.join(dir, 'compose.yaml'));
  fs.mkdirSync(path.join(dir, 'deploy'));
  fs.copyFileSync(path.join(ROOT, 'deploy', 'haproxy.cfg'), path.join(dir, 'deploy', 'haproxy.cfg'));
  const project = `wishes-packaging-${process.pid}`;
  try {
    // podman-compose 1.1+ has `config`; Debian bookworm's 1.0.3 has not, and its --dry-run up reads,
    // interpolates and resolves the whole file the same way, printing the podman commands instead of
    // running them (it still makes the project's network and volumes: removed below).
    const help = sh('podman-compose', ['--help']).stdout;
    const args = /\bconfig\b/.test(help) ? ['-p', project, '-f', 'compose.yaml', 'config'] : ['--dry-run', '-p', project, '-f', 'compose.yaml', 'up', '--no-build', '--no-start'];
    const accepted = sh('podman-compose', args, { cwd: dir });
    expect(`podman-compose ${args.filter((a, i) => !['-f', '-p'].includes(a) && !['-f', '-p'].includes(args[i - 1])).join(' ')} accepts compose.yaml`, accepted.status === 0, accepted.stderr + accepted.stdout);
    fs.rmSync(path.join(dir, '.env'));
    const noEnv = sh('podman-compose', args, { cwd: dir, env: Object.fromEntries(Object.entries(env).filter(([k]) => !(k in secrets))) });
    expect('without the env file it refuses, naming the missing secret', noEnv.status !== 0 && /POSTGRES_PASSWORD|REDIS_PASSWORD|PUBLIC_URL|JWT_SECRET/.test(noEnv.stderr + noEnv.stdout), `exit ${noEnv.status}: ${noEnv.stderr.slice(-300)}`);

    const python = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
    const parsed = sh(python, ['-c', 'import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))', path.join(ROOT, 'compose.yaml')]);
    const compose = JSON.parse(parsed.stdout || '{}');
    const services = compose.services || {};
    const published = Object.entries(services).filter(([, s]) => s.ports && s.ports.length).map(([name]) => name);
    expect('only HAProxy publishes a port', published.join() === 'haproxy', `published: ${published.join(', ')}`);
    const servers = Object.entries(services).filter(([, s]) => s.image === 'localhost/wishes:latest' || s.build);
    expect('three servers from the image, each with TRUST_PROXY set', servers.length === 3 && servers.every(([, s]) => s.environment && s.environment.TRUST_PROXY), servers.map(([n]) => n).join());
    const literal = [];
    const walk = (value, key) => {
      if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
      else if (typeof value === 'string' && /PASSWORD|SECRET/.test(key || '') && !value.includes('${')) literal.push(`${key}=${value}`);
      else if (typeof value === 'string' && /postgres:\/\/[^:]+:(?!\$\{)[^@]+@/.test(value)) literal.push(value);
    };
    walk(compose);
    expect('no password or secret is a literal: all come from the env file', literal.length === 0, literal.join('\n'));
    expect('every service has a health check and a restart policy', Object.values(services).every((s) => s.healthcheck && s.restart));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    podman('network', 'rm', `${project}_default`);
    for (const name of podman('volume', 'ls', '--format', '{{.Name}}').stdout.split('\n')) if (name.startsWith(`${project}_`)) podman('volume', 'rm', name);
  }
}

/** `unit`: `systemd-analyze verify deploy/wishes.service` says nothing (no warning, no error). */
async function unitCheck(runner) {
  const expect = expectation(runner, 'unit');
  if (!expect('systemd-analyze is installed', ensureTool(runner, 'systemd-analyze', 'systemd'))) return;
  const verify = sh('systemd-analyze', ['verify', path.join(ROOT, 'deploy', 'wishes.service')]);
  expect('systemd-analyze verify deploy/wishes.service is clean', verify.status === 0 && (verify.stdout + verify.stderr).trim() === '', verify.stdout + verify.stderr);
}

module.exports = { imageCheck, composeCheck, unitCheck };
