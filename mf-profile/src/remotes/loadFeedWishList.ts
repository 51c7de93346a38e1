/**
 * mf-feed's exposed WishList, through the kit's loadRemoteModule (the one supported way to use
 * another remote's module). This remote declares it in its remote.config.ts (`consumes`), so the
 * release gate keeps mf-feed's active release and canary exposing it.
 */
import type { ComponentType } from 'react';
import { loadRemoteModule, REMOTE_TIMEOUT_MS } from '@wishes/kit-ui';
import type { WishListProps } from '@wishes/kit-contract/remotes';
import declaration from '../../remote.config';

/** What this remote consumes from mf-feed, as its declaration says. */
const WISH_LIST = declaration.consumes[0];

export interface WishListModule {
  default: ComponentType<WishListProps>;
}

/** Resolves to mf-feed's WishList module; rejects when mf-feed cannot be reached in time. */
export function loadFeedWishList(timeoutMs = REMOTE_TIMEOUT_MS): Promise<WishListModule> {
  return loadRemoteModule<WishListModule>(WISH_LIST.remote, WISH_LIST.module, { timeoutMs, consumer: declaration.folder });
}
