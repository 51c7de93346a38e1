/**
 * length/variants on generate_text, the streamed generate_text/stream/ (Server-Sent Events) and
 * improve_text: one quota unit per call, spent only when the text reached the reader.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { GenerateRequest, ImproveInstruction } from '@wishes/kit-contract/api';
import { GeneratorUnavailableError, GENERATOR_MESSAGES, type WishGenerator } from '@wishes/writer';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { parseEvents } from './testing';

const authOf = (user: TestUser) => ({ authorization: `Bearer ${user.access}` });
const body = { style: 'Casual', audience: 'Friend', name: 'Maya', topic: 'Get Well', details: 'broke her ankle skiing last week' };

/** A provider double that streams given pieces, can fail before or after the first one, and can hang. */
function scriptedGenerator() {
  const state = {
    pieces: ['Dear', ' Maya,', ' get', ' well!'],
    failAt: -1 as number,
    failWith: new GeneratorUnavailableError(503) as Error,
    pauseMs: 0,
    calls: [] as GenerateRequest[],
    improved: [] as Array<[string, ImproveInstruction]>,
  };
  const generator: WishGenerator = {
    async generate(request) {
      state.calls.push(request);
      return `Draft ${state.calls.length} for ${request.name} (${request.length ?? 'medium'})`;
    },
    async *stream(request, signal) {
      state.calls.push(request);
      for (let i = 0; i < state.pieces.length; i++) {
        if (i === state.failAt) throw state.failWith;
        if (i > 0 && state.pauseMs) await new Promise((r) => setTimeout(r, state.pauseMs));
        if (signal?.aborted) throw new GeneratorUnavailableError(503);
        yield state.pieces[i];
      }
    },
    async improve(text, instruction) {
      state.improved.push([text, instruction]);
      return `${text} (${instruction})`;
    },
  };
  return { generator, state };
}

