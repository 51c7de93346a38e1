/**
 * LLM provider timing out: GENERATOR=openai pointing at a local server that accepts the
 * connection and never answers, with a short timeout. The route answers a clear 503 {error}
 * within the timeout, and no quota is used (a failed generation is not counted).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createGenerator } from '@wishes/writer';
import { createTestApp, dialects, type TestContext, type TestUser } from '../kit/harness';

const GEN = { style: 'Funny', audience: 'Friend', name: 'Sam', topic: 'Birthday', details: 'cake' };

describe.each(dialects)('LLM provider that never answers (%s)', (dialect) => {
  let blackHole: Server;
  const sockets: Socket[] = [];
  let t: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    blackHole = createServer((socket) => {
      sockets.push(socket);
      socket.resume(); // read the request, never write a byte
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const port = (blackHole.address() as AddressInfo).port;
    const generator = createGenerator({ provider: 'openai', openaiBaseUrl: `http://127.0.0.1:${port}/v1`, openaiApiKey: 'test', timeoutMs: 400 });
    t = await createTestApp(dialect, { generationLimitPerHour: 2 }, { generator });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  it('answers 503 with a readable error within the timeout, and uses no quota', async () => {
    // More attempts than the hourly limit: none is counted, so none is a 429.
    for (let i = 0; i < 4; i++) {
      const t0 = Date.now();
      const res = await t.request({ method: 'POST', url: '/api/base/generate_text/', token: user.access, payload: GEN });
      const elapsed = Date.now() - t0;
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(typeof body.error).toBe('string');
      expect(body.error.length).toBeGreaterThan(10);
      expect(res.body).not.toMatch(/ECONN|timeout|at .*\.(ts|js):\d+/i);
      expect(elapsed).toBeLessThan(3000);
    }
    const events = await t.app.deps.db.selectFrom('generation_events').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(0);
    expect(sockets.length).toBeGreaterThanOrEqual(4);
  });
});
