/**
 * Django's four default password validators, with their messages, so sign-up and reset behave
 * like the original Django back end: UserAttributeSimilarity, MinimumLength, CommonPassword,
 * NumericPassword. Every failing validator contributes its message, in that order.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const MIN_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(__dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

/** difflib.SequenceMatcher.quick_ratio: an upper bound on similarity from shared characters. */
export function quickRatio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const ch of b) available.set(ch, (available.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const n = available.get(ch) ?? 0;
    if (n > 0) {
      matches++;
      available.set(ch, n - 1);
    }
  }
  return (2 * matches) / total;
}

/** Django ≥ 4.2 skips the comparison when the password is far longer than the attribute. */
function exceedsMaximumLengthRatio(password: string, value: string): boolean {
  const pwdLen = password.length;
  const lengthBoundSimilarity = (MAX_SIMILARITY / 2) * pwdLen;
  return pwdLen >= 10 * value.length && value.length < lengthBoundSimilarity;
}

export interface PasswordUserAttributes {
  email?: string;
  first_name?: string;
  last_name?: string;
}

const ATTRIBUTE_NAMES: Array<[keyof PasswordUserAttributes, string]> = [
  ['first_name', 'first name'],
  ['last_name', 'last name'],
  ['email', 'email'],
];

/** The validators' messages for this password (empty when it is acceptable). */
export function validatePassword(password: string, user: PasswordUserAttributes = {}): string[] {
  const errors: string[] = [];
  const lower = password.toLowerCase();

  for (const [attr, verbose] of ATTRIBUTE_NAMES) {
    const value = user[attr];
    if (!value || typeof value !== 'string') continue;
    const valueLower = value.toLowerCase();
    if (exceedsMaximumLengthRatio(lower, valueLower)) continue;
    const parts = [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower];
    if (parts.some((part) => part && quickRatio(lower, part) >= MAX_SIMILARITY)) {
      errors.push(`The password is too similar to the ${verbose}.`);
      break;
    }
  }
  if (password.length < MIN_LENGTH) errors.push(`This password is too short. It must contain at least ${MIN_LENGTH} characters.`);
  if (commonPasswords().has(lower.trim())) errors.push('This password is too common.');
  if (/^\d+$/.test(password)) errors.push('This password is entirely numeric.');
  return errors;
}
