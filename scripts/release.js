#!/usr/bin/env node
/**
 * `npm run release -- <remote> [--publish <server-url>] [--notes "<text>"] [--skip-tests]` (docs/teams.md).
 *
 * Runs the remote's own `npm test` first (--skip-tests skips it; release.json records that), and
 * records with the build its commit and branch (from git, when present), the notes and when it
 * was built.
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
 * Before building, the declaration is checked against the site's other remotes with
 * the server's own gate rules (routes, navigation, the site's own paths, modules others consume),
 * so a release the server would refuse fails here first, with the same message.
 *
 * <remote> is one of the site's remotes (mf-feed), or the path of a remote folder outside them;
 * either way its remote.config.ts is its declaration.
 * `npm run remotes -- activate <remote> <release-id>` (or the activate call) then makes it live.
 */
require('../build/node-support').checkNode(); // before anything loads a native addon
// Release folders the site serves are the site user's only (files 0600, folders 0700).
process.umask(0o077);
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT, SITE_REMOTES, declarationProblems, releaseContractProblem, loadDeclaration } = require('../build/registry');
const { buildForProduction } = require('../shared/kit-build/src/webpack-run');
const { ReleaseError, releaseIdOf, publishBuild, parseReleaseArgs, runOwnTests, buildRecord } = require('../shared/kit-build/src/release-pack');

const USAGE = 'usage: npm run release -- <remote> [--publish <server-url>] [--notes "<text>"] [--skip-tests]';

/** The remote's folder and declaration from the argument. */
function resolveRemote(arg) {
  const registered = SITE_REMOTES.find((r) => r.folder === arg);
  if (registered) return { dir: path.join(ROOT, registered.folder), declaration: registered };
  const dir = path.resolve(arg);
  if (!fs.existsSync(path.join(dir, 'remote.config.ts'))) {
    throw new ReleaseError(`"${arg}" is neither one of the site's remotes (${SITE_REMOTES.map((r) => r.folder).join(', ')}) nor a folder with a remote.config.ts`);
  }
  return { dir, declaration: loadDeclaration(dir) };
}

async function main() {
  const args = parseReleaseArgs(process.argv.slice(2), USAGE);
  const serverUrl = args.publish;
  const [arg] = args.positionals;
  if (!arg || args.positionals.length > 1) throw new ReleaseError(USAGE);
  const { dir, declaration } = resolveRemote(arg);
  const problems = declarationProblems(declaration);
  if (problems.length) throw new ReleaseError(`the declaration of ${arg} is invalid: ${problems.join('; ')}`);
  const remote = declaration.folder;
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version || '0.0.0';
  // The server's gate, early: against the other remotes this repository declares.
  const others = SITE_REMOTES.filter((r) => r.folder !== remote);
  const early = releaseContractProblem(declaration, null, others);
  if (early) throw new ReleaseError(`${remote} refused: ${early}`);

  runOwnTests(dir, remote, args.skipTests);
  const build = buildRecord(dir, args);

  const releasesDir = path.resolve(ROOT, process.env.RELEASES_DIR || './releases');
  const parent = serverUrl ? os.tmpdir() : path.join(releasesDir, remote);
  fs.mkdirSync(parent, { recursive: true });
  const building = fs.mkdtempSync(path.join(parent, serverUrl ? 'wishes-release-' : '.building-'));
  try {
    console.log(`[release] building ${remote} ${version} ...`);
    buildForProduction(dir, remote, ['--output-path', building]);
    if (!fs.existsSync(path.join(building, 'remoteEntry.js'))) throw new ReleaseError(`the build of ${remote} has no remoteEntry.js`);

    if (serverUrl) {
      await publishBuild(building, { remote, version, declaration, serverUrl, build });
      return;
    }

    const { id, digest } = releaseIdOf(building, version);
    const target = path.join(releasesDir, remote, id);
    if (fs.existsSync(path.join(target, 'release.json'))) {
      console.log(`[release] ${remote} ${id} exists already (the same build); left as it is`);
    } else {
      const meta = { remote, id, version, hash: digest, created_at: new Date().toISOString(), declaration, build };
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
