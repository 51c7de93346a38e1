/**
 * /deliveries: the wishes the member sent to people, newest first, which wish went to whom and what
 * became of it, with move, note and cancel for scheduled ones (exposed as mf_profile/DeliveriesPage).
 */
import { useId, useMemo, useState } from 'react';
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
  move: 'Move',
  moveTitle: 'New time',
  moveSave: 'Save',
  moveCancel: 'Keep it',
  moved: 'Delivery moved.',
  noteLabel: 'Note',
  inZone: (zone: string) => `in ${zone.split('/').pop()!.replace(/_/g, ' ')}`,
  resent: 'Mailed once more: it was still unopened.',
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

/** A time without seconds in the reader's locale; with `zone`, the recipient's wall clock there ("09:00 in Sydney"). */
export const when = (iso: string | null, zone?: string | null) => {
  if (!iso) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    if (zone) return `${new Date(iso).toLocaleString(undefined, { ...options, timeZone: zone })} ${DELIVERIES_TEXT.inZone(zone)}`;
  } catch {
    // An unknown zone in this browser: the reader's own clock.
  }
  return new Date(iso).toLocaleString(undefined, options);
};

/** The ISO instant as `YYYY-MM-DDTHH:MM` on the wall clock of `zone` (for a datetime-local input). */
function localValue(iso: string, zone: string | null | undefined): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone || undefined, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function MoveForm({ delivery, onDone }: { delivery: SentPage['deliveries'][number]; onDone: (moved: boolean) => void }) {
  const ids = useId();
  const zone = delivery.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
  const [at, setAt] = useState(() => localValue(delivery.send_at, zone));
  const [note, setNote] = useState(delivery.note ?? '');
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: () => call('moveDelivery', { params: { id: delivery.delivery_id }, body: { send_at_local: at, time_zone: zone, note } }),
    onSuccess: () => {
      toast.success(DELIVERIES_TEXT.moved);
      void client.invalidateQueries({ queryKey: queryKeys.deliveriesInfinite() });
      onDone(true);
    },
    onError: (error) => toast.error(errorMessage(error, API_ERRORS.cancelDelivery)),
  });
  return (
    <form
      className="profile-deliveries__move"
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate();
      }}
    >
      <label htmlFor={`${ids}-at`}>
        {DELIVERIES_TEXT.moveTitle} ({DELIVERIES_TEXT.inZone(zone)})
      </label>
      <input id={`${ids}-at`} className="w-input" type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} required />
      <label htmlFor={`${ids}-note`}>{DELIVERIES_TEXT.noteLabel}</label>
      <input id={`${ids}-note`} className="w-input" value={note} maxLength={300} onChange={(event) => setNote(event.target.value)} />
      <div className="profile-deliveries__actions">
        <Button type="submit" disabled={move.isPending}>
          {DELIVERIES_TEXT.moveSave}
        </Button>
        <Button variant="ghost" onClick={() => onDone(false)}>
          {DELIVERIES_TEXT.moveCancel}
        </Button>
      </div>
    </form>
  );
}

export default function DeliveriesPage() {
  useDocumentTitle(DELIVERIES_TEXT.title);
  const client = useQueryClient();
  const { query, status } = useShowOlder({
    queryKey: queryKeys.deliveriesInfinite(),
    load: (page): Promise<SentPage> => call('listDeliveries', { query: { page } }),
    failed: DELIVERIES_TEXT.failed,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.deliveries) ?? [], [query.data]);
  const [moving, setMoving] = useState<number | null>(null);

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
                {d.wish_excerpt ? <span className="profile-deliveries__wish">“{d.wish_excerpt}”</span> : null}
              </div>
              <span className={`profile-deliveries__status profile-deliveries__status--${d.status}`}>{DELIVERIES_TEXT.status[d.status]}</span>
              <div className="profile-deliveries__times">
                {d.status === 'scheduled' ? `Goes out ${when(d.send_at, d.time_zone)}` : null}
                {d.status === 'scheduled' && d.error ? <span className="profile-deliveries__retry">{DELIVERIES_TEXT.retrying(d.error)}</span> : null}
                {d.status === 'sent' ? `Sent ${when(d.sent_at)}` : null}
                {d.status === 'opened' ? `Opened ${when(d.opened_at)}` : null}
                {d.status === 'replied' ? `Opened ${when(d.opened_at)}; they wrote back.` : null}
                {d.resent_at && (d.status === 'sent' || d.status === 'outbox') ? <span className="profile-deliveries__retry">{DELIVERIES_TEXT.resent}</span> : null}
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
                {d.status === 'scheduled' && moving !== d.delivery_id ? (
                  <>
                    <Button variant="secondary" onClick={() => setMoving(d.delivery_id)}>
                      {DELIVERIES_TEXT.move}
                    </Button>
                    <Button variant="secondary" onClick={() => cancel.mutate(d.delivery_id)}>
                      {DELIVERIES_TEXT.cancel}
                    </Button>
                  </>
                ) : null}
              </div>
              {moving === d.delivery_id ? <MoveForm delivery={d} onDone={() => setMoving(null)} /> : null}
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
