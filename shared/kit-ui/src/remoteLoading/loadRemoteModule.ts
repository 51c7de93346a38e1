/**
 * `loadRemoteModule(remote, module)`: the one supported way for a remote to use another remote's
 * exposed module (mf-profile renders mf-feed's './WishList' with it). The consumer declares what it
 * uses in its remote.config.ts (`consumes`), which the release gate checks against the provider's
 * active release and running canary; at run time this finds where the provider lives (a federation
 * instance on the page that knows it, else the site's manifest) and loads the module within the
 * time limit. A module the provider does not expose is the consumer's error: it is thrown as a
 * RemoteModuleNotFound naming the consumer, whose area reports it (against the consumer).
 */
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@wishes/kit-contract';
import { loadWithin, RemoteLoadError, REMOTE_TIMEOUT_MS } from './loadWithin';

/** The site's manifest of remotes (also inlined in every page by the server). */
export const REMOTES_MANIFEST_URL = '/mf/remotes.json';
const INLINE_MANIFEST_ID = 'wishes-remotes';

type FederationInstance = NonNullable<ReturnType<typeof getInstance>>;
type RemoteDefinition = FederationInstance['options']['remotes'][number];

/** A consumed module its provider does not expose: the consumer's mistake, reported against it. */
export class RemoteModuleNotFound extends RemoteLoadError {
  constructor(
    moduleId: string,
    readonly consumer: string | undefined,
    message: string,
  ) {
    super(moduleId, message);
    this.name = 'RemoteModuleNotFound';
  }
}

/** The federation name the site's remotes use for a folder by default ('mf-feed' → 'mf_feed'). */
function conventionalName(folder: string): string {
  return folder.replace(/[^A-Za-z0-9_]/g, '_');
}

async function readManifest(): Promise<RemotesManifest | null> {
  const inline = typeof document === 'undefined' ? null : document.getElementById(INLINE_MANIFEST_ID);
  if (inline?.textContent) {
    try {
      const parsed = JSON.parse(inline.textContent) as RemotesManifest;
      if (Array.isArray(parsed.remotes)) return parsed;
    } catch {
      // A broken inline copy: ask the server.
    }
  }
  try {
    const response = await fetch(REMOTES_MANIFEST_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as RemotesManifest;
    return Array.isArray(body?.remotes) ? body : null;
  } catch {
    return null;
  }
}

/**
 * Makes sure this container's federation instance knows where `remote` (a folder: 'mf-feed')
 * lives, and resolves to its federation name: borrowed from an instance that knows it, else read
 * from the manifest, else the server's default place for it.
 */
export async function ensureRemote(remote: string): Promise<string> {
  const guess = conventionalName(remote);
  const matches = (name: string) => (r: RemoteDefinition) => r.name === name || r.alias === name;
  const self = getInstance();
  // Without an instance of our own, loadRemote reports the problem itself.
  if (!self || self.options?.remotes?.some(matches(guess))) return guess;
  const host = getInstance((instance) => instance !== self && !!instance?.options?.remotes?.some(matches(guess)));
  const borrowed = host?.options.remotes.find(matches(guess));
  if (borrowed) {
    self.registerRemotes([{ ...borrowed }]);
    return guess;
  }
  const manifest = await readManifest();
  if (!manifest) {
    self.registerRemotes([{ name: guess, entry: `/mf/${remote}/remoteEntry.js` }]);
    return guess;
  }
  const listed = manifest.remotes.find((r) => r.folder === remote || r.name === guess);
  if (!listed) throw new RemoteLoadError(`${guess}`, `${remote} is not listed in ${REMOTES_MANIFEST_URL}`);
  if (!self.options?.remotes?.some(matches(listed.name))) self.registerRemotes([{ name: listed.name, entry: listed.entry }]);
  return listed.name;
}

/** Federation's "no such exposed module" (RUNTIME-xxx codes and messages vary by version). */
export function isModuleMissing(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /expose|not (?:found|exist)|RUNTIME-0?0?[24]/i.test(text);
}

/** The event the shell listens to: a consumer's module-not-found, reported against the consumer. */
export const CONSUMER_ERROR_EVENT = 'wishes:consumer-error';
export interface ConsumerErrorDetail {
  /** The consuming remote's folder. */
  consumer: string;
  error: Error;
}

/** The shell's fallback for a module that failed to load (its federation error hook answers with it). */
const FAILED_REMOTE = Symbol.for('wishes.remoteFailure');

function notFound(id: string, remote: string, module: string, consumer: string | undefined): RemoteModuleNotFound {
  const error = new RemoteModuleNotFound(id, consumer, `${consumer ?? 'a remote'} consumes ${module} of ${remote}, which its release does not expose`);
  if (consumer && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<ConsumerErrorDetail>(CONSUMER_ERROR_EVENT, { detail: { consumer, error } }));
  }
  return error;
}

/**
 * Resolves to `module` ('./WishList') of `remote` ('mf-feed'), whose default export is a
 * component; rejects when it cannot be reached within `timeoutMs`. `consumer` (the calling
 * remote's folder) is named when the provider does not expose the module.
 */
export function loadRemoteModule<M extends { default: unknown }>(remote: string, module: string, options: { timeoutMs?: number; consumer?: string } = {}): Promise<M> {
  const expose = module.replace(/^\.\//, '');
  const id = `${conventionalName(remote)}/${expose}`;
  return loadWithin(
    id,
    async () => {
      const name = await ensureRemote(remote);
      let loaded: M | null;
      try {
        loaded = await loadRemote<M>(`${name}/${expose}`);
      } catch (error) {
        if (isModuleMissing(error)) throw notFound(id, remote, module, options.consumer);
        throw error;
      }
      // The shell's hook answered a missing module with its failure page: still the consumer's error.
      if (loaded && (loaded as Record<symbol, unknown>)[FAILED_REMOTE]) throw notFound(id, remote, module, options.consumer);
      return loaded;
    },
    options.timeoutMs ?? REMOTE_TIMEOUT_MS,
  );
}
