/** /my/reports: the signed-in member's reports and what moderators did about them (exposed as mf_profile/MyReportsPage). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, ApiError, EmptyState, ErrorState, formatDate, Spinner, useDocumentTitle, type MyReportsPage as ReportsPage } from '@wishes/shared';
import './reports.css';

export const MY_REPORTS_TEXT = {
  title: 'My reports',
  loading: 'Loading your reports...',
  empty: "You haven't reported any wish.",
  failed: 'Could not load your reports.',
  open: 'Waiting for a moderator',
  outcome: { hide: 'Hidden by moderators', restore: 'Reviewed: the wish stays', dismiss: 'Reviewed: no action needed', delete: 'Deleted by moderators' } as Record<string, string>,
} as const;

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: ReportsPage };

export default function MyReportsPage() {
  useDocumentTitle(MY_REPORTS_TEXT.title);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    api.getMyReports(page).then(
      (result) => active && setState({ status: 'ready', page: result }),
      (error: unknown) => active && setState({ status: 'error', message: error instanceof ApiError && error.message ? error.message : MY_REPORTS_TEXT.failed }),
    );
    return () => {
      active = false;
    };
  }, [page, attempt]);

  return (
    <div className="reports-page">
      <h1>{MY_REPORTS_TEXT.title}</h1>
      {state.status === 'loading' ? <Spinner label={MY_REPORTS_TEXT.loading} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={() => setAttempt((n) => n + 1)} /> : null}
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
          {page > 1 || state.page.next_page_number !== null ? (
            <nav className="reports-pager" aria-label="Pages">
              <button type="button" className="w-btn w-btn--rounded-rect w-btn--normal w-btn--secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>Page {page}</span>
              <button type="button" className="w-btn w-btn--rounded-rect w-btn--normal w-btn--secondary" disabled={state.page.next_page_number === null} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
