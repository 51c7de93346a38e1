/** /deliveries: the wishes the member sent to people, newest first, with cancel for scheduled ones (exposed as mf_profile/DeliveriesPage). */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { API_ERRORS, call, errorMessage, queryKeys, useDocumentTitle, useMutation, useQueryClient } from '@wishes/kit-client';
import { Button, EmptyState, ErrorState, Spinner, useShowOlder } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import { type InfiniteData } from '@tanstack/react-query';
import { type DeliveriesPage as SentPage } from '@wishes/kit-contract';
import './deliveries.css';

export const DELIVERIES_TEXT = {
  title: 'Sent wishes',
  lead: 'Wishes you sent by email, and when they were opened. Only you can see the addresses.',
  empty: 'You have not sent a wish to anyone yet. Open one of your wishes and choose "Send to…".',
  failed: 'Could not load your sent wishes.',
  more: 'Show older',
  cancel: 'Cancel',
  cancelled: 'Delivery cancelled.',
  viewWish: 'View the wish',
  retrying: (why: string) => `Last try did not go through: ${why} Trying again soon.`,
  outbox: "Not mailed: this site keeps its mail in a folder instead of sending it. The link works for whoever gets it from there.",
  replies: 'Their reply',
  status: {
    scheduled: 'Scheduled',
    sent: 'Sent',
    outbox: 'In the outbox',
    opened: 'Opened',
    replied: 'Replied',
    bounced: 'Bounced',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
} as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

export default function DeliveriesPage() {
  useDocumentTitle(DELIVERIES_TEXT.title);
  const client = useQueryClient();
  const { query, status } = useShowOlder({
    queryKey: queryKeys.deliveriesInfinite(),
    load: (page): Promise<SentPage> => call('listDeliveries', { query: { page } }),
    failed: DELIVERIES_TEXT.failed,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.deliveries) ?? [], [query.data]);

  const cancel = useMutation({
    mutationFn: (id: number) => call('cancelDelivery', { params: { id } }),
    onSuccess: (_answer, id) => {
      client.setQueryData<InfiniteData<SentPage>>(queryKeys.deliveriesInfinite(), (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, deliveries: page.deliveries.map((d) => (d.delivery_id === id ? { ...d, status: 'cancelled' as const } : d)) })) },
      );
      toast.success(DELIVERIES_TEXT.cancelled);
    },
    onError: (error) => {
      toast.error(errorMessage(error, API_ERRORS.cancelDelivery));
      // Refused because it went out (or failed) meanwhile: show what it is now.
      void client.invalidateQueries({ queryKey: queryKeys.deliveriesInfinite() });
    },
  });

  return (
    <section className="profile-deliveries" aria-labelledby="deliveries-title">
      <h1 id="deliveries-title" className="profile-deliveries__title">
        {DELIVERIES_TEXT.title}
      </h1>
      <p className="profile-deliveries__lead">{DELIVERIES_TEXT.lead}</p>
      {status === 'loading' ? <Spinner label="Loading..." /> : null}
      {status === 'error' ? <ErrorState message={DELIVERIES_TEXT.failed} onRetry={() => void query.refetch()} /> : null}
      {status === 'ready' && items.length === 0 ? <EmptyState>{DELIVERIES_TEXT.empty}</EmptyState> : null}
      {items.length ? (
        <ul className="profile-deliveries__list">
          {items.map((d) => (
            <li key={d.delivery_id} className="profile-deliveries__item" data-testid="delivery">
              <div className="profile-deliveries__who">
                <strong>{d.recipient_name || d.recipient_email}</strong>
                {d.recipient_name ? <span className="profile-deliveries__email">{d.recipient_email}</span> : null}
              </div>
              <span className={`profile-deliveries__status profile-deliveries__status--${d.status}`}>{DELIVERIES_TEXT.status[d.status]}</span>
              <div className="profile-deliveries__times">
                {d.status === 'scheduled' ? `Goes out ${when(d.send_at)}` : null}
                {d.status === 'scheduled' && d.error ? <span className="profile-deliveries__retry">{DELIVERIES_TEXT.retrying(d.error)}</span> : null}
                {d.status === 'sent' ? `Sent ${when(d.sent_at)}` : null}
                {d.status === 'opened' || d.status === 'replied' ? `Opened ${when(d.opened_at)}` : null}
                {d.status === 'outbox' ? DELIVERIES_TEXT.outbox : null}
                {d.status === 'failed' || d.status === 'bounced' ? `Not delivered${(d.failure_reason ?? d.error) ? `: ${d.failure_reason ?? d.error}` : ''}` : null}
                {d.status === 'cancelled' ? `Was due ${when(d.send_at)}` : null}
              </div>
              {d.replies.length ? (
                <ul className="profile-deliveries__replies" aria-label={DELIVERIES_TEXT.replies} data-testid="delivery-replies">
                  {d.replies.map((r) => (
                    <li key={r.reply_id}>
                      <p>{r.text}</p>
                      <time dateTime={r.created_at}>{when(r.created_at)}</time>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="profile-deliveries__actions">
                <Link to={`/wish/${d.wish_id}`}>{DELIVERIES_TEXT.viewWish}</Link>
                {d.status === 'scheduled' ? (
                  <Button variant="secondary" onClick={() => cancel.mutate(d.delivery_id)}>
                    {DELIVERIES_TEXT.cancel}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" onClick={() => void query.fetchNextPage({ cancelRefetch: false })}>
          {DELIVERIES_TEXT.more}
        </Button>
      ) : null}
    </section>
  );
}
