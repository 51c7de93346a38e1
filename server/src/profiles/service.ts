/**
 * Profiles and follows, the rules between HTTP (routes.ts) and the database (store.ts): one cannot
 * follow oneself nor a member who does not exist; a follow or unfollow that changed something emits
 * `follow.changed` once stored, so the follower's following pages (read model) and the followed
 * member's notification follow it.
 */
import type { Profile, Subscription } from '@wishes/kit-contract/api';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../platform/errors';
import { PROFILE_TEXT } from './schemas';
import type { ProfileStore } from './store';
import { createProfileStore } from './kysely-store';

/** The store of the app's database (one implementation for both). */
export function profileStoreOf(deps: Pick<AppDeps, 'db'>): ProfileStore {
  return createProfileStore(deps.db);
}

export interface ProfileService {
  /** The profile as the viewer sees it; 404 for an unknown member. */
  profile(id: number, viewerId: number | null): Promise<Profile>;
  /** Whom the member follows; 404 for an unknown member (`known` false: the caller's own list, no check). */
  subscriptionsOf(id: number, known?: boolean): Promise<{ subscriptions: Subscription[]; count: number }>;
  /** `me` follows (true) or stops following (false) `targetId`: the answer's message and the target's profile. */
  follow(me: number, targetId: number, following: boolean): Promise<{ message: string; profile: Profile }>;
}

export function createProfileService(deps: Pick<AppDeps, 'events'>, store: ProfileStore): ProfileService {
  return {
    async profile(id, viewerId) {
      const profile = await store.getProfile(id, viewerId);
      if (!profile) throw new HttpError(404, PROFILE_TEXT.notFound);
      return profile;
    },

    async subscriptionsOf(id, known = false) {
      if (!known && !(await store.findUser(id))) throw new HttpError(404, PROFILE_TEXT.notFound);
      return store.listSubscriptions(id);
    },

    async follow(me, targetId, following) {
      const target = await store.findUser(targetId);
      if (!target) throw new HttpError(404, PROFILE_TEXT.notFound);
      if (targetId === me) throw new HttpError(400, PROFILE_TEXT.self);
      const changed = following ? await store.subscribe(me, targetId) : await store.unsubscribe(me, targetId);
      // The follower's following feed (read model) and the followed member's notification subscribe to it.
      if (changed) await deps.events.emit({ kind: 'follow.changed', followerId: me, targetId, following });
      const profile = (await store.getProfile(targetId, me))!;
      const name = profile.full_name || ANONYMOUS;
      return { message: following ? PROFILE_TEXT.subscribed(name) : PROFILE_TEXT.unsubscribed(name), profile };
    },
  };
}
