/** The account's life (operations tagged `account`): sign-up, then settings, password, sign out everywhere, export, delete (docs/features.md → account). */
import path from 'node:path';
import { mediaStoreFor } from '../media/store';
import { defineRoutes } from '../app/deps';
import { AUTH_MESSAGES, AuthError, HttpError } from '../platform/errors';
import { MINUTE, byIp } from '../platform/ratelimit';
import { isUniqueViolation } from '../db/errors';
import { AUTH_TEXT, isValidEmail } from '../auth/schemas';
import * as authQueries from '../auth/queries';
import { requireUser } from '../platform/auth';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { validatePassword } from '../auth/validators';
import { AVATAR } from '../media/schemas';
import { endUserSessions, startSession } from '../auth/sessions';
import { limitMarks } from '../previews/card-text';
import { isValidTimeZone, rescheduleMember } from '../people/service';
import * as q from './queries';
import { loadOptions } from '../options/load';
import { verificationLink, verificationMail, verificationToken, verifyEmail } from './verify';

export const ACCOUNT_TEXT = {
  badZone: 'Unknown time zone: use an IANA name such as Europe/Berlin.',
  blankName: 'This field may not be blank.',
  wrongPassword: 'Your current password is incorrect.',
  wrongDeletePassword: 'The password is incorrect.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  signedOutEverywhere: 'You have been signed out on every device.',
  deleted: 'Account deleted',
  emailVerified: 'Your email address is verified.',
  badVerification: 'This verification link is not valid or has expired.',
} as const;

