import { deferred } from '@wishes/kit-test';
import type { FeedPage, Wish } from '@wishes/kit-contract';
import { feedPage, makeWish, wishes } from '../test/fixtures';
import { layOverPages, layOwnView, OwnVotes } from './ownVotes';

describe('layOwnView', () => {
  it('takes the reader’s vote and figures, keeps the shared text and fields', () => {
    const shared = makeWish({ id: 4, text: 'Shared text', upvote_count: 2, vote_count: 2, reply_count: 1 });
    const own = makeWish({ id: 4, text: 'Edited since', upvote_count: 3, vote_count: 3, vote_type: 'upvote', reply_count: 2 });
    expect(layOwnView(shared, own)).toEqual({ ...shared, upvote_count: 3, vote_count: 3, vote_type: 'upvote', reply_count: 2 });
  });

  it('keeps the shared reply count when the reader’s has none', () => {
    const shared = makeWish({ reply_count: 5 });
    expect(layOwnView(shared, makeWish({ vote_type: 'downvote' })).reply_count).toBe(5);
  });
});

describe('layOverPages', () => {
  it('lays over the wishes it knows, in place: same pages, same order', () => {
    const pages = [feedPage(wishes(1, 3), 1, 2), feedPage(wishes(4, 2), 2, null)];
    const own = new Map([[2, makeWish({ id: 2, vote_type: 'upvote', upvote_count: 1, vote_count: 1 })]]);
    const laid = layOverPages(pages, own);
    expect(laid.map((page) => page.wishes.map((wish) => wish.id))).toEqual([[1, 2, 3], [4, 5]]);
    expect(laid[0].wishes[1]).toMatchObject({ id: 2, vote_type: 'upvote', vote_count: 1 });
    expect(laid[0].wishes[0]).toBe(pages[0].wishes[0]);
    // A page with none of them is the same object (its cards do not render again).
    expect(laid[1]).toBe(pages[1]);
  });

  it('returns the same pages when it knows none of the wishes', () => {
    const pages = [feedPage(wishes(1, 2), 1, null)];
    expect(layOverPages(pages, new Map([[9, makeWish({ id: 9 })]]))).toBe(pages);
  });
});

describe('OwnVotes', () => {
  function setUp(shown: number[]) {
    const page = deferred<FeedPage>();
    const loadWish = jest.fn<Promise<Wish>, [number]>();
    const laid: Array<Map<number, Wish>> = [];
    const votes = new OwnVotes(shown, { loadPage: jest.fn(() => page.promise), loadWish, lay: (own) => laid.push(new Map(own)) });
    return { page, loadWish, laid, votes };
  }

  it('knows no vote of the shared page until the member’s page 1 answers, then lays theirs over once', async () => {
    const { page, laid, votes } = setUp([1, 2, 3]);
    void votes.start();
    void votes.start();
    expect([1, 2, 3].map((id) => votes.unknown(id))).toEqual([true, true, true]);
    // A wish the shared page did not show was read with the session: known.
    expect(votes.unknown(11)).toBe(false);
    const pressed = votes.resolve(2);
    page.resolve(feedPage([makeWish({ id: 1 }), makeWish({ id: 2, vote_type: 'downvote' }), makeWish({ id: 3 }), makeWish({ id: 12 })], 1, 2));
    expect(await pressed).toMatchObject({ id: 2, vote_type: 'downvote' });
    expect([1, 2, 3].map((id) => votes.unknown(id))).toEqual([false, false, false]);
    expect(laid).toHaveLength(1);
    // Only the shown wishes are laid over (12 was not on the shared page).
    expect([...laid[0].keys()]).toEqual([1, 2, 3]);
  });

  it('asks for the page once, however many presses wait on it', async () => {
    const loadPage = jest.fn(async () => feedPage(wishes(1, 2), 1, null));
    const votes = new OwnVotes([1, 2], { loadPage, loadWish: jest.fn(), lay: () => undefined });
    await Promise.all([votes.resolve(1), votes.resolve(2), votes.start()]);
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('learns a shown wish that the member’s page 1 lacks on its own when pressed, and lays it over', async () => {
    const { page, loadWish, laid, votes } = setUp([1, 2]);
    loadWish.mockResolvedValue(makeWish({ id: 2, vote_type: 'upvote', upvote_count: 4, vote_count: 4 }));
    const pressed = votes.resolve(2);
    // Wish 2 moved to page 2 meanwhile (newer wishes came first).
    page.resolve(feedPage([makeWish({ id: 13 }), makeWish({ id: 1 })], 1, 2));
    expect(await pressed).toMatchObject({ id: 2, vote_type: 'upvote' });
    expect(loadWish.mock.calls).toEqual([[2]]);
    expect(votes.unknown(2)).toBe(false);
    expect(laid.map((own) => [...own.keys()])).toEqual([[1], [2]]);
  });

  it('learns each pressed wish on its own when the member’s page 1 fails', async () => {
    const { page, loadWish, votes } = setUp([1]);
    loadWish.mockResolvedValue(makeWish({ id: 1, vote_type: 'downvote' }));
    const pressed = votes.resolve(1);
    page.reject(new Error('offline'));
    expect(await pressed).toMatchObject({ vote_type: 'downvote' });
  });

  it('answers null when the wish cannot be learned (the press is then released), and asks again on the next press', async () => {
    const { page, loadWish, votes } = setUp([1]);
    loadWish.mockRejectedValueOnce(new Error('gone')).mockResolvedValueOnce(makeWish({ id: 1 }));
    page.resolve(feedPage([], 1, null));
    expect(await votes.resolve(1)).toBeNull();
    expect(votes.unknown(1)).toBe(true);
    expect(await votes.resolve(1)).toMatchObject({ id: 1, vote_type: null });
    expect(loadWish).toHaveBeenCalledTimes(2);
  });
});
