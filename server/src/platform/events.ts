/**
 * Domain events: what happened, told by the module that wrote it, after its write committed.
 * Writers emit; the read model, notifications and the cluster link subscribe, so a writer never
 * names what depends on its data, and a new reader of a write is one more subscriber.
 *
 * - In process: `emit` runs every subscriber of the event's kind at once (a synchronous one before
 *   `emit` returns, so a cache dropped here is dropped before the writer answers: read-your-writes),
 *   and resolves when the asynchronous ones have finished. A subscriber that fails is logged and
 *   does not fail the write, which has already committed.
 * - Across processes (cluster mode): the composition root links the bus to Redis pub/sub
 *   (cluster/wiring.ts); an event that arrives from another process reaches only the subscribers
 *   that asked for `everyProcess` (caches of shared data), never the ones that act once per write
 *   (a notification, a delivery).
 *
 * A feature adds its events to DomainEvents below (kind → payload) and to EVENT_FIELDS (what a
 * message from another process must carry to be accepted).
 */
import type { VoteType } from '@wishes/kit-contract/api';

export interface DomainEvents {
  /** A wish was saved (listed or not). */
  'wish.saved': { wishId: number; authorId: number };
  /** A wish's text or card theme changed (its visibility: wish.visibility-changed). */
  'wish.edited': { wishId: number; fields: Array<'text' | 'card_theme'> };
  /** A wish was deleted (by its author, a moderator, or an undone save). */
  'wish.deleted': { wishId: number };
  /** A wish was made public or private. */
  'wish.visibility-changed': { wishId: number; isPublic: boolean };
  /** A member cast, switched or removed a vote (`vote` null: removed). */
  'vote.changed': { wishId: number; userId: number; vote: VoteType | null };
  /** A member followed (`following`) or unfollowed someone. */
  'follow.changed': { followerId: number; targetId: number; following: boolean };
  /** A report on a wish was filed. */
  'report.filed': { wishId: number };
  /** A wish's reports were acted on: hidden, restored, dismissed or deleted by a moderator, or hidden automatically. */
  'report.resolved': { wishId: number; action: string };
  /** A member was banned (`banned`) or unbanned: every wish of theirs hidden or shown. */
  'member.banned': { userId: number; banned: boolean };
  /** A member's name or avatar changed (shown on every wish of theirs). */
  'member.changed': { userId: number };
  /** An account and everything it wrote were deleted. */
  'account.deleted': { userId: number };
  /** A member's notifications changed (a row, its actors, its read state). */
  'notifications.changed': { userId: number };
  /** A reply under a wish was added, removed, hidden or restored (the wish's reply count and list). */
  'reply.changed': { wishId: number; replyId: number };
  /** A report on a reply under this wish was filed or resolved (the moderation queue). */
  'reply.reported': { wishId: number; replyId: number };
  /** A message was added to a group wish (the organiser is told). */
  'group.signed': { groupId: number; contributionId: number };
  /** A message of a group wish was reported from its invite page (the organiser is told). */
  'group.reported': { groupId: number; contributionId: number };
  /** A member's people, their dates or what their list is read with (their time zone) changed. */
  'people.changed': { userId: number };
}

export type EventKind = keyof DomainEvents;
export type DomainEvent = { [K in EventKind]: { kind: K } & DomainEvents[K] }[EventKind];
export type EventOf<K extends EventKind> = Extract<DomainEvent, { kind: K }>;

type Field = 'id' | 'vote' | 'bool' | 'string' | 'fields';
/** Each event's fields and their types: a message from another process is accepted only when it matches. */
export const EVENT_FIELDS: { [K in EventKind]: { [F in keyof DomainEvents[K]]-?: Field } } = {
  'wish.saved': { wishId: 'id', authorId: 'id' },
  'wish.edited': { wishId: 'id', fields: 'fields' },
  'wish.deleted': { wishId: 'id' },
  'wish.visibility-changed': { wishId: 'id', isPublic: 'bool' },
  'vote.changed': { wishId: 'id', userId: 'id', vote: 'vote' },
  'follow.changed': { followerId: 'id', targetId: 'id', following: 'bool' },
  'report.filed': { wishId: 'id' },
  'report.resolved': { wishId: 'id', action: 'string' },
  'member.banned': { userId: 'id', banned: 'bool' },
  'member.changed': { userId: 'id' },
  'account.deleted': { userId: 'id' },
  'notifications.changed': { userId: 'id' },
  'reply.changed': { wishId: 'id', replyId: 'id' },
  'reply.reported': { wishId: 'id', replyId: 'id' },
  'group.signed': { groupId: 'id', contributionId: 'id' },
  'group.reported': { groupId: 'id', contributionId: 'id' },
  'people.changed': { userId: 'id' },
};

