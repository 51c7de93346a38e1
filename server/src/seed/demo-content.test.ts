import { LIMITS } from '@wishes/kit-contract/constants';
import { isValidEmail } from '../auth/schemas';
import { validatePassword } from '../auth/validators';
import { demoUsers, demoWishes } from './demo-content';

describe('demo content', () => {
  it('has five users with valid, unique emails and passwords that pass the password validators', () => {
    expect(demoUsers).toHaveLength(5);
    expect(new Set(demoUsers.map((u) => u.email)).size).toBe(5);
    for (const user of demoUsers) {
      expect(isValidEmail(user.email)).toBe(true);
      expect(validatePassword(user.password, user)).toEqual([]);
      expect(user.first_name.trim()).not.toBe('');
      expect(user.last_name.trim()).not.toBe('');
      expect(user.phone.length).toBeLessThanOrEqual(32);
    }
  });

  it('has about thirty wishes, mostly public, by the demo users', () => {
    expect(demoWishes.length).toBeGreaterThanOrEqual(25);
    const emails = new Set(demoUsers.map((u) => u.email));
    for (const wish of demoWishes) {
      expect(emails.has(wish.authorEmail)).toBe(true);
      expect(wish.text.trim()).toBe(wish.text);
      expect(wish.text.length).toBeGreaterThan(0);
      expect(wish.text.length).toBeLessThanOrEqual(LIMITS.wishTextMax);
      expect(wish.minutesAgo).toBeGreaterThanOrEqual(0);
    }
    const publicShare = demoWishes.filter((w) => w.is_public).length / demoWishes.length;
    expect(publicShare).toBeGreaterThan(0.75);
    // Every demo user has at least one public wish, so every profile has something to show.
    for (const email of emails) expect(demoWishes.some((w) => w.authorEmail === email && w.is_public)).toBe(true);
    expect(new Set(demoWishes.map((w) => w.minutesAgo)).size).toBe(demoWishes.length);
  });
});
