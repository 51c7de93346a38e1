/**
 * The app registry (shared/kit-contract/src/registry.ts) for Node scripts and webpack configs, which are plain
 * CommonJS: loaded through tsx's require hook, so the registry stays one typed TypeScript file.
 */
const path = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');
const { federationConfig, devPort } = require('../shared/kit-build/src/federation-config');

const ROOT = path.resolve(__dirname, '..');
const registry = tsxRequire('../shared/kit-contract/src/registry.ts', __filename);

/** Every app folder: the shell first, then each registered remote. */
const APP_FOLDERS = [registry.SHELL_APP.folder, ...registry.APP_REGISTRY.map((r) => r.folder)];

/** The registered remote in `folder`, or an error naming the known ones. */
function remoteByFolder(folder) {
  const remote = registry.APP_REGISTRY.find((r) => r.folder === folder);
  if (!remote) throw new Error(`"${folder}" is not in the app registry (shared/kit-contract/src/registry.ts); known remotes: ${registry.APP_REGISTRY.map((r) => r.folder).join(', ')}`);
  return remote;
}

module.exports = { ...registry, ROOT, APP_FOLDERS, remoteByFolder, federationConfig, devPort };
