/**
 * Outgoing mail. With SMTP_URL: nodemailer over SMTP with short timeouts, so an SMTP outage fails a
 * request within seconds instead of hanging it for minutes. Without: each message is written as an
 * .eml file to the outbox folder and logged with its links, so password reset works on a laptop.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { scrubLink } from '../app/request-log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Files; one with a `cid` is an inline image the HTML shows as `cid:<cid>`. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

/**
 * Whether a send error is permanent: the mail server refused the recipient or the message with a
 * 5xx reply (RFC 5321). A connection problem or a 4xx reply is temporary and worth another try.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLogger {
  info: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port (or smtps://). Query parameters become nodemailer options. */
  smtpUrl?: string;
  from: string;
  /** Folder for .eml files when smtpUrl is unset. */
  outboxDir: string;
  logger: MailLogger;
  /** Timeouts in ms for the SMTP connection (tests shorten them). */
  timeouts?: { connection?: number; greeting?: number; socket?: number };
}

const DEFAULT_TIMEOUTS = { connection: 5_000, greeting: 5_000, socket: 15_000 };

const linksIn = (text: string) => text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options, options.smtpUrl) : outboxMailer(options);
}

function smtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const t = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // Built via SMTPTransport because createTransport({ url, ... }) silently drops every option
  // next to `url`; SMTPTransport merges them (the URL's own query parameters still win).
  const transport = nodemailer.createTransport(
    new SMTPTransport({
      url: smtpUrl,
      connectionTimeout: t.connection,
      greetingTimeout: t.greeting,
      socketTimeout: t.socket,
      dnsTimeout: t.connection,
    }),
  );
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      } catch (error) {
        // The address is logged, the body is not: it may hold a reset link.
        options.logger.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
        throw error;
      }
    },
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  // nodemailer builds the same RFC 822 message it would send, so the file opens in any mail client.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await builder.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // A recipient's link secret stays out of the log (the .eml file holds the mail whole).
      const links = linksIn(message.text).map(scrubLink);
      // Development only (no SMTP configured): the links are logged so the flow can be followed.
      options.logger.info(
        { to: message.to, subject: message.subject, file, links },
        `mail to ${message.to} written to ${file}${links.length ? ` (links: ${links.join(' ')})` : ''}`,
      );
    },
  };
}
