/**
 * Loads mf-feed's exposed WishList through the federation runtime. The shell registers the
 * remotes on its own federation instance; this container's instance starts with none, so before
 * loading we borrow mf_feed's registration from the instance that has it, or fall back to the
 * runtime manifest the server publishes.
 */
import type { ComponentType } from 'react';
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import { loadWithin, REMOTE_TIMEOUT_MS } from '@wishes/kit-ui';
import { REMOTES, type ExposedModule, type WishListProps } from '@wishes/kit-contract/remotes';
import { type RemotesManifest } from '@wishes/kit-contract';

export const FEED_REMOTE = REMOTES.feed.name;
export const WISH_LIST_MODULE: ExposedModule = 'mf_feed/WishList';
export const REMOTES_MANIFEST_URL = '/mf/remotes.json';
/** Where the server serves mf-feed when the manifest cannot be read (the shell's default too). */
export const DEFAULT_FEED_ENTRY = `/mf/${REMOTES.feed.folder}/remoteEntry.js`;

type FederationInstance = NonNullable<ReturnType<typeof getInstance>>;
type RemoteDefinition = FederationInstance['options']['remotes'][number];

const isFeed = (remote: RemoteDefinition) => remote.name === FEED_REMOTE || remote.alias === FEED_REMOTE;
const knowsFeed = (instance: FederationInstance | null | undefined) => !!instance?.options?.remotes?.some(isFeed);

/** Makes sure this container's federation instance knows where mf_feed lives. */
export async function ensureFeedRemote(): Promise<void> {
  const self = getInstance();
  // Without an instance of our own, loadRemote reports the problem itself.
  if (!self || knowsFeed(self)) return;
  const host = getInstance((instance) => instance !== self && knowsFeed(instance));
  const borrowed = host?.options.remotes.find(isFeed);
  if (borrowed) {
    self.registerRemotes([{ ...borrowed }]);
    return;
  }
  let manifest: RemotesManifest | null = null;
  try {
    const response = await fetch(REMOTES_MANIFEST_URL, { headers: { Accept: 'application/json' } });
    if (response.ok) manifest = (await response.json()) as RemotesManifest;
  } catch {
    manifest = null;
  }
  if (!manifest || !Array.isArray(manifest.remotes)) {
    self.registerRemotes([{ name: FEED_REMOTE, entry: DEFAULT_FEED_ENTRY }]);
    return;
  }
  const listed = manifest.remotes.find((remote) => remote.name === FEED_REMOTE);
  if (!listed) throw new Error(`${FEED_REMOTE} is not listed in ${REMOTES_MANIFEST_URL}`);
  self.registerRemotes([{ name: FEED_REMOTE, entry: listed.entry }]);
}

export interface WishListModule {
  default: ComponentType<WishListProps>;
}

/** Resolves to mf-feed's WishList module; rejects when mf-feed cannot be reached in time. */
export function loadFeedWishList(timeoutMs = REMOTE_TIMEOUT_MS): Promise<WishListModule> {
  return loadWithin(
    WISH_LIST_MODULE,
    async () => {
      await ensureFeedRemote();
      return loadRemote<WishListModule>(WISH_LIST_MODULE);
    },
    timeoutMs,
  );
}
