import { decodeRouteParam } from './decodeRouteParam';

describe('decodeRouteParam', () => {
  it('decodes an encoded parameter', () => {
    expect(decodeRouteParam('New%20Baby')).toBe('New Baby');
    expect(decodeRouteParam('Get%20Well')).toBe('Get Well');
  });

  it('leaves plain text and malformed escapes as they are', () => {
    expect(decodeRouteParam('Birthday')).toBe('Birthday');
    expect(decodeRouteParam('100%')).toBe('100%');
  });

  it('gives an empty string for a missing parameter', () => {
    expect(decodeRouteParam(undefined)).toBe('');
    expect(decodeRouteParam('')).toBe('');
  });
});
