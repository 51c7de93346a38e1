import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { getQueryClient } from './queryClient';

/**
 * Provides the page's one QueryClient (the shell, the standalone harness and the test render
 * helper mount it; remotes render under the shell's). Tests pass their own `client` for a fresh
 * cache per test.
 */
export function DataProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client ?? getQueryClient()}>{children}</QueryClientProvider>;
}
