import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, formatDate, usePagedList } from '@wishes/kit-ui';
import { call, queryKeys, useDocumentTitle } from '@wishes/kit-client';
import { type ReportedReply, type ReportedWish, type ReportStatus } from '@wishes/kit-contract';
import { NotAllowed } from '../common/NotAllowed';
import { ModerationNav } from '../common/ModerationNav';
import { PagedListView } from '../common/PagedListView';
import { openReasonDialog } from '../common/ReasonDialog';
import '../common/moderation.css';

export const QUEUE_TEXTS = {
  title: 'Reported wishes',
  loading: 'Loading reports...',
  failed: 'Could not load the reports.',
  emptyOpen: 'No open reports. Nothing to review.',
  emptyResolved: 'No resolved reports yet.',
} as const;

/** The reason a banned author's wish carries (server: wishes/queries.ts AUTHOR_BANNED_REASON). */
const AUTHOR_BANNED_REASON = "The author's account is suspended.";

const TABS: Array<{ status: ReportStatus; label: string }> = [
  { status: 'open', label: 'Open' },
  { status: 'resolved', label: 'Resolved' },
];

const RESOLUTION_TEXT: Record<string, string> = { hide: 'Hidden', restore: 'Restored', dismiss: 'Dismissed', delete: 'Deleted' };

/** What the wish is now, beside how its reports were resolved. */
export function wishStateText(hidden: boolean, isPublic: boolean): string {
  if (hidden) return 'wish hidden now';
  return isPublic ? 'wish public now' : 'wish private';
}

