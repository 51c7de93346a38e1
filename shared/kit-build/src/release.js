#!/usr/bin/env node
/**
 * `npm run release -- --publish <server-url>` in a remote outside the monorepo (the script
 * `wishes-release` of @wishes/kit-build): checks the declaration (remote.config.ts), builds for
 * production, and publishes the build with the team token in WISHES_TEAM_TOKEN; the release id is
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
const { ReleaseError, publishBuild } = require('./release-pack');

async function main() {
  const argv = process.argv.slice(2);
  const publishAt = argv.indexOf('--publish');
  const serverUrl = publishAt === -1 ? null : argv[publishAt + 1];
  if (!serverUrl || serverUrl.startsWith('--')) throw new ReleaseError('usage: npm run release -- --publish <server-url>');
  const dir = process.cwd();
  const declaration = readDeclaration(dir);
  const problems = declarationProblems(declaration);
  if (problems.length) throw new ReleaseError(`the declaration in remote.config.ts is invalid: ${problems.join('; ')}`);
  // The rules that need no other remote (the site's own paths, exposed pages); the server checks the rest.
  const early = releaseContractProblem(declaration, null, []);
  if (early) throw new ReleaseError(`${declaration.folder} refused: ${early}`);
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version || '0.0.0';
  const building = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-release-'));
  try {
    console.log(`[release] building ${declaration.folder} ${version} ...`);
    buildForProduction(dir, declaration.folder, ['--output-path', building]);
    if (!fs.existsSync(path.join(building, 'remoteEntry.js'))) throw new ReleaseError(`the build of ${declaration.folder} has no remoteEntry.js`);
    await publishBuild(building, { remote: declaration.folder, version, declaration, serverUrl });
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[release] ${error.message}`);
  process.exit(1);
});
