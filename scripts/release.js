#!/usr/bin/env node
/**
 * `npm run release -- <remote>`: builds one remote (production) into a new immutable folder
 * RELEASES_DIR/<remote>/<release-id>/ (default ./releases), where the id joins the remote's
 * package version and a hash of the built files, and prints the id as its last line.
 *
 * <remote> is a folder of the app registry (mf-feed), or the path of a remote folder outside it
 * whose registry-entry.js exports its declaration (how a new remote is tried before it joins the
 * registry). The build goes to a hidden temporary folder beside the releases and is renamed into
 * place in one step after release.json is written, so a server never sees half a release; an
 * existing release folder is never written again (the same build gives the same id).
 * `npm run remotes -- activate <remote> <release-id>` then makes it live.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
const nodeCrypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, APP_REGISTRY, declarationProblems } = require('../build/registry');
const { buildForProduction } = require('../build/webpack-run');

function fail(message) {
  console.error(`[release] ${message}`);
  process.exit(1);
}

/** The remote's folder and declaration from the argument. */
function resolveRemote(arg) {
  const registered = APP_REGISTRY.find((r) => r.folder === arg);
  if (registered) return { dir: path.join(ROOT, registered.folder), declaration: registered };
  const dir = path.resolve(arg);
  const entryFile = path.join(dir, 'registry-entry.js');
  if (!fs.existsSync(entryFile)) {
    fail(`"${arg}" is neither a remote of the app registry (${APP_REGISTRY.map((r) => r.folder).join(', ')}) nor a folder with a registry-entry.js`);
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

function main() {
  const arg = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!arg) fail('usage: npm run release -- <remote>');
  const { dir, declaration } = resolveRemote(arg);
  const problems = declarationProblems(declaration);
  if (problems.length) fail(`the declaration of ${arg} is invalid: ${problems.join('; ')}`);
  const remote = declaration.folder;
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version || '0.0.0';
  const releasesDir = path.resolve(ROOT, process.env.RELEASES_DIR || './releases');
  const remoteDir = path.join(releasesDir, remote);
  fs.mkdirSync(remoteDir, { recursive: true });
  const building = fs.mkdtempSync(path.join(remoteDir, '.building-'));

  try {
    console.log(`[release] building ${remote} ${version} ...`);
    try {
      buildForProduction(dir, remote, ['--output-path', building]);
    } catch (error) {
      fail(error.message);
    }
    if (!fs.existsSync(path.join(building, 'remoteEntry.js'))) fail(`the build of ${remote} has no remoteEntry.js`);

    const hash = nodeCrypto.createHash('sha256');
    for (const file of filesUnder(building)) hash.update(file).update('\0').update(fs.readFileSync(path.join(building, file)));
    const digest = hash.digest('hex');
    const id = `${version}-${digest.slice(0, 12)}`;
    const target = path.join(remoteDir, id);
    if (fs.existsSync(target)) {
      console.log(`[release] ${remote} ${id} exists already (the same build); left as it is`);
    } else {
      const meta = { remote, id, version, hash: digest, created_at: new Date().toISOString(), declaration };
      // Written last: a folder without release.json is never listed or served.
      fs.writeFileSync(path.join(building, 'release.json'), `${JSON.stringify(meta, null, 2)}\n`);
      fs.renameSync(building, target);
      console.log(`[release] ${remote} ${id} in ${path.relative(process.cwd(), target) || target}`);
      console.log(`[release] activate it with: npm run remotes -- activate ${remote} ${id}`);
    }
    console.log(id);
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

main();
