/** simplejwt-style token obtain/refresh and the password-reset flow (operations tagged `auth`; sign-up is in account/). */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { normalizeResetToken } from '@wishes/kit-contract/validation';
import { defineRoutes } from '../app/deps';
import { AUTH_MESSAGES, AuthError, HttpError, suspendedError } from '../platform/errors';
import { MINUTE, TOO_MANY, byIp } from '../platform/ratelimit';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { validatePassword } from './validators';
import { AUTH_TEXT, decodeUid, encodeUid, isValidEmail } from './schemas';
import * as q from './queries';
import { endUserSessions, rotateRefreshToken, startSession } from './sessions';
import { LOGIN_LOCKOUT, RESET_LOCKOUT, createLockout, scaleRule, type LockoutCounter } from './lockout';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export default defineRoutes((app, deps) => {
  const { db, config } = deps;
  const scale = config.rateLimitScale;
  // Per (email, address) with exponential delay, plus a looser per-email ceiling (auth/lockout.ts);
  // in Redis when several processes share the counts (cluster mode).
  const loginLockout = createLockout('login', scaleRule(LOGIN_LOCKOUT, scale), deps.cluster);
  const resetLockout = createLockout('reset', scaleRule(RESET_LOCKOUT, scale), deps.cluster);
  const emailOf = (body: unknown, field: string) => {
    const value = (body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : '';
  };
  /** preHandler: 429 with Retry-After while the lockout holds this (email, address). */
  const lockoutGuard = (lockout: LockoutCounter, field: string) => async (request: FastifyRequest) => {
    const email = emailOf(request.body, field);
    if (!email) return;
    const wait = await lockout.retryAfterSeconds(email, request.ip);
    if (wait > 0) throw new HttpError(429, TOO_MANY, undefined, { 'Retry-After': String(wait) });
  };

  return {
    obtainToken: {
      rateLimit: [{ max: 25, windowMs: 5 * MINUTE, key: byIp }],
      preHandler: [lockoutGuard(loginLockout, 'username')],
      handler: async (request) => {
        const { username, password } = request.body;
        if (!username.trim() || !password) throw new HttpError(400, 'Email and password are required.');
        const email = username.trim().toLowerCase();
        const user = await q.findUserByEmail(db, email);
        if (!user) {
          await burnPasswordCheck(password, config.scryptCost);
          await loginLockout.count(email, request.ip);
          throw new AuthError(AUTH_MESSAGES.noActiveAccount);
        }
        if (!(await verifyPassword(password, user.password_hash))) {
          await loginLockout.count(email, request.ip);
          throw new AuthError(AUTH_MESSAGES.noActiveAccount);
        }
        // Said only after the right password, so the message tells nothing about other people's accounts.
        if (user.banned_at !== null) throw suspendedError((await q.suspensionOf(db, user.id))?.reason ?? null);
        await loginLockout.succeeded(email, request.ip);
        await resetLockout.succeeded(email, request.ip);
        return startSession(deps, app.tokens, user.id);
      },
    },

    // Rotation: the response also carries the refresh token that replaces the one sent (auth/sessions.ts).
    refreshToken: { handler: async (request) => rotateRefreshToken(deps, app.tokens, request.body.refresh) },

    requestPasswordReset: {
      rateLimit: [{ max: 5, windowMs: 30 * MINUTE, key: byIp }],
      preHandler: [lockoutGuard(resetLockout, 'email')],
      handler: async (request) => {
        const email = request.body.email.trim().toLowerCase();
        if (!isValidEmail(email)) throw new HttpError(400, AUTH_TEXT.invalidEmail, { fields: { email: AUTH_TEXT.invalidEmail } });
        await resetLockout.count(email, request.ip);
        const user = await q.findUserByEmail(db, email);
        if (user) {
          const token = randomBytes(32).toString('base64url');
          await q.insertPasswordReset(db, user.id, sha256(token), config.resetTokenTtlSeconds);
          const link = `${config.publicUrl}/auth/reset_password_confirm/${encodeUid(user.id)}/${token}/`;
          const minutes = Math.round(config.resetTokenTtlSeconds / 60);
          // Not awaited: the response time must not tell whether the account exists.
          deps.mailer
            .send({
              to: user.email,
              subject: AUTH_TEXT.resetSubject,
              text: `Someone asked to reset the password of your account.\n\nTo choose a new password, open this link (valid for ${minutes} minutes, usable once):\n${link}\n\nIf it was not you, ignore this mail; your password stays the same.\n`,
            })
            .catch((error: unknown) => request.log.error({ err: error, userId: user.id }, 'password reset mail failed'));
        }
        return { message: AUTH_TEXT.resetSent };
      },
    },

    confirmPasswordReset: {
      rateLimit: [{ max: 20, windowMs: 30 * MINUTE, key: byIp }],
      handler: async (request) => {
        const { uid, new_password: password } = request.body;
        const token = normalizeResetToken(request.body.token);
        const userId = decodeUid(uid.trim());
        const user = userId === null || !token ? undefined : await q.findUserById(db, userId);
        const tokenHash = sha256(token);
        if (!user || !(await q.resetTokenUsable(db, user.id, tokenHash))) throw new HttpError(400, AUTH_TEXT.resetInvalid);
        const problems = validatePassword(password, { email: user.email, first_name: user.first_name, last_name: user.last_name });
        if (problems.length) throw new HttpError(400, problems.join(' '), { fields: { new_password: problems[0] } });
        const passwordHash = await hashPassword(password, config.scryptCost);
        if (!(await q.resetPasswordWithToken(db, user.id, tokenHash, passwordHash))) throw new HttpError(400, AUTH_TEXT.resetInvalid);
        // Whoever knew the old password may hold tokens: every session of the account ends now.
        await endUserSessions(deps, user.id);
        return { message: AUTH_TEXT.resetDone };
      },
    },
  };
});
