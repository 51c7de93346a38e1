import { QueryClient } from '@tanstack/react-query';
import { globalSingleton } from '@wishes/kit-session';
import { session$ } from '@wishes/kit-session';

/**
 * The defaults keep the screens' old behaviour: a failed load shows its error and a Retry button
 * (no silent automatic retries), and a tab regaining focus does not reload every list.
 */
export function createQueryClient(): QueryClient {
  return followSession(new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  }));
}

/**
 * THE QueryClient of the page: one cache for the shell and every remote, anchored on globalThis so
 * a remote that got its own copy of the kit (a mismatched version) still shares it.
 */
export function getQueryClient(): QueryClient {
  return globalSingleton('queryClient', createQueryClient);
}

/**
 * The page's one cache outlives a session, and much of it is as one viewer sees it (a member's
 * private wishes on their own profile, their votes on every card, their account, notifications,
 * sent wishes, reports; a visitor's cards without votes). Whenever the signed-in member changes
 * (sign-in, sign-out, another account; every app's sign-in and the shell's sign-out go through the
 * session) every query is reset: nothing of the last viewer's stays on screen or in memory, and what
 * is shown loads again as the new viewer sees it. A token refresh for the same member changes nothing.
 */
function followSession(client: QueryClient): QueryClient {
  let member = session$.value.user?.userId ?? null;
  session$.subscribe((state) => {
    const next = state.user?.userId ?? null;
    if (next === member) return;
    member = next;
    void client.resetQueries();
  });
  return client;
}
