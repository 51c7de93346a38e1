/** Client-side validation rules of docs/product.md#5-validation). Each returns the spec's message, or null when valid. */
import { LIMITS, SEARCH } from './constants';

export const MESSAGES = {
  passwordsDontMatchSignUp: "Please edit the passwords as they don't match.",
  resetEmailInvalid: 'Please enter a valid email address.',
  resetPasswordsDontMatch: 'Passwords do not match',
  resetPasswordTooShort: 'Password must be at least 8 characters long',
  resetLinkInvalid: 'Invalid password reset link. Please request a new one.',
  offerEmailInvalid: 'Please enter a valid email address',
  avatarNotImage: 'Please select an image file (JPEG, PNG, etc.)',
  avatarTooLarge: 'Image file is too large. Please select an image under 5MB.',
  incorrectCredentials: 'The email or password you entered is incorrect. Please try again or reset your password.',
  defaultLoginError: 'Invalid email or password',
  // Sign-up, each beside its field (the spec names texts only for the mismatch and the fallback).
  signUpRequired: 'This field is required.',
  signUpEmailInvalid: 'Please enter a valid email address.',
  signUpPhoneInvalid: 'Please enter a valid phone number (digits, with an optional + and spaces).',
  signUpPasswordTooShort: 'Password must be at least 8 characters long',
  signUpPasswordNumeric: 'The password cannot be only digits.',
} as const;

/** The password rules, shown under the sign-up password before submitting (the server's validators). */
export const PASSWORD_RULES_TEXT = 'At least 8 characters, not only digits, not a common password and not like your name or email.';

const isBlank = (value: string | undefined | null) => !value || value.trim() === '';

/** Names of the missing required fields, in the order given. */
export function missingFields<T extends Record<string, string | undefined | null>>(values: T, required: Array<keyof T>): Array<keyof T> {
  return required.filter((key) => isBlank(values[key]));
}

export function validateLogin(values: { email: string; password: string }): Array<'email' | 'password'> {
  return missingFields(values, ['email', 'password']);
}

export const SIGN_UP_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'confirm_password'] as const;
export type SignUpValues = Record<(typeof SIGN_UP_FIELDS)[number], string>;

/** Sign-up: all six fields required, then the passwords must match. */
export function validateSignUp(values: SignUpValues): { missing: string[]; error: string | null } {
  const missing = missingFields(values, [...SIGN_UP_FIELDS]) as string[];
  if (missing.length) return { missing, error: null };
  if (values.password !== values.confirm_password) return { missing: [], error: MESSAGES.passwordsDontMatchSignUp };
  return { missing: [], error: null };
}

/** A phone number: digits with an optional leading +, spaces, dots, dashes and brackets; 6 to 15 digits. */
export function isValidPhone(phone: string): boolean {
  const text = phone.trim();
  const digits = text.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(text) && digits >= 6 && digits <= 15;
}

/**
 * Every sign-up field's error at once, in form order (empty when the form may be sent): required
 * fields, the email's and phone's form, the password's length and digits-only rule, and the spec's
 * mismatch message on the confirmation.
 */
export function signUpFieldErrors(values: SignUpValues): Partial<Record<(typeof SIGN_UP_FIELDS)[number], string>> {
  const errors: Partial<Record<(typeof SIGN_UP_FIELDS)[number], string>> = {};
  for (const field of SIGN_UP_FIELDS) if (isBlank(values[field])) errors[field] = MESSAGES.signUpRequired;
  if (!errors.email && !isValidOfferEmail(values.email.trim())) errors.email = MESSAGES.signUpEmailInvalid;
  if (!errors.phone && !isValidPhone(values.phone)) errors.phone = MESSAGES.signUpPhoneInvalid;
  if (!errors.password) {
    if (values.password.length < LIMITS.passwordMin) errors.password = MESSAGES.signUpPasswordTooShort;
    else if (/^\d+$/.test(values.password)) errors.password = MESSAGES.signUpPasswordNumeric;
  }
  // In the same pass as the password's own error (every error is shown at once), not after it is fixed.
  if (!isBlank(values.password) && !errors.confirm_password && values.password !== values.confirm_password) errors.confirm_password = MESSAGES.passwordsDontMatchSignUp;
  return errors;
}

/** Reset request: non-empty and containing @. */
export function validateResetEmail(email: string): string | null {
  return !isBlank(email) && email.includes('@') ? null : MESSAGES.resetEmailInvalid;
}

/** Reset confirm: link parts present, passwords match, at least 8 characters. */
export function validateResetConfirm(values: { uid?: string; token?: string; password: string; confirm: string }): string | null {
  if (isBlank(values.uid) || isBlank(values.token)) return MESSAGES.resetLinkInvalid;
  if (values.password !== values.confirm) return MESSAGES.resetPasswordsDontMatch;
  if (values.password.length < LIMITS.passwordMin) return MESSAGES.resetPasswordTooShort;
  return null;
}

/** The reset link's token may carry a trailing slash; it is stripped. */
export function normalizeResetToken(token: string | undefined): string {
  return (token || '').replace(/\/+$/, '');
}

/**
 * Business-offer email rule: exactly one @, a non-empty local part, a domain containing a dot,
 * and a final label of at least 2 characters. The server applies the same rule.
 */
export function isValidOfferEmail(email: string): boolean {
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts;
  if (!local || !domain || !domain.includes('.')) return false;
  const labels = domain.split('.');
  const last = labels[labels.length - 1];
  return last.length >= 2 && labels.every((label) => label.length > 0) && !/\s/.test(email);
}

export function validateOfferEmail(email: string): string | null {
  return isValidOfferEmail(email.trim()) ? null : MESSAGES.offerEmailInvalid;
}

export const COMPOSE_FIELDS = ['style', 'audience', 'name', 'topic', 'details'] as const;
export type ComposeValues = Record<(typeof COMPOSE_FIELDS)[number], string>;

/** Generate needs all five fields; returns the missing ones in form order (empty when valid). */
export function validateCompose(values: ComposeValues): Array<(typeof COMPOSE_FIELDS)[number]> {
  return missingFields(values, [...COMPOSE_FIELDS]);
}

/** Save needs non-empty text. */
export function canSaveWish(text: string): boolean {
  return !isBlank(text);
}

/** Avatar: an image type, at most 5 MB. Checked before any upload. */
export function validateAvatar(file: { type: string; size: number }): string | null {
  if (!file.type || !file.type.startsWith('image/')) return MESSAGES.avatarNotImage;
  if (file.size > LIMITS.avatarMaxBytes) return MESSAGES.avatarTooLarge;
  return null;
}

/** Auto-search runs once the trimmed text has at least 3 characters. */
export function shouldAutoSearch(text: string): boolean {
  return text.trim().length >= SEARCH.minChars;
}