const VERIFY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Verify your email address</title>
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f5f3ff}main{max-width:560px;margin:48px auto;padding:24px;background:#fff;border-radius:16px}a{color:#7c3aed}</style>
</head><body><main><h1>Verify your email address</h1><p id="verify-status" role="status">Checking your link…</p><p><a href="/">Go to Wishes</a></p></main>
<script src="/static/verify-email.js" defer></script></body></html>`;

export default defineRoutes((app, deps) => {
  const { db, config } = deps;
  // The mailed link's page: its script posts the token (a mail scanner's GET verifies nothing).
  app.get('/verify-email', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(VERIFY_PAGE),
  );
  // Password checks are as costly as a login, so they share a login-like throttle.
  const passwordThrottle = { max: 25, windowMs: 5 * MINUTE, key: byIp };

  const accountOf = async (userId: number) => {
    const account = await q.getAccount(db, userId);
    if (!account) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
    return account;
  };

  return {
    createUser: {
      rateLimit: [{ max: 20, windowMs: 60 * MINUTE, key: byIp }],
      handler: async (request, reply) => {
        const body = request.body;
        const email = body.email.trim().toLowerCase();
        if (!isValidEmail(email)) throw new HttpError(400, AUTH_TEXT.invalidEmail, { fields: { email: AUTH_TEXT.invalidEmail } });
        const problems = validatePassword(body.password, { email, first_name: body.first_name, last_name: body.last_name });
        if (problems.length) throw new HttpError(400, problems.join(' '), { fields: { password: problems[0] } });
        if (await authQueries.emailExists(db, email)) throw new HttpError(409, AUTH_TEXT.duplicateEmail, { fields: { email: AUTH_TEXT.duplicateEmail } });
        const passwordHash = await hashPassword(body.password, config.scryptCost);
        try {
          const id = await authQueries.insertUser(db, { email, passwordHash, firstName: limitMarks(body.first_name.trim()), lastName: limitMarks(body.last_name.trim()), phone: body.phone.trim() });
          // Senders must verify their address (REQUIRE_VERIFIED_SENDERS); the mail never holds up or fails the sign-up.
          if (config.requireVerifiedSenders) {
            const link = verificationLink(config.publicUrl, verificationToken(config.jwtSecret, id, email));
            const siteName = loadOptions(config.optionsPath, config.siteName).options.site_name;
            deps.mailer.send(verificationMail(email, body.first_name.trim(), link, siteName)).catch((error: unknown) => request.log.warn({ err: error }, 'verification mail not sent'));
          }
          return reply.code(201).send({ user_id: id });
        } catch (error) {
          // Two sign-ups with one email at once: the unique index decides, the loser gets the same 409.
          if (isUniqueViolation(error)) throw new HttpError(409, AUTH_TEXT.duplicateEmail, { fields: { email: AUTH_TEXT.duplicateEmail } });
          throw error;
        }
      },
    },

    verifyEmail: {
      rateLimit: [{ max: 30, windowMs: 5 * MINUTE, key: byIp }],
      handler: async (request) => {
        if (!(await verifyEmail(db, config.jwtSecret, request.body.token))) throw new HttpError(400, ACCOUNT_TEXT.badVerification, { fields: { token: ACCOUNT_TEXT.badVerification } });
        return { message: ACCOUNT_TEXT.emailVerified };
      },
    },

    getAccount: { handler: async (request) => accountOf(requireUser(request)) },

    updateAccount: {
      handler: async (request) => {
        const userId = requireUser(request);
        const changes: { first_name?: string; last_name?: string; phone?: string; time_zone?: string | null; reminder_emails?: number } = {};
        for (const field of ['first_name', 'last_name'] as const) {
          const value = request.body[field];
          if (value === undefined) continue;
          if (!value.trim()) throw new HttpError(400, `${field}: ${ACCOUNT_TEXT.blankName}`, { fields: { [field]: ACCOUNT_TEXT.blankName } });
          changes[field] = limitMarks(value.trim());
        }
        if (request.body.phone !== undefined) changes.phone = request.body.phone.trim();
        if (request.body.time_zone !== undefined) {
          const zone = request.body.time_zone?.trim() || null;
          if (zone !== null && !isValidTimeZone(zone)) throw new HttpError(400, `time_zone: ${ACCOUNT_TEXT.badZone}`, { fields: { time_zone: ACCOUNT_TEXT.badZone } });
          changes.time_zone = zone;
        }
        if (request.body.reminder_emails !== undefined) changes.reminder_emails = request.body.reminder_emails ? 1 : 0;
        await q.updateAccount(db, userId, changes);
        // Reminders come at REMINDER_TIME in the member's zone: a new zone moves them.
        if (changes.time_zone !== undefined) await rescheduleMember(deps, userId);
        // Author names are on the read model's pages and in the search rows.
        if (changes.first_name !== undefined || changes.last_name !== undefined || changes.phone !== undefined) await deps.events.emit({ kind: 'member.changed', userId });
        return accountOf(userId);
      },
    },

    changePassword: {
      rateLimit: [passwordThrottle],
      handler: async (request) => {
        const userId = requireUser(request);
        const user = await q.passwordHashOf(db, userId);
        if (!user) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
        if (!(await verifyPassword(request.body.current_password, user.password_hash))) {
          throw new HttpError(400, ACCOUNT_TEXT.wrongPassword, { fields: { current_password: ACCOUNT_TEXT.wrongPassword } });
        }
        const problems = validatePassword(request.body.new_password, { email: user.email, first_name: user.first_name, last_name: user.last_name });
        if (problems.length) throw new HttpError(400, problems.join(' '), { fields: { new_password: problems[0] } });
        await q.setPassword(db, userId, await hashPassword(request.body.new_password, config.scryptCost));
        // Every other device's access and refresh tokens end now (auth/sessions.ts); this one gets a new pair.
        await endUserSessions(deps, userId);
        return { message: ACCOUNT_TEXT.passwordChanged, ...(await startSession(deps, app.tokens, userId)) };
      },
    },

    signOutEverywhere: {
      handler: async (request) => {
        // Every access and refresh token issued before now, this device's included, answers 401 from the next request.
        await endUserSessions(deps, requireUser(request));
        return { message: ACCOUNT_TEXT.signedOutEverywhere };
      },
    },

    exportAccount: {
      handler: async (request, reply) => {
        const userId = requireUser(request);
        // Everything acknowledged so far is in it: the member's queued notifications first.
        await deps.notifications.settledFor(userId);
        const data = await q.exportAccount(db, userId);
        if (!data) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
        return reply
          .header('Content-Type', 'application/json; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="wishes-account-${data.account.user_id}.json"`)
          .header('Cache-Control', 'no-store')
          .send(JSON.stringify(data, null, 2));
      },
    },

    deleteAccount: {
      rateLimit: [passwordThrottle],
      handler: async (request) => {
        const userId = requireUser(request);
        const user = await q.passwordHashOf(db, userId);
        if (!user) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
        if (!(await verifyPassword(request.body.password, user.password_hash))) {
          throw new HttpError(400, ACCOUNT_TEXT.wrongDeletePassword, { fields: { password: ACCOUNT_TEXT.wrongDeletePassword } });
        }
        const deleted = await q.deleteAccount(db, userId);
        await deps.events.emit({ kind: 'account.deleted', userId });
        // The row is gone, so its tokens are refused; this also clears the cached session epoch at once.
        await endUserSessions(deps, userId);
        if (deleted) {
          const media = mediaStoreFor(deps);
          for (const url of deleted.avatarFiles) {
            const name = `${AVATAR.folder}/${path.basename(url)}`;
            await media.remove(name).catch((error: unknown) => request.log.warn({ err: error, name }, 'could not remove an avatar file'));
          }
          for (const other of deleted.notifiedUsers) await deps.notifications.bus.publish(other).catch(() => undefined);
        }
        return { message: ACCOUNT_TEXT.deleted };
      },
    },
  };
});
