/**
 * Loading a remote's exposed module, the part every app shares: a time limit (a hanging remote
 * shows a failure instead of an endless spinner) and a check that it exports a component. The
 * federation call itself (`loadRemote`) stays with the app, whose build owns the runtime.
 */
/** How long an exposed module may take to load before its area shows the failure. */
export declare const REMOTE_TIMEOUT_MS = 10000;
export declare class RemoteLoadError extends Error {
    readonly moduleId: string;
    constructor(moduleId: string, message: string);
}
/** Resolves to the module `load()` gives for `id`; rejects when it takes longer than `timeoutMs` or has no component as its default export. */
export declare function loadWithin<M extends {
    default: unknown;
}>(id: string, load: () => Promise<M | null | undefined>, timeoutMs?: number): Promise<M>;
