/** Local times in a zone (Temporal's "compatible" rule), occasions' dates and the reminder instant. */
import { instantOfLocal, isPossibleDate, isValidTimeZone, nextOccurrence, parseLocal, reminderInstant } from './time';

const at = (local: string, zone: string) => instantOfLocal(parseLocal(local)!, zone).toISOString();

describe('time zones', () => {
  it('takes what Intl takes: IANA names and links; refuses the rest', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'US/Pacific', 'Australia/Sydney', 'Asia/Kolkata']) expect(isValidTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', '', 'Europe/Nowhere', '+25:00', 42]) expect(isValidTimeZone(zone)).toBe(false);
  });

  it('09:00 in Sydney lands on the right instant on both sides of its daylight-saving changes', () => {
    expect(at('2027-01-15T09:00', 'Australia/Sydney')).toBe('2027-01-14T22:00:00.000Z'); // AEDT +11
    expect(at('2027-07-15T09:00', 'Australia/Sydney')).toBe('2027-07-14T23:00:00.000Z'); // AEST +10
    // The change itself (first Sunday of April 2027, 03:00 → 02:00; first Sunday of October, 02:00 → 03:00).
    expect(at('2027-04-03T09:00', 'Australia/Sydney')).toBe('2027-04-02T22:00:00.000Z');
    expect(at('2027-04-04T09:00', 'Australia/Sydney')).toBe('2027-04-03T23:00:00.000Z');
  });

  it('the spring gap moves forward by the gap; the repeated autumn hour takes the earlier instant', () => {
    // New York, 14 March 2027: 02:00 EST → 03:00 EDT; 02:30 does not exist → 03:30 EDT (07:30Z).
    expect(at('2027-03-14T02:30', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
    expect(at('2027-03-14T09:00', 'America/New_York')).toBe('2027-03-14T13:00:00.000Z');
    expect(at('2027-03-13T09:00', 'America/New_York')).toBe('2027-03-13T14:00:00.000Z');
    // 7 November 2027: 02:00 EDT → 01:00 EST; 01:30 happens twice → the first (EDT, 05:30Z).
    expect(at('2027-11-07T01:30', 'America/New_York')).toBe('2027-11-07T05:30:00.000Z');
    // Berlin: 28 March 2027 02:30 does not exist → 03:30 CEST (01:30Z); 31 October 02:30 twice → CEST (00:30Z).
    expect(at('2027-03-28T02:30', 'Europe/Berlin')).toBe('2027-03-28T01:30:00.000Z');
    expect(at('2027-10-31T02:30', 'Europe/Berlin')).toBe('2027-10-31T00:30:00.000Z');
  });

  it('reads only real local date-times', () => {
    expect(parseLocal('2027-02-31T09:00')).toBeNull();
    expect(parseLocal('2027-03-14T09:00Z')).toBeNull();
    expect(parseLocal('2027-03-14 09:00')).toBeNull();
    expect(parseLocal('2027-03-14T24:00')).toBeNull();
    expect(parseLocal('2027-03-14T09:00')).toEqual({ year: 2027, month: 3, day: 14, hour: 9, minute: 0 });
  });
});

describe('occasions', () => {
  it('29 February is a date; 31 February and 31 April are not', () => {
    expect(isPossibleDate(2, 29)).toBe(true);
    expect(isPossibleDate(2, 29, 2024)).toBe(true);
    expect(isPossibleDate(2, 29, 2023)).toBe(false);
    expect(isPossibleDate(2, 31)).toBe(false);
    expect(isPossibleDate(4, 31)).toBe(false);
    expect(isPossibleDate(13, 1)).toBe(false);
  });

  it('29 February comes on 28 February in other years, on 29 February in leap years', () => {
    expect(nextOccurrence(2, 29, Date.parse('2027-01-10T00:00:00Z'), 'UTC')).toEqual({ year: 2027, month: 2, day: 28 });
    expect(nextOccurrence(2, 29, Date.parse('2027-03-01T00:00:00Z'), 'UTC')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it("the next date is today's until it has passed in the person's zone", () => {
    // 14 March 10:00 UTC is already 15 March in Sydney: the next 14 March there is next year's.
    const now = Date.parse('2027-03-14T14:00:00Z');
    expect(nextOccurrence(3, 14, now, 'UTC')).toEqual({ year: 2027, month: 3, day: 14 });
    expect(nextOccurrence(3, 14, now, 'Australia/Sydney')).toEqual({ year: 2028, month: 3, day: 14 });
  });

  it('the reminder is N days before at the given time in the member zone', () => {
    expect(reminderInstant({ year: 2027, month: 3, day: 14 }, 7, '09:00', 'Europe/Berlin').toISOString()).toBe('2027-03-07T08:00:00.000Z');
    expect(reminderInstant({ year: 2027, month: 3, day: 3 }, 7, '09:00', 'America/Los_Angeles').toISOString()).toBe('2027-02-24T17:00:00.000Z');
    expect(reminderInstant({ year: 2027, month: 3, day: 14 }, 0, '09:30', 'Asia/Kolkata').toISOString()).toBe('2027-03-14T04:00:00.000Z');
  });
});
