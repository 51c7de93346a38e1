// The singletons every app shares at run time: exactly one React, router, rxjs, TanStack Query and @wishes/shared.
// requiredVersion comes from the app's own package.json, so a remote built against an older
// compatible @wishes/shared minor still accepts the host's copy.
const path = require('path');

/**
 * rxjs's ES2015 build (classes, no tslib): the same code as the ES5 build webpack picks by default
 * (the `exports` "default" condition), smaller. webpack.factory.js resolves 'rxjs' to it, and
 * serves @wishes/shared's own imports of rxjs from its files.
 */
const RXJS = { entry: path.join(path.dirname(require.resolve('rxjs/package.json')), 'dist', 'esm', 'index.js') };

/**
 * react-router-dom trimmed to the names the apps use (build/react-router-dom.js): webpack.factory.js
 * resolves the package to that file, so the shared module carries the package's own version.
 */
const ROUTER = { entry: path.join(__dirname, 'react-router-dom.js'), version: require('react-router-dom/package.json').version };

module.exports = function sharedSingletons(pkg) {
  const deps = { ...(pkg.dependencies || {}) };
  const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] || false });
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router-dom': { ...singleton('react-router-dom'), version: ROUTER.version },
    rxjs: singleton('rxjs'),
    // One TanStack Query on the page (its QueryClient context must be the one the shell provides).
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@wishes/shared': singleton('@wishes/shared'),
  };
};
module.exports.RXJS = RXJS;
module.exports.ROUTER = ROUTER;
