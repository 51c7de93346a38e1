/**
 * Profiles, subscribe/unsubscribe, and subscription lists: HTTP only, the rules in service.ts.
 * `/api/profile/my/...` are static routes, which the router prefers over `:id`.
 */
import { defineRoutes } from '../app/deps';
import { parseId } from '../platform/params';
import { requireUser } from '../platform/auth';
import { PROFILE_TEXT } from './schemas';
import { createProfileService, profileStoreOf } from './service';

export default defineRoutes((_app, deps) => {
  const profiles = createProfileService(deps, profileStoreOf(deps));

  const change = (following: boolean) => async (request: { userId: number | null; params: { id: string } }) => {
    const me = requireUser(request);
    return profiles.follow(me, parseId(request.params.id, PROFILE_TEXT.notFound), following);
  };

  return {
    getMySubscriptions: { handler: async (request) => profiles.subscriptionsOf(requireUser(request), true) },
    getProfile: { handler: async (request) => profiles.profile(parseId(request.params.id, PROFILE_TEXT.notFound), request.userId) },
    getProfileSubscriptions: { handler: async (request) => profiles.subscriptionsOf(parseId(request.params.id, PROFILE_TEXT.notFound)) },
    subscribe: { handler: change(true) },
    unsubscribe: { handler: change(false) },
  };
});
