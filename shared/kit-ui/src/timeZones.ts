/** Time zones for the zone pickers (a group's date, a person's date, the member's settings, a send). */

/** Where the browser cannot list its zones (Intl.supportedValuesOf is newer than some browsers). */
const FALLBACK_ZONES = ['Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney'];

/** Every IANA zone the browser knows (a short list where it cannot say), UTC first. */
export function zoneList(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : FALLBACK_ZONES;
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The browser's own zone, UTC where it cannot say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
