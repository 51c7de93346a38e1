/**
 * The runtime remote manifest (/mf/remotes.json): where each remote's remoteEntry.js lives (its
 * active release) and the routes and navigation entries it declares.
 */
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@wishes/kit-contract';
import { fallbackPlugin } from './fallback-plugin';
import { emptyManifest, setSiteComposition } from './composition';
import { setLoadedManifest, setOverriddenRemotes, watchRuntimeErrors } from './releaseWatch';
import { applyOverrides, planOverrides, type OverridePlan } from './override';
import { planPreview, type PreviewPlan } from './preview';

export const MANIFEST_URL = '/mf/remotes.json';
/** The server inlines the manifest in the page (same JSON as MANIFEST_URL), saving a request. */
export const MANIFEST_ELEMENT_ID = 'wishes-remotes';

/**
 * Used when the manifest cannot be fetched: no remote (the shell knows none of its own accord), so
 * the site shows its own pages and the not-found page rather than guessing where remotes live.
 */
export function defaultManifest(): RemotesManifest {
  return emptyManifest();
}

function isManifest(value: unknown): value is RemotesManifest {
  const remotes = (value as RemotesManifest | null)?.remotes;
  return Array.isArray(remotes) && remotes.every((r) => r && typeof r.name === 'string' && typeof r.entry === 'string');
}

export async function fetchRemotesManifest(fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): Promise<RemotesManifest> {
  try {
    const response = await fetchImpl(MANIFEST_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (!isManifest(body)) throw new Error('malformed manifest');
    return body;
  } catch (error) {
    // The site still works when the manifest is unavailable: fall back to the server's default layout.
    console.error('[wishes] could not read the remote manifest; using defaults', error);
    return defaultManifest();
  }
}

/** The manifest inlined in the page, or null (a page not served by the server, or malformed). */
export function readInlineManifest(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): RemotesManifest | null {
  const text = doc?.getElementById(MANIFEST_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const body: unknown = JSON.parse(text);
    return isManifest(body) ? body : null;
  } catch {
    return null;
  }
}

let plan: OverridePlan | null = null;
let previewPlan: PreviewPlan | null = null;

/** This page load's development overrides (`?mf_override=`), once setUpRemotes ran. */
export function currentOverridePlan(): OverridePlan | null {
  return plan;
}

/** This page load's preview (a link waiting for confirmation, or a pinned release), once setUpRemotes ran. */
export function currentPreviewPlan(): PreviewPlan | null {
  return previewPlan;
}

/**
 * Registers the fallback plugin and the remotes with the build plugin's federation instance, and
 * composes the site (routes, navigation) from what the remotes declare. With an `mf_override` or
 * a preview link waiting for the person's confirmation, no remote is registered at all (the shell
 * shows the confirmation page instead of the site); confirmed overrides replace their remote's entry.
 */
export async function setUpRemotes(href: string = window.location.href): Promise<RemotesManifest> {
  registerPlugins([fallbackPlugin()]);
  const manifest = readInlineManifest() ?? (await fetchRemotesManifest());
  plan = planOverrides(manifest, href);
  previewPlan = planPreview(manifest, href);
  // A link waiting for a confirmation loads no remote at all: the shell shows its confirmation page.
  if (plan.pending || previewPlan.pending) return manifest;
  const effective = applyOverrides(manifest, plan.active);
  registerRemotes(
    effective.remotes.map(({ name, entry }) => ({ name, entry })),
    { force: true },
  );
  setSiteComposition(effective);
  // The site's own manifest: following releases compares against it, not against the overrides.
  setLoadedManifest(manifest);
  setOverriddenRemotes(plan.active.map((o) => o.folder));
  watchRuntimeErrors();
  return effective;
}
