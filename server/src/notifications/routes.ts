/** The member's notifications: list, mark read, and the live unread count (Server-Sent Events). */
import { defineRoutes } from '../app/operations';
import { AUTH_MESSAGES, AuthError } from '../app/errors';
import { parsePage } from '../app/params';
import { requireUser } from '../app/auth';
import { claimsStillValid } from '../auth/sessions';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export default defineRoutes((app, deps) => {
  const { notifications, db } = deps;
  const openStreams = new Set<() => void>();
  // Streams never end on their own; end them before the server waits for its connections to close.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  return {
    listNotifications: { handler: async (request) => notifications.list(requireUser(request), parsePage(request.query.page)) },
    markNotificationsRead: { handler: async (request) => ({ unread_count: await notifications.markRead(requireUser(request), request.body.ids) }) },

    /**
     * EventSource cannot send headers, so the access token may come as `?access_token=`. The stream
     * ends when that token expires; the client then reconnects with a fresh one.
     */
    streamUnreadCount: {
      checksAuth: true,
      handler: async (request, reply) => {
        let userId = request.userId;
        let expiresAtMs: number | null = null;
        const queryToken = request.query.access_token;
        if (userId === null && queryToken !== undefined) {
          const claims = app.tokens.verify(queryToken, 'access');
          if (!claims || !(await claimsStillValid(db, claims))) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
          userId = claims.user_id;
          expiresAtMs = claims.exp * 1000;
        }
        if (userId === null) throw new AuthError(AUTH_MESSAGES.notProvided);
        const me = userId;

        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
        });
        res.write('retry: 3000\n\n');

        let ended = false;
        let sending = Promise.resolve();
        const sendCount = () => {
          // One at a time, in order, so a slower earlier read never overwrites a newer count.
          sending = sending.then(async () => {
            if (ended) return;
            try {
              const count = await notifications.unreadCount(me);
              if (!ended) res.write(`event: unread\ndata: ${JSON.stringify({ unread_count: count })}\n\n`);
            } catch (error) {
              request.log.warn({ err: error }, 'unread count not sent');
            }
          });
        };
        const unsubscribe = notifications.bus.subscribe(me, sendCount);
        const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
        const expiry = expiresAtMs === null ? null : setTimeout(() => end(), Math.max(0, Math.min(expiresAtMs - Date.now(), 2 ** 31 - 1)));
        const end = () => {
          if (ended) return;
          ended = true;
          unsubscribe();
          clearInterval(heartbeat);
          if (expiry) clearTimeout(expiry);
          openStreams.delete(end);
          res.end();
        };
        openStreams.add(end);
        request.raw.on('close', end);
        res.on('error', end);
        // Listen first, then read: a change between the two is sent again rather than lost.
        await notifications.bus.ready().catch((error) => request.log.warn({ err: error }, 'unread bus not listening'));
        sendCount();
      },
    },
  };
});
