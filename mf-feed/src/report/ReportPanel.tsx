import { API_ERRORS, call, errorMessage, useMutation, useOptionsWithRetry, useQueryClient, useSessionUser } from '@wishes/kit-client';
import { Button, ErrorState, Spinner } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import { markReported } from './reported';

export const REPORT_TEXTS = { received: 'Complaint received', loading: 'Loading report options...', unavailable: 'Could not load the report options.' } as const;

/** The Report modal's body: one button per reason from the server options; a press files the report (of a wish, or of a reply under one). */
export function ReportPanel({ wishId, replyId, close }: { wishId?: number; replyId?: number; close: () => void }) {
  const { options, failed, retry } = useOptionsWithRetry();
  const client = useQueryClient();
  const me = useSessionUser();
  const report = useMutation({
    mutationFn: (category: string) => call('submitComplaint', { body: replyId !== undefined ? { category, reply_id: replyId } : { category, wish_id: wishId } }),
    onSuccess: () => {
      // A reply's report marks no wish as reported.
      if (replyId === undefined && wishId !== undefined) markReported(client, me?.userId, wishId);
      toast.success(REPORT_TEXTS.received);
      close();
    },
    onError: (error) => toast.error(errorMessage(error, API_ERRORS.general)),
  });
  // The reason being sent (its button says busy); every reason waits meanwhile.
  const sending = report.isPending ? report.variables : null;

  if (!options) {
    return failed ? <ErrorState message={REPORT_TEXTS.unavailable} onRetry={retry} /> : <Spinner label={REPORT_TEXTS.loading} />;
  }

  const reasons = options.report_topic_config ?? [];
  return (
    <div className="feed-report">
      <p className="feed-report__intro">Why are you reporting this {replyId !== undefined ? 'reply' : 'wish'}?</p>
      {reasons.length === 0 ? <p>No report reasons are available.</p> : null}
      <ul className="feed-report__list">
        {reasons.map((reason) => (
          <li key={reason}>
            <Button variant="secondary" className="feed-report__reason" disabled={sending !== null} aria-busy={sending === reason} onClick={() => report.mutate(reason)}>
              {reason}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
