/** A real SMTP server for tests (smtp-server): stores every accepted message; rejects chosen recipients. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with headers unfolded and quoted-printable undone (good enough to search). */
  text: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Recipients answered with this SMTP code at RCPT TO (e.g. 550 permanent, 450 temporary). */
  reject: Map<string, number>;
  /** RCPT TO tries per recipient, accepted or not (retries show here). */
  tries: Map<string, number>;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Unfolds header lines (RFC 5322 folding) and undoes quoted-printable soft breaks and escapes. */
const decodeQp = (raw: string) =>
  raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const reject = new Map<string, number>();
  const tries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      tries.set(to, (tries.get(to) ?? 0) + 1);
      const code = reject.get(to);
      if (code) return callback(Object.assign(new Error(`${code} rejected for test`), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: decodeQp(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    reject,
    tries,
    async waitFor(count, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      while (mails.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