async function eventCount(app: FastifyInstance, userId: number) {
  const row = await app.deps.db.selectFrom('generation_events').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

describe.each(dialects)('generation calls of API v2 (%s)', (dialect) => {
  let t: TestContext;
  let fake: ReturnType<typeof scriptedGenerator>;
  const LIMIT = 3;

  beforeAll(async () => {
    fake = scriptedGenerator();
    t = await createTestApp(dialect, { generationLimitPerHour: LIMIT }, { generator: fake.generator });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    fake.state.pieces = ['Dear', ' Maya,', ' get', ' well!'];
    fake.state.failAt = -1;
    fake.state.failWith = new GeneratorUnavailableError(503);
    fake.state.pauseMs = 0;
    fake.state.calls.length = 0;
  });

  const post = (url: string, payload: unknown, user?: TestUser) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: user ? authOf(user) : {} });

  describe('POST /api/base/generate_text/ with length and variants', () => {
    it('passes the length on and answers three variants for one unit', async () => {
      const user = await t.createUser();
      const res = await post('/api/base/generate_text/', { ...body, length: 'long', variants: 3 }, user);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.variants).toHaveLength(3);
      expect(json.text).toBe(json.variants[0]);
      expect(new Set(json.variants).size).toBe(3);
      expect(fake.state.calls.every((c) => c.length === 'long')).toBe(true);
      expect(json.rate_limit).toEqual({ limit: LIMIT, remaining: LIMIT - 1 });
      expect(await eventCount(t.app, user.id)).toBe(1);
    });

    it('answers no variants key for one draft', async () => {
      const user = await t.createUser();
      const res = await post('/api/base/generate_text/', { ...body, length: 'short' }, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ text: 'Draft 1 for Maya (short)', rate_limit: { limit: LIMIT, remaining: LIMIT - 1 } });
    });

    it.each([
      [{ length: 'huge' }],
      [{ length: 3 }],
      [{ variants: 0 }],
      [{ variants: 4 }],
      [{ variants: 1.5 }],
      [{ variants: '2' }],
    ])('refuses %j with 400 and no quota', async (extra) => {
      const user = await t.createUser();
      const res = await post('/api/base/generate_text/', { ...body, ...extra }, user);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
      expect(await eventCount(t.app, user.id)).toBe(0);
    });
  });

  describe('POST /api/base/generate_text/stream/', () => {
    const URL = '/api/base/generate_text/stream/';

    it('requires a signed-in user', async () => {
      const res = await post(URL, body);
      expect(res.statusCode).toBe(401);
    });

    it('streams token events, then done with the whole text and the quota', async () => {
      const user = await t.createUser();
      const res = await post(URL, body, user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache, no-transform');
      const events = parseEvents(res.body);
      expect(events.map((e) => e.event)).toEqual(['token', 'token', 'token', 'token', 'done']);
      expect(events.slice(0, 4).map((e) => e.data.text)).toEqual(['Dear', ' Maya,', ' get', ' well!']);
      expect(events[4].data).toEqual({ text: 'Dear Maya, get well!', rate_limit: { limit: LIMIT, remaining: LIMIT - 1 } });
      expect(await eventCount(t.app, user.id)).toBe(1);
    });

    it('is never compressed, so pieces reach the editor as they come', async () => {
      const user = await t.createUser();
      fake.state.pieces = Array.from({ length: 400 }, (_, i) => ` word${i}`);
      const res = await t.app.inject({ method: 'POST', url: URL, payload: body, headers: { ...authOf(user), 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(parseEvents(res.body).at(-1)?.event).toBe('done');
    });

    it('answers a failure before the first piece with the HTTP status itself, and no quota', async () => {
      const user = await t.createUser();
      fake.state.failAt = 0;
      const res = await post(URL, body, user);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: GENERATOR_MESSAGES.unavailable });
      expect(await eventCount(t.app, user.id)).toBe(0);
    });

    it('ends a stream cut mid-way with an error event; the pieces stay and no quota is spent', async () => {
      const user = await t.createUser();
      fake.state.failAt = 2;
      fake.state.failWith = new GeneratorUnavailableError(502, 'The wish generator stopped before the draft was finished.');
      const res = await post(URL, body, user);
      expect(res.statusCode).toBe(200);
      const events = parseEvents(res.body);
      expect(events.map((e) => e.event)).toEqual(['token', 'token', 'error']);
      expect(events[2].data).toEqual({ error: 'The wish generator stopped before the draft was finished.', status: 502 });
      expect(await eventCount(t.app, user.id)).toBe(0);
    });

    it('refuses a spent quota with HTTP 429 before any byte, and validates like generate_text', async () => {
      const user = await t.createUser();
      for (let i = 0; i < LIMIT; i++) expect((await post(URL, body, user)).statusCode).toBe(200);
      const limited = await post(URL, body, user);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: `You have reached the limit of ${LIMIT} wish generations per hour. Please try again later.`,
        rate_limit: { limit: LIMIT, remaining: 0 },
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      const other = await t.createUser();
      expect((await post(URL, { ...body, name: ' ' }, other)).statusCode).toBe(400);
      expect((await post(URL, { ...body, name: 7 }, other)).statusCode).toBe(400);
      expect((await post(URL, { ...body, length: 'epic' }, other)).statusCode).toBe(400);
    });

    it('keeps what arrived when the reader stops, and counts that generation once', async () => {
      const user = await t.createUser();
      fake.state.pieces = Array.from({ length: 50 }, (_, i) => ` w${i}`);
      fake.state.pauseMs = 20;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      {
        const port = (t.app.server.address() as AddressInfo).port;
        const stop = new AbortController();
        const res = await fetch(`http://127.0.0.1:${port}${URL}`, {
          method: 'POST',
          headers: { ...authOf(user), 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: stop.signal,
        });
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        let received = '';
        while (!received.includes(' w2"')) received += new TextDecoder().decode((await reader.read()).value);
        stop.abort();
        await reader.read().catch(() => undefined);
        expect(parseEvents(received.slice(0, received.lastIndexOf('\n\n') + 2)).every((e) => e.event === 'token')).toBe(true);
        // The server notices the closed connection, stops the provider and spends one unit.
        for (let i = 0; i < 50 && (await eventCount(t.app, user.id)) === 0; i++) await new Promise((r) => setTimeout(r, 20));
        expect(await eventCount(t.app, user.id)).toBe(1);
        await new Promise((r) => setTimeout(r, 100));
        expect(await eventCount(t.app, user.id)).toBe(1);
        t.app.server.closeAllConnections();
      }
    });
  });

  describe('POST /api/base/improve_text/', () => {
    const URL = '/api/base/improve_text/';

    it.each(['warmer', 'shorter', 'funnier', 'more formal'] as const)('rewrites %s for one unit', async (instruction) => {
      const user = await t.createUser();
      const res = await post(URL, { text: '  Hi Maya! Get well.  ', instruction }, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ text: `Hi Maya! Get well. (${instruction})`, rate_limit: { limit: LIMIT, remaining: LIMIT - 1 } });
      expect(await eventCount(t.app, user.id)).toBe(1);
    });

    it('refuses visitors, unknown instructions, blank and too long text', async () => {
      expect((await post(URL, { text: 'Hi', instruction: 'warmer' })).statusCode).toBe(401);
      const user = await t.createUser();
      for (const payload of [
        { text: 'Hi', instruction: 'louder' },
        { text: 'Hi' },
        { text: '   ', instruction: 'warmer' },
        { text: 'x'.repeat(2001), instruction: 'warmer' },
        { text: 5, instruction: 'warmer' },
        { text: 'Hi', instruction: ['warmer'] },
      ]) {
        const res = await post(URL, payload, user);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }
      expect(await eventCount(t.app, user.id)).toBe(0);
    });
  });
});

describe('the real offline provider through the routes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { generator: 'template' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams a draft that weaves the details in, first piece at once', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({ method: 'POST', url: '/api/base/generate_text/stream/', payload: body, headers: authOf(user) });
    const events = parseEvents(res.body);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(events.slice(0, -1).map((e) => e.data.text).join('')).toBe(done.data.text);
    expect(done.data.text).toMatch(/you broke your ankle skiing last week/iu);
  });

  it('gives three different variants and rewrites shorter', async () => {
    const user = await t.createUser();
    const res = await t.app.inject({ method: 'POST', url: '/api/base/generate_text/', payload: { ...body, variants: 3, length: 'long' }, headers: authOf(user) });
    const { variants } = res.json();
    expect(new Set(variants).size).toBe(3);
    const shorter = await t.app.inject({ method: 'POST', url: '/api/base/improve_text/', payload: { text: variants[1], instruction: 'shorter' }, headers: authOf(user) });
    expect(shorter.statusCode).toBe(200);
    expect(shorter.json().text.length).toBeLessThan(variants[1].length);
  });
});
