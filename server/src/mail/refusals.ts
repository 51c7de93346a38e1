/**
 * What a mail server's refusal means (docs/deliveries.md, "Mail refusals and suppression"):
 *
 * - `mailbox`: the recipient's mailbox itself was refused at RCPT (`550`, or the enhanced codes
 *   `5.1.1` no such user, `5.1.10` null MX, `5.2.1` mailbox disabled). The delivery is `bounced`
 *   and the address takes no wishes from anyone for 30 days.
 * - `message`: the message was refused (any 5xx after DATA, any `5.7.x` policy refusal, or another
 *   5xx of the envelope). The delivery is `failed`; nothing is suppressed, since a content filter
 *   judging one sender's text says nothing about the address.
 * - temporary (`connection`, `auth`, `deferred`): the connection failed, this site's sign-in to its
 *   own relay was refused, or a 4xx reply. Tried again with back-off, `failed` after the last try,
 *   never a suppression: a relay refusing our credentials would otherwise silence every address.
 */
import type { Counter, Registry } from 'prom-client';
import { Counter as PromCounter } from 'prom-client';
import type { Mailer } from './mailer';

export type MailRefusal =
  | { kind: 'mailbox'; code: number; status: string | null }
  | { kind: 'message'; code: number; status: string | null }
  | { kind: 'temporary'; reason: 'connection' | 'auth' | 'deferred'; code: number | null; status: string | null };

/** The `reason` label of wishes_mail_failed_total for a refusal. */
export const refusalLabel = (r: MailRefusal) => (r.kind === 'temporary' ? r.reason : r.kind);

/** RCPT replies that say the mailbox is not there (RFC 5321 550; RFC 3463 / 7505 enhanced codes). */
const MAILBOX_STATUSES = new Set(['5.1.1', '5.1.10', '5.2.1']);
const ENVELOPE_COMMANDS = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

interface SmtpError {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

/** The enhanced status code (RFC 3463) at the start of a reply's text: `550 5.1.1 …` → `5.1.1`. */
export function enhancedStatus(response: unknown): string | null {
  if (typeof response !== 'string') return null;
  return /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})\b/.exec(response.trim())?.[1] ?? null;
}

/** Classifies an error thrown by the SMTP mailer (nodemailer's `code`, `command`, `responseCode`, `response`). */
export function classifyMailError(error: unknown): MailRefusal {
  const e = (error ?? {}) as SmtpError;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const status = enhancedStatus(e.response);
  const command = typeof e.command === 'string' ? e.command : '';
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.code === 'EOAUTH2' || command.startsWith('AUTH')) return { kind: 'temporary', reason: 'auth', code, status };
  // No reply to an envelope command: the connection, the greeting, TLS, DNS, a timeout.
  if (code === null || !ENVELOPE_COMMANDS.has(command)) return { kind: 'temporary', reason: 'connection', code, status };
  if (code < 500) return { kind: 'temporary', reason: 'deferred', code, status };
  if (status?.startsWith('5.7.')) return { kind: 'message', code, status };
  if (command === 'RCPT TO' && (code === 550 || (status !== null && MAILBOX_STATUSES.has(status)))) return { kind: 'mailbox', code, status };
  return { kind: 'message', code, status };
}

/** The reply as the sender may see it: `SMTP 550 5.1.1`. */
export const replyCode = (r: { code: number | null; status: string | null }) => (r.code === null ? '' : `SMTP ${r.code}${r.status ? ` ${r.status}` : ''}`);

/**
 * Counts mail for operators: wishes_mail_sent_total (accepted by the mail server) and
 * wishes_mail_failed_total{reason} (each failed try, by refusalLabel). A mail written to the
 * outbox folder is neither.
 */
export function countedMailer(mailer: Mailer, registry: Registry): Mailer {
  const sent: Counter = new PromCounter({ name: 'wishes_mail_sent_total', help: 'Mails the mail server accepted', registers: [registry] });
  const failed: Counter<'reason'> = new PromCounter({
    name: 'wishes_mail_failed_total',
    help: 'Mail tries that failed, by reason: connection, auth, deferred (4xx): tried again; mailbox (bounced), message (refused): final',
    labelNames: ['reason'],
    registers: [registry],
  });
  return {
    outbox: mailer.outbox,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        failed.inc({ reason: refusalLabel(classifyMailError(error)) });
        throw error;
      }
      if (!mailer.outbox) sent.inc();
    },
  };
}
