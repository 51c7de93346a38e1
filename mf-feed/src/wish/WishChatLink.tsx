import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName, Icon } from '@wishes/kit-ui';
import { call, queryKeys, useQuery, useSessionUser } from '@wishes/kit-client';
import { type Wish } from '@wishes/kit-contract';

export const WISH_CHAT_TEXTS = {
  title: 'Your chat with the assistant',
  summary: (instructions: number, versions: number) =>
    `${instructions} ${instructions === 1 ? 'instruction' : 'instructions'}, ${versions} ${versions === 1 ? 'version' : 'versions'}. Only you can see it.`,
  continue: 'Continue in chat',
} as const;

/**
 * For the wish's author only: the chat the wish was written in, and the way back into it
 * (compose with `?chat=ID`, where saving updates this wish). Nothing shows for anyone else, nor
 * when the wish has no chat or it cannot be read.
 */
export function WishChatLink({ wish }: { wish: Wish }) {
  const me = useSessionUser();
  const own = me?.userId != null && me.userId === wish.user_id;
  // The wish says whether a chat goes with it (chat_id, for its author): no request when none does.
  // An older server without the field: ask, as before.
  // Remembered: a later copy of the wish (a vote's answer) does not carry the field.
  const [hasChat, setHasChat] = useState(wish.chat_id !== null);
  const chatId = wish.chat_id;
  if (chatId !== undefined && hasChat !== (chatId !== null)) setHasChat(chatId !== null);
  // Any failure (404: no chat, or not the author) shows nothing.
  const chat = useQuery({
    queryKey: queryKeys.wishChat(wish.id),
    queryFn: ({ signal }) => call('getWishChat', { params: { id: wish.id }, signal }),
    enabled: own && hasChat,
  }).data;

  if (!own || !chat) return null;
  const instructions = chat.messages.filter((m) => m.role === 'user').length;
  return (
    <section className="feed-wish-chat" aria-labelledby="feed-wish-chat-title">
      <h2 id="feed-wish-chat-title" className="feed-wish-chat__title">
        {WISH_CHAT_TEXTS.title}
      </h2>
      <p className="feed-wish-chat__summary">{WISH_CHAT_TEXTS.summary(instructions, chat.versions.length)}</p>
      <Link to={`/compose?chat=${chat.chat_id}`} className={buttonClassName('rounded-rect', 'normal', 'secondary')}>
        <Icon name="sparkle" size={18} /> {WISH_CHAT_TEXTS.continue}
      </Link>
    </section>
  );
}
