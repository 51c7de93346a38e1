/**
 * @wishes/kit-build: the webpack configuration of a remote outside the monorepo, the same as the
 * site's own remotes are built with (webpack.factory.js, shipped beside this file by
 * `npm run kit:pack`). A remote's webpack.config.js is one line:
 *
 *   module.exports = require('@wishes/kit-build').remoteWebpackConfig(__dirname);
 *
 * Its name, exposes and dev port come from its declaration, remote.config.ts beside it (the same
 * file as the site's own remotes); the dev port moves with `<FOLDER>_DEV_PORT` (MF_HELLO_DEV_PORT).
 */
const path = require('node:path');
const createWebpackConfig = require('./webpack.factory');
const { federationConfig } = require('./federation-config');

/**
 * The declaration in `appDir`/remote.config.ts (its default export): loaded with tsx where the
 * remote has it, else by Node itself, which strips the file's types.
 */
function readDeclaration(appDir) {
  const file = path.join(appDir, 'remote.config.ts');
  let load = require;
  try {
    load = require(require.resolve('tsx/cjs/api', { paths: [appDir, __dirname] })).require;
  } catch {
    // No tsx: Node 22.18+ loads TypeScript that only needs its types stripped.
  }
  const mod = load === require ? require(file) : load(file, __filename);
  return mod.default ?? mod;
}

function remoteWebpackConfig(appDir) {
  return createWebpackConfig(appDir, federationConfig(readDeclaration(appDir)));
}

module.exports = { remoteWebpackConfig, readDeclaration, federationConfig };
