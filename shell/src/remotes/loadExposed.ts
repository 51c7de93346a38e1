/**
 * Loads one exposed module of a remote through the federation runtime that the build plugin set
 * up (so remotes share the shell's React). A load that takes longer than REMOTE_TIMEOUT_MS fails,
 * so a hanging remote shows the failure message instead of an endless spinner.
 */
import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

export const REMOTE_TIMEOUT_MS = 10_000;

// Props differ per exposed page; the route table passes none or the documented ones.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RemoteComponent = ComponentType<any>;
export interface RemoteModule {
  default: RemoteComponent;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly moduleId: string,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

export function loadExposed(id: string, timeoutMs = REMOTE_TIMEOUT_MS): Promise<RemoteModule> {
  return new Promise<RemoteModule>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(id, `${id} did not load within ${timeoutMs} ms`)), timeoutMs);
    Promise.resolve()
      .then(() => loadRemote<RemoteModule>(id))
      .then(
        (module) => {
          clearTimeout(timer);
          if (!module || typeof module.default !== 'function' && typeof module.default !== 'object') {
            reject(new RemoteLoadError(id, `${id} has no default export`));
          } else {
            resolve(module);
          }
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new RemoteLoadError(id, String(error)));
        },
      );
  });
}
