/**
 * mf-feed's exposed WishList, through the kit's loadRemoteModule (the one supported way to use
 * another remote's module). This remote declares it in its remote.config.ts (`consumes`), so the
 * release gate keeps mf-feed's active release and canary exposing it. Its type is mf-feed's own:
 * `mf_feed/WishList` is @mf-types/mf_feed/WishList.d.ts, written by the kit's `wishes-types`
 * before each typecheck (from mf-feed's workspace here, from the site's release of it once
 * ejected), so a prop mf-feed does not take fails this remote's typecheck.
 */
import type { ComponentProps } from 'react';
import { loadRemoteModule, REMOTE_TIMEOUT_MS } from '@wishes/kit-ui';
import declaration from '../../remote.config';

/** What this remote consumes from mf-feed, as its declaration says. */
const WISH_LIST = declaration.consumes[0];

export type WishListModule = typeof import('mf_feed/WishList');

/** The props mf-feed's WishList takes. */
export type WishListProps = ComponentProps<WishListModule['default']>;

/** Resolves to mf-feed's WishList module; rejects when mf-feed cannot be reached in time. */
export function loadFeedWishList(timeoutMs = REMOTE_TIMEOUT_MS): Promise<WishListModule> {
  return loadRemoteModule<WishListModule>(WISH_LIST.remote, WISH_LIST.module, { timeoutMs, consumer: declaration.folder });
}
