import type { QueryClient } from '@tanstack/react-query';
import type { Wish } from '@wishes/kit-contract/schemas';
import { queryKeys } from '../queryKeys';

/** What changed about a wish: its id and any of its fields (a vote answers only the counts). */
export type WishUpdate = Pick<Wish, 'id'> & Partial<Wish>;

type Holder = { wishes?: unknown; wish?: unknown; pages?: unknown };

function patchWish<T>(value: T, update: WishUpdate): T {
  const wish = value as unknown as Wish;
  return wish && typeof wish === 'object' && wish.id === update.id ? ({ ...wish, ...update } as T) : value;
}

/** The same data with the wish replaced wherever it appears; the same object when it is not there. */
function patchData(data: unknown, update: WishUpdate): unknown {
  if (!data || typeof data !== 'object') return data;
  const holder = data as Holder;
  if (Array.isArray(holder.pages)) {
    const pages = holder.pages.map((page) => patchData(page, update));
    return pages.some((page, i) => page !== (holder.pages as unknown[])[i]) ? { ...holder, pages } : data;
  }
  let next = data as Holder;
  if (Array.isArray(holder.wishes)) {
    const wishes = holder.wishes.map((wish) => patchWish(wish, update));
    if (wishes.some((wish, i) => wish !== (holder.wishes as unknown[])[i])) next = { ...next, wishes };
  }
  if (holder.wish && typeof holder.wish === 'object') {
    const wish = patchWish(holder.wish, update);
    if (wish !== holder.wish) next = { ...next, wish };
  }
  return patchWish(next, update);
}

/**
 * Applies an updated wish (after a vote or an edit) to every cached query that holds it — feeds,
 * the wish's page, a member's wishes, search — so every app on the page shows the same wish.
 * Returns the previous data of the queries it changed, for `restoreCachedWishes` (rollback).
 */
export function updateCachedWish(client: QueryClient, update: WishUpdate): Array<[readonly unknown[], unknown]> {
  const previous: Array<[readonly unknown[], unknown]> = [];
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.wishes() })) {
    const next = patchData(data, update);
    if (next === data) continue;
    previous.push([key, data]);
    client.setQueryData(key, next);
  }
  return previous;
}

/** Puts back what `updateCachedWish` replaced (an optimistic change the server refused). */
export function restoreCachedWishes(client: QueryClient, previous: Array<[readonly unknown[], unknown]>): void {
  for (const [key, data] of previous) client.setQueryData(key, data);
}
