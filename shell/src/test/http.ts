/**
 * The shell's HTTP double (the kit's MSW double, @wishes/kit-test/http): by default the
 * signed-in member's profile is unknown (404: no avatar) and the live unread count says 0; a test
 * sets other answers with `server.use(...)`; any other request fails.
 */
import { http, HttpResponse, mockApi, refuse } from '@wishes/kit-test/http';

export const { server } = mockApi(
  http.get('*/api/profile/:id/', () => refuse(404, 'Not found.')),
  http.get('*/api/notifications/stream/', () => new HttpResponse('retry: 60000\nevent: unread\ndata: {"unread_count":0}\n\n', { headers: { 'Content-Type': 'text/event-stream' } })),
);

export { http, HttpResponse };
