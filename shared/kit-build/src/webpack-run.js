/**
 * One production webpack build of an app folder, as `npm run build:site` and `npm run release`
 * both run it: webpack-cli in a child Node process, output kept quiet unless the build fails.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

// The monorepo's root (shared/kit-build/src/..), or in the packed preset the project installing it.
const ROOT = path.resolve(__dirname, '..', '..', '..');

function webpackCli(cwd) {
  try {
    return require.resolve('webpack-cli/bin/cli.js', { paths: [cwd, ROOT] });
  } catch {
    throw new Error('webpack-cli is not installed: run `npm install` at the repository root first');
  }
}

/**
 * Builds `cwd` for production (extra webpack-cli arguments after `--mode production`); throws
 * with `what` after printing webpack's own output when the build fails. A release always carries
 * the types of what it exposes: only `{ types: false }` (the site's test build) leaves them out,
 * whatever the environment says (webpack.factory.js reads WISHES_SKIP_TYPES).
 * @param {string} cwd
 * @param {string} what
 * @param {string[]} [extraArgs]
 * @param {{ types?: boolean }} [options]
 */
function buildForProduction(cwd, what, extraArgs = [], options = {}) {
  const env = { ...process.env, NODE_ENV: 'production' };
  if (options.types === false) env.WISHES_SKIP_TYPES = '1';
  else delete env.WISHES_SKIP_TYPES;
  const result = spawnSync(process.execPath, [webpackCli(cwd), '--mode', 'production', ...extraArgs], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout || '');
    process.stderr.write(result.stderr || '');
    throw new Error(`building ${what} failed (webpack exit code ${result.status ?? result.signal})`);
  }
}

module.exports = { buildForProduction };
