/**
 * The app registry (shared/src/registry.ts) for Node scripts and webpack configs, which are plain
 * CommonJS: loaded through tsx's require hook, so the registry stays one typed TypeScript file.
 */
const path = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');

const ROOT = path.resolve(__dirname, '..');
const registry = tsxRequire('../shared/src/registry.ts', __filename);

/** Every app folder: the shell first, then each registered remote. */
const APP_FOLDERS = [registry.SHELL_APP.folder, ...registry.APP_REGISTRY.map((r) => r.folder)];

/** The registered remote in `folder`, or an error naming the known ones. */
function remoteByFolder(folder) {
  const remote = registry.APP_REGISTRY.find((r) => r.folder === folder);
  if (!remote) throw new Error(`"${folder}" is not in the app registry (shared/src/registry.ts); known remotes: ${registry.APP_REGISTRY.map((r) => r.folder).join(', ')}`);
  return remote;
}

/**
 * The dev server port of an app: `<FOLDER>_DEV_PORT` (MF_FEED_DEV_PORT, SHELL_DEV_PORT) when set,
 * else the registry's default. So two teams' dev servers (or another program) never have to fight
 * over a port fixed in the registry.
 */
function devPortEnv(folder) {
  return `${folder.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_DEV_PORT`;
}
function devPort(folder, fallback, env = process.env) {
  const variable = devPortEnv(folder);
  const value = env[variable];
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || port < 1 || port > 65535) throw new Error(`${variable} must be a port number 1-65535 (got "${value}")`);
  return port;
}

/** What build/webpack.factory.js needs for a remote: `{ name, port, exposes: { './X': './src/x.tsx' } }`. */
function federationConfig(declaration) {
  return {
    name: declaration.name,
    port: devPort(declaration.folder, declaration.devPort),
    exposes: Object.fromEntries(Object.entries(declaration.exposes).map(([expose, file]) => [`./${expose}`, file])),
  };
}

module.exports = { ...registry, ROOT, APP_FOLDERS, remoteByFolder, federationConfig, devPort };
