/**
 * The delivery scheduler: every server process runs one. Each round it claims due deliveries
 * from the outbox with a lease (queries.ts → claimDue: one UPDATE … RETURNING, with FOR UPDATE
 * SKIP LOCKED on PostgreSQL), mails each one and records the outcome. So:
 * - a delivery survives restarts (it is a row, not a timer);
 * - several processes never mail one row twice: a row is held by one lease at a time;
 * - a process that dies while holding a row leaves it to the next claim once its lease ends, so
 *   a crash between the mail server's acceptance and the record may repeat one mail, once;
 * - what a refusal means is mail/refusals.ts: a mailbox refused at RCPT makes the delivery
 *   `bounced` and keeps the address from every sender for 30 days; a refused message is `failed`
 *   at once, nothing suppressed; a connection or sign-in failure or a 4xx is tried again after
 *   DELIVERY_RETRY_BASE_MS × 2^(tries−1) and is `failed` after DELIVERY_MAX_ATTEMPTS, nothing
 *   suppressed. The reason is shown to the sender.
 * - with MAIL_TRANSPORT=outbox a delivery written to the folder is `outbox`, never `sent`.
 * - a bounce notifies the sender (`delivery_bounced`) in the round that met it;
 * - a delivery sent with `resend_if_unopened_hours` is mailed once more, same link, when still
 *   unopened then (the one process whose claim sets `resent_at` mails it);
 * - each round also sends the reminders of people's dates that have come (people/service.ts),
 *   and runs the group wishes' round (groups/service.ts): warnings, invitees' reminders, and
 *   due groups, each under the same kind of claim.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app/deps';
import { classifyMailError, replyCode, type MailRefusal } from '../mail/refusals';
import { loadOptions } from '../options/load';
import { fullName } from '../wishes/visibility';
import { cardAddress, cardCacheFor } from '../previews/service';
import { ANONYMOUS } from '@wishes/kit-contract/constants';
import { buildWishMail } from './mail';
import { claimDue, claimResend, deliveryStatus, dueResends, isSuppressed, mailContext, markFailed, markSent, suppress, type DeliveryRow } from './queries';
import { runReminderRound } from '../people/service';
import { runGroupRound } from '../groups/service';

const BATCH = 10;
export const SUPPRESSED_TEXT = 'This address does not accept wishes';
const HIDDEN_TEXT = 'A moderator hid this wish, so it was not sent.';

/** The wait before the next try after `tries` failed ones: DELIVERY_RETRY_BASE_MS, doubled per try. */
export const retryDelayMs = (tries: number, baseMs: number) => baseMs * 2 ** (tries - 1);

/** Why a try failed, in words for the sender (the list shows it); `tries` is set once it is the last. */
function failureReason(refusal: MailRefusal, tries: number | null): string {
  if (refusal.kind === 'mailbox') return `The recipient's mail server refused the address (${replyCode(refusal)}).`;
  if (refusal.kind === 'message') return `The recipient's mail server refused the message (${replyCode(refusal)}).`;
  const why =
    refusal.reason === 'auth'
      ? "This site could not sign in to its mail server"
      : refusal.reason === 'deferred'
        ? `The recipient's mail server turned it away for now (SMTP ${refusal.code})`
        : 'The mail server could not be reached';
  return tries === null ? `${why}.` : `${why}, ${tries} ${tries === 1 ? 'time' : 'times'}.`;
}

