/** /deliveries: the wishes the member sent to people, newest first, with cancel for scheduled ones (exposed as mf_profile/DeliveriesPage). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, Button, EmptyState, ErrorState, Spinner, api, toast, useDocumentTitle, type Delivery } from '@wishes/shared';
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
  status: {
    scheduled: 'Scheduled',
    sent: 'Sent',
    opened: 'Opened',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
} as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

interface State {
  status: 'loading' | 'error' | 'ready';
  items: Delivery[];
  nextPage: number | null;
}

export default function DeliveriesPage() {
  useDocumentTitle(DELIVERIES_TEXT.title);
  const [state, setState] = useState<State>({ status: 'loading', items: [], nextPage: null });

  const load = (page: number) =>
    api.listDeliveries(page).then(
      (result) => setState((current) => ({ status: 'ready', items: page === 1 ? result.deliveries : [...current.items, ...result.deliveries], nextPage: result.next_page_number })),
      () => (page === 1 ? setState((current) => ({ ...current, status: 'error' })) : toast.error(DELIVERIES_TEXT.failed)),
    );

  useEffect(() => {
    if (state.status === 'loading') void load(1);
  }, [state.status]);

  const cancel = async (id: number) => {
    try {
      await api.cancelDelivery(id);
      setState((current) => ({ ...current, items: current.items.map((d) => (d.delivery_id === id ? { ...d, status: 'cancelled' } : d)) }));
      toast.success(DELIVERIES_TEXT.cancelled);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not cancel this delivery. Please try again.');
    }
  };

  return (
    <section className="profile-deliveries" aria-labelledby="deliveries-title">
      <h1 id="deliveries-title" className="profile-deliveries__title">
        {DELIVERIES_TEXT.title}
      </h1>
      <p className="profile-deliveries__lead">{DELIVERIES_TEXT.lead}</p>
      {state.status === 'loading' ? <Spinner label="Loading..." /> : null}
      {state.status === 'error' ? <ErrorState message={DELIVERIES_TEXT.failed} onRetry={() => setState((c) => ({ ...c, status: 'loading' }))} /> : null}
      {state.status === 'ready' && state.items.length === 0 ? <EmptyState>{DELIVERIES_TEXT.empty}</EmptyState> : null}
      {state.items.length ? (
        <ul className="profile-deliveries__list">
          {state.items.map((d) => (
            <li key={d.delivery_id} className="profile-deliveries__item" data-testid="delivery">
              <div className="profile-deliveries__who">
                <strong>{d.recipient_name || d.recipient_email}</strong>
                {d.recipient_name ? <span className="profile-deliveries__email">{d.recipient_email}</span> : null}
              </div>
              <span className={`profile-deliveries__status profile-deliveries__status--${d.status}`}>{DELIVERIES_TEXT.status[d.status]}</span>
              <div className="profile-deliveries__times">
                {d.status === 'scheduled' ? `Goes out ${when(d.send_at)}` : null}
                {d.status === 'sent' ? `Sent ${when(d.sent_at)}` : null}
                {d.status === 'opened' ? `Opened ${when(d.opened_at)}` : null}
                {d.status === 'failed' ? `Not delivered${d.error ? `: ${d.error}` : ''}` : null}
                {d.status === 'cancelled' ? `Was due ${when(d.send_at)}` : null}
              </div>
              <div className="profile-deliveries__actions">
                <Link to={`/wish/${d.wish_id}`}>{DELIVERIES_TEXT.viewWish}</Link>
                {d.status === 'scheduled' ? (
                  <Button variant="secondary" onClick={() => void cancel(d.delivery_id)}>
                    {DELIVERIES_TEXT.cancel}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {state.nextPage ? (
        <Button variant="secondary" onClick={() => void load(state.nextPage!)}>
          {DELIVERIES_TEXT.more}
        </Button>
      ) : null}
    </section>
  );
}
