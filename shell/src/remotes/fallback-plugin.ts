/**
 * Federation runtime plugin: when a remote's module cannot be loaded (remote down, entry 404,
 * bad chunk), answer with a module whose default export is the failure message, so the area shows
 * "could not be loaded" + Retry instead of breaking the page. The failure is logged here once;
 * the area's error boundary does not log it again.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteFailure } from './RemoteFailure';
import { isModuleMissing } from '@wishes/kit-ui';
import { reportRemoteError } from './releaseWatch';

export const FAILED_REMOTE = Symbol.for('wishes.remoteFailure');

export function fallbackPlugin(log: (message: string, error: unknown) => void = (m, e) => console.error(m, e)): ModuleFederationRuntimePlugin {
  return {
    name: 'wishes-remote-fallback',
    errorLoadRemote(args) {
      // Only the module-loading step can be answered with a module; other steps expect other shapes.
      if (args.lifecycle !== 'onLoad') {
        log(`[wishes] remote ${args.id} failed (${args.lifecycle})`, args.error);
        return undefined;
      }
      log(`[wishes] remote ${args.id} could not be loaded`, args.error);
      // A module its remote does not expose is the asking side's error, never the provider's: a
      // remote consuming it reports it against itself (the kit's loadRemoteModule).
      if (!isModuleMissing(args.error)) reportRemoteError('load', args.error, args.id);
      return { default: RemoteFailure, [FAILED_REMOTE]: true };
    },
  };
}
