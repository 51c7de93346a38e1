/** Reads the messages the SMTP receiver stored (global setup's folder, E2E_MAIL_DIR). */
import fs from 'node:fs';
import path from 'node:path';
import type { StoredMail } from './smtp';

export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright (global setup starts the SMTP receiver)');
  return dir;
}

export function mailsTo(address: string): StoredMail[] {
  const dir = mailDir();
  const wanted = address.toLowerCase();
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as StoredMail)
    .filter((m) => m.to.includes(wanted));
}

/** Decodes quoted-printable soft line breaks and escapes, enough to find links in a message. */
export function decodeBody(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `address` and returns the first link in it matching `pattern`. */
export async function waitForLink(address: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of mailsTo(address).reverse()) {
      const links = decodeBody(mail.raw).match(/https?:\/\/[^\s<>"')]+/g) ?? [];
      const link = links.find((l) => pattern.test(l));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address} with a link matching ${pattern} within ${timeoutMs} ms`);
}
