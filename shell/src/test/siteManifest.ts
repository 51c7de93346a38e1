/**
 * The manifest the server serves for the site's own remotes, from their remote.config.ts files
 * (shell/jest.config.js reads them through build/registry.js): the tests compose the site from it
 * as the running shell composes it from /mf/remotes.json.
 */
import type { RemotesManifest } from '@wishes/kit-contract';

declare const __SITE_MANIFEST__: RemotesManifest;

export function siteManifest(): RemotesManifest {
  return structuredClone(__SITE_MANIFEST__);
}
