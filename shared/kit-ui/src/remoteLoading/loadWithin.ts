/**
 * Loading a remote's exposed module, the part every app shares: a time limit (a hanging remote
 * shows a failure instead of an endless spinner) and a check that it exports a component. The
 * federation call itself (`loadRemote`) stays with the app, whose build owns the runtime.
 */

/** How long an exposed module may take to load before its area shows the failure. */
export const REMOTE_TIMEOUT_MS = 10_000;

export class RemoteLoadError extends Error {
  constructor(
    readonly moduleId: string,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

/** Resolves to the module `load()` gives for `id`; rejects when it takes longer than `timeoutMs` or has no component as its default export. */
export function loadWithin<M extends { default: unknown }>(id: string, load: () => Promise<M | null | undefined>, timeoutMs = REMOTE_TIMEOUT_MS): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(id, `${id} did not load within ${timeoutMs} ms`)), timeoutMs);
    Promise.resolve()
      .then(load)
      .then(
        (module) => {
          clearTimeout(timer);
          // A component is a function, or an object for memo() and forwardRef() ones.
          if (!module || (typeof module.default !== 'function' && (typeof module.default !== 'object' || module.default === null))) {
            reject(new RemoteLoadError(id, `${id} has no component as its default export`));
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
