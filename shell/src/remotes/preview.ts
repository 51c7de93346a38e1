/**
 * Preview links (docs/teams.md, "Preview before anyone"): `?wishes_preview=<signed value>` asks to
 * pin one unreleased release of one remote in this browser. The link pins nothing by itself: the
 * server names the remote and release in the page's manifest (`preview_request`), the shell shows
 * a confirmation page instead of the site, and only the person's click pins it (POST /api/preview/,
 * which sets an httpOnly cookie until the link expires). While a release is pinned, every page
 * shows a banner naming it, with the button that ends the preview (DELETE /api/preview/).
 */
import { ApiError, call, send } from '@wishes/kit-client';
import { type RemotesManifest } from '@wishes/kit-contract';

export const PREVIEW_PARAM = 'wishes_preview';

export interface PreviewRequest {
  remote: string;
  release: string;
  expires_at: string;
  /** The link's signed value, sent back when the person confirms. */
  token: string;
}

export interface PreviewPlan {
  /** A link waiting for the person's confirmation: nothing of its release has loaded. */
  pending?: PreviewRequest;
  /** Why the URL's preview link was refused (one sentence). */
  refused?: string;
  /** The releases this browser's confirmed preview pins (one remote). */
  pinned: Array<{ folder: string; release: string }>;
  /** This page's URL without the parameter. */
  cleanUrl: string;
  /** The URL carried the parameter: the address bar gets `cleanUrl`. */
  hadParam: boolean;
}

/** What this page load does about previews: read from the URL and the manifest the server sent. */
export function planPreview(manifest: RemotesManifest, href: string): PreviewPlan {
  const url = new URL(href);
  const token = url.searchParams.get(PREVIEW_PARAM);
  url.searchParams.delete(PREVIEW_PARAM);
  const pinned = manifest.remotes.filter((r) => r.preview).map((r) => ({ folder: r.folder ?? r.name, release: r.release ?? '' }));
  const plan: PreviewPlan = { pinned, cleanUrl: url.href, hadParam: token !== null };
  const request = manifest.preview_request;
  if (token === null || !request) return plan;
  if ('refused' in request) return { ...plan, refused: request.refused };
  return { ...plan, pending: { ...request, token } };
}

/** The person confirmed: the server pins the release (a cookie) and the page opens without the parameter. */
export async function confirmPreview(request: PreviewRequest, cleanUrl: string): Promise<void> {
  await call('confirmPreview', { body: { token: request.token } });
  window.location.replace(cleanUrl);
}

/** Ends this browser's preview and reloads the page from the live releases. */
export async function endPreview(): Promise<void> {
  // 204, no body: the raw response.
  const response = await send('endPreview', {});
  if (!response.ok) throw new ApiError('The preview could not be ended.', response.status);
  window.location.reload();
}
