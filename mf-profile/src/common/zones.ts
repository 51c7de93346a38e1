/** Time zones the browser knows, for the zone pickers (people, settings). */

/** Every zone the browser knows (a short list where it cannot say), UTC first. */
export function zoneList(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : ['Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney'];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** The browser's own zone. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
