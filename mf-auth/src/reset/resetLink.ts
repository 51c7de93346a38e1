import { normalizeResetToken } from '@wishes/kit-ui';

/**
 * The uid and token of a reset link. The shell mounts the page both at `:uid/:token` and at a
 * catch-all `*`, so a link with missing or extra parts still reaches the page (and is refused).
 */
export function resetLinkParts(params: Readonly<Partial<Record<string, string>>>): { uid: string; token: string } {
  if (params.uid !== undefined || params.token !== undefined) {
    return { uid: params.uid ?? '', token: normalizeResetToken(params.token) };
  }
  const parts = (params['*'] ?? '').split('/').filter(Boolean);
  if (parts.length !== 2) return { uid: '', token: '' };
  return { uid: parts[0], token: normalizeResetToken(parts[1]) };
}