/** /moderation: reported wishes grouped by wish, open and resolved tabs, actions with a required reason. */
export default function ModerationPage() {
  useDocumentTitle('Moderation');
  const [status, setStatus] = useState<ReportStatus>('open');
  const list = usePagedList({
    queryKey: (page) => queryKeys.reportQueue(status, page),
    load: (page) => call('getReportQueue', { query: { status, page } }),
    failed: QUEUE_TEXTS.failed,
    forbidden: true,
  });
  const { setPage, reload } = list;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  if (list.state.status === 'forbidden') return <NotAllowed />;

  const choose = (index: number) => {
    setStatus(TABS[index]!.status);
    setPage(1);
    tabRefs.current[index]?.focus();
  };
  const onTabKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      choose((index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length);
    }
  };

  return (
    <div className="mod-page">
      <h1>Moderation</h1>
      <ModerationNav />
      <div className="mod-tabs" role="tablist" aria-label={QUEUE_TEXTS.title}>
        {TABS.map((tab, index) => (
          <button
            key={tab.status}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`mod-tab-${tab.status}`}
            aria-selected={status === tab.status}
            aria-controls="mod-tabpanel"
            tabIndex={status === tab.status ? 0 : -1}
            onClick={() => choose(index)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="mod-tabpanel" role="tabpanel" aria-labelledby={`mod-tab-${status}`}>
        <PagedListView
          list={list}
          items={(page) => page.items}
          next={(page) => page.next_page_number}
          texts={{ loading: QUEUE_TEXTS.loading, empty: status === 'open' ? QUEUE_TEXTS.emptyOpen : QUEUE_TEXTS.emptyResolved }}
          className="mod-list"
          itemKey={(item) => (item.kind === 'reply' && item.reply ? `reply-${item.reply.reply_id}` : item.wish.id)}
        >
          {(item) => (item.kind === 'reply' && item.reply ? <ReportedReplyItem item={item} reply={item.reply} onDone={reload} /> : <ReportedItem item={item} onDone={reload} />)}
        </PagedListView>
      </div>
    </div>
  );
}

/** One reported reply: its text, author and state, the wish it is under, counts per category, dates, and the actions. */
export function ReportedReplyItem({ item, reply, onDone }: { item: ReportedWish; reply: ReportedReply; onDone: () => void }) {
  const headingId = `mod-reply-${reply.reply_id}`;
  const author = `${reply.user.first_name} ${reply.user.last_name}`.trim() || 'Anonymous';
  const act = (action: 'hide' | 'restore' | 'dismiss' | 'delete', title: string, confirm: string) =>
    openReasonDialog(title, { kind: 'reply', id: reply.reply_id, action }, confirm, onDone);
  return (
    <article className="mod-item mod-item--reply" aria-labelledby={headingId} data-testid="mod-reply">
      <div className="mod-item__head">
        <h2 className="mod-item__title" id={headingId}>
          Reply {reply.reply_id} by <Link to={`/user/${reply.user.user_id}`}>{author}</Link>
        </h2>
        <p className="mod-item__meta">
          <strong>
            {item.report_count} {item.report_count === 1 ? 'report' : 'reports'}
          </strong>
          {item.status === 'resolved' && item.resolution ? (
            <>
              {' '}
              · resolved as <span className="mod-badge mod-badge--ok">{RESOLUTION_TEXT[item.resolution] ?? item.resolution}</span>
            </>
          ) : null}{' '}
          · <span data-testid="mod-reply-state">{reply.hidden ? 'reply hidden now' : 'reply shown now'}</span>
        </p>
      </div>
      <p className="mod-item__text">{reply.text}</p>
      <p className="mod-item__meta">
        Under <Link to={`/wish/${item.wish.id}`}>wish {item.wish.id} by {item.wish.author}</Link>
      </p>
      <ul className="mod-item__counts" aria-label="Reports per reason">
        {Object.entries(item.categories).map(([category, count]) => (
          <li key={category}>
            {category}: {count}
          </li>
        ))}
      </ul>
      <p className="mod-item__meta">
        First reported {formatDate(item.first_reported_at)}, last {formatDate(item.last_reported_at)}
      </p>
      <div className="mod-actions" role="group" aria-label={`Actions for reply ${reply.reply_id}`}>
        {reply.hidden ? (
          <Button variant="secondary" onClick={() => act('restore', `Restore reply ${reply.reply_id}`, 'Restore')}>
            Restore
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => act('hide', `Hide reply ${reply.reply_id}`, 'Hide')}>
            Hide
          </Button>
        )}
        {item.status === 'open' ? (
          <Button variant="secondary" onClick={() => act('dismiss', `Dismiss reports on reply ${reply.reply_id}`, 'Dismiss')}>
            Dismiss
          </Button>
        ) : null}
        <Button variant="danger" onClick={() => act('delete', `Delete reply ${reply.reply_id}`, 'Delete')}>
          Delete
        </Button>
      </div>
    </article>
  );
}

/** One reported wish: its text and state, counts per category, dates, and the actions. */
export function ReportedItem({ item, onDone }: { item: ReportedWish; onDone: () => void }) {
  const { wish } = item;
  const hidden = wish.moderation?.state === 'hidden';
  const authorBanned = wish.moderation?.reason === AUTHOR_BANNED_REASON;
  const headingId = `mod-item-${wish.id}`;
  const wishAction = (action: 'hide' | 'restore' | 'dismiss' | 'delete', title: string, confirm: string) =>
    openReasonDialog(title, { kind: 'wish', id: wish.id, action }, confirm, onDone);
  const userAction = (action: 'ban' | 'unban', title: string, confirm: string) => openReasonDialog(title, { kind: 'user', id: wish.user_id, action }, confirm, onDone);

  return (
    <article className="mod-item" aria-labelledby={headingId}>
      <div className="mod-item__head">
        <h2 className="mod-item__title" id={headingId}>
          <Link to={`/wish/${wish.id}`}>Wish {wish.id}</Link> by <Link to={`/user/${wish.user_id}`}>{wish.author}</Link>
        </h2>
        <p className="mod-item__meta">
          <strong>
            {item.report_count} {item.report_count === 1 ? 'report' : 'reports'}
          </strong>
          {item.status === 'resolved' && item.resolution ? (
            <>
              {' '}
              · resolved as <span className="mod-badge mod-badge--ok">{RESOLUTION_TEXT[item.resolution] ?? item.resolution}</span>
            </>
          ) : null}
          {/* The wish as the server has it now (the list reloads after every action): a resolution
              is history, a later Restore or Hide changes the wish, not how its reports were resolved. */}
          {' '}
          · <span data-testid="mod-wish-state">{wishStateText(hidden, wish.is_public)}</span>
        </p>
      </div>
      <p className="mod-item__text">{wish.text}</p>
      <ul className="mod-item__counts" aria-label="Reports per reason">
        {Object.entries(item.categories).map(([category, count]) => (
          <li key={category}>
            {category}: {count}
          </li>
        ))}
      </ul>
      <p className="mod-item__meta">
        First reported {formatDate(item.first_reported_at)}, last {formatDate(item.last_reported_at)}
        {!wish.is_public ? ' · private' : ''}
      </p>
      {hidden ? (
        <p className="mod-item__meta">
          <span className="mod-badge">Hidden</span> {wish.moderation?.reason}
        </p>
      ) : null}
      <div className="mod-actions" role="group" aria-label={`Actions for wish ${wish.id}`}>
        {hidden && !authorBanned ? (
          <Button variant="secondary" onClick={() => wishAction('restore', `Restore wish ${wish.id}`, 'Restore')}>
            Restore
          </Button>
        ) : null}
        {!hidden ? (
          <Button variant="secondary" onClick={() => wishAction('hide', `Hide wish ${wish.id}`, 'Hide')}>
            Hide
          </Button>
        ) : null}
        {item.status === 'open' ? (
          <Button variant="secondary" onClick={() => wishAction('dismiss', `Dismiss reports on wish ${wish.id}`, 'Dismiss')}>
            Dismiss
          </Button>
        ) : null}
        <Button variant="danger" onClick={() => wishAction('delete', `Delete wish ${wish.id}`, 'Delete')}>
          Delete
        </Button>
        {authorBanned ? (
          <Button variant="secondary" onClick={() => userAction('unban', `Unban ${wish.author}`, 'Unban')}>
            Unban author
          </Button>
        ) : (
          <Button variant="danger" onClick={() => userAction('ban', `Ban ${wish.author}`, 'Ban')}>
            Ban author
          </Button>
        )}
      </div>
    </article>
  );
}
