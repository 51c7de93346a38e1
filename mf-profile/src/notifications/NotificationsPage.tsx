/** /notifications: the member's notifications, newest first, with mark read / mark all read (exposed as mf_profile/NotificationsPage). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorState, Spinner, api, formatDate, toast, useDocumentTitle, type Notification } from '@wishes/shared';
import './notifications.css';

export const NOTIFICATIONS_TEXT = {
  title: 'Notifications',
  empty: 'No notifications yet. When someone upvotes your wish or follows you, you will see it here.',
  failed: 'Could not load notifications.',
  markAll: 'Mark all as read',
  markOne: 'Mark as read',
  more: 'Show older notifications',
  unread: (n: number) => (n === 1 ? '1 unread' : `${n} unread`),
  viewWish: 'View the wish',
  markFailed: 'Could not mark as read. Please try again.',
} as const;

interface State {
  status: 'loading' | 'error' | 'ready';
  items: Notification[];
  unread: number;
  nextPage: number | null;
  loadingMore: boolean;
}

/** Loads page `page`; resolves with the change it makes to the list (a later page that fails also says so). */
function loadPage(page: number): Promise<(current: State) => State> {
  return api.getNotifications(page).then(
    (result) => (current: State): State => ({
      status: 'ready',
      items: page === 1 ? result.notifications : [...current.items, ...result.notifications.filter((n) => !current.items.some((c) => c.id === n.id))],
      unread: result.unread_count,
      nextPage: result.next_page_number,
      loadingMore: false,
    }),
    () => {
      if (page > 1) toast.error(NOTIFICATIONS_TEXT.failed);
      return (current: State): State => (page === 1 ? { ...current, status: 'error' } : { ...current, loadingMore: false });
    },
  );
}

export default function NotificationsPage() {
  useDocumentTitle(NOTIFICATIONS_TEXT.title);
  const [state, setState] = useState<State>({ status: 'loading', items: [], unread: 0, nextPage: null, loadingMore: false });

  // The first page, on arrival and on Retry (which shows loading again).
  useEffect(() => {
    if (state.status === 'loading') void loadPage(1).then(setState);
  }, [state.status]);

  const markRead = async (ids?: number[]) => {
    try {
      const { unread_count } = await api.markNotificationsRead(ids);
      setState((current) => ({
        ...current,
        unread: unread_count,
        items: current.items.map((n) => (ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n)),
      }));
    } catch {
      toast.error(NOTIFICATIONS_TEXT.markFailed);
    }
  };

  let content;
  if (state.status === 'loading') content = <Spinner label="Loading notifications..." />;
  else if (state.status === 'error') content = <ErrorState message={NOTIFICATIONS_TEXT.failed} onRetry={() => setState((s) => ({ ...s, status: 'loading' }))} />;
  else if (state.items.length === 0) content = <EmptyState>{NOTIFICATIONS_TEXT.empty}</EmptyState>;
  else
    content = (
      <>
        <ul className="profile-notes__list">
          {state.items.map((n) => (
            <li key={n.id} className={`profile-notes__item${n.read ? '' : ' is-unread'}`} data-testid="notification">
              <div className="profile-notes__body">
                <p className="profile-notes__text">
                  {n.read ? null : <span className="w-visually-hidden">Unread: </span>}
                  {n.text}
                </p>
                <p className="profile-notes__meta">
                  <time dateTime={n.created_at}>{formatDate(n.created_at)}</time>
                  {n.wish_id !== null ? (
                    <>
                      {' · '}
                      <Link to={`/wish/${n.wish_id}`}>{NOTIFICATIONS_TEXT.viewWish}</Link>
                    </>
                  ) : null}
                  {n.kind === 'follow' && n.actors[0] ? (
                    <>
                      {' · '}
                      <Link to={`/user/${n.actors[0].id}`}>{n.actors[0].name}</Link>
                    </>
                  ) : null}
                </p>
              </div>
              {n.read ? null : (
                <Button variant="ghost" className="profile-notes__mark" onClick={() => void markRead([n.id])} aria-label={`${NOTIFICATIONS_TEXT.markOne}: ${n.text}`}>
                  {NOTIFICATIONS_TEXT.markOne}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {state.nextPage !== null ? (
          <Button
            variant="secondary"
            disabled={state.loadingMore}
            onClick={() => {
              setState((s) => ({ ...s, loadingMore: true }));
              void loadPage(state.nextPage!).then(setState);
            }}
          >
            {NOTIFICATIONS_TEXT.more}
          </Button>
        ) : null}
      </>
    );

  return (
    <div className="profile-notes">
      <div className="profile-notes__head">
        <h1 className="profile-notes__title">{NOTIFICATIONS_TEXT.title}</h1>
        {state.status === 'ready' && state.unread > 0 ? (
          <>
            <span className="profile-notes__unread" data-testid="unread-count">
              {NOTIFICATIONS_TEXT.unread(state.unread)}
            </span>
            <Button variant="secondary" onClick={() => void markRead()}>
              {NOTIFICATIONS_TEXT.markAll}
            </Button>
          </>
        ) : null}
      </div>
      {content}
    </div>
  );
}
