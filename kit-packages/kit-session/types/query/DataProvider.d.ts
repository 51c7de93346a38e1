import type { ReactNode } from 'react';
import { type QueryClient } from '@tanstack/react-query';
/**
 * Provides the page's one QueryClient (the shell, the standalone harness and the test render
 * helper mount it; remotes render under the shell's). Tests pass their own `client` for a fresh
 * cache per test.
 */
export declare function DataProvider({ children, client }: {
    children: ReactNode;
    client?: QueryClient;
}): import("react").JSX.Element;
