/**
 * Module Federation shares @wishes/shared as a singleton, but a remote whose requiredVersion
 * cannot be met gets its own copy. Anchoring run-time state on globalThis keeps one bus and one
 * session even then, so a mismatched remote still sees who is signed in.
 */
export declare function globalSingleton<T>(key: string, create: () => T): T;
