import { QueryClient } from '@tanstack/react-query';
/**
 * The defaults keep the screens' old behaviour: a failed load shows its error and a Retry button
 * (no silent automatic retries), and a tab regaining focus does not reload every list.
 */
export declare function createQueryClient(): QueryClient;
/**
 * THE QueryClient of the page: one cache for the shell and every remote, anchored on globalThis so
 * a remote that got its own copy of @wishes/shared (a mismatched version) still shares it.
 */
export declare function getQueryClient(): QueryClient;
