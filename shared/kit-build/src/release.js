#!/usr/bin/env node
/**
 * `npm run release -- --publish <server-url> [--notes "<text>"] [--skip-tests]` in a remote outside
 * the monorepo (the script `wishes-release` of @wishes/kit-build): checks the declaration
 * (remote.config.ts), runs the remote's own `npm test` (unless --skip-tests, which release.json
 * then records), builds for production, and publishes the build with the team token in WISHES_TEAM_TOKEN; the release id is
 * the last line. The server runs the whole gate (against the site's active remotes) and the
 * first publish of a remote the site does not know declares it (docs/teams.md).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readDeclaration } = require('./index');
// The declaration checks: build/registry.js in the monorepo, its bundle beside this file in the preset.
const { declarationProblems, releaseContractProblem } = require('./registry');
const { buildForProduction } = require('./webpack-run');
const { ReleaseError, publishBuild, parseReleaseArgs, runOwnTests, buildRecord } = require('./release-pack');

const USAGE = 'usage: npm run release -- --publish <server-url> [--notes "<text>"] [--skip-tests]';

async function main() {
  const args = parseReleaseArgs(process.argv.slice(2), USAGE);
  const serverUrl = args.publish;
  if (!serverUrl || args.positionals.length) throw new ReleaseError(USAGE);
  const dir = process.cwd();
  const declaration = readDeclaration(dir);
  const problems = declarationProblems(declaration);
  if (problems.length) throw new ReleaseError(`the declaration in remote.config.ts is invalid: ${problems.join('; ')}`);
  // The rules that need no other remote (the site's own paths, exposed pages); the server checks the rest.
  const early = releaseContractProblem(declaration, null, []);
  if (early) throw new ReleaseError(`${declaration.folder} refused: ${early}`);
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version || '0.0.0';
  runOwnTests(dir, declaration.folder, args.skipTests);
  const build = buildRecord(dir, args);
  const building = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-release-'));
  try {
    console.log(`[release] building ${declaration.folder} ${version} ...`);
    buildForProduction(dir, declaration.folder, ['--output-path', building]);
    if (!fs.existsSync(path.join(building, 'remoteEntry.js'))) throw new ReleaseError(`the build of ${declaration.folder} has no remoteEntry.js`);
    await publishBuild(building, { remote: declaration.folder, version, declaration, serverUrl, build });
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[release] ${error.message}`);
  process.exit(1);
});
