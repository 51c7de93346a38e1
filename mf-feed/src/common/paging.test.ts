import { appendUnique, nextPageOf } from './paging';
import { makeWish } from '../test/fixtures';

describe('nextPageOf', () => {
  it('reads next_page_number, then nextPage, else null', () => {
    expect(nextPageOf({ next_page_number: 3 })).toBe(3);
    expect(nextPageOf({ next_page_number: null })).toBeNull();
    expect(nextPageOf({ nextPage: 2 })).toBe(2);
    expect(nextPageOf({})).toBeNull();
  });
});

describe('appendUnique', () => {
  it('skips ids already listed and duplicates within the page', () => {
    const merged = appendUnique([makeWish({ id: 1 }), makeWish({ id: 2 })], [makeWish({ id: 2 }), makeWish({ id: 3 }), makeWish({ id: 3 })]);
    expect(merged.map((wish) => wish.id)).toEqual([1, 2, 3]);
  });

  it('keeps the same array when nothing is new', () => {
    const list = [makeWish({ id: 1 })];
    expect(appendUnique(list, [makeWish({ id: 1 })])).toBe(list);
  });
});
