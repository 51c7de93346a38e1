import type { UseMutationOptions } from '@tanstack/react-query';
import { useMutation, useQueryClient } from './siteHooks';
import { ApiError } from '../client';
import { restoreCachedWishes, updateCachedWish, type WishUpdate } from './wishCache';

/** The text to show for a failed load or action: the ApiError's (server or spec text), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** True for the 403 a role check answers (the page shows "not allowed" instead of an error). */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

export interface WishMutationOptions<TData, TVars> extends Omit<UseMutationOptions<TData, Error, TVars, Array<[readonly unknown[], unknown]>>, 'onMutate'> {
  /** The change to show at once (an optimistic vote); rolled back if the call fails. */
  optimistic?: (vars: TVars) => WishUpdate | null;
  /** The wish as the server answered it, applied to every cached copy. */
  settled: (data: TData, vars: TVars) => WishUpdate | null;
}

/**
 * A mutation of one wish (vote, remove vote, edit) that keeps every cached copy in step: the
 * optimistic change first (when the UI is optimistic today), the server's answer on success, and
 * the previous data back on failure.
 */
export function useWishMutation<TData, TVars>({ optimistic, settled, onSuccess, onError, ...options }: WishMutationOptions<TData, TVars>) {
  const client = useQueryClient();
  return useMutation<TData, Error, TVars, Array<[readonly unknown[], unknown]>>({
    ...options,
    onMutate: async (vars) => {
      const update = optimistic?.(vars);
      if (!update) return [];
      await client.cancelQueries({ queryKey: ['wishes'] });
      return updateCachedWish(client, update);
    },
    onSuccess: (data, vars, context, meta) => {
      const update = settled(data, vars);
      if (update) updateCachedWish(client, update);
      return onSuccess?.(data, vars, context, meta);
    },
    onError: (error, vars, context, meta) => {
      if (context) restoreCachedWishes(client, context);
      return onError?.(error, vars, context, meta);
    },
  });
}
