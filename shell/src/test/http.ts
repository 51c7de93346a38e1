/**
 * The HTTP double for the shell's tests: MSW answers at the network edge, so the tests drive the
 * real client. By default the signed-in member's profile is unknown (404: no avatar); a test sets
 * other answers with `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer(http.get('*/api/profile/:id/', () => HttpResponse.json({ error: 'Not found.' }, { status: 404 })));

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

export { http, HttpResponse };
