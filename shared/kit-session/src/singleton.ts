/**
 * Module Federation shares the kit as a singleton, but a remote whose requiredVersion
 * cannot be met gets its own copy. Anchoring run-time state on globalThis keeps one bus and one
 * session even then, so a mismatched remote still sees who is signed in.
 */
export function globalSingleton<T>(key: string, create: () => T): T {
  const registry = globalThis as unknown as Record<string, unknown>;
  const slot = `__wishes_${key}__`;
  if (!(slot in registry)) registry[slot] = create();
  return registry[slot] as T;
}
