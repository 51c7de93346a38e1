/** /my/reports: the signed-in member's reports and what moderators did about them (exposed as mf_profile/MyReportsPage). */
import { Link } from 'react-router-dom';
import { call, queryKeys, useDocumentTitle } from '@wishes/kit-client';
import { EmptyState, ErrorState, formatDate, Pager, Spinner, usePagedList } from '@wishes/kit-ui';
import './reports.css';

export const MY_REPORTS_TEXT = {
  title: 'My reports',
  loading: 'Loading your reports...',
  empty: "You haven't reported any wish.",
  failed: 'Could not load your reports.',
  open: 'Waiting for a moderator',
  outcome: { hide: 'Hidden by moderators', restore: 'Reviewed: the wish stays', dismiss: 'Reviewed: no action needed', delete: 'Deleted by moderators' } as Record<string, string>,
} as const;

export default function MyReportsPage() {
  useDocumentTitle(MY_REPORTS_TEXT.title);
  const { state, page, setPage, reload } = usePagedList({
    queryKey: queryKeys.myReports,
    load: (page) => call('listMyReports', { query: { page } }),
    failed: MY_REPORTS_TEXT.failed,
  });

  return (
    <div className="reports-page">
      <h1>{MY_REPORTS_TEXT.title}</h1>
      {state.status === 'loading' ? <Spinner label={MY_REPORTS_TEXT.loading} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && state.page.reports.length === 0 ? <EmptyState>{MY_REPORTS_TEXT.empty}</EmptyState> : null}
      {state.status === 'ready' && state.page.reports.length > 0 ? (
        <>
          <ul className="reports-list">
            {state.page.reports.map((report) => (
              <li key={`${report.wish_id}-${report.created_at}`} className="reports-item">
                <p className="reports-item__what">
                  <Link to={`/wish/${report.wish_id}`}>Wish {report.wish_id}</Link>: {report.category}
                </p>
                <p className="reports-item__when">
                  Reported <time dateTime={report.created_at}>{formatDate(report.created_at)}</time>
                </p>
                <p className={report.status === 'open' ? 'reports-item__status' : 'reports-item__status reports-item__status--done'}>
                  {report.status === 'open' ? MY_REPORTS_TEXT.open : (MY_REPORTS_TEXT.outcome[report.resolution ?? ''] ?? 'Resolved')}
                </p>
              </li>
            ))}
          </ul>
          <Pager className="reports-pager" page={page} hasNext={state.page.next_page_number !== null} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
