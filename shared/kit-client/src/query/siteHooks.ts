/**
 * TanStack Query's hooks bound to the page's one cache. A remote that got its own copy of the
 * library (a mismatched version outside the federation singleton) would not see the shell's
 * provider and would throw "No QueryClient set"; these hooks fall back to the page's client
 * (getQueryClient, anchored on globalThis), so every copy reads and writes the same cache.
 * Apps import these from the kit, never the library's own.
 */
import { useContext } from 'react';
import {
  QueryClientContext,
  useInfiniteQuery as useLibraryInfiniteQuery,
  useMutation as useLibraryMutation,
  useQuery as useLibraryQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { getQueryClient } from './queryClient';

/** The provider's client (a test's fresh one), else the page's. */
export function useQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? getQueryClient();
}

export const useQuery = ((options: Parameters<typeof useLibraryQuery>[0]) => useLibraryQuery(options, useQueryClient())) as typeof useLibraryQuery;
export const useInfiniteQuery = ((options: Parameters<typeof useLibraryInfiniteQuery>[0]) => useLibraryInfiniteQuery(options, useQueryClient())) as typeof useLibraryInfiniteQuery;
export const useMutation = ((options: Parameters<typeof useLibraryMutation>[0]) => useLibraryMutation(options, useQueryClient())) as typeof useLibraryMutation;
