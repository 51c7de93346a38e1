import { QueryClient } from '@tanstack/react-query';
import { globalSingleton } from '../singleton';
import { session$ } from '../session';

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
  return globalSingleton('queryClient', () => followSession(createQueryClient()));
}

/**
 * The page's one cache outlives a session, and much of it is as one member sees it (their private
 * wishes on their own profile, their votes on every card, their account, notifications, sent
 * wishes, reports). When a member signs out or another signs in on the same tab, every query is
 * reset: nothing of the last member's stays on screen or in memory, and what is shown loads again.
 * Signing in from signed out hides nothing, so queries are only marked stale and reload behind what
 * is shown (the cards gain the new member's votes).
 */
export function followSession(client: QueryClient): QueryClient {
  let member = session$.value.user?.userId ?? null;
  session$.subscribe((state) => {
    const next = state.user?.userId ?? null;
    if (next === member) return;
    const previous = member;
    member = next;
    if (previous === null) void client.invalidateQueries();
    else void client.resetQueries();
  });
  return client;
}
