/**
 * "Something changed for user N" as a small publish/subscribe interface, so the unread-count
 * streams hear about changes whichever server process made them.
 *
 * - In-process (SQLite, one process): listeners are called directly.
 * - PostgreSQL: `publish` runs `pg_notify('wishes_unread', '<userId>')` on the shared database; every
 *   process that has a stream open keeps one LISTEN connection and calls its own listeners, so a vote
 *   handled by process A reaches the bell of a member whose stream is held by process B. The LISTEN
 *   connection is opened on the first subscription; after a drop it reconnects and tells every local
 *   listener to re-read (a NOTIFY sent while disconnected is lost).
 */
import { Client } from 'pg';

export type UnreadListener = () => void;

export interface UnreadBus {
  /** Tell every stream of `userId`, in any process, that its notifications changed. */
  publish(userId: number): Promise<void>;
  /** The same for several members at once: on PostgreSQL one statement (one round trip, one commit) for all. */
  publishMany(userIds: readonly number[]): Promise<void>;
  /** Calls `listener` on every change for `userId`; returns the unsubscribe function. */
  subscribe(userId: number, listener: UnreadListener): () => void;
  /** Resolves once changes from other processes reach this one's listeners (the LISTEN is up). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'wishes_unread';

/** Listener sets per user id: the part both implementations share. */
class Listeners {
  private readonly byUser = new Map<number, Set<UnreadListener>>();
  add(userId: number, listener: UnreadListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (set!.size === 0) this.byUser.delete(userId);
    };
  }
  emit(userId: number): void {
    for (const listener of [...(this.byUser.get(userId) ?? [])]) listener();
  }
  emitAll(): void {
    for (const userId of [...this.byUser.keys()]) this.emit(userId);
  }
  get size(): number {
    return this.byUser.size;
  }
}

export function createInProcessBus(): UnreadBus {
  const listeners = new Listeners();
  return {
    async publish(userId) {
      listeners.emit(userId);
    },
    async publishMany(userIds) {
      for (const userId of userIds) listeners.emit(userId);
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    async ready() {},
    async close() {},
  };
}

export interface PostgresBusOptions {
  databaseUrl: string;
  /** Sends one NOTIFY per payload, all in one statement (through the app's pool). */
  notify: (channel: string, payloads: readonly string[]) => Promise<void>;
  onError?: (error: unknown) => void;
  reconnectMs?: number;
}

export function createPostgresBus(options: PostgresBusOptions): UnreadBus {
  const listeners = new Listeners();
  let client: Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = (): Promise<void> => {
    if (client || connecting || closed) return connecting ?? Promise.resolve();
    const next = new Client({ connectionString: options.databaseUrl });
    const dropped = (error?: unknown) => {
      if (client !== next && connecting === null) return;
      if (error) options.onError?.(error);
      client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (!closed && listeners.size > 0 && !retry) {
        retry = setTimeout(() => {
          retry = null;
          // Missed NOTIFYs while down: every open stream re-reads its count.
          void connect().then(() => listeners.emitAll());
        }, options.reconnectMs ?? 1000);
        retry.unref();
      }
    };
    next.on('notification', (message) => {
      const userId = Number(message.payload);
      if (Number.isSafeInteger(userId)) listeners.emit(userId);
    });
    next.on('error', dropped);
    next.on('end', () => dropped());
    connecting = next
      .connect()
      .then(() => next.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        client = next;
      })
      .catch((error) => dropped(error))
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  const publishMany = async (userIds: readonly number[]) => {
    if (userIds.length > 0) await options.notify(CHANNEL, userIds.map(String));
  };

  return {
    publish: (userId) => publishMany([userId]),
    publishMany,
    subscribe(userId, listener) {
      const unsubscribe = listeners.add(userId, listener);
      void connect();
      return unsubscribe;
    },
    async ready() {
      await connect();
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
