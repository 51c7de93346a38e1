/**
 * People and their dates (docs/people.md): checking what a member writes, each occasion's next
 * date and reminder, and the reminder round the delivery scheduler runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PEOPLE_LIMITS, type Person } from '@wishes/kit-contract/api';
import type { AppDeps } from '../app/deps';
import { HttpError } from '../platform/errors';
import { isValidEmail } from '../auth/schemas';
import { limitMarks } from '../previews/card-text';
import { instantOfLocal, isPast, isPossibleDate, isoDate, isValidTimeZone, nextOccurrence, occurrenceIn, parseIsoDate, reminderInstant } from './time';
import * as store from './store';
import { PEOPLE_TEXT } from './texts';
import { expiryOf, type ListBytes } from './held-lists';

// What other modules use of people: the account's export and zone check, a send's person and local time.
export { exportPeople, getPerson } from './store';
export { instantOfLocal, isValidTimeZone, parseLocal } from './time';
// The held lists: the composition root makes the holder and wires its subscriber.
export { PeopleLists, subscribePeopleLists } from './held-lists';

/** A 4xx of the people calls: `{detail}` (v3's shape), with `error` and the field as every call has. */
export const peopleError = (status: number, detail: string, field?: string) => new HttpError(status, detail, { detail, ...(field ? { fields: { [field]: detail } } : {}) });

export interface OccasionInput {
  topic: string;
  month: number;
  day: number;
  year?: number | null;
}

export interface PersonInput {
  name?: string;
  email?: string | null;
  audience?: string | null;
  time_zone?: string | null;
  occasions?: OccasionInput[];
  remind_days_before?: number;
}

/** What a reminder depends on: the person's zone (the member's when unset), the member's, the days before and REMINDER_TIME. */
export interface ScheduleContext {
  personZone: string | null;
  memberZone: string | null;
  daysBefore: number;
  reminderTime: string;
}

const zoneOr = (zone: string | null | undefined) => zone || 'UTC';

/** The occasion's next date (in the person's zone) and the instant to remind of it. */
export function scheduleOf(month: number, day: number, ctx: ScheduleContext, nowMs = Date.now()): { occasion_date: string; remind_at: string } {
  const date = nextOccurrence(month, day, nowMs, zoneOr(ctx.personZone ?? ctx.memberZone));
  return { occasion_date: isoDate(date), remind_at: reminderInstant(date, ctx.daysBefore, ctx.reminderTime, zoneOr(ctx.memberZone)).toISOString() };
}

/** The same occasion a year after `fromDate`. */
export function followingSchedule(fromDate: string, month: number, day: number, ctx: ScheduleContext): { occasion_date: string; remind_at: string } {
  const date = occurrenceIn(parseIsoDate(fromDate).year + 1, month, day);
  return { occasion_date: isoDate(date), remind_at: reminderInstant(date, ctx.daysBefore, ctx.reminderTime, zoneOr(ctx.memberZone)).toISOString() };
}

/** Checks one occasion; the message names what is wrong, or null. */
export function occasionProblem(o: OccasionInput): string | null {
  if (typeof o.topic !== 'string' || !o.topic.trim()) return PEOPLE_TEXT.blankTopic;
  if (!isPossibleDate(o.month, o.day, o.year ?? null)) return PEOPLE_TEXT.impossibleDate;
  return null;
}

export interface CheckedPerson {
  name: string;
  email: string | null;
  audience: string | null;
  time_zone: string | null;
  remind_days_before: number;
  occasions: Array<{ topic: string; month: number; day: number; year: number | null }> | null;
}

/** Checks and normalises a person (`base`: the stored one a PATCH changes); throws a 400 naming the field. */
export function checkPerson(input: PersonInput, base?: Omit<CheckedPerson, 'occasions'>): CheckedPerson {
  const name = input.name === undefined ? base?.name : limitMarks(input.name.trim());
  if (!name) throw peopleError(400, PEOPLE_TEXT.blankName, 'name');
  let email = input.email === undefined ? (base?.email ?? null) : input.email === null ? null : input.email.trim().toLowerCase() || null;
  if (email !== null && !isValidEmail(email)) throw peopleError(400, PEOPLE_TEXT.badEmail, 'email');
  const audience = input.audience === undefined ? (base?.audience ?? null) : input.audience?.trim() || null;
  const zone = input.time_zone === undefined ? (base?.time_zone ?? null) : input.time_zone?.trim() || null;
  if (zone !== null && !isValidTimeZone(zone)) throw peopleError(400, PEOPLE_TEXT.badZone, 'time_zone');
  const days = input.remind_days_before ?? base?.remind_days_before ?? PEOPLE_LIMITS.remindDaysDefault;
  let occasions: CheckedPerson['occasions'] = null;
  if (input.occasions !== undefined) {
    occasions = [];
    for (const o of input.occasions) {
      const problem = occasionProblem(o);
      if (problem) throw peopleError(400, problem, 'occasions');
      occasions.push({ topic: o.topic.trim(), month: o.month, day: o.day, year: o.year ?? null });
    }
  }
  email = email ?? null;
  return { name, email, audience, time_zone: zone, remind_days_before: days, occasions };
}

