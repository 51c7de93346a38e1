import { authPathReturningTo, returnPathFrom, returnToQuery, safeReturnPath } from './returnTo';

describe('safeReturnPath', () => {
  it.each([
    ['/compose/Birthday', '/compose/Birthday'],
    ['/wish/12', '/wish/12'],
    ['/search?q=cake#top', '/search?q=cake#top'],
    ['/user/3', '/user/3'],
    ['/compose/New%20Year', '/compose/New%20Year'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'https://evil.com',
    'http:evil.com',
    'https:',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.com',
    '',
    ' /feed',
    '/\t/evil.com',
    '/\n/evil.com',
    '/feed\\..\\..',
    '/auth/sign_in',
    '/auth/sign_up?next=/feed',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses paths over 2000 characters', () => {
    expect(safeReturnPath('/' + 'a'.repeat(2100))).toBeNull();
  });

  it('refuses non-strings', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(['/feed'])).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });

  it('normalises dot segments and never leaves the site', () => {
    expect(safeReturnPath('/a/../../wish/1')).toBe('/wish/1');
    expect(safeReturnPath('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
  });
});

describe('returnPathFrom', () => {
  it('follows a safe next and falls back to /feed', () => {
    expect(returnPathFrom('?next=%2Fcompose%2FBirthday')).toBe('/compose/Birthday');
    expect(returnPathFrom('?next=%2F%2Fevil.com')).toBe('/feed');
    expect(returnPathFrom('?next=https%3A%2F%2Fevil.com')).toBe('/feed');
    expect(returnPathFrom('')).toBe('/feed');
  });
});

describe('authPathReturningTo / returnToQuery', () => {
  it('builds the sign-in link with the page to return to', () => {
    expect(authPathReturningTo('/compose/Birthday')).toBe('/auth/sign_in?next=%2Fcompose%2FBirthday');
    expect(authPathReturningTo('/wish/3', '/auth/sign_up')).toBe('/auth/sign_up?next=%2Fwish%2F3');
  });
  it('leaves out pages not worth returning to or unsafe', () => {
    expect(authPathReturningTo('/')).toBe('/auth/sign_in');
    expect(authPathReturningTo('/feed')).toBe('/auth/sign_in');
    expect(authPathReturningTo('//evil.com')).toBe('/auth/sign_in');
    expect(authPathReturningTo('/auth/sign_up')).toBe('/auth/sign_in');
  });
  it('carries next from one auth page to the other, only when safe', () => {
    expect(returnToQuery('?next=%2Fwish%2F3')).toBe('?next=%2Fwish%2F3');
    expect(returnToQuery('?next=%2F%2Fevil.com')).toBe('');
  });
});
