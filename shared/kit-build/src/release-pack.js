/**
 * Packing and publishing a built remote (docs/teams.md, "2. Build and publish"): the monorepo's
 * `npm run release` (scripts/release.js) and the kit's `npm run release` of a remote outside it
 * (@wishes/kit-build, build/kit-release.js) both publish through these functions.
 */
const { spawnSync } = require('node:child_process');
const nodeCrypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

/** A failure to report as one line, without a stack. */
class ReleaseError extends Error {}

/** Options that take a value; everything else starting with -- is a flag. */
const VALUE_OPTIONS = ['--publish', '--notes'];

/**
 * `npm run release`'s arguments: the positional ones, --publish <url>, --notes "<text>" and
 * --skip-tests. An option missing its value is a usage error.
 */
function parseReleaseArgs(argv, usage) {
  const out = { positionals: [], publish: null, notes: null, skipTests: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const inline = VALUE_OPTIONS.find((name) => arg.startsWith(`${name}=`));
    if (VALUE_OPTIONS.includes(arg) || inline) {
      const value = inline ? arg.slice(inline.length + 1) : argv[(i += 1)];
      if (value === undefined || (!inline && value.startsWith('--'))) throw new ReleaseError(usage);
      if ((inline ?? arg) === '--publish') out.publish = value;
      else out.notes = value;
    } else if (arg === '--skip-tests') out.skipTests = true;
    else if (arg.startsWith('--')) throw new ReleaseError(`unknown option ${arg}; ${usage}`);
    else out.positionals.push(arg);
  }
  if (out.notes !== null && out.notes.length > 2000) throw new ReleaseError('--notes is at most 2000 characters');
  return out;
}

/** The commit and branch of the git work tree holding `dir`, or nulls (no git, not a repository, a detached head has no branch). */
function gitState(dir) {
  const git = (...args) => {
    const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return result.status === 0 ? result.stdout.trim() : null;
  };
  const commit = git('rev-parse', 'HEAD');
  if (!commit || !/^[0-9a-f]{7,64}$/.test(commit)) return { commit: null, branch: null };
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  return { commit, branch: branch && branch !== 'HEAD' ? branch : null };
}

/**
 * Runs the remote's own `npm test` in `dir` (its output shown as it runs) unless `skipTests`;
 * a failure, or no test script, stops the release before anything is built.
 */
function runOwnTests(dir, remote, skipTests) {
  if (skipTests) {
    console.log(`[release] ${remote}: tests skipped (--skip-tests); release.json says so`);
    return;
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (!pkg.scripts || !pkg.scripts.test) throw new ReleaseError(`${remote} has no "test" script in its package.json; add one, or release with --skip-tests`);
  console.log(`[release] ${remote}: npm test ...`);
  // Its output goes to stderr: the release id stays the last line of stdout.
  const result = spawnSync('npm', ['test'], { cwd: dir, stdio: ['ignore', process.stderr, process.stderr], env: { ...process.env, CI: process.env.CI ?? 'true' } });
  if (result.status !== 0) throw new ReleaseError(`the tests of ${remote} failed (npm test exit code ${result.status ?? result.signal}); nothing was built. Fix them, or release with --skip-tests`);
}

/** What release.json records of a build besides its version and declaration. */
function buildRecord(dir, { notes, skipTests }) {
  return { ...gitState(dir), notes: notes ?? null, built_at: new Date().toISOString(), tests_skipped: Boolean(skipTests) };
}

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir, prefix = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]))
    .sort();
}

/** The id of the files in `dir` (release.json left out), as the server computes it. */
function releaseIdOf(dir, version) {
  const hash = nodeCrypto.createHash('sha256');
  for (const file of filesUnder(dir)) {
    if (file === 'release.json') continue;
    hash.update(file).update('\0').update(fs.readFileSync(path.join(dir, file)));
  }
  const digest = hash.digest('hex');
  return { id: `${version}-${digest.slice(0, 12)}`, digest };
}

/** Moves every source map under .maps/ (uploaded with the release, never served). */
function moveSourceMaps(dir) {
  for (const file of filesUnder(dir)) {
    if (!file.endsWith('.map') || file.startsWith('.maps/')) continue;
    const target = path.join(dir, '.maps', file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(dir, file), target);
  }
}

/** A gzip'd tar of every file under `dir`. */
async function packFolder(dir) {
  const tar = require('tar-stream');
  const pack = tar.pack();
  for (const file of filesUnder(dir)) pack.entry({ name: file, type: 'file', mode: 0o644, mtime: new Date(0) }, fs.readFileSync(path.join(dir, file)));
  pack.finalize();
  const chunks = [];
  for await (const chunk of pack) chunks.push(chunk);
  return zlib.gzipSync(Buffer.concat(chunks));
}

async function upload(serverUrl, remote, body) {
  const token = process.env.WISHES_TEAM_TOKEN;
  if (!token) throw new ReleaseError('--publish needs the team token in WISHES_TEAM_TOKEN');
  let url;
  try {
    url = new URL(`/api/admin/remotes/${remote}/releases/`, serverUrl);
  } catch {
    throw new ReleaseError(`--publish needs the server's URL (got "${serverUrl}")`);
  }
  let res;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/gzip', Authorization: `Bearer ${token}` }, body });
  } catch (error) {
    throw new ReleaseError(`could not reach ${url.origin}: ${error.cause?.message ?? error.message}`);
  }
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: reported below.
  }
  if (res.status !== 200 && res.status !== 201) {
    const reason = json?.detail ?? json?.error ?? text.slice(0, 200);
    throw new ReleaseError(`the server refused the release (${res.status}): ${reason}`);
  }
  if (!json || typeof json.release !== 'string') throw new ReleaseError(`unexpected answer from the server: ${text.slice(0, 200)}`);
  return { ...json, status: res.status };
}

/**
 * Publishes the production build in `building` (source maps moved under .maps/, release.json with
 * its version, declaration and build record) to `serverUrl` with WISHES_TEAM_TOKEN; prints the release id last.
 */
async function publishBuild(building, { remote, version, declaration, serverUrl, build }) {
  moveSourceMaps(building);
  fs.writeFileSync(path.join(building, 'release.json'), `${JSON.stringify({ version, declaration, ...build }, null, 2)}\n`);
  const body = await packFolder(building);
  console.log(`[release] uploading ${remote} (${body.length} bytes) to ${serverUrl} ...`);
  const result = await upload(serverUrl, remote, body);
  console.log(`[release] ${remote} ${result.release}: ${result.status === 201 ? 'published' : 'published before (the same build)'}, ${result.files} files, ${result.bytes} bytes`);
  console.log(`[release] activate it with: POST ${serverUrl.replace(/\/+$/, '')}/api/admin/remotes/${remote}/activate/ {"release": "${result.release}"}`);
  console.log(result.release);
  return result.release;
}

module.exports = { ReleaseError, releaseIdOf, publishBuild, parseReleaseArgs, runOwnTests, buildRecord };
