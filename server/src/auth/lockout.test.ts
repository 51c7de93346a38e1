/** The lockout's arithmetic with a controlled clock; the HTTP behaviour is in auth.test.ts. */
import { LOGIN_LOCKOUT, Lockout } from './lockout';

describe('Lockout', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('lets 5 failures from a pair through, then doubles the wait on each further failure up to 15 minutes', () => {
    const fresh = new Lockout(LOGIN_LOCKOUT, clock);
    const delays: number[] = [];
    for (let i = 0; i < 16; i++) {
      // Each attempt is made as soon as it is allowed; the wait that follows it is recorded.
      now += fresh.retryAfterSeconds('b@x.co', '2.2.2.2') * 1000;
      fresh.count('b@x.co', '2.2.2.2');
      delays.push(fresh.retryAfterSeconds('b@x.co', '2.2.2.2'));
    }
    expect(delays).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // The same email from another address, and another email from the same address: untouched.
    expect(fresh.retryAfterSeconds('b@x.co', '3.3.3.3')).toBe(0);
    expect(fresh.retryAfterSeconds('c@x.co', '2.2.2.2')).toBe(0);
  });

  it('a success clears the pair; counts are forgotten after the window', () => {
    const lockout = new Lockout(LOGIN_LOCKOUT, clock);
    for (let i = 0; i < 5; i++) lockout.count('a@x.co', '1.1.1.1');
    expect(lockout.retryAfterSeconds('a@x.co', '1.1.1.1')).toBe(1);
    lockout.succeeded('a@x.co', '1.1.1.1');
    expect(lockout.retryAfterSeconds('a@x.co', '1.1.1.1')).toBe(0);
    for (let i = 0; i < 5; i++) lockout.count('a@x.co', '9.9.9.9');
    now += 16 * 60_000;
    expect(lockout.retryAfterSeconds('a@x.co', '9.9.9.9')).toBe(0);
    lockout.count('a@x.co', '9.9.9.9');
    expect(lockout.retryAfterSeconds('a@x.co', '9.9.9.9')).toBe(0);
  });

  it('the per-email ceiling stops guessing spread over many addresses, but not the owner at an address it signed in from', () => {
    const lockout = new Lockout(LOGIN_LOCKOUT, clock);
    lockout.succeeded('owner@x.co', '192.0.2.1');
    for (let i = 0; i < 100; i++) {
      expect(lockout.retryAfterSeconds('owner@x.co', `10.0.${i >> 8}.${i & 255}`)).toBe(0);
      lockout.count('owner@x.co', `10.0.${i >> 8}.${i & 255}`);
    }
    expect(lockout.retryAfterSeconds('owner@x.co', '10.9.9.9')).toBe(15 * 60);
    expect(lockout.retryAfterSeconds('owner@x.co', '192.0.2.1')).toBe(0);
    now += 15 * 60_000 + 1;
    expect(lockout.retryAfterSeconds('owner@x.co', '10.9.9.9')).toBe(0);
  });
});
