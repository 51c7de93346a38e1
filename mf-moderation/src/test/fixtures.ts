/** A reported wish as the API sends it, for the queue's tests. */
import type { ReportedWish, Wish } from '@wishes/kit-contract';

export const wish = (overrides: Partial<Wish> = {}): Wish => ({
  id: 41,
  text: 'A reported wish',
  user_id: 9,
  is_public: true,
  published_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  vote_count: 0,
  upvote_count: 0,
  downvote_count: 0,
  vote_type: null,
  author: 'Rex Reported',
  user: { id: 9, full_name: 'Rex Reported', first_name: 'Rex', last_name: 'Reported', avatar_url: null, avatar_thumbnail: null },
  edited_at: null,
  ...overrides,
});
export const item = (overrides: Partial<ReportedWish> = {}): ReportedWish => ({
  wish: wish(),
  report_count: 5,
  categories: { 'Spam or advertising': 3, 'Harassment or hate': 2 },
  first_reported_at: '2026-11-21T10:00:00.000Z',
  last_reported_at: '2026-11-22T10:00:00.000Z',
  status: 'open',
  resolution: null,
  ...overrides,
});
