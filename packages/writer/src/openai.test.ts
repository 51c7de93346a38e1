import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanCompletion } from './openai';
import { createGenerator, GeneratorUnavailableError, GENERATOR_MESSAGES } from './provider';

type Behaviour = 'ok' | 'quoted' | 'error500' | 'error429' | 'notJson' | 'noChoices' | 'emptyContent' | 'hang';

const request = { style: 'Funny', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'Loves cats' };

describe('openai provider against a local OpenAI-compatible server', () => {
  let server: http.Server;
  let baseURL: string;
  let behaviour: Behaviour = 'ok';
  const received: Array<{ url?: string; auth?: string; body: any }> = [];
  const openSockets = new Set<import('node:net').Socket>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push({ url: req.url, auth: req.headers.authorization, body: raw ? JSON.parse(raw) : null });
        const json = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        const completion = (content: unknown) => ({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: 'test-model',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        });
        switch (behaviour) {
          case 'ok':
            return json(200, completion('  Happy birthday, Anna!   May your cats always purr.  '));
          case 'quoted':
            return json(200, completion('"Happy birthday, Anna!"'));
          case 'error500':
            return json(500, { error: { message: 'boom' } });
          case 'error429':
            return json(429, { error: { message: 'slow down' } });
          case 'notJson':
            res.writeHead(200, { 'content-type': 'application/json' });
            return res.end('<html>definitely not json');
          case 'noChoices':
            return json(200, { id: 'x', object: 'chat.completion', choices: [] });
          case 'emptyContent':
            return json(200, completion('   '));
          case 'hang':
            return; // never answers
        }
      });
    });
    server.on('connection', (s) => {
      openSockets.add(s);
      s.on('close', () => openSockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    for (const s of openSockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const generator = (timeoutMs = 2000) =>
    createGenerator({ provider: 'openai', openaiBaseUrl: baseURL, openaiApiKey: 'sk-test', model: 'test-model', timeoutMs });

  async function failure(promise: Promise<unknown>): Promise<GeneratorUnavailableError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(GeneratorUnavailableError);
      return error as GeneratorUnavailableError;
    }
    throw new Error('expected the generation to fail');
  }

  it('returns the cleaned completion and sends a sensible request', async () => {
    behaviour = 'ok';
    received.length = 0;
    const text = await generator().generate(request);
    expect(text).toBe('Happy birthday, Anna! May your cats always purr.');
    expect(received).toHaveLength(1);
    expect(received[0].url).toBe('/v1/chat/completions');
    expect(received[0].auth).toBe('Bearer sk-test');
    expect(received[0].body.model).toBe('test-model');
    const prompt = JSON.stringify(received[0].body.messages);
    for (const value of Object.values(request)) expect(prompt).toContain(value);
  });

  it('strips quotes a model wraps around the wish', async () => {
    behaviour = 'quoted';
    expect(await generator().generate(request)).toBe('Happy birthday, Anna!');
  });

  it('maps an upstream 500 to 502 without retrying', async () => {
    behaviour = 'error500';
    received.length = 0;
    const error = await failure(generator().generate(request));
    expect(error.status).toBe(502);
    expect(error.message).toBe(GENERATOR_MESSAGES.badResponse);
    expect(received).toHaveLength(1);
  });

  it('maps an upstream 429 to 503 (temporarily unavailable)', async () => {
    behaviour = 'error429';
    expect((await failure(generator().generate(request))).status).toBe(503);
  });

  it.each(['notJson', 'noChoices', 'emptyContent'] as const)('maps an invalid body (%s) to 502', async (b) => {
    behaviour = b;
    expect((await failure(generator().generate(request))).status).toBe(502);
  });

  it('times out a provider that hangs with 503', async () => {
    behaviour = 'hang';
    const started = Date.now();
    const error = await failure(generator(300).generate(request));
    expect(error.status).toBe(503);
    expect(error.message).toBe(GENERATOR_MESSAGES.unavailable);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up when the caller aborts', async () => {
    behaviour = 'hang';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await failure(generator(10_000).generate(request, controller.signal))).status).toBe(503);
  });

  it('reports an unreachable provider as 503', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const g = createGenerator({ provider: 'openai', openaiBaseUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 2000 });
    expect((await failure(g.generate(request))).status).toBe(503);
  });
});

describe('cleanCompletion', () => {
  it('tidies whitespace and caps the length at the save limit', () => {
    expect(cleanCompletion('a  b\r\n\r\n\r\n\r\nc')).toBe('a b\n\nc');
    expect(cleanCompletion('x'.repeat(3000))).toHaveLength(2000);
  });
});

describe('createGenerator', () => {
  it('accepts the app config names as well as its own', async () => {
    expect(typeof (await createGenerator({ provider: 'template' }).generate(request))).toBe('string');
    // The app passes its whole Config (generator, openaiBaseUrl, generatorModel, ...).
    const fromConfig = createGenerator({ generator: 'template', openaiBaseUrl: undefined } as never);
    expect(await fromConfig.generate(request)).toContain('Anna');
  });
});
