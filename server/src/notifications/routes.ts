/** The member's notifications: list, mark read, and the live unread count (Server-Sent Events). */
import type { FastifyRequest } from 'fastify';
import { defineRoutes } from '../app/deps';
import { AUTH_MESSAGES, AuthError } from '../platform/errors';
import { parsePage } from '../platform/params';
import { requireUser } from '../platform/auth';
import type { VerifiedClaims } from '../platform/tokens';
import { claimsStillValid, onSessionsEnded } from '../auth/sessions';
import { createEventStreams, streamLimits, type EventStream } from '../platform/event-stream';
import { sharedStreamSlots } from '../cluster/stream-slots';

export default defineRoutes((app, deps) => {
  const { notifications, db } = deps;
  const streams = createEventStreams(app, 'unread', streamLimits(deps.config), (listener) => onSessionsEnded(db, listener), sharedStreamSlots(deps));

  /**
   * One bus subscription per member with open streams in this process: a change reads the unread
   * count once and sends it to every stream of that member (not one query per stream).
   */
  const members = new Map<number, { streams: Set<EventStream>; unsubscribe: () => void; sending: Promise<void> }>();
  const broadcast = (userId: number) => {
    const member = members.get(userId);
    if (!member) return;
    // One at a time, in order, so a slower earlier read never overwrites a newer count.
    member.sending = member.sending.then(async () => {
      if (member.streams.size === 0) return;
      try {
        const unread_count = await notifications.unreadCount(userId);
        for (const stream of member.streams) stream.send('unread', { unread_count });
      } catch (error) {
        app.log.warn({ err: error }, 'unread count not sent');
      }
    });
  };
  const join = (stream: EventStream) => {
    const userId = stream.userId;
    let member = members.get(userId);
    if (!member) {
      const created: { streams: Set<EventStream>; unsubscribe: () => void; sending: Promise<void> } = { streams: new Set(), unsubscribe: () => undefined, sending: Promise.resolve() };
      created.unsubscribe = notifications.bus.subscribe(userId, () => broadcast(userId));
      members.set(userId, (member = created));
    }
    member.streams.add(stream);
    stream.onEnd(() => {
      member.streams.delete(stream);
      if (member.streams.size === 0 && members.get(userId) === member) {
        member.unsubscribe();
        members.delete(userId);
      }
    });
    return member;
  };

  /** The claims of the access token that opened the stream: the Authorization header's, else `?access_token=`. */
  const streamClaims = async (request: FastifyRequest, queryToken: string | undefined): Promise<VerifiedClaims> => {
    const header = request.headers.authorization?.trim().split(/\s+/);
    const token = request.userId !== null && header?.[0]?.toLowerCase() === 'bearer' ? header[1] : queryToken;
    if (token === undefined) throw new AuthError(AUTH_MESSAGES.notProvided);
    const claims = app.tokens.verify(token, 'access');
    if (!claims || !(await claimsStillValid(db, claims))) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
    return claims;
  };

  return {
    listNotifications: { handler: async (request) => notifications.list(requireUser(request), parsePage(request.query.page)) },
    markNotificationsRead: { handler: async (request) => ({ unread_count: await notifications.markRead(requireUser(request), request.body.ids) }) },

    /**
     * The browser sends the Authorization header (fetch-based stream); `?access_token=` stays for
     * old EventSource clients and is never logged (app/log-redact.ts). The stream ends when its
     * token expires, when the member's sessions end, or after STREAM_IDLE_TIMEOUT without an event;
     * the client then reconnects with a fresh token. At most STREAMS_PER_MEMBER per member and
     * STREAMS_PER_ADDRESS per address are open at once (platform/event-stream.ts).
     */
    streamUnreadCount: {
      checksAuth: true,
      handler: async (request, reply) => {
        const claims = await streamClaims(request, request.query.access_token);
        const stream = await streams.open(request, reply, {
          userId: claims.user_id,
          expiresAtMs: claims.exp * 1000,
          stillValid: () => claimsStillValid(db, claims),
          reconnectMs: 3000,
        });
        stream.start();
        const member = join(stream);
        // Listen first, then read: a change between the two is sent again rather than lost.
        await notifications.bus.ready().catch((error) => request.log.warn({ err: error }, 'unread bus not listening'));
        // The first count goes to this stream alone (the others already have theirs).
        member.sending = member.sending.then(async () => {
          try {
            const unread_count = await notifications.unreadCount(claims.user_id);
            stream.send('unread', { unread_count });
          } catch (error) {
            request.log.warn({ err: error }, 'unread count not sent');
          }
        });
      },
    },
  };
});
