import { browserZone, zoneList } from './timeZones';

describe('zoneList', () => {
  const intl = Intl as { supportedValuesOf?: unknown };
  const original = intl.supportedValuesOf;
  afterEach(() => {
    intl.supportedValuesOf = original;
  });

  it('lists the browser\'s zones once each, UTC first', () => {
    intl.supportedValuesOf = (key: string) => (key === 'timeZone' ? ['Africa/Abidjan', 'UTC', 'Europe/Berlin'] : []);
    expect(zoneList()).toEqual(['UTC', 'Africa/Abidjan', 'Europe/Berlin']);
  });

  it('falls back to a short list where the browser cannot list them', () => {
    intl.supportedValuesOf = undefined;
    const zones = zoneList();
    expect(zones[0]).toBe('UTC');
    expect(zones).toEqual(expect.arrayContaining(['Europe/Berlin', 'Asia/Tokyo', 'America/New_York']));
  });
});

it('browserZone is the browser\'s own zone, or UTC when it cannot say', () => {
  expect(browserZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const spy = jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
    throw new RangeError('no zone data');
  });
  try {
    expect(browserZone()).toBe('UTC');
  } finally {
    spy.mockRestore();
  }
});
