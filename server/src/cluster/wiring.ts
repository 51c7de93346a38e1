/**
 * Cluster mode's cache invalidations: every process applies its own change at once and tells the
 * others over Redis (cluster/shared-state.ts), which then drop their cached copies.
 *
 * - Wishes: any change to what is listed clears the read model and the search ids
 *   (wishes/caches.ts), and a vote or a follow drops just the pages it touches
 *   (wishes/read-model.ts), so a write on one process is in every process's pages at once (as the
 *   message arrives). A lost message is repaired by the read model's version check within
 *   VERSION_CHECK_MS (250 ms; also while Redis is away).
 * - Sessions: "user N's sessions ended" drops N's cached epoch (auth/sessions.ts), so a signed-out
 *   token is refused by every process at once instead of after EPOCH_CACHE_MS.
 *
 * Live notifications need nothing here: on PostgreSQL they already travel by LISTEN/NOTIFY
 * (notifications/bus.ts). Remote-release switches are read from the database on every page
 * (pages/remotes.ts), so they reach every process without a message.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { configureSessionCache, createLocalInvalidationBus, setSessionInvalidationBus, type SessionInvalidationBus } from '../auth/sessions';
import { clearWishCaches, publishWishChanges } from '../wishes/caches';
import { configureReadModel, readModelOf } from '../wishes/read-model';
import type { ClusterLink } from './shared-state';

/** Cache lifetime while Redis is away: invalidations cannot travel, so no copy is trusted longer. */
export const DEGRADED_CACHE_MS = 1000;

/**
 * Wires the invalidations of `db`'s caches through `cluster`; returns the undo (on app close).
 * `cacheMs`: the lifetimes the caches were configured with, kept while Redis answers; while it does
 * not, the session cache's is cut to DEGRADED_CACHE_MS, and when it returns, the wish caches are
 * cleared (messages were lost meanwhile) and the lifetimes restored. The read model has no lifetime:
 * its version check (on in cluster mode) bounds it with or without Redis.
 */
export function wireClusterInvalidations(db: Kysely<Database>, cluster: ClusterLink, cacheMs: { session: number }): () => void {
  publishWishChanges(db, () => cluster.publish({ kind: 'wishes-changed' }));
  configureReadModel(db, { publish: (change) => cluster.publish({ kind: 'read-model', change }), pgVersionCheck: true });

  const local = createLocalInvalidationBus();
  const sessionBus: SessionInvalidationBus = {
    publish(userId) {
      local.publish(userId);
      cluster.publish({ kind: 'sessions-ended', userId });
    },
    subscribe: (listener) => local.subscribe(listener),
  };
  const previousBus = setSessionInvalidationBus(sessionBus);

  const unsubscribe = cluster.subscribe((event) => {
    if (event.kind === 'wishes-changed') clearWishCaches(db);
    else if (event.kind === 'read-model') readModelOf(db).apply(event.change);
    else local.publish(event.userId);
  });
  const unwatch = cluster.onAvailability((available) => {
    configureSessionCache(db, available ? cacheMs.session : Math.min(cacheMs.session, DEGRADED_CACHE_MS));
    clearWishCaches(db);
  });
  return () => {
    unsubscribe();
    unwatch();
    publishWishChanges(db, () => undefined);
    configureReadModel(db, { publish: () => undefined, pgVersionCheck: false });
    setSessionInvalidationBus(previousBus);
  };
}
