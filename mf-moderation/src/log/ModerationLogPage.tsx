import { api, EmptyState, ErrorState, formatDate, Spinner, useDocumentTitle, Pager, usePagedList } from '@wishes/shared';
import { NotAllowed } from '../common/NotAllowed';
import { ModerationNav } from '../common/ModerationNav';
import '../common/moderation.css';

export const LOG_TEXTS = { loading: 'Loading the log...', failed: 'Could not load the moderation log.', empty: 'No moderation actions yet.' } as const;

const ACTION_TEXT: Record<string, string> = {
  hide: 'hid',
  restore: 'restored',
  dismiss: 'dismissed the reports on',
  delete: 'deleted',
  ban: 'banned',
  unban: 'unbanned',
  auto_hide: 'hid (auto-hide)',
};

/** /moderation/log: the audit log, newest first. */
export default function ModerationLogPage() {
  useDocumentTitle('Moderation log');
  const { state, page, setPage, reload } = usePagedList((p) => api.getModerationLog(p), { failed: LOG_TEXTS.failed, forbidden: true });
  if (state.status === 'forbidden') return <NotAllowed />;
  return (
    <div className="mod-page">
      <h1>Moderation log</h1>
      <ModerationNav />
      {state.status === 'loading' ? <Spinner label={LOG_TEXTS.loading} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && state.page.entries.length === 0 ? <EmptyState>{LOG_TEXTS.empty}</EmptyState> : null}
      {state.status === 'ready' && state.page.entries.length > 0 ? (
        <>
          <ul className="mod-log">
            {state.page.entries.map((entry) => (
              <li key={entry.id}>
                <strong>{entry.actor_name}</strong> {ACTION_TEXT[entry.action] ?? entry.action} {entry.target_type} {entry.target_id}{' '}
                <time dateTime={entry.created_at}>({formatDate(entry.created_at)})</time>
                <br />
                Reason: {entry.reason}
              </li>
            ))}
          </ul>
          <Pager className="mod-pager" page={page} hasNext={state.page.next_page_number !== null} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
