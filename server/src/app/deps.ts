/** What every route plugin receives: the shared services of one app instance. */
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db/types';
import type { Config } from '../platform/config';
import type { Mailer } from '../mail/mailer';
import type { WishGenerator } from '@wishes/writer';
import type { Notifier } from '../notifications/service';
import type { ClusterLink } from '../cluster/shared-state';
import type { Metrics } from '../platform/metrics';
import type { Scheduler } from '../deliveries/scheduler';
import type { CanaryClock } from '../releases/canary-count';
import type { EventBus } from '../platform/events';
import type { ReadModel } from '../wishes/read-model';
import type { PeopleLists } from '../people/service';
import { routeDefiner } from '../platform/operations';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  generator: WishGenerator;
  dialect: Dialect;
  /** Domain events (platform/events.ts): a writer emits once its write committed; subscribers are wired in app/subscriptions.ts. */
  events: EventBus;
  /**
   * The read model of this app (wishes/read-model.ts): the lists and wishes held in memory, kept
   * current by its subscriber (app/subscriptions.ts). Readers take it from here; nothing writes it.
   */
  readModel: ReadModel;
  /** Each member's people list held as its answer's bytes (people/held-lists.ts), dropped by `people.changed`. */
  peopleLists: PeopleLists;
  /** Notifications: `notify(...)` for other modules, vote/follow hooks, the unread bus (notifications/service.ts). */
  notifications: Notifier;
  /** Cluster mode (REDIS_URL): the Redis link every process shares (cluster/shared-state.ts); absent for one process. */
  cluster?: ClusterLink;
  /** Operators' metrics (platform/metrics.ts): add a gauge or a queue's depth here; read when scraped. */
  metrics: Metrics;
  /** The canary watch's clock (releases/canary-count.ts) when a test fakes it; absent: the real one. */
  canaryClock?: CanaryClock;
  /** The delivery scheduler of this process (deliveries/scheduler.ts); set once the app is ready. */
  scheduler?: Scheduler;
}

/** A URL area's routes (`defineRoutes((app, deps) => ({ opId: … }))`): the platform's registrar bound to AppDeps. */
export const defineRoutes = routeDefiner<AppDeps>();
