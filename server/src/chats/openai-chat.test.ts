/** Free-text chat instructions with GENERATOR=openai, against a local OpenAI-compatible server. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGenerator, parseChatAnswer } from '@wishes/writer';
import { createTestApp, type TestContext, type TestUser } from '../../test/kit/harness';

const FORM = { style: 'Funny', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'Loves cats' };

describe('chat instructions go to the model with the conversation so far', () => {
  let server: http.Server;
  let t: TestContext;
  let user: TestUser;
  let answer = 'I added the cats.\n---\nHappy birthday, Anna! May your cats purr all day.';
  let status = 200;
  const received: any[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push(JSON.parse(raw));
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            status === 200
              ? { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer } }] }
              : { error: { message: 'boom' } },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const generator = createGenerator({ provider: 'openai', openaiBaseUrl: baseUrl, openaiApiKey: 'sk-test', model: 'test-model', timeoutMs: 10_000 });
    t = await createTestApp('sqlite', { generationLimitPerHour: 10 }, { generator });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the form, the earlier turns and the current text; answers the model\'s comment and wish', async () => {
    const chat = (await t.request({ method: 'POST', url: '/api/base/chats/', token: user.access, payload: { ...FORM, text: 'Happy birthday, Anna!' } })).json();
    const first = await t.request({ method: 'POST', url: `/api/base/chats/${chat.chat_id}/messages/`, token: user.access, payload: { message: 'say something about her cats' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reply: 'I added the cats.', text: 'Happy birthday, Anna! May your cats purr all day.', rate_limit: { limit: 10, remaining: 9 } });

    answer = 'Made it rhyme.\n---\nHappy birthday, Anna, my friend, may your cats purr without end.';
    const second = await t.request({ method: 'POST', url: `/api/base/chats/${chat.chat_id}/messages/`, token: user.access, payload: { message: 'make it rhyme like a sonnet' } });
    expect(second.json().text).toBe('Happy birthday, Anna, my friend, may your cats purr without end.');
    const messages = received.at(-1).messages as Array<{ role: string; content: string }>;
    expect(messages[0].role).toBe('system');
    expect(messages[1]).toEqual({ role: 'user', content: expect.stringContaining('Name: Anna') });
    expect(messages.slice(2, 4)).toEqual([
      { role: 'user', content: 'say something about her cats' },
      { role: 'assistant', content: 'I added the cats.' },
    ]);
    expect(messages[4]).toEqual({ role: 'user', content: expect.stringMatching(/May your cats purr all day\.[\s\S]*Instruction: make it rhyme like a sonnet$/) });
  });

  it('a failing provider is a 502/503 that records nothing and spends nothing', async () => {
    const chat = (await t.request({ method: 'POST', url: '/api/base/chats/', token: user.access, payload: { ...FORM, text: 'Hi Anna' } })).json();
    status = 500;
    const res = await t.request({ method: 'POST', url: `/api/base/chats/${chat.chat_id}/messages/`, token: user.access, payload: { message: 'make it warmer' } });
    status = 200;
    expect(res.statusCode).toBe(502);
    const view = (await t.request({ method: 'GET', url: `/api/base/chats/${chat.chat_id}/`, token: user.access })).json();
    expect(view.messages).toEqual([]);
    expect(view.versions).toHaveLength(1);
  });

  it('reads an answer without the separator as all wish', () => {
    expect(parseChatAnswer('"Happy birthday!"')).toEqual({ reply: 'Here is the new version.', text: 'Happy birthday!' });
  });
});
