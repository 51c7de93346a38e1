/**
 * The site's own remotes for Node scripts and webpack configs (plain CommonJS): every workspace of
 * the root package.json with a `remote.config.ts` is a remote, and that file (loaded through tsx's
 * require hook) is its declaration. Nothing here names a remote or a path; the checks are the
 * kit's (shared/kit-contract/src/registry.ts).
 */
const path = require('node:path');
const { existsSync } = require('node:fs');
const { require: tsxRequire } = require('tsx/cjs/api');
const { federationConfig, devPort } = require('../shared/kit-build/src/federation-config');

const ROOT = path.resolve(__dirname, '..');
const registry = tsxRequire('../shared/kit-contract/src/registry.ts', __filename);

/** The declaration in `<dir>/remote.config.ts` (its default export). */
function loadDeclaration(dir) {
  const mod = tsxRequire(path.join(dir, 'remote.config.ts'), __filename);
  return mod.default ?? mod;
}

/** Every workspace with a remote.config.ts, in the root package.json's order. */
const SITE_REMOTES = require('../package.json')
  .workspaces.filter((folder) => existsSync(path.join(ROOT, folder, 'remote.config.ts')))
  .map((folder) => loadDeclaration(path.join(ROOT, folder)));

/** Every app folder: the shell first, then each remote. */
const APP_FOLDERS = [registry.SHELL_APP.folder, ...SITE_REMOTES.map((r) => r.folder)];

/** The site's remote in `folder`, or an error naming the known ones. */
function remoteByFolder(folder) {
  const remote = SITE_REMOTES.find((r) => r.folder === folder);
  if (!remote) throw new Error(`"${folder}" is not one of the site's remotes (a workspace with a remote.config.ts); known remotes: ${SITE_REMOTES.map((r) => r.folder).join(', ')}`);
  return remote;
}

module.exports = { ...registry, SITE_REMOTES, ROOT, APP_FOLDERS, remoteByFolder, loadDeclaration, federationConfig, devPort };
