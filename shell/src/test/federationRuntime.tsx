/**
 * Test double for '@module-federation/enhanced/runtime' (mapped in jest.config.js). By default
 * every exposed module loads a stub page naming itself; tests can make a module fail, hang or
 * succeed with `setRemoteLoader`.
 */
type Loader = (id: string) => Promise<unknown>;

const loaders = new Map<string, Loader>();
export const loadCalls: string[] = [];
export const registered: { remotes: unknown[]; plugins: unknown[] } = { remotes: [], plugins: [] };

export function stubPage(id: string) {
  return function StubRemotePage() {
    return <div data-testid="remote-page">{id}</div>;
  };
}

export function setRemoteLoader(id: string, loader: Loader): void {
  loaders.set(id, loader);
}

export function resetFederationDouble(): void {
  loaders.clear();
  loadCalls.length = 0;
  registered.remotes = [];
  registered.plugins = [];
}

export async function loadRemote<T>(id: string): Promise<T | null> {
  loadCalls.push(id);
  const loader = loaders.get(id);
  if (loader) return (await loader(id)) as T;
  return { default: stubPage(id) } as T;
}

export function registerRemotes(remotes: unknown[]): void {
  registered.remotes.push(...remotes);
}

export function registerPlugins(plugins: unknown[]): void {
  registered.plugins.push(...plugins);
}
