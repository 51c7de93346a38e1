import { authorName, authorAvatar, formatDate, parseId } from './format';

describe('authorName across the author shapes of docs/product.md#3-entities', () => {
  it.each([
    [{ user: { full_name: 'Ada Lovelace' } }, 'Ada Lovelace'],
    [{ user: { full_name: '', first_name: 'Ada', last_name: 'Lovelace' } }, 'Ada Lovelace'],
    [{ first_name: 'Grace', last_name: '' }, 'Grace'],
    [{ author: 'Linus' }, 'Linus'],
    [{ author: '  ', user: { full_name: ' ' } }, 'Anonymous'],
    [{}, 'Anonymous'],
  ])('%j → %s', (wish, name) => expect(authorName(wish)).toBe(name));
});

it('prefers the nested thumbnail for the avatar', () => {
  expect(authorAvatar({ user: { avatar_thumbnail: '/t', avatar_url: '/u' } })).toBe('/t');
  expect(authorAvatar({ avatar_url: '/flat' })).toBe('/flat');
  expect(authorAvatar({})).toBeNull();
});

it('formats dates in the local format and ignores invalid ones', () => {
  const iso = '2026-11-22T10:15:00.000Z';
  expect(formatDate(iso)).toBe(new Date(iso).toLocaleDateString());
  expect(formatDate(iso, true)).toBe(new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' }));
  // To the minute: no seconds.
  expect(formatDate('2026-11-21T09:30:45.000Z', true)).not.toMatch(/:45\b/);
  expect(formatDate('garbage')).toBe('');
  expect(formatDate(null)).toBe('');
});

it('parses positive integer ids only', () => {
  expect(parseId('42')).toBe(42);
  expect(parseId('0')).toBeNull();
  expect(parseId('-1')).toBeNull();
  expect(parseId('abc')).toBeNull();
  expect(parseId('4e2')).toBeNull();
  expect(parseId(undefined)).toBeNull();
});
