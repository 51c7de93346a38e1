/** Display helpers shared by every screen. */
import { ANONYMOUS } from '@wishes/kit-contract/constants';

/** The time of day to the minute: seconds say nothing to a reader of "when". */
export const TIME_TO_THE_MINUTE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' };

/** Local date (and optionally time, to the minute) in the browser's locale; '' for an invalid date. */
export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return withTime ? date.toLocaleString(undefined, TIME_TO_THE_MINUTE) : date.toLocaleDateString();
}

export interface AuthorShape {
  author?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  user?: { full_name?: string | null; first_name?: string | null; last_name?: string | null } | null;
}

const joinName = (first?: string | null, last?: string | null) => [first, last].filter((part) => part && part.trim()).join(' ').trim();

/** The author's name from any of the shapes in docs/product.md#3-entities, falling back to 'Anonymous'. */
export function authorName(wish: AuthorShape): string {
  return (
    wish.user?.full_name?.trim() ||
    joinName(wish.user?.first_name, wish.user?.last_name) ||
    joinName(wish.first_name, wish.last_name) ||
    (wish.author && wish.author.trim()) ||
    ANONYMOUS
  );
}

export function authorAvatar(wish: {
  avatar_thumbnail?: string | null;
  avatar_url?: string | null;
  user?: { avatar_thumbnail?: string | null; avatar_url?: string | null } | null;
}): string | null {
  return wish.user?.avatar_thumbnail || wish.user?.avatar_url || wish.avatar_thumbnail || wish.avatar_url || null;
}

/** Positive integer from a route parameter, else null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
