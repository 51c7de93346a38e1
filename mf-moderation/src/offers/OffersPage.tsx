import { call, queryKeys, useDocumentTitle } from '@wishes/kit-client';
import { formatDate, usePagedList } from '@wishes/kit-ui';
import { NotAllowed } from '../common/NotAllowed';
import { ModerationNav } from '../common/ModerationNav';
import { PagedListView } from '../common/PagedListView';
import '../common/moderation.css';

export const OFFERS_TEXTS = { loading: 'Loading offers...', failed: 'Could not load the business offers.', empty: 'No business offers yet.' } as const;

/** /moderation/offers: the business-offer inbox (admins only; moderators get the not-allowed page). */
export default function OffersPage() {
  useDocumentTitle('Business offers');
  const list = usePagedList({
    queryKey: queryKeys.offerInbox,
    load: (page) => call('getOfferInbox', { query: { page } }),
    failed: OFFERS_TEXTS.failed,
    forbidden: true,
  });
  if (list.state.status === 'forbidden') return <NotAllowed adminsOnly />;
  return (
    <div className="mod-page">
      <h1>Business offers</h1>
      <ModerationNav />
      <PagedListView list={list} items={(page) => page.offers} next={(page) => page.next_page_number} texts={OFFERS_TEXTS} className="mod-log" itemKey={(offer) => offer.id}>
        {(offer) => (
          <>
            <strong>
              <a href={`mailto:${offer.email}`}>{offer.email}</a>
            </strong>{' '}
            (member {offer.user_id}, <time dateTime={offer.created_at}>{formatDate(offer.created_at)}</time>)
            <p className="mod-item__text">{offer.message}</p>
          </>
        )}
      </PagedListView>
    </div>
  );
}
