/**
 * Dates and local times in a time zone, with nothing but Intl (docs/people.md, "Times"):
 * a zone is valid when Intl accepts it; a local date-time is read in its zone with Temporal's
 * `disambiguation: "compatible"` — a time in the spring gap moves forward by the gap, a repeated
 * autumn time takes the earlier instant.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    if (formatters.size > 1000) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `new Intl.DateTimeFormat('en', {timeZone})` accepts the zone. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '' || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock date and time of an instant in a zone. */
export function localPartsOf(instantMs: number, timeZone: string): LocalParts & { second: number } {
  const out: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(new Date(instantMs))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** The zone's offset from UTC at an instant, ms (positive east of Greenwich). */
function offsetAt(instantMs: number, timeZone: string): number {
  const l = localPartsOf(instantMs, timeZone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant of a local date-time in a zone ("compatible": a gap moves forward by the gap, an overlap takes the earlier). */
export function instantOfLocal(local: LocalParts, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The offsets a day before and after cover any transition near this wall time.
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((t) => offsetAt(t, timeZone) === wall - t)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return new Date(candidates[0]!);
  // In the gap: read with the offset from before the change, which lands past it by the gap's length.
  return new Date(wall - before);
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::00)?$/;

/** A local date-time `YYYY-MM-DDTHH:MM` (no offset), or null when it is not one or not a real date. */
export function parseLocal(text: string): LocalParts | null {
  const m = LOCAL_RE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether a month and day can be an occasion: a real date in some year (29 February is; 31 February is not). */
export function isPossibleDate(month: number, day: number, year?: number | null): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(day) || month < 1 || month > 12 || day < 1) return false;
  if (year !== undefined && year !== null) return day <= daysInMonth(year, month);
  return day <= daysInMonth(2024, month); // a leap year: 29 February is possible
}

export interface DateOnly {
  year: number;
  month: number;
  day: number;
}

export const isoDate = (d: DateOnly) => `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const dayNumber = (d: DateOnly) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
const fromDayNumber = (n: number): DateOnly => {
  const d = new Date(n * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** The occasion's date in a year: 29 February is 28 February in other years. */
export function occurrenceIn(year: number, month: number, day: number): DateOnly {
  return { year, month, day: Math.min(day, daysInMonth(year, month)) };
}

/**
 * Today in a zone at `nowMs`, remembered per zone for the last instant asked: a list of people
 * asks it for every date with the same instant (each reading is an Intl formatToParts call).
 */
const todayIn = new Map<string, { nowMs: number; parts: LocalParts }>();
function todayOf(nowMs: number, zone: string): LocalParts {
  const held = todayIn.get(zone);
  if (held && held.nowMs === nowMs) return held.parts;
  const parts = localPartsOf(nowMs, zone);
  if (todayIn.size >= MEMO_CAP) todayIn.clear();
  todayIn.set(zone, { nowMs, parts });
  return parts;
}

/** Entries per memo at most (each a few dozen bytes); a full memo starts again empty. */
const MEMO_CAP = 20_000;

/** The occasion's next date on or after today in the person's zone. */
export function nextOccurrence(month: number, day: number, nowMs: number, personZone: string): DateOnly {
  const today = todayOf(nowMs, personZone);
  const thisYear = occurrenceIn(today.year, month, day);
  return dayNumber(thisYear) >= dayNumber(today) ? thisYear : occurrenceIn(today.year + 1, month, day);
}

/**
 * Reminder instants already worked out, by day, time and zone: a pure function of them (and the
 * zone rules of this process's Intl), each costing four Intl readings; a member's people list and a
 * reminder round ask the same few hundred days again and again.
 */
const instants = new Map<string, number>();

/** When to remind of a date: `daysBefore` days earlier, at `reminderTime` (HH:MM) in the member's zone. */
export function reminderInstant(date: DateOnly, daysBefore: number, reminderTime: string, memberZone: string): Date {
  const day = fromDayNumber(dayNumber(date) - daysBefore);
  const key = `${isoDate(day)}T${reminderTime}|${memberZone}`;
  const held = instants.get(key);
  if (held !== undefined) return new Date(held);
  const [hour, minute] = reminderTime.split(':').map(Number) as [number, number];
  const instant = instantOfLocal({ ...day, hour, minute }, memberZone);
  if (instants.size >= MEMO_CAP) instants.clear();
  instants.set(key, instant.getTime());
  return instant;
}

/** Whether `date` is before today in `zone`. */
export function isPast(date: DateOnly, nowMs: number, zone: string): boolean {
  return dayNumber(date) < dayNumber(localPartsOf(nowMs, zone));
}

export function parseIsoDate(text: string): DateOnly {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}
