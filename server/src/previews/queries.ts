/** What a wish's card is drawn from, in one read. */
import { type Kysely, sql } from 'kysely';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import type { Database } from '../db/types';
import { readRows } from '../db/hot-reads';
import { fullName } from '../wishes/visibility';

export interface CardSource {
  text: string;
  author: string;
  userId: number;
  isPublic: boolean;
  hidden: boolean;
  cardTheme: string | null;
}

/**
 * The wish as its card shows it (text, author name as the wish's `author`) and the flags that
 * decide who gets it (cardVisibleTo), whoever asks: the read model holds it per wish, not per
 * viewer (previews/routes.ts). One hot read instead of the whole Wish row plus a second read of the flags.
 */
export async function cardSource(db: Kysely<Database>, id: number): Promise<CardSource | null> {
  const rows = await readRows(
    db,
    sql<{ text: string; user_id: number; is_public: number; hidden: number; card_theme: string | null; first_name: string; last_name: string }>`
      select w.text, w.user_id, w.is_public, w.hidden, w.card_theme, u.first_name, u.last_name
      from wishes w join users u on u.id = w.user_id where w.id = ${id}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    text: row.text,
    author: fullName(row.first_name, row.last_name) || ANONYMOUS,
    userId: row.user_id,
    isPublic: row.is_public === 1,
    hidden: row.hidden !== 0,
    cardTheme: row.card_theme,
  };
}

/**
 * Whether `viewerId` gets this wish's card: never a hidden wish's (moderation or a banned author; a
 * card is for sharing, so its author and moderators neither), a private wish's only for its author.
 * The same answer as VISIBLE_TO (wishes/visibility.ts) followed by "not hidden": what VISIBLE_TO
 * adds for moderators is hidden wishes only.
 */
export function cardVisibleTo(source: CardSource, viewerId: number | null): boolean {
  return !source.hidden && (source.isPublic || (viewerId !== null && source.userId === viewerId));
}
