/**
 * A real SMTP server for tests (smtp-server): stores every accepted message, and answers what a
 * test chooses — a reply code at RCPT TO or after DATA for a recipient, a refused AUTH, or a
 * connection dropped before the greeting — so each kind of refusal is met as a relay sends it.
 */
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with headers unfolded and quoted-printable undone (good enough to search). */
  text: string;
}

/** A reply the sink gives: `550`, or `{ code: 550, status: '5.1.1' }` for `550 5.1.1 …`. */
export type SinkReply = number | { code: number; status?: string; text?: string };

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> (no credentials: no AUTH is tried). */
  url: string;
  /** The same with credentials, so the client signs in (see failAuth). */
  authUrl: string;
  mails: ReceivedMail[];
  /** Recipients answered with this reply at RCPT TO (e.g. 550 permanent, 450 temporary). */
  reject: Map<string, SinkReply>;
  /** Recipients whose message is answered with this reply after DATA (the message, not the address, refused). */
  rejectData: Map<string, SinkReply>;
  /** While true, AUTH is refused with `535 5.7.8` (this site's credentials refused by its relay). */
  failAuth: boolean;
  /** While true, each connection is closed as soon as it is accepted, before any greeting. */
  dropConnections: boolean;
  /** RCPT TO tries per recipient, accepted or not (retries show here). */
  tries: Map<string, number>;
  /** Connections accepted (dropped ones included). */
  connections(): number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Unfolds header lines (RFC 5322 folding) and undoes quoted-printable soft breaks and escapes. */
const decodeQp = (raw: string) =>
  raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The error smtp-server turns into the reply line `<code> <message>`. */
function replyError(reply: SinkReply, fallback: string): Error {
  const { code, status, text } = typeof reply === 'number' ? { code: reply, status: undefined, text: undefined } : reply;
  return Object.assign(new Error(`${status ? `${status} ` : ''}${text ?? fallback}`), { responseCode: code });
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const reject = new Map<string, SinkReply>();
  const rejectData = new Map<string, SinkReply>();
  const tries = new Map<string, number>();
  let connections = 0;
  const state = { failAuth: false, dropConnections: false };
  const server = new SMTPServer({
    authOptional: true,
    // Sign-in over the plain loopback connection (the sink has no certificate).
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (state.failAuth) return callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
      callback(null, { user: auth.username ?? 'test' });
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      tries.set(to, (tries.get(to) ?? 0) + 1);
      const reply = reject.get(to);
      if (reply) return callback(replyError(reply, 'rejected for test'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const refused = to.map((address) => rejectData.get(address)).find(Boolean);
        if (refused) return callback(replyError(refused, 'message refused for test'));
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to, raw, text: decodeQp(raw) });
        callback();
      });
    },
  });
  // A connection dropped before smtp-server answers it: the client sees the socket close at once.
  server.server.prependListener('connection', (socket: Socket) => {
    connections++;
    if (state.dropConnections) socket.destroy();
  });
  // A dropped socket's late errors are expected, not a crash of the test run.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    authUrl: `smtp://wishes:relay-secret@127.0.0.1:${port}`,
    mails,
    reject,
    rejectData,
    get failAuth() {
      return state.failAuth;
    },
    set failAuth(value: boolean) {
      state.failAuth = value;
    },
    get dropConnections() {
      return state.dropConnections;
    },
    set dropConnections(value: boolean) {
      state.dropConnections = value;
    },
    tries,
    connections: () => connections,
    async waitFor(count, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      while (mails.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
