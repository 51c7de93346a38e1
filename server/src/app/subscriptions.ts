/**
 * The composition of the domain events (platform/events.ts): who listens to what. This file and
 * app.ts are the only ones that wire the read model; every writer only emits.
 *
 * - The read model and the search ids (wishes/read-model-events.ts): every event, from every
 *   process, applied synchronously within the emit (so before the writer answers).
 * - Notifications: `follow.changed` (the followed member's "new follower", withdrawn on unfollow),
 *   this process's writes only (another process notifies for its own); `group.signed` and
 *   `group.reported` (the organiser's `group_signed` notification, groups/service.ts).
 * - The held people lists (people/held-lists.ts): `people.changed` and `account.deleted` drop that
 *   member's, from every process, within the emit.
 */
import type { EventBus } from '../platform/events';
import type { Notifier } from '../notifications/service';
import { subscribeReadModel } from '../wishes/read-model-events';
import { subscribeGroupNotices, type GroupNoticeDeps } from '../groups/service';
import type { ReadModel } from '../wishes/read-model';
import { subscribePeopleLists, type PeopleLists } from '../people/service';

export interface Subscriptions {
  /** Drops everything the read model and the search ids hold (Redis came or went: messages were lost). */
  resync(): void;
  /** Cluster mode on or off: the read model's PostgreSQL version check (the bound on a lost message). */
  clusterMode(on: boolean): void;
  close(): void;
}

export function subscribeAll({
  readModel,
  peopleLists,
  events,
  notifications,
  db,
}: {
  readModel: ReadModel;
  peopleLists: PeopleLists;
  events: EventBus;
  notifications: Notifier;
  db: GroupNoticeDeps['db'];
}): Subscriptions {
  const undo = [
    subscribeReadModel(readModel, events),
    subscribePeopleLists(peopleLists, events),
    ...subscribeGroupNotices({ events, notifications, db }),
    events.on('follow.changed', (event) => notifications.followChanged(event.followerId, event.targetId, event.following)),
  ];
  return {
    resync: () => {
      readModel.clearListed();
      peopleLists.clear();
    },
    clusterMode: (on) => {
      readModel.pgCheck = on;
      readModel.clearListed();
      peopleLists.clear();
    },
    close: () => undo.forEach((u) => u()),
  };
}
