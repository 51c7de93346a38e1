import type { FeedPage, Options, SearchPage, VoteResponse, Wish } from '@wishes/kit-contract';

export function makeWish(overrides: Partial<Wish> = {}): Wish {
  const id = overrides.id ?? 1;
  return {
    id,
    text: `Wish number ${id}`,
    user_id: 7,
    is_public: true,
    published_at: '2026-11-20T10:15:00.000Z',
    created_at: '2026-11-20T10:15:00.000Z',
    vote_count: 0,
    upvote_count: 0,
    downvote_count: 0,
    vote_type: null,
    author: 'Ada Lovelace',
    user: { id: 7, full_name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', avatar_url: null, avatar_thumbnail: null },
    ...overrides,
  };
}

export function wishes(fromId: number, count: number): Wish[] {
  return Array.from({ length: count }, (_, index) => makeWish({ id: fromId + index }));
}

export function feedPage(list: Wish[], page: number, next: number | null): FeedPage {
  return { wishes: list, page_number: page, next_page_number: next, hasMore: next !== null };
}

export function searchPage(query: string, list: Wish[], page: number, next: number | null): SearchPage {
  return {
    success: true,
    wishes: list,
    query,
    page_number: page,
    total_pages: next ? next : page,
    next_page_number: next,
    previous_page_number: page > 1 ? page - 1 : null,
    total_results: list.length,
    hasMore: next !== null,
  };
}

export function voteResponse(message: string, counts: { up: number; down: number; vote_type: Wish['vote_type'] }, id = 1): VoteResponse {
  return {
    message,
    wish: { id, upvote_count: counts.up, downvote_count: counts.down, vote_count: counts.up - counts.down, vote_type: counts.vote_type },
  };
}

export const OPTIONS: Options = {
  site_name: 'Wishes',
  greeting_config_params: {
    styles: ['Formal'],
    audiences: ['Friend'],
    topics: [
      { topic: 'Birthday', topic_details: 'A birthday wish', image_url: '/media/topics/birthday.png' },
      { topic: 'New Year & Holidays', topic_details: 'For the holidays', image_url: null },
    ],
  },
  report_topic_config: ['Spam', 'Hate speech'],
};
