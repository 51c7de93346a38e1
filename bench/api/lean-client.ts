/**
 * A load client that only counts a response's bytes, for the rows whose bodies are large binaries
 * (card.png): autocannon 8 appends every body chunk to a string (`req.body += chunk`), so a 65 KB
 * PNG costs the client a UTF-8 decode per response and the row measures the client, not the server
 * (its own constant-body floor row was as slow as the card). Here each connection is a keep-alive
 * socket that sends one request, reads the status line and Content-Length, skips that many body
 * bytes and sends the next (pipelining 1, as autocannon is run). Rows measured with it take their
 * paired bare slices from it too, so their ratio stays like for like.
 *
 * It answers the subset of autocannon's result that run.ts reads.
 */
import net from 'node:net';

export interface LeanResult {
  requests: { total: number; average: number };
  duration: number;
  latency: { p50: number; p99: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface LeanOptions {
  url: string;
  method: string;
  headers?: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export function leanLoad(options: LeanOptions): Promise<LeanResult> {
  const target = new URL(options.url);
  const extra = Object.entries(options.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const request = Buffer.from(`${options.method} ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n${extra}\r\n`);
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  let non2xx = 0;
  const started = process.hrtime.bigint();
  const endAt = started + BigInt(Math.round(options.duration * 1e9));

  const connection = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      let head: Buffer | null = Buffer.alloc(0);
      let bodyLeft = 0;
      let sentAt = 0n;
      const send = () => {
        if (process.hrtime.bigint() >= endAt) {
          socket.end();
          return;
        }
        head = Buffer.alloc(0);
        sentAt = process.hrtime.bigint();
        socket.write(request);
      };
      const done = () => {
        latencies.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
        send();
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (head === null) {
          // In the body: with one request in flight, a chunk never holds the next response.
          bodyLeft -= chunk.length;
          if (bodyLeft <= 0) done();
          return;
        }
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf(HEADER_END);
        if (end === -1) return;
        const text = head.subarray(0, end).toString('latin1');
        const status = Number(text.slice(9, 12));
        if (status < 200 || status >= 300) non2xx++;
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        bodyLeft = (length ? Number(length[1]) : 0) - (head.length - end - 4);
        head = null;
        if (bodyLeft <= 0) done();
      });
      socket.on('error', () => {
        errors++;
        resolve();
      });
      socket.on('close', () => resolve());
    });

  return Promise.all(Array.from({ length: options.connections }, connection)).then(() => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!) : 0);
    return {
      requests: { total: sorted.length, average: sorted.length / Math.max(seconds, 0.001) },
      duration: seconds,
      latency: { p50: at(0.5), p99: at(0.99) },
      throughput: { average: bytes / Math.max(seconds, 0.001) },
      errors,
      timeouts: 0,
      non2xx,
    };
  });
}
