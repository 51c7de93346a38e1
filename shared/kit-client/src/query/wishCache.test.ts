import { createQueryClient } from './queryClient';
import { restoreCachedWishes, updateCachedWish } from './wishCache';
import { queryKeys } from '../queryKeys';

const wish = (id: number, likes = 0) => ({ id, text: `Wish ${id}`, likes });

it('updates every cached copy of a wish (feed page, infinite feed, the wish, a profile list) and leaves others alone', () => {
  const client = createQueryClient();
  client.setQueryData(queryKeys.feed(1), { wishes: [wish(1), wish(2)], page_number: 1 });
  client.setQueryData(queryKeys.feedInfinite(), { pages: [{ wishes: [wish(3)] }, { wishes: [wish(2)] }], pageParams: [1, 2] });
  client.setQueryData(queryKeys.wish(2), { wish: wish(2) });
  client.setQueryData(queryKeys.userWishes('ada', 1), { wishes: [wish(4)] });
  client.setQueryData(queryKeys.account(), { id: 2, email: 'a@b.co' });
  const untouched = client.getQueryData(queryKeys.userWishes('ada', 1));

  const previous = updateCachedWish(client, { id: 2, likes: 5 } as never);

  expect(client.getQueryData(queryKeys.feed(1))).toEqual({ wishes: [wish(1), wish(2, 5)], page_number: 1 });
  expect(client.getQueryData(queryKeys.feedInfinite())).toEqual({ pages: [{ wishes: [wish(3)] }, { wishes: [wish(2, 5)] }], pageParams: [1, 2] });
  expect(client.getQueryData(queryKeys.wish(2))).toEqual({ wish: wish(2, 5) });
  expect(client.getQueryData(queryKeys.userWishes('ada', 1))).toBe(untouched);
  // Only queries under 'wishes' hold wishes: an account with the same id is no wish.
  expect(client.getQueryData(queryKeys.account())).toEqual({ id: 2, email: 'a@b.co' });
  expect(previous).toHaveLength(3);

  restoreCachedWishes(client, previous);
  expect(client.getQueryData(queryKeys.wish(2))).toEqual({ wish: wish(2) });
});
