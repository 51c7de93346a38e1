/**
 * Outgoing mail (MAIL_TRANSPORT). `smtp`: nodemailer over SMTP_URL with short timeouts, so an SMTP
 * outage fails a request within seconds instead of hanging it for minutes. `outbox`: each message is
 * written as an .eml file to the outbox folder and nothing is sent; the log names the file, never
 * the mail's links, since they carry secrets (reset, verification, a recipient's /w/ link).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { classifyMailError, refusalLabel } from './refusals';

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

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** True when messages only go to the outbox folder: nothing is ever sent (a delivery is `outbox`, never `sent`). */
  readonly outbox?: boolean;
}

export interface MailLogger {
  info: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
}

export interface MailerOptions {
  /** `smtp` (needs smtpUrl) or `outbox`; default: smtp when smtpUrl is set. */
  transport?: 'smtp' | 'outbox';
  /** smtp://user:pass@host:port (or smtps://). Query parameters become nodemailer options. */
  smtpUrl?: string;
  from: string;
  /** Folder for .eml files (outbox transport). */
  outboxDir: string;
  logger: MailLogger;
  /** Timeouts in ms for the SMTP connection (tests shorten them). */
  timeouts?: { connection?: number; greeting?: number; socket?: number };
}

const DEFAULT_TIMEOUTS = { connection: 5_000, greeting: 5_000, socket: 15_000 };

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.transport ?? (options.smtpUrl ? 'smtp' : 'outbox');
  if (transport === 'smtp' && !options.smtpUrl) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL');
  return transport === 'smtp' ? smtpMailer(options, options.smtpUrl!) : outboxMailer(options);
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
        // The address is logged, the body is not: it may hold a reset link. `reason` is the
        // operator's: connection, auth and deferred are tried again, mailbox and message are final.
        options.logger.error({ err: error, to: message.to, subject: message.subject, reason: refusalLabel(classifyMailError(error)) }, 'mail could not be sent');
        throw error;
      }
    },
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  // nodemailer builds the same RFC 822 message it would send, so the file opens in any mail client.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outbox: true,
    async send(message) {
      const info = await builder.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file holds the mail whole, links included; the log only says where it is.
      options.logger.info({ to: message.to, subject: message.subject, file }, `mail to ${message.to} written to ${file} (not sent: MAIL_TRANSPORT=outbox; its links are in the file)`);
    },
  };
}
