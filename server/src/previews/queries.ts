/** What a wish's card is drawn from, in one read. */
import { type Kysely, sql } from 'kysely';
import { ANONYMOUS } from '@wishes/shared/constants';
import type { Database } from '../db/types';
import { readRows } from '../db/hot-reads';
import { VISIBLE_TO, fullName } from '../wishes/visibility';

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
 * decide whether it has one, if the wish exists for this viewer (wishes/visibility.ts). One hot read
 * instead of the whole Wish row plus a second read of the flags: a cached card costs this lookup.
 */
export async function cardSource(db: Kysely<Database>, id: number, viewerId: number | null): Promise<CardSource | null> {
  const rows = await readRows(
    db,
    sql<{ text: string; user_id: number; is_public: number; hidden: number; card_theme: string | null; first_name: string; last_name: string }>`
      select w.text, w.user_id, w.is_public, w.hidden, w.card_theme, u.first_name, u.last_name
      from wishes w join users u on u.id = w.user_id where w.id = ${id} and ${VISIBLE_TO(viewerId)}`,
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
