/**
 * The OpenAI-compatible provider streaming (`stream: true`), against a local HTTP server that
 * speaks the chat-completions SSE protocol the way OpenAI, Ollama, vLLM and llama.cpp's server do,
 * including a stream cut mid-way: the reader keeps what arrived, sees a clear error, keeps the quota.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createGenerator, GeneratorUnavailableError, STREAM_CUT } from '@wishes/writer';
import { parseEvents } from './testing';
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';

type Behaviour = 'stream' | 'cut' | 'noFinish' | 'error500' | 'plain';

const request = { style: 'Casual', audience: 'Friend', name: 'Maya', topic: 'Get Well', details: 'broke her ankle skiing last week' };
const PIECES = ['Hey Maya!', ' I heard you', ' broke your ankle', ' skiing last week.', ' Heal fast!'];

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** A local OpenAI-compatible server; `behaviour` picks how the next answer goes. */
async function startFakeModelServer() {
  const state = { behaviour: 'stream' as Behaviour, bodies: [] as any[] };
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const body = JSON.parse(raw);
      state.bodies.push(body);
      if (state.behaviour === 'error500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'boom' } }));
      }
      if (!body.stream || state.behaviour === 'plain') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: PIECES.join('') } }] }),
        );
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk({ role: 'assistant', content: '' }));
      for (let i = 0; i < PIECES.length; i++) {
        if (state.behaviour === 'cut' && i === 2) {
          // The model server dies half-way: the connection drops without [DONE].
          await new Promise((r) => setTimeout(r, 20));
          return res.socket?.destroy();
        }
        res.write(chunk({ content: PIECES[i] }));
        await new Promise((r) => setTimeout(r, 5));
      }
      if (state.behaviour === 'noFinish') return res.end();
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return { state, baseURL, close };
}

describe('openai provider streaming', () => {
  let model: Awaited<ReturnType<typeof startFakeModelServer>>;
  beforeAll(async () => {
    model = await startFakeModelServer();
  });
  afterAll(() => model.close());

  const generator = () => createGenerator({ provider: 'openai', openaiBaseUrl: model.baseURL, model: 'test-model', timeoutMs: 2000 });

  async function collect(iterable: AsyncIterable<string>) {
    const got: string[] = [];
    try {
      for await (const piece of iterable) got.push(piece);
      return { got, error: null };
    } catch (error) {
      return { got, error: error as GeneratorUnavailableError };
    }
  }

  it('passes each content delta on as it arrives, asking for stream: true and the length', async () => {
    model.state.behaviour = 'stream';
    model.state.bodies.length = 0;
    const { got, error } = await collect(generator().stream!({ ...request, length: 'short' }));
    expect(error).toBeNull();
    expect(got).toEqual(PIECES);
    expect(model.state.bodies[0]).toMatchObject({ model: 'test-model', stream: true });
    expect(JSON.stringify(model.state.bodies[0].messages)).toContain('20 to 45 words');
  });

  it('reports a stream cut mid-way as a clear error after the pieces that arrived', async () => {
    model.state.behaviour = 'cut';
    const { got, error } = await collect(generator().stream!(request));
    expect(got).toEqual(PIECES.slice(0, 2));
    expect(error).toBeInstanceOf(GeneratorUnavailableError);
    expect(error?.status).toBe(502);
    expect(error?.message).toBe(STREAM_CUT);
  });

  it('treats a stream that ends without finish_reason as cut', async () => {
    model.state.behaviour = 'noFinish';
    const { got, error } = await collect(generator().stream!(request));
    expect(got).toEqual(PIECES);
    expect(error?.message).toBe(STREAM_CUT);
  });

  it('fails before any piece when the server refuses', async () => {
    model.state.behaviour = 'error500';
    const { got, error } = await collect(generator().stream!(request));
    expect(got).toEqual([]);
    expect(error?.status).toBe(502);
  });

  it('improves text with the instruction in the prompt', async () => {
    model.state.behaviour = 'plain';
    model.state.bodies.length = 0;
    expect(await generator().improve!('Hi Maya, get well.', 'more formal')).toBe(PIECES.join(''));
    expect(JSON.stringify(model.state.bodies[0].messages)).toMatch(/more formal register/);
  });
});

describe.each(dialects)('generate_text/stream/ with GENERATOR=openai (%s)', (dialect) => {
  let model: Awaited<ReturnType<typeof startFakeModelServer>>;
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    model = await startFakeModelServer();
    t = await createTestApp(dialect, { generator: 'openai', openaiBaseUrl: model.baseURL, generatorModel: 'test-model' });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  const stream = () => t.app.inject({ method: 'POST', url: '/api/base/generate_text/stream/', payload: request, headers: { authorization: `Bearer ${user.access}` } });
  const used = async () =>
    Number((await t.app.deps.db.selectFrom('generation_events').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirst())?.n ?? 0);

  it('streams the pieces of the model and spends one unit', async () => {
    model.state.behaviour = 'stream';
    const events = parseEvents((await stream()).body);
    expect(events.filter((e) => e.event === 'token').map((e) => e.data.text)).toEqual(PIECES);
    expect(events.at(-1)).toEqual({ event: 'done', data: { text: PIECES.join(''), rate_limit: { limit: 20, remaining: 19 } } });
    expect(await used()).toBe(1);
  });

  it('a cut stream: the pieces arrived, then an error event; no quota lost', async () => {
    model.state.behaviour = 'cut';
    const res = await stream();
    expect(res.statusCode).toBe(200);
    const events = parseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['token', 'token', 'error']);
    expect(events[2].data).toEqual({ error: STREAM_CUT, status: 502 });
    expect(await used()).toBe(1);
  });

  it('a refusing model: HTTP 502 before any byte; no quota lost', async () => {
    model.state.behaviour = 'error500';
    const res = await stream();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'The wish generator sent an unexpected answer. Please try again later.' });
    expect(await used()).toBe(1);
  });
});
