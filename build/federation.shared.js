// The singletons every app shares at run time: exactly one React, router, rxjs and @wishes/shared.
// requiredVersion comes from the app's own package.json, so a remote built against an older
// compatible @wishes/shared minor still accepts the host's copy.
module.exports = function sharedSingletons(pkg) {
  const deps = { ...(pkg.dependencies || {}) };
  const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] || false });
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router-dom': singleton('react-router-dom'),
    rxjs: singleton('rxjs'),
    '@wishes/shared': singleton('@wishes/shared'),
  };
};
