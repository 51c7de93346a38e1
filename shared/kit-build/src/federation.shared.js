// The singletons every app shares at run time: exactly one React, router, rxjs, TanStack Query and
// each run-time kit package. requiredVersion comes from the app's own package.json (the kit's from
// its installed version), so a remote built against an older compatible minor accepts the host's copy.
const path = require('path');

/**
 * rxjs's ES2015 build (classes, no tslib): the same code as the ES5 build webpack picks by default
 * (the `exports` "default" condition), smaller. webpack.factory.js resolves 'rxjs' to it, and
 * serves the kit packages' own imports of rxjs from its files.
 */
const RXJS = { entry: path.join(path.dirname(require.resolve('rxjs/package.json')), 'dist', 'esm', 'index.js') };

/**
 * react-router-dom trimmed to the names the apps use (build/react-router-dom.js): webpack.factory.js
 * resolves the package to that file, so the shared module carries the package's own version.
 */
const ROUTER = { entry: path.join(__dirname, 'react-router-dom.js'), version: require('react-router-dom/package.json').version };

/**
 * The kit's run-time packages (@wishes/kit-session, -client, -ui; build/kit.js) as shared
 * singletons, in the version installed beside the app. In the monorepo that is the kit's sources
 * (shared/kit-<name>/, workspaces the apps depend on by version): the host provides
 * its own copy, the one its code imports, so a page holds one session and one bus. A remote takes
 * the host's copy in production (no fallback bundled: the gate checks the version), requiring
 * `^<installed version>` whatever its package.json names (a tarball path or URL is not a range);
 * in development it is its own host and bundles the package.
 */
function kitSingletons(appDir, host, production) {
  const { KIT_PACKAGES } = require('./kit');
  const shared = {};
  for (const kit of KIT_PACKAGES) {
    if (kit.kind !== 'singleton') continue;
    let installed;
    try {
      installed = require(require.resolve(`${kit.name}/package.json`, { paths: [appDir] })).version;
    } catch {
      continue; // not a dependency of this app
    }
    if (host) shared[kit.name] = { singleton: true, requiredVersion: `^${installed}`, version: installed };
    else shared[kit.name] = { singleton: true, requiredVersion: `^${installed}`, ...(production ? { import: false } : {}) };
  }
  return shared;
}

/** Shared modules the host provides without loading them at start-up (see below). */
const LAZY_IN_HOST = new Set(['rxjs']);

/**
 * @param {{ dependencies?: Record<string, string> }} pkg the app's package.json
 * @param {{ appDir?: string, host?: boolean, production?: boolean }} [app]
 */
module.exports = function sharedSingletons(pkg, app = {}) {
  const deps = { ...(pkg.dependencies || {}) };
  const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] || false });
  const shared = {
    ...(app.appDir ? kitSingletons(app.appDir, Boolean(app.host), app.production !== false) : {}),
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router-dom': { ...singleton('react-router-dom'), version: ROUTER.version },
    rxjs: singleton('rxjs'),
    // One TanStack Query on the page (its QueryClient context must be the one the shell provides).
    '@tanstack/react-query': singleton('@tanstack/react-query'),
  };
  // The host's production build provides the singletons its own start-up uses eagerly: they are
  // part of its start-up files (webpack.factory.js puts them in one content-hashed initial chunk
  // beside main.js) instead of one lazily loaded chunk per singleton. Every page needs them before
  // it can render, and each extra file costs a request: over HTTP/1.1 a browser opens at most 6
  // connections to a site, so thirteen start-up files meant three round trips one after the other
  // on a slow network (bench/web/cold-load.ts --waterfall). Not rxjs: the shell's start-up uses two
  // classes of it (see above), the whole library is provided for remotes only, and stays a lazy
  // chunk. Remotes take the host's copies from the share scope as before; their own fallbacks stay
  // lazy. Development keeps everything lazy (files served locally).
  if (app.host && app.production !== false) {
    for (const name of Object.keys(shared)) if (!LAZY_IN_HOST.has(name)) shared[name] = { ...shared[name], eager: true };
  }
  return shared;
};
module.exports.RXJS = RXJS;
module.exports.ROUTER = ROUTER;
