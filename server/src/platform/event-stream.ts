/**
 * Server-Sent Event streams, bounded. Every `text/event-stream` answer of the API (the live unread
 * count, the streamed generation) opens through one EventStreams registry of its kind, which:
 *
 * - caps open streams per member (STREAMS_PER_MEMBER, default 10) and per client address
 *   (STREAMS_PER_ADDRESS, default 50): one more is refused before any byte with 429, Retry-After and
 *   a JSON `{"error": ...}` (the registry is per kind, so ten open bells never block a generation);
 *   in cluster mode the caps count every process's streams (SharedStreamSlots, given by the caller;
 *   cluster/stream-slots.ts holds them in Redis);
 * - writes the headers proxies need (no caching, no transform, no buffering), a `retry:` hint and a
 *   comment line every STREAM_HEARTBEAT (default 25 s) so proxies and browsers keep an idle stream;
 * - ends a stream that sent no event for STREAM_IDLE_TIMEOUT (default 15 min; the client reconnects)
 *   and a stream whose reader stopped reading (more than 64 KiB waiting in the socket);
 * - ends every stream of a member at once when that member's sessions end (ban, password change or
 *   reset, sign-out everywhere, account deletion): the session bus of auth/sessions.ts reaches every
 *   process in cluster mode. As a second line, each stream re-checks its token every
 *   STREAM_RECHECK (default 5 s) and ends when the token expired or its session no longer holds.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import { HttpError } from './errors';

export type SlotVerdict = 'ok' | 'member' | 'address';

export interface StreamSlot {
  kind: string;
  userId: number;
  address: string;
  id: string;
}

/** The slots every process shares (implemented over Redis by cluster/stream-slots.ts; asked before a stream starts). */
export interface SharedStreamSlots {
  /** How long a lease lives without a renewal (renewed every third of it). */
  readonly leaseMs: number;
  /** Whether the shared count can be asked now (Redis answers). */
  available(): boolean;
  /** Takes a slot for `slot.id`, or says which cap is already full (nothing taken then). */
  take(slot: StreamSlot, caps: { perMember: number; perAddress: number }): Promise<SlotVerdict>;
  /** Renews the leases of the streams still open in this process. */
  renew(slots: StreamSlot[]): Promise<void>;
  free(slot: StreamSlot): Promise<void>;
}

export interface StreamLimits {
  perMember: number;
  perAddress: number;
  heartbeatMs: number;
  idleTimeoutMs: number;
  recheckMs: number;
}

/** A reader that lets this much pile up in the socket is not reading: the stream is ended. */
const MAX_BUFFERED_BYTES = 64 * 1024;

export interface OpenOptions {
  userId: number;
  /** When the token that opened the stream expires (ms since the epoch), if known. */
  expiresAtMs?: number | null;
  /** Whether the token that opened the stream still belongs to a live session (checked every STREAM_RECHECK). */
  stillValid?: () => Promise<boolean>;
  /** A stream the client reopens when it ends (the unread count): the delay it should wait, sent as `retry:`. */
  reconnectMs?: number;
}

export interface EventStream {
  readonly userId: number;
  /** Aborted when the stream ends (reader gone, session ended, idle, server closing). */
  readonly signal: AbortSignal;
  readonly ended: boolean;
  /** Hijacks the reply and writes the status line and headers; before it, `end()` only frees the slot. */
  start(): void;
  /** One `event:`/`data:` block; ignored once ended. */
  send(event: string, data: unknown): void;
  /** Ends the stream (idempotent). */
  end(): void;
  onEnd(listener: () => void): void;
}

