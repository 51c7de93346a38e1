import { useState } from 'react';
import { api, API_ERRORS, Button, ErrorState, Spinner, toast, useOptionsWithRetry } from '@wishes/shared';
import { errorMessage } from '../common/errors';

export const REPORT_TEXTS = { received: 'Complaint received', loading: 'Loading report options...', unavailable: 'Could not load the report options.' } as const;

/** The Report modal's body: one button per reason from the server options; a press files the report. */
export function ReportPanel({ wishId, close }: { wishId: number; close: () => void }) {
  const { options, failed, retry } = useOptionsWithRetry();
  const [sending, setSending] = useState<string | null>(null);

  if (!options) {
    return failed ? <ErrorState message={REPORT_TEXTS.unavailable} onRetry={retry} /> : <Spinner label={REPORT_TEXTS.loading} />;
  }

  const report = async (category: string) => {
    setSending(category);
    try {
      await api.submitComplaint({ category, wish_id: wishId });
      toast.success(REPORT_TEXTS.received);
      close();
    } catch (error) {
      toast.error(errorMessage(error, API_ERRORS.general));
      setSending(null);
    }
  };

  const reasons = options.report_topic_config ?? [];
  return (
    <div className="feed-report">
      <p className="feed-report__intro">Why are you reporting this wish?</p>
      {reasons.length === 0 ? <p>No report reasons are available.</p> : null}
      <ul className="feed-report__list">
        {reasons.map((reason) => (
          <li key={reason}>
            <Button variant="secondary" className="feed-report__reason" disabled={sending !== null} aria-busy={sending === reason} onClick={() => void report(reason)}>
              {reason}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
