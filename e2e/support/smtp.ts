/**
 * A real SMTP receiver (smtp-server) for the journeys that need mail (password reset). Every
 * message is stored as one JSON file in a folder, so any worker can read it (see mail.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface StoredMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

export interface SmtpHandle {
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

export async function startSmtpReceiver(dir: string): Promise<SmtpHandle> {
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: StoredMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        };
        const name = `${Date.now()}-${process.pid}-${++counter}.json`;
        // Write then rename, so a reader never sees half a file.
        fs.writeFileSync(path.join(dir, name + '.tmp'), JSON.stringify(mail));
        fs.renameSync(path.join(dir, name + '.tmp'), path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
