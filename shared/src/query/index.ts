export { createQueryClient, getQueryClient } from './queryClient';
export { DataProvider } from './DataProvider';
export { updateCachedWish, restoreCachedWishes, type WishUpdate } from './wishCache';
export { errorMessage, isForbidden, useWishMutation, type WishMutationOptions } from './hooks';
export { queryKeys, type QueryKeys } from '../contract/queryKeys';
// The library's hooks come from here, so every app imports them from the one shared copy.
export { useQuery, useInfiniteQuery, useMutation, useQueryClient, keepPreviousData, type QueryClient, type QueryKey } from '@tanstack/react-query';
