import { Link } from 'react-router-dom';
import { call, queryKeys, useDocumentTitle } from '@wishes/kit-client';
import type { ModerationLogEntry } from '@wishes/kit-contract/api';
import { formatDate, usePagedList } from '@wishes/kit-ui';
import { NotAllowed } from '../common/NotAllowed';
import { ModerationNav } from '../common/ModerationNav';
import { PagedListView } from '../common/PagedListView';
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

/** What an entry is about, as a link: "wish 32" to the wish, a user by name to the profile. */
function Target({ entry }: { entry: ModerationLogEntry }) {
  if (entry.target_type === 'wish') return <Link to={`/wish/${entry.target_id}`}>wish {entry.target_id}</Link>;
  return <Link to={`/user/${entry.target_id}`}>{entry.target_name || `user ${entry.target_id}`}</Link>;
}

/** /moderation/log: the audit log, newest first. */
export default function ModerationLogPage() {
  useDocumentTitle('Moderation log');
  const list = usePagedList({
    queryKey: queryKeys.moderationLog,
    load: (page) => call('getModerationLog', { query: { page } }),
    failed: LOG_TEXTS.failed,
    forbidden: true,
  });
  if (list.state.status === 'forbidden') return <NotAllowed />;
  return (
    <div className="mod-page">
      <h1>Moderation log</h1>
      <ModerationNav />
      <PagedListView list={list} items={(page) => page.entries} next={(page) => page.next_page_number} texts={LOG_TEXTS} className="mod-log" itemKey={(entry) => entry.id}>
        {(entry) => (
          <>
            <strong>{entry.actor_name}</strong> {ACTION_TEXT[entry.action] ?? entry.action} <Target entry={entry} />{' '}
            <time dateTime={entry.created_at}>({formatDate(entry.created_at)})</time>
            <br />
            Reason: {entry.reason}
          </>
        )}
      </PagedListView>
    </div>
  );
}
