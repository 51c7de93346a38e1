/**
 * Runs in the browser, in development builds only (webpack.factory.js adds it to every entry,
 * remoteEntry.js included): when the dev server has rebuilt and the page's React cannot be
 * fast-refreshed, the page reloads instead of applying the update to modules nothing re-renders.
 *
 * React Fast Refresh re-renders through a development React renderer (its `scheduleRefresh`,
 * registered with React's devtools hook). The remote's own page (`npm run dev`) and a development
 * shell have one. The real site (`?mf_override=`, docs/teams.md "Develop inside the real site")
 * runs a production React, which has none: there webpack's hot update would be applied, logged as
 * "App is up to date", and the page would show the old code until reloaded by hand. The override
 * is kept in the tab's sessionStorage, so the reload loads the new build in its place.
 */
/* global window -- this file runs in the browser, unlike the rest of the preset */

/** Set on the page by the first development build on it: whether a React renderer there can fast-refresh. */
const FLAG = '__WISHES_FAST_REFRESH__';

/**
 * Notes whether a React renderer that can fast-refresh (a development React: its `scheduleRefresh`)
 * joins the page, through React's devtools hook as React Refresh's own runtime does. The first
 * development build on a page watches (this module runs before the app's code, so before its
 * React): the remote's own page, or a development shell, whose React joins after it. In the real
 * site the production React was there first and never reports to the hook, so nothing is noted.
 */
function watchRenderers() {
  if (window[FLAG] !== undefined) return;
  window[FLAG] = false;
  const note = (internals) => {
    if (internals && typeof internals.scheduleRefresh === 'function' && typeof internals.setRefreshHandler === 'function') window[FLAG] = true;
  };
  let hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (!hook) {
    // React Refresh's runtime makes the same stand-in hook when no devtools are installed.
    let nextId = 0;
    hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { renderers: new Map(), supportsFiber: true, inject: () => nextId++, onScheduleFiberRoot() {}, onCommitFiberRoot() {}, onCommitFiberUnmount() {} };
  }
  // Devtools installed: the renderers already there (a production one has no scheduleRefresh).
  if (hook.renderers && typeof hook.renderers.forEach === 'function') hook.renderers.forEach(note);
  const inject = hook.inject;
  hook.inject = function injectNoted(...args) {
    note(args[0]);
    return inject.apply(this, args);
  };
}

if (module.hot && typeof window !== 'undefined') {
  watchRenderers();
  // webpack's hot update status: 'prepare' is the first step of an update this build's runtime
  // has to take (a new build whose files this page uses), before anything is applied.
  module.hot.addStatusHandler((status) => {
    if (status !== 'prepare' || window[FLAG]) return;
    console.info('[wishes] the dev server rebuilt and this page cannot hot-swap components (a production React): reloading');
    window.location.reload();
  });
}
