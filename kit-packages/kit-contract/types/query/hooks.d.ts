import type { UseMutationOptions } from '@tanstack/react-query';
import { type WishUpdate } from './wishCache';
/** The text to show for a failed load or action: the ApiError's (server or spec text), else `fallback`. */
export declare function errorMessage(error: unknown, fallback: string): string;
/** True for the 403 a role check answers (the page shows "not allowed" instead of an error). */
export declare const isForbidden: (error: unknown) => boolean;
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
export declare function useWishMutation<TData, TVars>({ optimistic, settled, onSuccess, onError, ...options }: WishMutationOptions<TData, TVars>): import("@tanstack/react-query").UseMutationResult<TData, Error, TVars, [readonly unknown[], unknown][]>;
