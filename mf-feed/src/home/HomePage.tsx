import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName, EmptyState, ErrorState, Icon, Spinner } from '@wishes/kit-ui';
import { call, queryKeys, useDocumentTitle, useOptionsWithRetry, useQuery, useSessionUser } from '@wishes/kit-client';
import { FEED, toast } from '@wishes/kit-session';
import { type Topic } from '@wishes/kit-contract';
import WishList from '../wish/WishList';
import './home.css';

export const HOME_TEXTS = {
  about: 'Create your wishes with AI.',
  recentFailed: 'Failed to load recent wishes',
  recentLoading: 'Loading recent wishes...',
  recentEmpty: 'No wishes yet. Be the first to write one!',
  categoriesLoading: 'Loading categories...',
  categoriesFailed: 'Could not load the wish categories.',
  chatNote: 'A separate chat is created for each wish, so every wish keeps its own conversation with the assistant.',
} as const;

const FEATURES = [
  { icon: 'sparkle', title: 'Compose with AI', text: 'Pick a style, an audience, a name and a topic, and the assistant drafts a wish you can edit.' },
  { icon: 'share', title: 'Share', text: 'Save a wish as public or private and send its link to anyone.' },
  { icon: 'upvote', title: 'Vote', text: 'Upvote the wishes you love and see who voted for each one.' },
  { icon: 'subscriptions', title: 'Follow', text: 'Follow the people whose wishes you enjoy and find them again in your subscriptions.' },
] as const;

export function composeTopicPath(topic: string): string {
  return `/compose/${encodeURIComponent(topic)}`;
}

/** The home page (docs/product.md#1-audience, docs/product.md#2-screens-and-routes): blurbs, about slide, categories, the 3 most recent wishes, a way to the feed. */
export default function HomePage() {
  useDocumentTitle('Home');
  const user = useSessionUser();

  return (
    <div className="feed-home">
      <section className="feed-home__about" aria-labelledby="feed-home-about">
        <h1 id="feed-home-about" className="feed-home__slogan">
          {HOME_TEXTS.about}
        </h1>
        <p className="feed-home__chat-note">{HOME_TEXTS.chatNote}</p>
        <Link to={user ? '/compose' : '/auth/sign_up'} className={buttonClassName('rounded', 'larger', 'primary')}>
          <Icon name="sparkle" />
          {user ? 'Compose a wish' : 'Get started'}
        </Link>
      </section>

      <section className="feed-home__features" aria-label="What you can do">
        <ul className="feed-home__feature-list">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feed-home__feature">
              <Icon name={feature.icon} size={28} />
              <h2 className="feed-home__feature-title">{feature.title}</h2>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <Categories />
      <RecentWishes />

      <div className="feed-home__cta">
        <Link to="/feed" className={buttonClassName('rounded', 'large', 'primary')}>
          <Icon name="feed" />
          Explore the feed
        </Link>
      </div>
    </div>
  );
}

function Categories() {
  const { options, failed, retry } = useOptionsWithRetry();
  const topics: Topic[] = options?.greeting_config_params?.topics ?? [];
  return (
    <section className="feed-home__categories" aria-labelledby="feed-home-categories">
      <h2 id="feed-home-categories">Wish Categories</h2>
      {!options && !failed ? <Spinner label={HOME_TEXTS.categoriesLoading} /> : null}
      {failed ? <ErrorState message={HOME_TEXTS.categoriesFailed} onRetry={retry} /> : null}
      {options && topics.length === 0 ? <EmptyState>No categories yet.</EmptyState> : null}
      {topics.length > 0 ? (
        <ul className="feed-home__category-grid">
          {topics.map((topic) => (
            <li key={topic.topic}>
              <CategoryCard topic={topic} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A topic card: its image, or its first letter when there is none or the image fails to load. */
function CategoryCard({ topic }: { topic: Topic }) {
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = Boolean(topic.image_url) && !imageFailed;
  return (
    <Link to={composeTopicPath(topic.topic)} className="feed-home__category" aria-label={topic.topic}>
      {showImage ? (
        <img className="feed-home__category-image" src={topic.image_url ?? undefined} alt={`${topic.topic} illustration`} loading="lazy" onError={() => setImageFailed(true)} />
      ) : (
        <span className="feed-home__category-letter" aria-hidden="true">
          {topic.topic.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="feed-home__category-name">{topic.topic}</span>
    </Link>
  );
}

/** The first feed page, filed under the site's key (a vote anywhere patches these cards too). */
function RecentWishes() {
  const query = useQuery({
    queryKey: queryKeys.feed(FEED.firstPage),
    queryFn: async ({ signal }) => {
      try {
        return await call('getFeedPage', { params: { page: FEED.firstPage }, signal });
      } catch (error) {
        if (!signal.aborted) toast.error(HOME_TEXTS.recentFailed);
        throw error;
      }
    },
  });
  const failed = query.isError && !query.isFetching;
  const wishes = query.data && !query.isError ? (query.data.wishes ?? []).slice(0, FEED.homeRecentCount) : null;
  const { refetch } = query;

  return (
    <section className="feed-home__recent" aria-labelledby="feed-home-recent">
      <h2 id="feed-home-recent">Recent Wishes</h2>
      {!wishes && !failed ? <Spinner label={HOME_TEXTS.recentLoading} /> : null}
      {failed ? <ErrorState message={HOME_TEXTS.recentFailed} onRetry={() => void refetch()} /> : null}
      {wishes && wishes.length === 0 ? <EmptyState>{HOME_TEXTS.recentEmpty}</EmptyState> : null}
      {wishes && wishes.length > 0 ? <WishList wishes={wishes} /> : null}
    </section>
  );
}
