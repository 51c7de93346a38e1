/** Profiles, subscribe/unsubscribe, and subscription lists. `/api/profile/my/...` are static routes, which the router prefers over `:id`. */
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import { defineRoutes } from '../app/deps';
import { HttpError } from '../platform/errors';
import { parseId } from '../platform/params';
import { requireUser } from '../platform/auth';
import { PROFILE_TEXT } from './schemas';
import * as q from './queries';

export default defineRoutes((_app, deps) => {
  const { db } = deps;

  const change = (kind: 'subscribe' | 'unsubscribe') => async (request: { userId: number | null; params: { id: string } }) => {
    const me = requireUser(request);
    const targetId = parseId(request.params.id, PROFILE_TEXT.notFound);
    const target = await q.findUser(db, targetId);
    if (!target) throw new HttpError(404, PROFILE_TEXT.notFound);
    if (targetId === me) throw new HttpError(400, PROFILE_TEXT.self);
    const changed = kind === 'subscribe' ? await q.subscribe(db, me, targetId) : await q.unsubscribe(db, me, targetId);
    // The follower's following feed (read model) and the followed member's notification subscribe to it.
    if (changed) await deps.events.emit({ kind: 'follow.changed', followerId: me, targetId, following: kind === 'subscribe' });
    const profile = (await q.getProfile(db, targetId, me))!;
    const name = profile.full_name || ANONYMOUS;
    return { message: kind === 'subscribe' ? PROFILE_TEXT.subscribed(name) : PROFILE_TEXT.unsubscribed(name), profile };
  };

  return {
    getMySubscriptions: { handler: async (request) => q.listSubscriptions(db, requireUser(request)) },

    getProfile: {
      handler: async (request) => {
        const id = parseId(request.params.id, PROFILE_TEXT.notFound);
        const profile = await q.getProfile(db, id, request.userId);
        if (!profile) throw new HttpError(404, PROFILE_TEXT.notFound);
        return profile;
      },
    },

    getProfileSubscriptions: {
      handler: async (request) => {
        const id = parseId(request.params.id, PROFILE_TEXT.notFound);
        if (!(await q.findUser(db, id))) throw new HttpError(404, PROFILE_TEXT.notFound);
        return q.listSubscriptions(db, id);
      },
    },

    subscribe: { handler: change('subscribe') },
    unsubscribe: { handler: change('unsubscribe') },
  };
});
