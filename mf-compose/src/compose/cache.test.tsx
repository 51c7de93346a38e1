import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { queryKeys, useQueryClient } from '@wishes/kit-client';
import { renderRoutes } from '@wishes/kit-test';
import ComposePage from './ComposePage';
import { fillComposeForm, OPTIONS, recordToasts, setOptions } from '../test/harness';
import { answerWith, draftStream, makeWish } from '../test/http';

/**
 * What a saved wish does to the page's one cache, as another remote sees it: "Continue in chat"
 * patches every cached copy of the wish (its page, a feed holding it); a new wish makes the wish
 * lists reload when next shown.
 */
jest.setTimeout(90_000);
const DRAFT = 'Happy birthday, Anna! Have a lovely day.';
const EDITED = 'Happy birthday, Anna! And of course, the cake.';
const AT = '2026-11-24T02:00:00.000Z';
const SETTINGS = { style: 'Funny', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'Turns 30', length: 'short' } as const;
// `likes` stands for a field only the feed's copy has: an edit must not drop it.
const OLD_WISH = { ...makeWish({ id: 42, text: DRAFT, is_public: true }), likes: 3 };

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  setOptions(OPTIONS);
  toasts = recordToasts();
});
afterEach(() => {
  toasts.stop();
  setOptions(null);
});

/** What mf-feed would have cached before the author came to /compose: the first feed page, holding wish 42. */
function WithFeedCached({ children }: { children: React.ReactNode }) {
  const client = useQueryClient();
  useState(() => client.setQueryData(queryKeys.feed(1), { wishes: [OLD_WISH], page_number: 1 }));
  return <>{children}</>;
}

/** Another remote's view of the cache (no request of its own): the wish's page and the feed's copy. */
function CachedWish() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const page = client.getQueryData<{ wish: { text: string } }>(queryKeys.wish(id));
  const feed = client.getQueryData<{ wishes: Array<{ id: number; text: string; likes: number }> }>(queryKeys.feed(1));
  const inFeed = feed?.wishes.find((wish) => wish.id === id);
  return (
    <>
      <p>Page: {page?.wish.text ?? 'not cached'}</p>
      <p>Feed: {inFeed ? `${inFeed.text} (${inFeed.likes})` : 'not in the feed'}</p>
      <p>Feed stale: {String(client.getQueryState(queryKeys.feed(1))?.isInvalidated ?? 'no feed')}</p>
    </>
  );
}

function renderCompose(url: string) {
  return renderRoutes(
    [
      { path: '/compose', element: <WithFeedCached><ComposePage /></WithFeedCached> },
      { path: '/wish/:id', element: <CachedWish /> },
    ],
    { url },
  );
}

it('"Continue in chat": saving patches every cached copy of the wish (its page, the feed) with the server\'s answer', async () => {
  const server = answerWith({
    getChat: { body: { chat_id: 7, settings: SETTINGS, messages: [], versions: [{ text: DRAFT, created_at: AT }, { text: EDITED, created_at: AT }], wish_id: 42 } },
    getWish: { body: { wish: OLD_WISH } },
    updateWish: { body: { wish: { ...OLD_WISH, text: EDITED } } },
  });
  const user = userEvent.setup();
  renderCompose('/compose?chat=7');
  await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue(EDITED));
  await user.click(screen.getByRole('button', { name: 'Save Wish' }));

  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wish/42'));
  expect(screen.getByText(`Page: ${EDITED}`)).toBeInTheDocument();
  // The feed's copy keeps what the edit did not touch (its likes).
  expect(screen.getByText(`Feed: ${EDITED} (3)`)).toBeInTheDocument();
  expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
});

it('a new wish marks the cached wish lists stale, so the feed reloads when next shown', async () => {
  answerWith({
    streamGeneratedText: () => draftStream({ text: DRAFT, rate_limit: { limit: 20, remaining: 19 } }),
    saveWish: { status: 201, body: { wish_id: 43 } },
  });
  const user = userEvent.setup();
  renderCompose('/compose');
  await fillComposeForm(user);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue(DRAFT));
  await user.click(screen.getByRole('button', { name: 'Save Wish' }));

  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wish/43'));
  expect(screen.getByText('Feed stale: true')).toBeInTheDocument();
});
