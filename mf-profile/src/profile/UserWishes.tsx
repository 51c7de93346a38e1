import { Button, EmptyState, ErrorState, Spinner } from '@wishes/kit-ui';
import { type FeedPage } from '@wishes/kit-contract';
import { WishList } from '../remotes/WishList';
import { WISHES_TEXT, useUserWishes } from './useUserWishes';

/** The profile's wishes: mf-feed's list plus a Load More button while pages remain. */
export function UserWishes({ userId, initial }: { userId: number; initial?: FeedPage }) {
  const { wishes, status, hasMore, loadingMore, loadMore, retry } = useUserWishes(userId, initial);

  let body;
  if (status === 'loading') body = <Spinner label="Loading wishes..." />;
  else if (status === 'error') body = <ErrorState message={WISHES_TEXT.firstPageFailed} onRetry={retry} />;
  else if (wishes.length === 0) body = <EmptyState>No wishes yet.</EmptyState>;
  else
    body = (
      <>
        {/* No onChange: a vote in mf-feed's card updates the one cache (updateCachedWish), which this list reads. */}
        <WishList wishes={wishes} />
        {hasMore ? (
          <div className="profile-wishes__more">
            <Button variant="secondary" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
              Load More
            </Button>
            {loadingMore ? <Spinner label="Loading more wishes..." /> : null}
          </div>
        ) : null}
      </>
    );

  return (
    <section className="profile-wishes" aria-labelledby="profile-wishes-title">
      <h2 id="profile-wishes-title" className="profile-section-title">
        Wishes
      </h2>
      {body}
    </section>
  );
}
