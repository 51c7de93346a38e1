/**
 * The HTTP double for the shell's tests: MSW answers at the network edge, so the tests drive the
 * real client. By default the signed-in member's profile is unknown (404: no avatar) and the live
 * unread count says 0; a test sets other answers with `server.use(...)`; any other request fails.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer(
  http.get('*/api/profile/:id/', () => HttpResponse.json({ error: 'Not found.' }, { status: 404 })),
  http.get('*/api/notifications/stream/', () => new HttpResponse('retry: 60000\nevent: unread\ndata: {"unread_count":0}\n\n', { headers: { 'Content-Type': 'text/event-stream' } })),
);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

export { http, HttpResponse };
