/** /notifications: the member's notifications, newest first, with mark read / mark all read (exposed as mf_profile/NotificationsPage). */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorState, Spinner, formatDate, useShowOlder } from '@wishes/kit-ui';
import { call, queryKeys, useDocumentTitle, useMutation, useQueryClient } from '@wishes/kit-client';
import { toast } from '@wishes/kit-session';
import { type InfiniteData } from '@tanstack/react-query';
import { type Notification, type NotificationsPage as NotesPage } from '@wishes/kit-contract';
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
  writeWish: 'Write them a wish',
  markFailed: 'Could not mark as read. Please try again.',
} as const;

/** Each notification once, in page order (a new one arriving meanwhile shifts the next page). */
function distinct(pages: NotesPage[]): Notification[] {
  const seen = new Set<number>();
  return pages.flatMap((page) => page.notifications).filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)));
}

export default function NotificationsPage() {
  useDocumentTitle(NOTIFICATIONS_TEXT.title);
  const client = useQueryClient();
  const { query, status } = useShowOlder({
    queryKey: queryKeys.notificationsInfinite(),
    load: (page): Promise<NotesPage> => call('listNotifications', { query: { page } }),
    failed: NOTIFICATIONS_TEXT.failed,
  });
  const items = useMemo(() => distinct(query.data?.pages ?? []), [query.data]);
  // The count the server gave last (the newest page, or a mark-read answer written into it).
  const unread = query.data?.pages.at(-1)?.unread_count ?? 0;

  const markRead = useMutation({
    mutationFn: (ids?: number[]) => call('markNotificationsRead', { body: ids ? { ids } : {} }),
    onSuccess: ({ unread_count }, ids) =>
      client.setQueryData<InfiniteData<NotesPage>>(queryKeys.notificationsInfinite(), (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            unread_count,
            notifications: page.notifications.map((n) => (ids === undefined || ids.includes(n.id) ? { ...n, read: true } : n)),
          })),
        },
      ),
    onError: () => toast.error(NOTIFICATIONS_TEXT.markFailed),
  });

  let content;
  if (status === 'loading') content = <Spinner label="Loading notifications..." />;
  else if (status === 'error') content = <ErrorState message={NOTIFICATIONS_TEXT.failed} onRetry={() => void query.refetch()} />;
  else if (items.length === 0) content = <EmptyState>{NOTIFICATIONS_TEXT.empty}</EmptyState>;
  else
    content = (
      <>
        <ul className="profile-notes__list">
          {items.map((n) => (
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
                  {n.kind === 'reminder' && n.person_id ? (
                    <>
                      {' · '}
                      <Link to={`/compose?person=${n.person_id}`}>{NOTIFICATIONS_TEXT.writeWish}</Link>
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
                <Button variant="ghost" className="profile-notes__mark" onClick={() => markRead.mutate([n.id])} aria-label={`${NOTIFICATIONS_TEXT.markOne}: ${n.text}`}>
                  {NOTIFICATIONS_TEXT.markOne}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {query.hasNextPage ? (
          <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage({ cancelRefetch: false })}>
            {NOTIFICATIONS_TEXT.more}
          </Button>
        ) : null}
      </>
    );

  return (
    <div className="profile-notes">
      <div className="profile-notes__head">
        <h1 className="profile-notes__title">{NOTIFICATIONS_TEXT.title}</h1>
        {status === 'ready' && unread > 0 ? (
          <>
            <span className="profile-notes__unread" data-testid="unread-count">
              {NOTIFICATIONS_TEXT.unread(unread)}
            </span>
            <Button variant="secondary" onClick={() => markRead.mutate(undefined)}>
              {NOTIFICATIONS_TEXT.markAll}
            </Button>
          </>
        ) : null}
      </div>
      {content}
    </div>
  );
}
