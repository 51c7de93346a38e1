/**
 * Federation runtime plugin for the host: hands its federation runtime core to the remotes, whose
 * remoteEntry.js is built with `experiments.externalRuntime` (it reads the global
 * `_FEDERATION_RUNTIME_CORE` instead of bundling its own ~25 KB gzip copy).
 *
 * Like @module-federation/inject-external-runtime-core-plugin (what `provideExternalRuntime: true`
 * adds), but with named imports: that plugin publishes `import * as runtimeCore`, which keeps the
 * whole runtime-core in the host's main.js (+24 KB gzip, more than one remote entry saves). These
 * are the exports that @module-federation/runtime and webpack-bundler-runtime 2.9.2 (the code left
 * in a remote entry) read from it; keep the list in step when upgrading @module-federation/*.
 * A remote that reads a name missing here logs a console error naming it (a Proxy), so a
 * mismatch after an upgrade shows at once in the browser and in the e2e runs.
 */
import {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

export const PROVIDED_EXPORTS = {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

export default function externalRuntimeProvider() {
  return {
    name: 'wishes-external-runtime-provider',
    beforeInit(args) {
      const globalRef = Global;
      if (globalRef && typeof globalRef === 'object' && !globalRef._FEDERATION_RUNTIME_CORE) {
        globalRef._FEDERATION_RUNTIME_CORE = new Proxy(PROVIDED_EXPORTS, {
          get(target, key) {
            if (typeof key === 'string' && !(key in target) && key !== 'then' && key !== '__esModule') {
              console.error(`[wishes] a remote read "${key}" from the shared federation runtime, which build/external-runtime-provider.js does not provide`);
            }
            return target[key];
          },
        });
        globalRef._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name, version: '2.9.2' };
      }
      return args;
    },
  };
}