export class EventStreams {
  private readonly byMember = new Map<number, Set<Stream>>();
  private readonly byAddress = new Map<string, number>();
  /** Names this process's streams in the shared count (cluster mode). */
  private readonly processId = randomBytes(6).toString('hex');
  private opened = 0;
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    readonly kind: string,
    private readonly limits: StreamLimits,
    private readonly log: FastifyBaseLogger,
    /** Cluster mode: the count every process shares; absent for one process. */
    private readonly shared?: SharedStreamSlots,
  ) {
    if (shared) {
      this.renewal = setInterval(() => this.renewShared(), shared.leaseMs / 3);
      this.renewal.unref();
    }
  }

  /**
   * Reserves a slot for the member and the request's address, or throws 429 (nothing written).
   * The slot is freed when the stream ends, including when `start()` is never called.
   */
  async open(request: FastifyRequest, reply: FastifyReply, options: OpenOptions): Promise<EventStream> {
    const { userId } = options;
    const address = request.ip;
    const mine = this.byMember.get(userId);
    if ((mine?.size ?? 0) >= this.limits.perMember) throw this.tooMany('member');
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) throw this.tooMany('address');
    const slot: StreamSlot = { kind: this.kind, userId, address, id: `${this.processId}:${++this.opened}` };
    const stream = new Stream(this, reply, options, this.limits, slot);
    let set = mine;
    if (!set) this.byMember.set(userId, (set = new Set()));
    set.add(stream);
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    if (this.shared?.available()) {
      let verdict: 'ok' | 'member' | 'address' = 'ok';
      try {
        verdict = await this.shared.take(slot, this.limits);
      } catch (error) {
        // Redis went away mid-call: this process's own count still holds.
        this.warn(error, 'shared stream count unavailable; this process counts its own');
      }
      if (verdict !== 'ok') {
        stream.end({ shared: false });
        throw this.tooMany(verdict);
      }
      // The reader left while the slot was being taken: end() freed it before it existed.
      if (stream.ended) this.freeShared(slot);
    }
    return stream;
  }

  private tooMany(cap: 'member' | 'address'): HttpError {
    const message =
      cap === 'member'
        ? `Too many open streams: at most ${this.limits.perMember} per member. Close one and try again.`
        : `Too many open streams from this address: at most ${this.limits.perAddress}.`;
    return new HttpError(429, message, undefined, { 'Retry-After': '5' });
  }

  /** Ends every stream of the member in this process. */
  endMember(userId: number): void {
    for (const stream of [...(this.byMember.get(userId) ?? [])]) stream.end();
  }

  endAll(): void {
    if (this.renewal) clearInterval(this.renewal);
    for (const set of [...this.byMember.values()]) for (const stream of [...set]) stream.end();
  }

  /** @internal */
  release(stream: Stream, slot: StreamSlot, shared: boolean): void {
    const set = this.byMember.get(stream.userId);
    if (set?.delete(stream) && set.size === 0) this.byMember.delete(stream.userId);
    const left = (this.byAddress.get(slot.address) ?? 1) - 1;
    if (left <= 0) this.byAddress.delete(slot.address);
    else this.byAddress.set(slot.address, left);
    if (shared) this.freeShared(slot);
  }

  private freeShared(slot: StreamSlot): void {
    if (!this.shared?.available()) return;
    // Not freed (Redis away): the lease lapses by itself (SharedStreamSlots.leaseMs).
    this.shared.free(slot).catch((error: unknown) => this.warn(error, 'shared stream slot not freed'));
  }

  private renewShared(): void {
    if (!this.shared?.available()) return;
    const slots = [...this.byMember.values()].flatMap((set) => [...set].map((stream) => stream.slot));
    if (slots.length) this.shared.renew(slots).catch((error: unknown) => this.warn(error, 'shared stream leases not renewed'));
  }

  /** @internal */
  warn(error: unknown, message: string): void {
    this.log.warn({ err: error, stream: this.kind }, message);
  }
}

class Stream implements EventStream {
  readonly userId: number;
  private readonly controller = new AbortController();
  private readonly listeners: Array<() => void> = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private idle: NodeJS.Timeout | null = null;
  private started = false;

