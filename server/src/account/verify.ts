/**
 * Email verification (docs/deliveries.md#senders): sign-up mails a link `{PUBLIC_URL}/verify-email?token=…`;
 * POST /api/account/verify_email/ {token} marks the address verified. The token is signed, not
 * stored: `<user id>.<expiry, seconds>.<HMAC-SHA256 of id, address and expiry>` under the JWT
 * secret, so it works for that address only, for 7 days.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { nowIso } from '../db/types';

const LIFETIME_SECONDS = 7 * 86_400;

const signature = (secret: string, userId: number, email: string, expires: number) =>
  createHmac('sha256', secret).update(`verify-email:${userId}:${email.toLowerCase()}:${expires}`).digest('base64url');

export function verificationToken(secret: string, userId: number, email: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LIFETIME_SECONDS;
  return `${userId}.${expires}.${signature(secret, userId, email, expires)}`;
}

export const verificationLink = (publicUrl: string, token: string) => `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/** Marks the address verified when the token is genuine and current; false otherwise. */
export async function verifyEmail(db: Kysely<Database>, secret: string, token: string): Promise<boolean> {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!m) return false;
  const userId = Number(m[1]);
  const expires = Number(m[2]);
  if (expires * 1000 < Date.now()) return false;
  const user = await db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  const expected = Buffer.from(signature(secret, userId, user.email, expires));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  if (!user.email_verified_at) await db.updateTable('users').set({ email_verified_at: nowIso() }).where('id', '=', userId).execute();
  return true;
}

export function verificationMail(to: string, firstName: string, link: string, siteName: string) {
  return {
    to,
    subject: `Verify your email address for ${siteName}`,
    text: `Hi ${firstName || 'there'},\n\nPlease confirm this is your address by opening this link:\n\n${link}\n\nOnce it is confirmed you can send wishes to people by email. If you did not sign up, ignore this mail.`,
  };
}