const fieldOk: Record<Field, (v: unknown) => boolean> = {
  id: (v) => Number.isSafeInteger(v) && (v as number) > 0,
  vote: (v) => v === null || v === 'upvote' || v === 'downvote',
  bool: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string' && v.length <= 64,
  fields: (v) => Array.isArray(v) && v.every((f) => f === 'text' || f === 'card_theme'),
};

/** An event as another process sent it, or null when it is not one this build knows. */
export function parseDomainEvent(value: unknown): DomainEvent | null {
  if (!value || typeof value !== 'object') return null;
  const kind = (value as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !Object.hasOwn(EVENT_FIELDS, kind)) return null;
  const fields = EVENT_FIELDS[kind as EventKind] as Record<string, Field>;
  const event: Record<string, unknown> = { kind };
  for (const [name, type] of Object.entries(fields)) {
    const v = (value as Record<string, unknown>)[name];
    if (!fieldOk[type](v)) return null;
    event[name] = v;
  }
  return event as DomainEvent;
}

export type Handler<K extends EventKind> = (event: EventOf<K>) => void | Promise<void>;

export interface SubscribeOptions {
  /** Also called for the events of other processes (cluster mode): for caches of shared data. Default: this process's writes only. */
  everyProcess?: boolean;
}

export interface EventBus {
  /** Tells every subscriber (and, in cluster mode, every other process); resolves once the local subscribers have finished. */
  emit(event: DomainEvent): Promise<void>;
  /** Calls `handler` for every event of `kind`; returns the undo. */
  on<K extends EventKind>(kind: K, handler: Handler<K>, options?: SubscribeOptions): () => void;
  /** Delivers an event another process emitted (to the `everyProcess` subscribers only). */
  deliverRemote(event: DomainEvent): void;
  /** Where this process's events go to the others (cluster mode); null: nowhere. Returns the previous one. */
  setRemote(publish: ((event: DomainEvent) => void) | null): ((event: DomainEvent) => void) | null;
}

interface Subscriber {
  handler: (event: DomainEvent) => void | Promise<void>;
  everyProcess: boolean;
}

export function createEventBus(onError: (error: unknown, event: DomainEvent) => void): EventBus {
  const subscribers = new Map<EventKind, Subscriber[]>();
  let remote: ((event: DomainEvent) => void) | null = null;

  const run = (event: DomainEvent, fromElsewhere: boolean): Promise<void>[] => {
    const pending: Promise<void>[] = [];
    for (const subscriber of subscribers.get(event.kind) ?? []) {
      if (fromElsewhere && !subscriber.everyProcess) continue;
      try {
        const result = subscriber.handler(event);
        if (result) pending.push(result.catch((error: unknown) => onError(error, event)));
      } catch (error) {
        onError(error, event);
      }
    }
    return pending;
  };

  return {
    async emit(event) {
      const pending = run(event, false);
      remote?.(event);
      await Promise.all(pending);
    },
    on(kind, handler, options = {}) {
      const subscriber: Subscriber = { handler: handler as Subscriber['handler'], everyProcess: options.everyProcess ?? false };
      subscribers.set(kind, [...(subscribers.get(kind) ?? []), subscriber]);
      return () => subscribers.set(kind, (subscribers.get(kind) ?? []).filter((s) => s !== subscriber));
    },
    deliverRemote(event) {
      void Promise.all(run(event, true));
    },
    setRemote(publish) {
      const previous = remote;
      remote = publish;
      return previous;
    },
  };
}
