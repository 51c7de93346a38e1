/** The profile store on both databases: the same Kysely SQL (queries.ts) serves SQLite and PostgreSQL. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import * as q from './queries';
import type { ProfileStore } from './store';

export function createProfileStore(db: Kysely<Database>): ProfileStore {
  return {
    findUser: (id) => q.findUser(db, id),
    getProfile: (id, viewerId) => q.getProfile(db, id, viewerId),
    subscribe: (followerId, targetId) => q.subscribe(db, followerId, targetId),
    unsubscribe: (followerId, targetId) => q.unsubscribe(db, followerId, targetId),
    listSubscriptions: (followerId) => q.listSubscriptions(db, followerId),
  };
}