export interface Scheduler {
  /** Mails this delivery now if it is due and unclaimed; resolves to `sent`, `outbox` (written to the outbox folder) or null (not mailed now). */
  deliverNow(id: number): Promise<'sent' | 'outbox' | null>;
  /** One round: claim and mail what is due (tests call it to avoid waiting for the timer). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startScheduler(deps: AppDeps, log: FastifyBaseLogger): Scheduler {
  const { db, dialect, config, mailer } = deps;
  const worker = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const cards = cardCacheFor(config.dataDir, config.cardRenderQueue);
  const siteName = () => {
    try {
      return loadOptions(config.optionsPath, config.siteName).options.site_name;
    } catch {
      return config.siteName ?? 'Wishes';
    }
  };

  const mailOf = async (row: DeliveryRow) => {
    const context = await mailContext(db, row.id);
    if (!context) return null; // the wish or its sender is gone (the row went with them)
    const author = fullName(context.first_name, context.last_name) || ANONYMOUS;
    return {
      context,
      build: async () => {
        // The wish's own og card: a text cut on it ends with the address of a public wish.
        const card = await cards(`wish-${context.wish_id}`, context.text, author, siteName(), { theme: context.card_theme, format: 'og', address: cardAddress(config.publicUrl, context.wish_id, context.is_public === 1) });
        return buildWishMail({
          to: row.recipient_email,
          recipientName: row.recipient_name,
          authorFirstName: context.first_name,
          authorName: author,
          note: row.note,
          text: context.text,
          card: card.png,
          publicUrl: config.publicUrl,
          token: row.token,
          siteName: siteName(),
        });
      },
    };
  };

  const deliver = async (row: DeliveryRow): Promise<'sent' | 'outbox' | null> => {
    try {
      if (await isSuppressed(db, row.recipient_email)) {
        await markFailed(db, row.id, worker, SUPPRESSED_TEXT, null);
        return null;
      }
      const mail = await mailOf(row);
      if (!mail) return null;
      if (mail.context.hidden !== 0) {
        await markFailed(db, row.id, worker, HIDDEN_TEXT, null);
        return null;
      }
      await mailer.send(await mail.build());
      const status = mailer.outbox ? 'outbox' : 'sent';
      const resendAt = row.resend_after_hours ? new Date(Date.now() + row.resend_after_hours * 3_600_000).toISOString() : null;
      await markSent(db, row.id, worker, status, resendAt);
      log.info({ deliveryId: row.id, status }, status === 'sent' ? 'wish delivered' : 'wish written to the outbox folder, not sent');
      return status;
    } catch (error) {
      const refusal = classifyMailError(error);
      const last = refusal.kind !== 'temporary' || row.attempts >= config.deliveryMaxAttempts;
      const reason = failureReason(refusal, refusal.kind === 'temporary' && last ? row.attempts : null);
      const retryAt = last ? null : new Date(Date.now() + retryDelayMs(row.attempts, config.deliveryRetryBaseMs)).toISOString();
      log.warn({ err: error, deliveryId: row.id, attempt: row.attempts, final: last, reason: refusal.kind === 'temporary' ? refusal.reason : refusal.kind }, 'wish delivery failed');
      try {
        await markFailed(db, row.id, worker, reason, retryAt, refusal.kind === 'mailbox' ? 'bounced' : 'failed');
        if (refusal.kind === 'mailbox') {
          await suppress(db, row.recipient_email, 'bounce');
          const who = row.recipient_name || 'your recipient';
          await deps.notifications.notify({ userId: row.sender_id, kind: 'delivery_bounced', wishId: row.wish_id, text: `Your wish to ${who} bounced: ${reason}` });
        }
      } catch (recordError) {
        // The lease runs out and another round tries again.
        log.error({ err: recordError, deliveryId: row.id }, 'could not record a failed delivery');
      }
      return null;
    }
  };

  /** The one resend of unopened mails whose hours have passed; a failure is logged, the state stays. */
  const resendRound = async () => {
    for (const row of await dueResends(db, BATCH * 5)) {
      if (!(await claimResend(db, row.id))) continue;
      try {
        if (await isSuppressed(db, row.recipient_email)) continue;
        const mail = await mailOf(row);
        if (!mail || mail.context.hidden !== 0) continue;
        await mailer.send(await mail.build());
        log.info({ deliveryId: row.id }, 'unopened wish mailed once more');
      } catch (error) {
        log.warn({ err: error, deliveryId: row.id }, 'resend of an unopened wish failed');
      }
    }
  };

  let running: Promise<number> | null = null;
  const runOnce = () => {
    // One round at a time per process; a timer tick during a round waits for it.
    running ??= (async () => {
      let done = 0;
      try {
        for (;;) {
          const rows = await claimDue(db, dialect, worker, config.deliveryLeaseMs, BATCH);
          for (const row of rows) if ((await deliver(row)) !== null) done++;
          if (rows.length < BATCH || stopped) break;
        }
        await resendRound();
      } catch (error) {
        log.error({ err: error }, 'delivery round failed');
      }
      try {
        await runReminderRound(deps, log);
      } catch (error) {
        log.error({ err: error }, 'reminder round failed');
      }
      try {
        done += await runGroupRound(deps, worker, log);
      } catch (error) {
        log.error({ err: error }, 'group round failed');
      }
      return done;
    })().finally(() => (running = null));
    return running;
  };

  let stopped = false;
  const timer = setInterval(() => void runOnce(), config.deliveryPollMs);
  timer.unref();
  void runOnce();

  return {
    async deliverNow(id) {
      const [row] = await claimDue(db, dialect, worker, config.deliveryLeaseMs, 1, id);
      if (row) return deliver(row);
      // This process's own round may have claimed it between the insert and here (its timer fired):
      // wait for that round and answer what it recorded, rather than "scheduled" for a mail just sent.
      if (!running) return null;
      await running;
      const status = await deliveryStatus(db, id);
      return status === 'sent' || status === 'outbox' ? status : null;
    },
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
