export { createQueryClient, getQueryClient } from './queryClient';
export { DataProvider } from './DataProvider';
export { updateCachedWish, restoreCachedWishes, type WishUpdate } from './wishCache';
export { errorMessage, isForbidden, useWishMutation, type WishMutationOptions } from './hooks';
export { queryKeys, type QueryKeys } from '../queryKeys';
// The library's hooks, bound to the page's one cache: apps import them from here, never the library.
export { useQuery, useInfiniteQuery, useMutation, useQueryClient } from './siteHooks';
// InfiniteData: what an infinite query caches (`{ pages, pageParams }`), for `setQueryData` updates.
export { keepPreviousData, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
