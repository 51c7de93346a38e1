import { resetEmbeddedCache } from '@wishes/kit-client';
import { session$ } from '@wishes/kit-session';
import { type FeedPage, type Profile, type Wish } from '@wishes/kit-contract';

import { recordToasts, signOutForTest } from '@wishes/kit-test';
import { apiRoutes, type ApiRoutes } from './http';

export { signOutForTest };

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    user_id: 5,
    profile_id: 50,
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Ada Lovelace',
    avatar_url: null,
    avatar_thumbnail: null,
    followers: 3,
    following: 2,
    posts: 12,
    is_self: false,
    is_subscribed: false,
    ...overrides,
  };
}

export function makeWish(id: number, overrides: Partial<Wish> = {}): Wish {
  return {
    id,
    text: `Wish number ${id}`,
    user_id: 5,
    is_public: true,
    published_at: '2026-03-01T10:00:00.000Z',
    created_at: '2026-03-01T10:00:00.000Z',
    vote_count: 0,
    upvote_count: 0,
    downvote_count: 0,
    vote_type: null,
    author: 'Ada Lovelace',
    user: { id: 5, full_name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', avatar_url: null, avatar_thumbnail: null },
    ...overrides,
  };
}

export function makePage(ids: number[], next: number | null, page = 1): FeedPage {
  return { wishes: ids.map((id) => makeWish(id)), page_number: page, next_page_number: next, hasMore: next !== null };
}

/**
 * Publishes a signed-in user without storing tokens: with a token the embedded data is ignored
 * (it is what a signed-out visitor sees), and these suites combine the two. signInForTest from
 * '@wishes/kit-test' signs in for real.
 */
export function signInAs(userId: number, avatarThumbnail?: string | null) {
  session$.next({ user: { username: 'me@example.com', userId, avatarThumbnail } });
}

/**
 * Each test of the calling suite as member `userId` (signInAs), with fresh API routes (MSW) and a toast
 * recorder; read them from the returned object inside the tests. Signs out and restores mocks after.
 */
export function signedInMemberEachTest(userId = 1): { server: ApiRoutes; toasts: ReturnType<typeof recordToasts> } {
  const member = {} as { server: ApiRoutes; toasts: ReturnType<typeof recordToasts> };
  beforeEach(() => {
    member.server = apiRoutes();
    member.toasts = recordToasts();
    signInAs(userId);
  });
  afterEach(() => {
    member.toasts.stop();
    signOutForTest();
    jest.restoreAllMocks();
  });
  return member;
}

/** Puts server-embedded data into the document as the server would. */
export function embed(data: object | null) {
  document.getElementById('wishes-initial')?.remove();
  if (data) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'wishes-initial';
    script.textContent = JSON.stringify(data);
    document.body.appendChild(script);
  }
  resetEmbeddedCache();
}
