import type { QueryClient } from '@tanstack/react-query';
import type { Wish } from '../contract/schemas';
/** What changed about a wish: its id and any of its fields (a vote answers only the counts). */
export type WishUpdate = Pick<Wish, 'id'> & Partial<Wish>;
/**
 * Applies an updated wish (after a vote or an edit) to every cached query that holds it — feeds,
 * the wish's page, a member's wishes, search — so every app on the page shows the same wish.
 * Returns the previous data of the queries it changed, for `restoreCachedWishes` (rollback).
 */
export declare function updateCachedWish(client: QueryClient, update: WishUpdate): Array<[readonly unknown[], unknown]>;
/** Puts back what `updateCachedWish` replaced (an optimistic change the server refused). */
export declare function restoreCachedWishes(client: QueryClient, previous: Array<[readonly unknown[], unknown]>): void;
