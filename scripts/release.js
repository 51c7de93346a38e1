#!/usr/bin/env node
/**
 * `npm run release -- <remote> [--publish <server-url>]` (docs/teams.md).
 *
 * Builds one remote (production) and prints the release id as its last line. The id joins the
 * remote's package version and a hash of the built files, so the same build gets the same id.
 *
 * - Without --publish: the build becomes an immutable folder RELEASES_DIR/<remote>/<release-id>/
 *   (default ./releases) on this machine, the store of a single-process server. The build goes to
 *   a hidden temporary folder beside the releases and is renamed into place after release.json is
 *   written, so a server never sees half a release; the temporary folder is removed whatever
 *   happens (a failed build leaves no `.building-*` behind).
 * - With --publish <url>: the build (source maps moved under `.maps/`, kept private) and a
 *   release.json with its version and declaration are packed as a gzip'd tar and uploaded to
 *   POST <url>/api/admin/remotes/<remote>/releases/ with the team token from WISHES_TEAM_TOKEN;
 *   the server computes the id, runs the gate and stores it where every process serves it.
 *
 * Before building, the declaration is checked against the other remotes of the app registry with
 * the server's own gate rules (routes, navigation, the site's own paths, modules others consume),
 * so a release the server would refuse fails here first, with the same message.
 *
 * <remote> is a folder of the app registry (mf-feed), or the path of a remote folder outside it
 * whose registry-entry.js exports its declaration.
 * `npm run remotes -- activate <remote> <release-id>` (or the activate call) then makes it live.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const nodeCrypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { ROOT, APP_REGISTRY, declarationProblems, releaseContractProblem } = require('../build/registry');
const { buildForProduction } = require('../build/webpack-run');

class ReleaseError extends Error {}

/** The remote's folder and declaration from the argument. */
function resolveRemote(arg) {
  const registered = APP_REGISTRY.find((r) => r.folder === arg);
  if (registered) return { dir: path.join(ROOT, registered.folder), declaration: registered };
  const dir = path.resolve(arg);
  const entryFile = path.join(dir, 'registry-entry.js');
  if (!fs.existsSync(entryFile)) {
    throw new ReleaseError(`"${arg}" is neither a remote of the app registry (${APP_REGISTRY.map((r) => r.folder).join(', ')}) nor a folder with a registry-entry.js`);
  }
  return { dir, declaration: require(entryFile) };
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

async function main() {
  const argv = process.argv.slice(2);
  const publishAt = argv.indexOf('--publish');
  const serverUrl = publishAt === -1 ? null : argv[publishAt + 1];
  if (publishAt !== -1 && (!serverUrl || serverUrl.startsWith('--'))) throw new ReleaseError('usage: npm run release -- <remote> --publish <server-url>');
  const arg = argv.find((a, i) => !a.startsWith('--') && !(publishAt !== -1 && i === publishAt + 1));
  if (!arg) throw new ReleaseError('usage: npm run release -- <remote> [--publish <server-url>]');
  const { dir, declaration } = resolveRemote(arg);
  const problems = declarationProblems(declaration);
  if (problems.length) throw new ReleaseError(`the declaration of ${arg} is invalid: ${problems.join('; ')}`);
  const remote = declaration.folder;
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version || '0.0.0';
  // The server's gate, early: against the other remotes this repository declares.
  const others = APP_REGISTRY.filter((r) => r.folder !== remote);
  const early = releaseContractProblem(declaration, null, others);
  if (early) throw new ReleaseError(`${remote} refused: ${early}`);

  const releasesDir = path.resolve(ROOT, process.env.RELEASES_DIR || './releases');
  const parent = serverUrl ? os.tmpdir() : path.join(releasesDir, remote);
  fs.mkdirSync(parent, { recursive: true });
  const building = fs.mkdtempSync(path.join(parent, serverUrl ? 'wishes-release-' : '.building-'));
  try {
    console.log(`[release] building ${remote} ${version} ...`);
    buildForProduction(dir, remote, ['--output-path', building]);
    if (!fs.existsSync(path.join(building, 'remoteEntry.js'))) throw new ReleaseError(`the build of ${remote} has no remoteEntry.js`);

    if (serverUrl) {
      moveSourceMaps(building);
      fs.writeFileSync(path.join(building, 'release.json'), `${JSON.stringify({ version, declaration }, null, 2)}\n`);
      const body = await packFolder(building);
      console.log(`[release] uploading ${remote} (${body.length} bytes) to ${serverUrl} ...`);
      const result = await upload(serverUrl, remote, body);
      console.log(`[release] ${remote} ${result.release}: ${result.status === 201 ? 'published' : 'published before (the same build)'}, ${result.files} files, ${result.bytes} bytes`);
      console.log(`[release] activate it with: POST ${serverUrl.replace(/\/+$/, '')}/api/admin/remotes/${remote}/activate/ {"release": "${result.release}"}`);
      console.log(result.release);
      return;
    }

    const { id, digest } = releaseIdOf(building, version);
    const target = path.join(releasesDir, remote, id);
    if (fs.existsSync(path.join(target, 'release.json'))) {
      console.log(`[release] ${remote} ${id} exists already (the same build); left as it is`);
    } else {
      const meta = { remote, id, version, hash: digest, created_at: new Date().toISOString(), declaration };
      // Written last: a folder without release.json is never listed or served.
      fs.writeFileSync(path.join(building, 'release.json'), `${JSON.stringify(meta, null, 2)}\n`);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(building, target);
      console.log(`[release] ${remote} ${id} in ${path.relative(process.cwd(), target) || target}`);
      console.log(`[release] activate it with: npm run remotes -- activate ${remote} ${id}`);
    }
    console.log(id);
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[release] ${error.message}`);
  process.exit(1);
});
