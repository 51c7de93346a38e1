/** Chats, their messages and versions (migrations/0009_chats.ts). Every read is scoped to the author. */
import { sql, type Kysely } from 'kysely';
import { CHAT_LIMITS, type Chat, type ChatSettings } from '@wishes/kit-contract/api';
import { nowIso, type Database, type Dialect } from '../db/types';

type Db = Kysely<Database>;

export interface OwnChat {
  id: number;
  settings: ChatSettings;
  wish_id: number | null;
}

function settingsOf(raw: string): ChatSettings {
  try {
    const parsed = JSON.parse(raw) as Partial<ChatSettings>;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const settings: ChatSettings = { style: str(parsed.style), audience: str(parsed.audience), name: str(parsed.name), topic: str(parsed.topic), details: str(parsed.details) };
    if (parsed.length === 'short' || parsed.length === 'medium' || parsed.length === 'long') settings.length = parsed.length;
    return settings;
  } catch {
    return { style: '', audience: '', name: '', topic: '', details: '' };
  }
}

/** First key of the two-key advisory lock of a member's chat list (an arbitrary constant, apart from others'). */
const CHATS_LOCK_SPACE = 7019;

/**
 * Starts a chat with its first version; the author's oldest chats without a wish beyond the limit
 * go. On PostgreSQL one member's creations run one at a time (advisory lock), so concurrent ones
 * never leave more than CHAT_LIMITS.draftChatsKept drafts (SQLite runs transactions one at a time).
 */
export async function createChat(db: Db, userId: number, settings: ChatSettings, text: string, dialect: Dialect): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CHATS_LOCK_SPACE}, ${userId})`.execute(trx);
    const now = nowIso();
    const { id } = await trx
      .insertInto('chats')
      .values({ user_id: userId, settings: JSON.stringify(settings), wish_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('chat_versions').values({ chat_id: id, text, created_at: now }).execute();
    await sql`delete from chats where user_id = ${userId} and wish_id is null and id not in (
        select id from chats where user_id = ${userId} and wish_id is null order by updated_at desc, id desc limit ${CHAT_LIMITS.draftChatsKept})`.execute(trx);
    return id;
  });
}

/** The chat when `userId` wrote it; null otherwise (another member's chat is as good as missing). */
export async function findOwnChat(db: Db, chatId: number, userId: number): Promise<OwnChat | null> {
  const row = await db.selectFrom('chats').select(['id', 'settings', 'wish_id']).where('id', '=', chatId).where('user_id', '=', userId).executeTakeFirst();
  return row ? { id: row.id, settings: settingsOf(row.settings), wish_id: row.wish_id } : null;
}

/** The chat kept with a wish, when `userId` wrote it. */
export async function findOwnWishChat(db: Db, wishId: number, userId: number): Promise<OwnChat | null> {
  const row = await db.selectFrom('chats').select(['id', 'settings', 'wish_id']).where('wish_id', '=', wishId).where('user_id', '=', userId).executeTakeFirst();
  return row ? { id: row.id, settings: settingsOf(row.settings), wish_id: row.wish_id } : null;
}

export async function latestVersion(db: Db, chatId: number): Promise<string> {
  const row = await db.selectFrom('chat_versions').select('text').where('chat_id', '=', chatId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.text ?? '';
}

export async function history(db: Db, chatId: number): Promise<Array<{ role: 'user' | 'assistant'; text: string }>> {
  return db.selectFrom('chat_messages').select(['role', 'text']).where('chat_id', '=', chatId).orderBy('id').execute();
}

export async function instructionCount(db: Db, chatId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('chat_id', '=', chatId)
    .where('role', '=', 'user')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Records one exchange: the author's hand edit (if any), the instruction, the reply and the new
 * version (if it changed). The limit of CHAT_LIMITS.instructionsMax instructions is checked in the
 * same transaction, after the chat's row is locked (its update), so concurrent turns of one chat
 * count one at a time on both databases: false (nothing stored) when the chat is full.
 */
export async function recordTurn(db: Db, chatId: number, turn: { editedText: string | null; message: string; reply: string; newText: string | null }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    await trx.updateTable('chats').set({ updated_at: now }).where('id', '=', chatId).execute();
    if ((await instructionCount(trx, chatId)) >= CHAT_LIMITS.instructionsMax) return false;
    if (turn.editedText !== null) await trx.insertInto('chat_versions').values({ chat_id: chatId, text: turn.editedText, created_at: now }).execute();
    await trx
      .insertInto('chat_messages')
      .values([
        { chat_id: chatId, role: 'user', text: turn.message, created_at: now },
        { chat_id: chatId, role: 'assistant', text: turn.reply, created_at: now },
      ])
      .execute();
    if (turn.newText !== null) await trx.insertInto('chat_versions').values({ chat_id: chatId, text: turn.newText, created_at: now }).execute();
    return true;
  });
}

/** Keeps the chat with the wish; false when it is already kept with one (nothing changes then). */
export async function attachToWish(db: Db, chatId: number, wishId: number): Promise<boolean> {
  const result = await db.updateTable('chats').set({ wish_id: wishId, updated_at: nowIso() }).where('id', '=', chatId).where('wish_id', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The whole chat as the API answers it. */
export async function chatView(db: Db, chat: OwnChat): Promise<Chat> {
  const [messages, versions] = await Promise.all([
    db.selectFrom('chat_messages').select(['role', 'text', 'created_at']).where('chat_id', '=', chat.id).orderBy('id').execute(),
    db.selectFrom('chat_versions').select(['text', 'created_at']).where('chat_id', '=', chat.id).orderBy('id').execute(),
  ]);
  return { chat_id: chat.id, settings: chat.settings, messages, versions, wish_id: chat.wish_id };
}
