import { api, EmptyState, ErrorState, formatDate, Spinner, useDocumentTitle, Pager, usePagedList } from '@wishes/shared';
import { NotAllowed } from '../common/NotAllowed';
import { ModerationNav } from '../common/ModerationNav';
import '../common/moderation.css';

export const OFFERS_TEXTS = { loading: 'Loading offers...', failed: 'Could not load the business offers.', empty: 'No business offers yet.' } as const;

/** /moderation/offers: the business-offer inbox (admins only; moderators get the not-allowed page). */
export default function OffersPage() {
  useDocumentTitle('Business offers');
  const { state, page, setPage, reload } = usePagedList((p) => api.getOffers(p), { failed: OFFERS_TEXTS.failed, forbidden: true });
  if (state.status === 'forbidden') return <NotAllowed adminsOnly />;
  return (
    <div className="mod-page">
      <h1>Business offers</h1>
      <ModerationNav />
      {state.status === 'loading' ? <Spinner label={OFFERS_TEXTS.loading} /> : null}
      {state.status === 'error' ? <ErrorState message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && state.page.offers.length === 0 ? <EmptyState>{OFFERS_TEXTS.empty}</EmptyState> : null}
      {state.status === 'ready' && state.page.offers.length > 0 ? (
        <>
          <ul className="mod-log">
            {state.page.offers.map((offer) => (
              <li key={offer.id}>
                <strong>
                  <a href={`mailto:${offer.email}`}>{offer.email}</a>
                </strong>{' '}
                (member {offer.user_id}, <time dateTime={offer.created_at}>{formatDate(offer.created_at)}</time>)
                <p className="mod-item__text">{offer.message}</p>
              </li>
            ))}
          </ul>
          <Pager className="mod-pager" page={page} hasNext={state.page.next_page_number !== null} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
