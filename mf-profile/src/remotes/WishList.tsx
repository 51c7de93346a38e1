/**
 * mf-feed's WishList, loaded at run time. While it loads a spinner shows; if mf-feed is down
 * (or its list throws) a plain text list of the same wishes is shown so the profile still works.
 */
import { Suspense, lazy, type ErrorInfo } from 'react';
import { Link } from 'react-router-dom';
import { ErrorBoundary, Spinner, formatDate } from '@wishes/kit-ui';
import { loadFeedWishList, type WishListProps } from './loadFeedWishList';

const createRemoteList = () => lazy(() => loadFeedWishList());
// Replaced after a failure so the next page that mounts a list tries mf-feed again.
let RemoteWishList = createRemoteList();

function prepareRetry(error: Error, info: ErrorInfo): void {
  RemoteWishList = createRemoteList();
  console.warn('mf_feed/WishList is unavailable; showing a plain list instead.', error, info.componentStack);
}

/** The degraded list: each wish's text and a link to its page. */
export function PlainWishList({ wishes }: WishListProps) {
  return (
    <ul className="profile-plain-wishes" data-testid="plain-wish-list">
      {wishes.map((wish) => (
        <li key={wish.id} className="profile-plain-wishes__item">
          <p className="profile-plain-wishes__text">{wish.text}</p>
          <Link className="profile-plain-wishes__link" to={`/wish/${wish.id}`}>
            {formatDate(wish.published_at || wish.created_at) || 'View wish'}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function WishList(props: WishListProps) {
  return (
    <ErrorBoundary fallback={<PlainWishList {...props} />} onError={prepareRetry}>
      <Suspense fallback={<Spinner label="Loading wishes..." />}>
        <RemoteWishList {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