export const withSchedules = (occasions: NonNullable<CheckedPerson['occasions']>, ctx: ScheduleContext, nowMs = Date.now()): store.NewOccasion[] =>
  occasions.map((o) => ({ ...o, ...scheduleOf(o.month, o.day, ctx, nowMs) }));

/** The API's person: the stored fields and the next occasion (the earliest next date, then the earliest reminder). */
export function toPerson(p: store.PersonRow & { occasions: store.OccasionRow[] }, memberZone: string | null, reminderTime: string, nowMs = Date.now()): Person {
  const ctx: ScheduleContext = { personZone: p.time_zone, memberZone, daysBefore: p.remind_days_before, reminderTime };
  let next: Person['next_occasion'] = null;
  for (const o of p.occasions) {
    const s = scheduleOf(o.month, o.day, ctx, nowMs);
    if (!next || s.occasion_date < next.date || (s.occasion_date === next.date && s.remind_at < next.remind_at)) next = { topic: o.topic, date: s.occasion_date, remind_at: s.remind_at };
  }
  return { ...store.personFields(p), next_occasion: next };
}

/**
 * The member's people list as the bytes of its answer (`{people}`, the same JSON the schema's
 * serializer writes: the fields in its order), each next date read against one instant, and the
 * first instant one of them moves: the end of the earliest next date in each zone the list reads
 * dates in (the day after it begins there), so held bytes (held-lists.ts) expire with the date.
 */
export async function peopleListBytes(deps: Pick<AppDeps, 'db' | 'config'>, userId: number): Promise<ListBytes> {
  const memberZone = (await store.memberZone(deps.db, userId))?.time_zone ?? null;
  const rows = await store.listPeople(deps.db, userId);
  const nowMs = Date.now();
  const people = rows.map((p) => toPerson(p, memberZone, deps.config.reminderTime, nowMs));
  const earliestByZone = new Map<string, string>();
  rows.forEach((row, i) => {
    const next = people[i]!.next_occasion;
    if (!next) return;
    const zone = zoneOr(row.time_zone ?? memberZone);
    const held = earliestByZone.get(zone);
    if (held === undefined || next.date < held) earliestByZone.set(zone, next.date);
  });
  let earliest: number | null = null;
  for (const [zone, date] of earliestByZone) {
    const d = parseIsoDate(date);
    const after = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
    const moves = instantOfLocal({ year: after.getUTCFullYear(), month: after.getUTCMonth() + 1, day: after.getUTCDate(), hour: 0, minute: 0 }, zone).getTime();
    earliest = earliest === null ? moves : Math.min(earliest, moves);
  }
  return { body: Buffer.from(JSON.stringify({ people })), expiresAt: expiryOf(earliest, nowMs) };
}

/** Reschedules every occasion of a member (their zone changed); their people list changes with it. */
export async function rescheduleMember(deps: Pick<AppDeps, 'db' | 'config' | 'events'>, userId: number): Promise<void> {
  const member = await store.memberZone(deps.db, userId);
  if (!member) return;
  for (const o of await store.occasionsOfMember(deps.db, userId)) {
    const s = scheduleOf(o.month, o.day, { personZone: o.person_zone, memberZone: member.time_zone, daysBefore: o.remind_days_before, reminderTime: deps.config.reminderTime });
    await store.setOccasionSchedule(deps.db, o.id, s.occasion_date, s.remind_at);
  }
  await deps.events.emit({ kind: 'people.changed', userId });
}

/** "Lena's birthday is on 14 March 2027" (the date in the long form). */
export function reminderSentence(name: string, topic: string, date: string): string {
  const d = parseIsoDate(date);
  const long = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(d.year, d.month - 1, d.day)));
  return `${name}'s ${topic.toLowerCase()} is on ${long}`;
}

