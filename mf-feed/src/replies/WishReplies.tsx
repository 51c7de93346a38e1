/**
 * The replies under a public wish, on its page (docs/replies.md): oldest first, 20 at a time with
 * "Show more"; members write one (500 characters); the reply's author, the wish's author and
 * moderators remove one; anyone else reports one. A private or hidden wish takes none, so the
 * section says so to its author (nobody else sees such a wish). Every text is rendered as text.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_ERRORS, call, errorMessage, queryKeys, updateCachedWish, useQueryClient, useSessionUser } from '@wishes/kit-client';
import { Button, ErrorState, Spinner, formatDate, useShowOlder } from '@wishes/kit-ui';
import { authPathReturningTo, openModal, toast } from '@wishes/kit-session';
import { WISH_REPLY } from '@wishes/kit-contract/constants';
import type { Wish, WishRepliesPage, WishReply } from '@wishes/kit-contract';
import { withLazyPanel } from '../common/lazyPanel';
import { wishVisibility } from '../wish/visibility';
import './replies.css';

export const REPLY_TEXTS = {
  title: 'Replies',
  empty: 'No replies yet.',
  failed: 'Could not load the replies.',
  more: 'Show more replies',
  label: 'Your reply',
  placeholder: 'Write a reply…',
  send: 'Reply',
  sending: 'Sending…',
  sent: 'Reply posted',
  remove: 'Remove',
  removed: 'Reply removed',
  report: 'Report',
  signIn: 'Sign in to reply',
  closed: 'This wish takes no replies: only public wishes do.',
  hidden: 'Hidden: only its author and moderators see it.',
  empty_text: 'Write a reply first.',
  count: (n: number) => (n === 1 ? '1 reply' : `${n} replies`),
} as const;

function openReportReply(replyId: number): void {
  void withLazyPanel(
    () => import('../report/ReportPanel'),
    ({ ReportPanel }) => openModal({ title: 'Report options', render: (close) => <ReportPanel replyId={replyId} close={close} /> }),
  );
}

const nameOf = (r: WishReply) => `${r.user.first_name} ${r.user.last_name}`.trim() || 'Anonymous';

export function WishReplies({ wish }: { wish: Wish }) {
  const me = useSessionUser();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = wishVisibility(wish).kind === 'public';
  const { query, status } = useShowOlder<WishRepliesPage>({
    queryKey: queryKeys.wishReplies(wish.id),
    load: (page) => call('listWishReplies', { params: { id: wish.id }, query: { page: String(page) } }),
    failed: REPLY_TEXTS.failed,
  });
  const replies = query.data?.pages.flatMap((p) => p.replies) ?? [];
  const moderator = me?.role === 'moderator' || me?.role === 'admin';

  // The count on every cached copy of the wish follows what the server now holds.
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: queryKeys.wishReplies(wish.id) });
    const fresh = await call('getWish', { params: { id: wish.id } }).catch(() => null);
    if (fresh) updateCachedWish(client, fresh.wish);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = text.trim();
    if (!value) {
      setError(REPLY_TEXTS.empty_text);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await call('createWishReply', { params: { id: wish.id }, body: { text: value } });
      setText('');
      toast.success(REPLY_TEXTS.sent);
      await refresh();
    } catch (failure) {
      setError(errorMessage(failure, API_ERRORS.general));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (replyId: number) => {
    try {
      await call('deleteWishReply', { params: { id: wish.id, reply_id: replyId } });
      toast.success(REPLY_TEXTS.removed);
      await refresh();
    } catch (failure) {
      toast.error(errorMessage(failure, API_ERRORS.general));
    }
  };

  return (
    <section className="feed-replies" id="replies" aria-labelledby="feed-replies-title">
      <h2 id="feed-replies-title" className="feed-replies__title">
        {REPLY_TEXTS.title}
      </h2>
      {status === 'loading' ? <Spinner label="Loading replies..." /> : null}
      {status === 'error' ? <ErrorState message={REPLY_TEXTS.failed} onRetry={() => void query.refetch()} /> : null}
      {status === 'ready' && replies.length === 0 ? <p className="feed-replies__empty">{REPLY_TEXTS.empty}</p> : null}
      {replies.length ? (
        <ol className="feed-replies__list">
          {replies.map((r) => {
            const mine = me?.userId === r.user.user_id;
            const canRemove = mine || me?.userId === wish.user_id || moderator;
            return (
              <li key={r.reply_id} className={r.hidden ? 'feed-reply feed-reply--hidden' : 'feed-reply'} data-testid="reply">
                <div className="feed-reply__meta">
                  <Link to={`/user/${r.user.user_id}`} className="feed-reply__author">
                    {nameOf(r)}
                  </Link>
                  <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
                </div>
                {r.hidden ? <p className="feed-reply__notice">{REPLY_TEXTS.hidden}</p> : null}
                <p className="feed-reply__text">{r.text}</p>
                <div className="feed-reply__actions">
                  {canRemove ? (
                    <button type="button" className="feed-reply__action" onClick={() => void remove(r.reply_id)} aria-label={`${REPLY_TEXTS.remove} the reply by ${nameOf(r)}`}>
                      {REPLY_TEXTS.remove}
                    </button>
                  ) : null}
                  {!mine ? (
                    <button type="button" className="feed-reply__action" onClick={() => openReportReply(r.reply_id)} aria-label={`${REPLY_TEXTS.report} the reply by ${nameOf(r)}`}>
                      {REPLY_TEXTS.report}
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage({ cancelRefetch: false })}>
          {REPLY_TEXTS.more}
        </Button>
      ) : null}
      {!open ? <p className="feed-replies__closed">{REPLY_TEXTS.closed}</p> : null}
      {open && !me ? (
        <p className="feed-replies__signin">
          <Link to={authPathReturningTo(`/wish/${wish.id}`)}>{REPLY_TEXTS.signIn}</Link>
        </p>
      ) : null}
      {open && me ? (
        <form className="feed-replies__form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor="feed-reply-text" className="feed-replies__label">
            {REPLY_TEXTS.label}
          </label>
          <textarea
            id="feed-reply-text"
            className="feed-replies__input"
            value={text}
            maxLength={WISH_REPLY.textMax}
            placeholder={REPLY_TEXTS.placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'feed-reply-error' : 'feed-reply-count'}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="feed-replies__row">
            <span id="feed-reply-count" className="feed-replies__counter">
              {text.length}/{WISH_REPLY.textMax}
            </span>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? REPLY_TEXTS.sending : REPLY_TEXTS.send}
            </Button>
          </div>
          {error ? (
            <p id="feed-reply-error" className="feed-replies__error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
