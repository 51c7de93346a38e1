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
/** True when a React renderer on this page can apply Fast Refresh updates. */
function canFastRefresh() {
  const hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  if (!hook || !hook.renderers || typeof hook.renderers.forEach !== 'function') return false;
  let refreshable = false;
  hook.renderers.forEach((renderer) => {
    if (renderer && typeof renderer.scheduleRefresh === 'function' && typeof renderer.setRefreshHandler === 'function') refreshable = true;
  });
  return refreshable;
}

if (module.hot && typeof window !== 'undefined') {
  // webpack's hot update status: 'prepare' is the first step of an update this build's runtime
  // has to take (a new build whose files this page uses), before anything is applied.
  module.hot.addStatusHandler((status) => {
    if (status !== 'prepare' || canFastRefresh()) return;
    console.info('[wishes] the dev server rebuilt and this page cannot hot-swap components (a production React): reloading');
    window.location.reload();
  });
}
