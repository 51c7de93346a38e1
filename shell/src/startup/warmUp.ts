/**
 * Federation runtime plugin of the host (shell/federation.config.js `runtimePlugins`), for what it
 * runs at once rather than for a hook: the federation runtime, and so this module, runs as soon as
 * main.js arrives, while the start-up library chunk (react-dom and the other singletons, the largest
 * file of a cold load) is still downloading and the page's main thread is idle. It uses that wait
 * to prepare the browser's date formatting: the first `toLocaleDateString()` on a page loads the
 * locale's ICU data (~30 ms of main-thread time on a fast machine, ~130 ms at DevTools' 4x CPU
 * slowdown), and every wish card of the feed's first render shows a date (@wishes/kit-ui
 * formatDate). Later calls on the page reuse what this one prepared. Nothing else depends on it.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export function warmUpDateFormatting(): void {
  try {
    new Date(0).toLocaleDateString();
  } catch {
    /* a browser without Intl: formatDate pays nothing either */
  }
}

warmUpDateFormatting();

export default function startupWarmUp(): ModuleFederationRuntimePlugin {
  return { name: 'wishes-startup-warm-up' };
}
