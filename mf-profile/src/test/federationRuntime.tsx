/**
 * Test double for '@module-federation/enhanced/runtime' (mapped in jest.config.js).
 * loadRemote('mf_feed/WishList') resolves to a minimal list; `federation.fail = true` makes it
 * reject like an unreachable mf-feed; `federation.instances` stands in for the runtime's
 * global list of instances (the first one is "ours").
 */
import type { WishListProps } from '../remotes/loadFeedWishList';

export interface FakeRemote {
  name: string;
  entry: string;
  alias?: string;
}
export interface FakeInstance {
  name: string;
  options: { remotes: FakeRemote[] };
  registerRemotes: (remotes: FakeRemote[]) => void;
}

export const federation = {
  fail: false,
  /** loadRemote never settles (a remote that hangs). */
  hang: false,
  /** mf-feed loads but exposes no such module (a one-sided consumer). */
  missing: false,
  loads: [] as string[],
  instances: [] as FakeInstance[],
  reset() {
    this.fail = false;
    this.hang = false;
    this.missing = false;
    this.loads = [];
    this.instances = [];
  },
};

export function fakeInstance(name: string, remotes: FakeRemote[] = []): FakeInstance {
  const instance: FakeInstance = {
    name,
    options: { remotes: [...remotes] },
    registerRemotes: (added) => {
      instance.options.remotes.push(...added);
    },
  };
  return instance;
}

/** Stands in for mf-feed's WishList. */
export function TestWishList({ wishes }: WishListProps) {
  return (
    <ul data-testid="remote-wish-list">
      {wishes.map((wish) => (
        <li key={wish.id}>{wish.text}</li>
      ))}
    </ul>
  );
}

export function getInstance(finder?: (instance: FakeInstance) => boolean): FakeInstance | null {
  if (!finder) return federation.instances[0] ?? null;
  return federation.instances.find(finder) ?? null;
}

export async function loadRemote<T>(id: string): Promise<T | null> {
  federation.loads.push(id);
  if (federation.hang) return new Promise<T | null>(() => undefined);
  if (federation.fail) throw new Error(`Failed to load ${id}`);
  if (federation.missing) throw new Error(`[ Federation Runtime ]: Module ${id} does not exist in container (RUNTIME-004)`);
  if (id === 'mf_feed/WishList') return { default: TestWishList } as T;
  return null;
}

export function registerRemotes(remotes: FakeRemote[]): void {
  federation.instances[0]?.registerRemotes(remotes);
}
