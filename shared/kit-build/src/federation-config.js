/**
 * A remote's federation settings from its declaration (the
 * remote.config.ts of any remote, the site's or an outside one): plain CommonJS without the monorepo, so the
 * kit's build preset (@wishes/kit-build, scripts/kit-pack.js) ships this same file.
 */

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

/** What shared/kit-build/src/webpack.factory.js needs for a remote: `{ name, port, exposes: { './X': './src/x.tsx' }, declaration }`. */
function federationConfig(declaration) {
  return {
    name: declaration.name,
    port: devPort(declaration.folder, declaration.devPort),
    exposes: Object.fromEntries(Object.entries(declaration.exposes).map(([expose, file]) => [`./${expose}`, file])),
    declaration,
  };
}

module.exports = { federationConfig, devPort };
