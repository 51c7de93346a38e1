/**
 * Operators' metrics (docs/operations.md → "Metrics"): GET /metrics in Prometheus text format
 * (prom-client), on the API port for `Authorization: Bearer <METRICS_TOKEN>`, and/or without a
 * token on a port of its own (METRICS_PORT). One registry per app instance.
 *
 * Built in: requests by route and status class, their latency, requests in flight, open
 * notification streams, the database pool (PostgreSQL), queue depths, and Node's process metrics
 * (memory, CPU, event-loop lag, GC) when metrics are exposed.
 *
 * Other modules add their own through `deps.metrics` (a queue with `queueDepth('deliveries', () =>
 * n)`, anything else with `gauge(...)`): every value is read when scraped, so nothing is kept.
 */
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OPERATIONS, PROBE_PATHS } from '@wishes/kit-contract/api';

export interface Metrics {
  readonly registry: Registry;
  /** A gauge read at scrape time (labels optional: the callback returns one value per label set). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  gauge(name: string, help: string, read: () => Array<{ labels: Record<string, string>; value: number }> | Promise<Array<{ labels: Record<string, string>; value: number }>>, labelNames: string[]): void;
  /** A queue's depth as wishes_queue_depth{queue="<name>"} (a read that fails leaves that queue out of the scrape). */
  queueDepth(queue: string, read: () => number | Promise<number>): void;
  /** The port of the METRICS_PORT listener once listening (METRICS_PORT=0: a free one), else null. */
  listenerPort(): number | null;
  /** The Prometheus text of everything registered. */
  text(): Promise<string>;
  readonly contentType: string;
}

const STREAM_PATH = OPERATIONS.streamUnreadCount.path;

export function createMetrics(options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const queues = new Map<string, () => number | Promise<number>>();
  let listener: Server | null = null;
  new Gauge({
    name: 'wishes_queue_depth',
    help: 'Jobs waiting or running, per queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      // Read first, set after: a scrape never shows a half-reset gauge. A queue whose read fails (its
      // database away) is left out rather than failing the whole scrape.
      const depths = await Promise.all([...queues].map(async ([queue, read]) => [queue, await Promise.resolve().then(read).catch(() => null)] as const));
      this.reset();
      for (const [queue, depth] of depths) if (depth !== null) this.set({ queue }, depth);
    },
  });
  const metrics: Metrics & { setListener(server: Server): void } = {
    registry,
    gauge(name: string, help: string, read: () => unknown, labelNames: string[] = []) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          const value = (await read()) as number | Array<{ labels: Record<string, string>; value: number }>;
          if (typeof value === 'number') this.set(value);
          else {
            this.reset();
            for (const entry of value) this.set(entry.labels, entry.value);
          }
        },
      });
    },
    queueDepth(queue, read) {
      queues.set(queue, read);
    },
    listenerPort() {
      const address = listener?.address();
      return address && typeof address === 'object' ? address.port : null;
    },
    setListener(server: Server) {
      listener = server;
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
  return metrics;
}

/** Counts every request (hooks) and serves GET /metrics as configured. */
/** Platforms where Node supports SO_REUSEPORT (net.Server#listen's reusePort). */
const REUSE_PORT = ['linux', 'freebsd', 'aix', 'sunos'].includes(process.platform);

export function installMetrics(app: FastifyInstance, metrics: Metrics, config: { metricsToken?: string; metricsPort?: number; host: string }) {
  const { registry } = metrics;
  const requests = new Counter({ name: 'wishes_http_requests_total', help: 'HTTP requests answered, by route and status class', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'wishes_http_request_duration_seconds',
    help: 'Time to answer, by route (notification streams excluded)',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'wishes_http_requests_in_flight', help: 'Requests being answered now (open streams included)', registers: [registry] });
  const streams = new Gauge({ name: 'wishes_notification_streams_open', help: 'Open notification streams (Server-Sent Events)', registers: [registry] });

  app.addHook('onRequest', async (request, reply) => {
    // The response's 'close' comes once: when it was sent, or when the client went away (streams).
    inFlight.inc();
    const route = request.routeOptions.url;
    const stream = route === STREAM_PATH || route === STREAM_PATH.replace(/\/$/, '');
    if (stream) streams.inc();
    reply.raw.once('close', () => {
      inFlight.dec();
      if (stream) streams.dec();
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: the label set stays small.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    requests.inc({ method: request.method, route, status });
    if (route !== STREAM_PATH) duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const token = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
  app.get(PROBE_PATHS.metrics, { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.code(404).send({ detail: 'Not found.' });
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send({ detail: 'A valid metrics token is required.' });
    }
    return reply.header('Content-Type', metrics.contentType).header('Cache-Control', 'no-store').send(await metrics.text());
  });

  if (config.metricsPort !== undefined) {
    const port = config.metricsPort;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== PROBE_PATHS.metrics) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: 'Not found.' }));
        return;
      }
      metrics.text().then(
        (text) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    (metrics as Metrics & { setListener?(server: Server): void }).setListener?.(server);
    const listening = server;
    app.addHook('onReady', () => new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      // SO_REUSEPORT: during a rolling reload the new process of a cluster slot binds the slot's
      // port while the old one still drains (scripts/cluster.js), so the port never changes.
      // Node refuses the option where the system lacks it (macOS among them): there, plain.
      listening.listen({ port, host: config.host, reusePort: REUSE_PORT }, () => resolve());
    }));
    app.addHook('onClose', () => new Promise<void>((resolve) => (listening.listening ? listening.close(() => resolve()) : resolve())));
  }
}
