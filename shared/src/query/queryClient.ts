import { QueryClient } from '@tanstack/react-query';
import { globalSingleton } from '../singleton';

/**
 * The defaults keep the screens' old behaviour: a failed load shows its error and a Retry button
 * (no silent automatic retries), and a tab regaining focus does not reload every list.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * THE QueryClient of the page: one cache for the shell and every remote, anchored on globalThis so
 * a remote that got its own copy of @wishes/shared (a mismatched version) still shares it.
 */
export function getQueryClient(): QueryClient {
  return globalSingleton('queryClient', createQueryClient);
}
