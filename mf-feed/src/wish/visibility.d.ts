import type { Wish } from '@wishes/kit-contract';
/**
 * Who can see a wish, as its author is told: a private wish (is_public false) or one hidden by
 * moderation (API v2: `moderation: {state: 'hidden', reason}`, sent to its author only) exists
 * for its author alone, so the card marks it and offers no Share link nobody else could open.
 */
export type WishVisibility = {
    kind: 'public';
} | {
    kind: 'private';
} | {
    kind: 'hidden';
    reason: string | null;
};
export declare function wishVisibility(wish: Wish): WishVisibility;
/** The card menu's entries: View always; Share only when others can open the link; Report only on someone else's wish. */
export declare function wishMenuEntries(visibility: WishVisibility, own: boolean): Array<'view' | 'share' | 'report'>;
