/**
 * The read model (read-model.ts) and its search ids as subscribers of the domain
 * events (platform/events.ts): every write that changes what is listed or shown drops what it
 * touches, here at once (before the writer answers) and in every other process as the event
 * arrives. Nothing else drops them; a writer only emits.
 */
import { EVENT_FIELDS, type DomainEvent, type EventBus, type EventKind } from '../platform/events';
import type { ReadModel, ReadModelChange } from './read-model';

/** What each event drops: 'listed' = everything held and the search ids (any change to what is listed or how it is shown). */
function changeOf(event: DomainEvent): ReadModelChange | 'listed' | null {
  switch (event.kind) {
    case 'vote.changed':
      return { kind: 'vote', wishId: event.wishId, userId: event.userId, vote: event.vote };
    case 'follow.changed':
      return { kind: 'follows', userId: event.followerId };
    case 'report.filed':
    case 'reply.reported':
      return { kind: 'reports' };
    // The pages, detail and card showing that wish (its reply count).
    case 'reply.changed':
      return { kind: 'wish', wishId: event.wishId };
    case 'notifications.changed':
      return { kind: 'notifications', userId: event.userId };
    case 'wish.edited':
      // The card theme alone changes only the wish's own detail and card, no list.
      return event.fields.includes('text') ? 'listed' : { kind: 'wish', wishId: event.wishId };
    case 'wish.saved':
    case 'wish.deleted':
    case 'wish.visibility-changed':
    case 'report.resolved':
    case 'member.banned':
    case 'member.changed':
    case 'account.deleted':
      return 'listed';
    // Group wishes are never listed or cached by the read model.
    case 'group.signed':
    case 'group.reported':
      return null;
    // People are held apart (people/held-lists.ts), by their own subscriber.
    case 'people.changed':
      return null;
  }
}

const KINDS = Object.keys(EVENT_FIELDS) as EventKind[];

/** Subscribes the read model and its search ids to `events` (every process's); returns the undo. */
export function subscribeReadModel(model: ReadModel, events: EventBus): () => void {
  const apply = (event: DomainEvent) => {
    const change = changeOf(event);
    if (change === 'listed') model.clearListed();
    else if (change) model.apply(change);
  };
  const undo = KINDS.map((kind) => events.on(kind, apply, { everyProcess: true }));
  return () => undo.forEach((u) => u());
}
