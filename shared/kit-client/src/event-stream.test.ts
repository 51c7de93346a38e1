/**
 * The client's event streams: read with eventsource-parser from a real streamed Response, the
 * unread stream opened with the Authorization header (never a token in the URL).
 */
import { ReadableStream } from 'node:stream/web';
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import { createStreams, readEventStream, type StreamEvent } from './streams';

// jsdom has no streams or TextDecoder: Node's own, as a browser has them.
globalThis.TextDecoder ??= NodeTextDecoder as unknown as typeof TextDecoder;

/** A streamed Response as fetch gives it: the body arrives in the given chunks (split anywhere, as the network does). */
function streamed(chunks: string[], status = 200): Response {
  const encoder = new NodeTextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return { ok: status < 300, status, body, text: async () => chunks.join('') } as unknown as Response;
}

function jsonResponse(value: unknown, status: number): Response {
  const text = JSON.stringify(value);
  const response = { ok: status < 300, status, body: null, text: async () => text, json: async () => JSON.parse(text), clone: () => response };
  return response as unknown as Response;
}

describe('readEventStream', () => {
  it('parses events split across chunks, with CRLF, comments, retry and multi-line data', async () => {
    const events: StreamEvent[] = [];
    const retries: number[] = [];
    await readEventStream(
      streamed(['retry: 3000\n\n: keep-alive\n\nevent: tok', 'en\ndata: {"text":"Dear"}\r\n\r\n', 'data: {"a":\ndata: 1}\n\nevent: done\ndata: {"text":"x"}']),
      (e) => events.push(e),
      (ms) => retries.push(ms),
    );
    expect(retries).toEqual([3000]);
    expect(events).toEqual([
      { event: 'token', data: { text: 'Dear' } },
      { event: 'message', data: { a: 1 } },
      { event: 'done', data: { text: 'x' } },
    ]);
  });
});

describe('streamUnreadCount', () => {
  it('sends the token in the Authorization header, not the URL, and reports each count', async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const client = createStreams({
      getToken: () => 'tok-123',
      fetch: async (url, init) => {
        calls.push({ url, headers: init?.headers as Record<string, string> });
        return streamed(['event: unread\ndata: {"unread_count":2}\n\n', 'event: unread\ndata: {"unread_count":0}\n\n']);
      },
    });
    const counts: number[] = [];
    await client.streamUnreadCount({ onCount: (n) => counts.push(n) });
    expect(counts).toEqual([2, 0]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/notifications/stream/');
    expect(calls[0]!.url).not.toContain('tok-123');
    expect(calls[0]!.headers.Authorization).toBe('Bearer tok-123');
    expect(calls[0]!.headers.Accept).toBe('text/event-stream');
  });

  it('rejects with the status of a refusal (429 over the cap)', async () => {
    const client = createStreams({
      getToken: () => 'tok',
      fetch: async () => jsonResponse({ error: 'Too many open streams' }, 429),
    });
    await expect(client.streamUnreadCount({ onCount: () => undefined })).rejects.toMatchObject({ status: 429, message: 'Too many open streams' });
  });
});
