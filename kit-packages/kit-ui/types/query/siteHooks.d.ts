import { useInfiniteQuery as useLibraryInfiniteQuery, useMutation as useLibraryMutation, useQuery as useLibraryQuery, type QueryClient } from '@tanstack/react-query';
/** The provider's client (a test's fresh one), else the page's. */
export declare function useQueryClient(): QueryClient;
export declare const useQuery: typeof useLibraryQuery;
export declare const useInfiniteQuery: typeof useLibraryInfiniteQuery;
export declare const useMutation: typeof useLibraryMutation;