  constructor(
    private readonly owner: EventStreams,
    private readonly reply: FastifyReply,
    private readonly options: OpenOptions,
    private readonly limits: StreamLimits,
    readonly slot: StreamSlot,
  ) {
    this.userId = options.userId;
    // The reader may leave before start(): the slot is freed all the same.
    reply.raw.once('close', () => this.end());
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get ended(): boolean {
    return this.controller.signal.aborted;
  }

  start(): void {
    if (this.started || this.ended) return;
    this.started = true;
    this.reply.hijack();
    const res = this.reply.raw;
    // The headers set so far (security headers, request id) go out too: hijack skips Fastify's send.
    const earlier = Object.fromEntries(Object.entries(this.reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined));
    res.writeHead(200, {
      ...earlier,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    if (this.options.reconnectMs !== undefined) res.write(`retry: ${this.options.reconnectMs}\n\n`);
    res.on('error', () => this.end());
    this.every(this.limits.heartbeatMs, () => this.write(': keep-alive\n\n'));
    this.touch();
    const { expiresAtMs, stillValid } = this.options;
    if (expiresAtMs != null) {
      const timer = setTimeout(() => this.end(), Math.max(0, Math.min(expiresAtMs - Date.now(), 2 ** 31 - 1)));
      this.timers.push(timer);
    }
    if (stillValid) {
      let checking = false;
      this.every(this.limits.recheckMs, () => {
        if (checking) return;
        checking = true;
        stillValid()
          .then((valid) => {
            if (!valid) this.end();
          })
          .catch((error: unknown) => this.owner.warn(error, 'stream session check failed'))
          .finally(() => (checking = false));
      });
    }
  }

  send(event: string, data: unknown): void {
    if (this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)) this.touch();
  }

  onEnd(listener: () => void): void {
    if (this.ended) listener();
    else this.listeners.push(listener);
  }

  /** `shared: false`: the slot was never taken in the shared count (refused there). */
  end({ shared = true }: { shared?: boolean } = {}): void {
    if (this.ended) return;
    this.controller.abort();
    for (const timer of this.timers) clearInterval(timer);
    if (this.idle) clearTimeout(this.idle);
    this.owner.release(this, this.slot, shared);
    if (this.started) this.reply.raw.end();
    for (const listener of this.listeners.splice(0)) {
      try {
        listener();
      } catch (error) {
        this.owner.warn(error, 'stream end listener failed');
      }
    }
  }

  private write(text: string): boolean {
    if (!this.started || this.ended) return false;
    const res = this.reply.raw;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      this.end();
      return false;
    }
    res.write(text);
    return true;
  }

  private every(ms: number, work: () => void): void {
    const timer = setInterval(work, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private touch(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.end(), this.limits.idleTimeoutMs);
    this.idle.unref();
  }
}

/** A registry per kind of stream for this app, ended before the server waits for its connections. */
export function createEventStreams(
  app: FastifyInstance,
  kind: string,
  limits: StreamLimits,
  onSessionsEnded: (listener: (userId: number) => void) => () => void,
  shared?: SharedStreamSlots,
): EventStreams {
  const streams = new EventStreams(kind, limits, app.log, shared);
  const unsubscribe = onSessionsEnded((userId) => streams.endMember(userId));
  app.addHook('preClose', async () => {
    unsubscribe();
    streams.endAll();
  });
  return streams;
}

/** The stream limits of Config. */
export function streamLimits(config: Pick<Config, 'streamsPerMember' | 'streamsPerAddress' | 'streamHeartbeatMs' | 'streamIdleTimeoutMs' | 'streamRecheckMs'>): StreamLimits {
  return {
    perMember: config.streamsPerMember,
    perAddress: config.streamsPerAddress,
    heartbeatMs: config.streamHeartbeatMs,
    idleTimeoutMs: config.streamIdleTimeoutMs,
    recheckMs: config.streamRecheckMs,
  };
}