export const composeLink = (publicUrl: string, topic: string, personId: number) => `${publicUrl}/compose/${encodeURIComponent(topic)}?person=${personId}`;

/** Due occasions taken per transaction. */
const ROUND_BATCH = 500;
/** Reminder mails in flight at once per round. */
const MAIL_CONCURRENCY = 8;

/**
 * One reminder round: every occasion whose reminder instant has come, a batch at a time. Each batch
 * is one transaction of a few set-based statements: insert the batch's reminders into
 * `reminders_sent` (its key decides: only the rows this process inserted are its to send), their
 * notifications, and every occasion moved on to its next year (unless another process already
 * moved it). So a reminder is taken once across processes, and a crash leaves it either wholly
 * taken and noted or still due. An occasion whose date has already passed (the site was down) is
 * moved on without a reminder. The mails (unless the member turned them off) go after the commit,
 * a few at a time, while the next batch is taken. Returns how many reminders this process sent.
 */
export async function runReminderRound(deps: AppDeps, log: FastifyBaseLogger): Promise<number> {
  const { db, dialect, config, mailer } = deps;
  let sent = 0;
  const mails: Array<{ to: string; subject: string; text: string; personId: number }> = [];
  let sending: Promise<void> | null = null;
  const kick = () => {
    sending ??= sendAll().finally(() => {
      sending = null;
      if (mails.length > 0) kick();
    });
  };
  const sendAll = async () => {
    const worker = async () => {
      for (let mail = mails.shift(); mail; mail = mails.shift()) {
        const { personId, ...message } = mail;
        // The notification is there; a mail server down now is not worth a second reminder.
        await mailer.send(message).catch((error: unknown) => log.warn({ err: error, personId }, 'reminder mail not sent'));
      }
    };
    await Promise.all(Array.from({ length: MAIL_CONCURRENCY }, worker));
  };
  try {
    for (let round = 0; round < 100; round++) {
      const rows = await store.dueOccasions(db, new Date().toISOString(), ROUND_BATCH);
      if (rows.length === 0) break;
      const nowMs = Date.now();
      const toRemind = rows.filter((row) => !isPast(parseIsoDate(row.occasion_date), nowMs, zoneOr(row.person_zone ?? row.member_zone)));
      const moves = rows.map((row) => {
        const ctx: ScheduleContext = { personZone: row.person_zone, memberZone: row.member_zone, daysBefore: row.remind_days_before, reminderTime: config.reminderTime };
        const next = followingSchedule(row.occasion_date, row.month, row.day, ctx);
        return { id: row.id, from_date: row.occasion_date, next_date: next.occasion_date, next_remind_at: next.remind_at };
      });
      const { claimed, recipients } = await db.transaction().execute(async (trx) => {
        const taken = new Set((await store.claimReminders(trx, toRemind)).map((k) => `${k.person_id}\n${k.topic}\n${k.occasion_date}`));
        const claimed = toRemind.filter((row) => taken.has(`${row.person_id}\n${row.topic}\n${row.occasion_date}`));
        const recipients = await deps.notifications.insertMany(
          trx,
          claimed.map((row) => ({ userId: row.user_id, kind: 'reminder' as const, personId: row.person_id, text: `${reminderSentence(row.name, row.topic, row.occasion_date)}.` })),
        );
        await store.advanceOccasions(trx, dialect, moves);
        return { claimed, recipients };
      });
      // The dates moved on: each member's held list is read again.
      for (const userId of new Set(rows.map((row) => row.user_id))) await deps.events.emit({ kind: 'people.changed', userId });
      await deps.notifications.bus.publishMany(recipients).catch((error: unknown) => log.error({ err: error }, 'reminder notifications not published'));
      for (const row of claimed) {
        if (row.reminder_emails !== 1) continue;
        const text = reminderSentence(row.name, row.topic, row.occasion_date);
        const link = composeLink(config.publicUrl, row.topic, row.person_id);
        mails.push({
          to: row.member_email,
          subject: text,
          text: `${text}.\n\nWrite them a wish: ${link}\n\nYou get this because you keep ${row.name}'s dates. Reminder mails can be turned off in your settings.`,
          personId: row.person_id,
        });
      }
      sent += claimed.length;
      kick();
      if (rows.length < ROUND_BATCH) break;
    }
  } finally {
    // Whatever was taken is mailed, even when a later batch failed.
    while (sending) await sending;
  }
  return sent;
}
