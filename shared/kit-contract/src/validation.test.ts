import {
  MESSAGES,
  validateLogin,
  validateSignUp,
  signUpFieldErrors,
  validateResetEmail,
  validateResetConfirm,
  normalizeResetToken,
  isValidOfferEmail,
  validateOfferEmail,
  validateCompose,
  canSaveWish,
  validateAvatar,
  shouldAutoSearch,
} from './validation';

describe('login', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual(['email', 'password']);
    expect(validateLogin({ email: 'a@b.co', password: ' ' })).toEqual(['password']);
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual([]);
  });
});

describe('sign-up', () => {
  const filled = { first_name: 'Ada', last_name: 'L', email: 'a@b.co', phone: '1', password: 'pw123456', confirm_password: 'pw123456' };
  it('requires all six fields', () => {
    expect(validateSignUp({ ...filled, phone: '', last_name: '' }).missing).toEqual(['last_name', 'phone']);
  });
  it('needs matching passwords', () => {
    expect(validateSignUp({ ...filled, confirm_password: 'other' }).error).toBe("Please edit the passwords as they don't match.");
    expect(validateSignUp(filled)).toEqual({ missing: [], error: null });
  });
});

describe('sign-up, every field at once', () => {
  it('flags a too-short password and the mismatch in the same pass', () => {
    const values = { first_name: 'Ann', last_name: '', email: 'ann@nowhere', phone: 'call me', password: '1234567', confirm_password: '7654321' };
    expect(signUpFieldErrors(values)).toEqual({
      last_name: MESSAGES.signUpRequired,
      email: MESSAGES.signUpEmailInvalid,
      phone: MESSAGES.signUpPhoneInvalid,
      password: MESSAGES.signUpPasswordTooShort,
      confirm_password: MESSAGES.passwordsDontMatchSignUp,
    });
  });
  it('says only "required" for an empty password, and nothing when all is well', () => {
    const filled = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '+44 20 7946 0000', password: 'Copper-Kettle-29', confirm_password: 'Copper-Kettle-29' };
    expect(signUpFieldErrors({ ...filled, password: '' })).toEqual({ password: MESSAGES.signUpRequired });
    expect(signUpFieldErrors(filled)).toEqual({});
  });
});

describe('reset request', () => {
  it.each(['', '   ', 'no-at-sign'])('rejects %p', (email) => {
    expect(validateResetEmail(email)).toBe('Please enter a valid email address.');
  });
  it('accepts anything non-empty with @', () => expect(validateResetEmail('x@y')).toBeNull());
});

describe('reset confirm', () => {
  const ok = { uid: '3', token: 'abc', password: 'longenough', confirm: 'longenough' };
  it('flags a missing uid or token first', () => {
    expect(validateResetConfirm({ ...ok, uid: '' })).toBe(MESSAGES.resetLinkInvalid);
    expect(validateResetConfirm({ ...ok, token: undefined })).toBe('Invalid password reset link. Please request a new one.');
  });
  it('needs matching passwords of 8+ characters', () => {
    expect(validateResetConfirm({ ...ok, confirm: 'different1' })).toBe('Passwords do not match');
    expect(validateResetConfirm({ ...ok, password: 'short77', confirm: 'short77' })).toBe('Password must be at least 8 characters long');
    expect(validateResetConfirm({ ...ok, password: '12345678', confirm: '12345678' })).toBeNull();
  });
  it('strips a trailing slash from the token', () => {
    expect(normalizeResetToken('abc/')).toBe('abc');
    expect(normalizeResetToken('abc')).toBe('abc');
    expect(normalizeResetToken(undefined)).toBe('');
  });
});

describe('offer email', () => {
  it.each(['a@b.co', 'first.last@mail.example.org', 'x@y.io'])('accepts %p', (email) => expect(isValidOfferEmail(email)).toBe(true));
  it.each(['', 'ab.co', 'a@@b.co', 'a@b@c.co', '@b.co', 'a@bco', 'a@b.c', 'a@b.', 'a@.co', 'a b@c.co'])('rejects %p', (email) =>
    expect(isValidOfferEmail(email)).toBe(false),
  );
  it('gives the spec message', () => expect(validateOfferEmail('nope')).toBe('Please enter a valid email address'));
});

describe('compose', () => {
  it('lists missing fields in form order', () => {
    expect(validateCompose({ style: '', audience: 'friend', name: ' ', topic: 'Birthday', details: '' })).toEqual(['style', 'name', 'details']);
  });
  it('save needs non-empty text', () => {
    expect(canSaveWish('  ')).toBe(false);
    expect(canSaveWish('Happy birthday')).toBe(true);
  });
});

describe('avatar', () => {
  it('must be an image', () => expect(validateAvatar({ type: 'text/plain', size: 10 })).toBe('Please select an image file (JPEG, PNG, etc.)'));
  it('must be at most 5 MB', () => {
    expect(validateAvatar({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(validateAvatar({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('Image file is too large. Please select an image under 5MB.');
  });
});

describe('search', () => {
  it('auto-searches from 3 trimmed characters', () => {
    expect(shouldAutoSearch('  ab  ')).toBe(false);
    expect(shouldAutoSearch(' abc')).toBe(true);
  });
});
