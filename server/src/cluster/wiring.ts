/**
 * Cluster mode's events: every process's domain events (platform/events.ts) travel over Redis
 * (cluster/shared-state.ts) to the others, whose `everyProcess` subscribers (the read model and the
 * search ids) apply them as they arrive, so a write on one process is in every process's pages at
 * once. A lost message is repaired by the read model's version check within VERSION_CHECK_MS
 * (250 ms; also while Redis is away), and `resync` (everything held dropped) runs whenever Redis
 * comes and goes, since messages were lost meanwhile.
 * - Sessions: "user N's sessions ended" drops N's cached epoch (auth/sessions.ts), so a signed-out
 *   token is refused by every process at once instead of after EPOCH_CACHE_MS.
 *
 * Live notifications need nothing here: on PostgreSQL they already travel by LISTEN/NOTIFY
 * (notifications/bus.ts). Remote-release switches are read from the database on every page
 * (pages/remotes.ts), so they reach every process without a message.
 */
import type { EventBus } from '../platform/events';
import type { ClusterLink } from './shared-state';

/** "User N's sessions ended" to every listener of this process (auth/sessions.ts's bus). */
export interface SessionsBus {
  publish(userId: number): void;
  subscribe(listener: (userId: number) => void): () => void;
}

/** The session cache, as the composition root hands it over (auth/sessions.ts), so this file knows no area. */
export interface SessionsLink {
  /** Sets the cache lifetime of session epochs (ms). */
  setCacheMs(ms: number): void;
  /** A bus that tells this process's listeners only. */
  localBus(): SessionsBus;
  /** Makes `bus` the sessions' bus; returns the previous one. */
  install(bus: SessionsBus): SessionsBus;
}

/** Cache lifetime while Redis is away: invalidations cannot travel, so no copy is trusted longer. */
export const DEGRADED_CACHE_MS = 1000;

/**
 * Wires the invalidations of `db`'s caches through `cluster`; returns the undo (on app close).
 * `cacheMs`: the lifetimes the caches were configured with, kept while Redis answers; while it does
 * not, the session cache's is cut to DEGRADED_CACHE_MS, and when it returns, `resync` runs (messages
 * were lost meanwhile) and the lifetimes restored. The read model has no lifetime:
 * its version check (on in cluster mode) bounds it with or without Redis.
 */
export function wireClusterInvalidations(sessions: SessionsLink, cluster: ClusterLink, cacheMs: { session: number }, events: EventBus, resync: () => void): () => void {
  const previousRemote = events.setRemote((event) => cluster.publish({ kind: 'domain', event }));

  const local = sessions.localBus();
  const sessionBus: SessionsBus = {
    publish(userId) {
      local.publish(userId);
      cluster.publish({ kind: 'sessions-ended', userId });
    },
    subscribe: (listener) => local.subscribe(listener),
  };
  const previousBus = sessions.install(sessionBus);

  const unsubscribe = cluster.subscribe((event) => {
    if (event.kind === 'domain') events.deliverRemote(event.event);
    else local.publish(event.userId);
  });
  const unwatch = cluster.onAvailability((available) => {
    sessions.setCacheMs(available ? cacheMs.session : Math.min(cacheMs.session, DEGRADED_CACHE_MS));
    resync();
  });
  return () => {
    unsubscribe();
    unwatch();
    events.setRemote(previousRemote);
    sessions.install(previousBus);
  };
}
