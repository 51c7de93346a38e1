import type { Wish } from '@wishes/kit-contract';

/**
 * Who can see a wish, as its author is told: a private wish (is_public false) or one hidden by
 * moderation (API v2: `moderation: {state: 'hidden', reason}`, sent to its author only) exists
 * for its author alone, so the card marks it and offers no Share link nobody else could open.
 */
export type WishVisibility = { kind: 'public' } | { kind: 'private' } | { kind: 'hidden'; reason: string | null };

export function wishVisibility(wish: Wish): WishVisibility {
  const moderation = (wish as Wish & { moderation?: { state?: unknown; reason?: unknown } | null }).moderation;
  if (moderation && moderation.state === 'hidden') {
    return { kind: 'hidden', reason: typeof moderation.reason === 'string' && moderation.reason ? moderation.reason : null };
  }
  return wish.is_public === false ? { kind: 'private' } : { kind: 'public' };
}

/** The card menu's entries: View always; Share only when others can open the link; Report only on someone else's wish. */
export function wishMenuEntries(visibility: WishVisibility, own: boolean): Array<'view' | 'share' | 'report'> {
  return ['view', ...(visibility.kind === 'public' ? (['share'] as const) : []), ...(own ? [] : (['report'] as const))];
}
