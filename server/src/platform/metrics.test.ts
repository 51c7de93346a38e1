/**
 * GET /metrics (platform/metrics.ts): Prometheus text behind METRICS_TOKEN on the API port, or without
 * a token on METRICS_PORT; 404 when neither is set. Request counts and latencies by route, open
 * notification streams, the database pool or the search queue, a queue another module registers,
 * and Node's process metrics.
 */
import type { AddressInfo } from 'node:net';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';

const TOKEN = 'metrics-token-that-is-long-enough-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, pattern: RegExp): number | undefined {
  const line = text.split('\n').find((l) => !l.startsWith('#') && pattern.test(l));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe.each(dialects)('GET /metrics (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { metricsToken: TOKEN, metricsPort: 0 });
  });
  afterAll(async () => t.close());

  const scrape = async () => {
    const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers 401 JSON without the token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(1)}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'A valid metrics token is required.' });
    }
  });

  it('counts requests by route pattern and status class, with latencies', async () => {
    const user = await t.createUser();
    const wish = await t.saveWish(user, 'Counted by the metrics, happy birthday');
    for (let i = 0; i < 3; i++) expect((await t.request({ method: 'GET', url: `/api/base/wish/${wish}/` })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/base/wish/999999/' })).statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, /^wishes_http_requests_total\{method="GET",route="\/api\/base\/wish\/:id\/",status="2xx"\}/)).toBe(3);
    expect(sample(text, /^wishes_http_requests_total\{method="GET",route="\/api\/base\/wish\/:id\/",status="4xx"\}/)).toBe(1);
    expect(sample(text, /^wishes_http_request_duration_seconds_count\{method="GET",route="\/api\/base\/wish\/:id\/"\}/)).toBe(4);
    expect(sample(text, /^wishes_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/base\/save_wish\/"\}/)).toBe(1);
    // Raw URLs never become labels.
    expect(text).not.toContain('/api/base/wish/999999/');
    expect(sample(text, /^process_resident_memory_bytes /)).toBeGreaterThan(0);
    expect(sample(text, /^nodejs_heap_size_used_bytes /)).toBeGreaterThan(0);
    if (dialect === 'postgres') expect(sample(text, /^wishes_db_pool_connections\{state="total"\}/)).toBeGreaterThan(0);
    else expect(sample(text, /^wishes_queue_depth\{queue="sqlite_search"\}/)).toBe(0);
  });

  it('reports open notification streams and a queue another module registers', async () => {
    t.app.deps.metrics.queueDepth('thumbnails', () => 3);
    const user = await t.createUser();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/notifications/stream/`, { headers: { authorization: `Bearer ${user.access}` }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    let text = await scrape();
    expect(sample(text, /^wishes_notification_streams_open /)).toBe(1);
    expect(sample(text, /^wishes_queue_depth\{queue="thumbnails"\}/)).toBe(3);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    for (let i = 0; i < 50 && sample(text, /^wishes_notification_streams_open /) !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      text = await scrape();
    }
    expect(sample(text, /^wishes_notification_streams_open /)).toBe(0);
  });

  it('reports the deliveries outbox: wishes still to mail', async () => {
    const depth = async () => sample(await scrape(), /^wishes_queue_depth\{queue="deliveries"\}/);
    const before = await depth();
    expect(before).toBeGreaterThanOrEqual(0);
    const user = await t.createUser();
    const wishId = await t.saveWish(user, 'Happy anniversary, Jo: to many more years.');
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const res = await t.request({ method: 'POST', url: `/api/base/wish/${wishId}/send/`, token: user.access, payload: { recipient_email: `jo${n}@example.com`, send_at: sendAt } });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().delivery_id as number);
    }
    expect(await depth()).toBe(before! + 2);
    expect((await t.request({ method: 'DELETE', url: `/api/base/deliveries/${ids[0]}/`, token: user.access })).statusCode).toBe(200);
    expect(await depth()).toBe(before! + 1);
  });

  it('serves the same text without a token on METRICS_PORT, and nothing else there', async () => {
    const port = metricsPortOf(t);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('wishes_http_requests_total');
    expect((await fetch(`http://127.0.0.1:${port}/api/base/feed/`)).status).toBe(404);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is 404 JSON on the API port', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    } finally {
      await t.close();
    }
  });
});

function metricsPortOf(t: TestContext): number {
  const port = t.app.deps.metrics.listenerPort();
  if (!port) throw new Error('no metrics listener');
  return port;
}
