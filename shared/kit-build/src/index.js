/**
 * @wishes/kit-build: the webpack configuration of a remote outside the monorepo, the same as the
 * site's own remotes are built with (webpack.factory.js, shipped beside this file by
 * `npm run kit:pack`). A remote's webpack.config.js is one line:
 *
 *   module.exports = require('@wishes/kit-build').remoteWebpackConfig(__dirname);
 *
 * Its name, exposes and dev port come from its declaration, registry-entry.js beside it; the
 * dev port moves with `<FOLDER>_DEV_PORT` (MF_HELLO_DEV_PORT).
 */
const path = require('node:path');
const createWebpackConfig = require('./webpack.factory');
const { federationConfig } = require('./federation-config');

/** The declaration in `appDir`/registry-entry.js. */
function readDeclaration(appDir) {
  return require(path.join(appDir, 'registry-entry.js'));
}

function remoteWebpackConfig(appDir) {
  return createWebpackConfig(appDir, federationConfig(readDeclaration(appDir)));
}

module.exports = { remoteWebpackConfig, readDeclaration };
