/** Server-only schemas and messages for the auth routes (the request/response shapes are in @wishes/kit-contract/api). */
export const AUTH_TEXT = {
  duplicateEmail: 'A user with that email already exists.',
  invalidEmail: 'Enter a valid email address.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  resetDone: 'Password has been reset successfully.',
  resetInvalid: 'The password reset link is invalid or has expired. Please request a new one.',
  resetSubject: 'Reset your password',
} as const;

/** Django-like email check: one @, a sane local part, a dotted domain with a 2+ letter final label. */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  return /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(email) && !email.startsWith('.') && !email.includes('..');
}

/** Django-style uid for reset links: base64url of the user id. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}
