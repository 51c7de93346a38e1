/**
 * Admin calls for remote releases (docs/teams.md): the same switches as
 * `npm run remotes`, over HTTP, plus publishing and team tokens. A site admin may call every one;
 * a team token (releases/tokens.ts) only its own remote's release calls within its scopes (another
 * remote's: 403; any other API call: 401, in platform/auth.ts). Token management is for admins only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app/deps';
import { registerOperations } from '../platform/operations';
import { AUTH_MESSAGES, AuthError, HttpError } from '../platform/errors';
import { requireUser } from '../platform/auth';
import { getRole } from '../moderation/queries';
import { MINUTE, byIp } from '../platform/ratelimit';
import { activateRelease, checkPreviewable, evaluateCanaries, promoteRelease, publishRelease, ReleaseRefused, remoteReleases, remoteStates, rollbackRelease, type ReleaseContext } from './service';
import { newPreviewToken, PREVIEW_PARAM, previewCookie, recentErrors, storeClientError, verifyLoadId, verifyPreviewToken } from './canary';
import { addressKey, CANARY_EVALUATION_MS, canaryCounter, realClock } from './canary-count';
import { activeCanaries } from './store';
import { mapStack } from './sourcemaps';
import { createTeamToken, listTeamTokens, revokeTeamToken, teamEmails, verifyTeamToken, type TokenScope } from './tokens';
import { isValidEmail } from '../auth/schemas';

export const NOT_ADMIN = 'Only admins can manage remote releases.';
/** The archive media types a publish accepts. */
const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip'];

/** A refusal's JSON: `detail` (api v3) beside the v2 `error`. */
export function refusalError(status: number, reason: string): HttpError {
  return new HttpError(status, reason, { detail: reason });
}

/**
 * A request a page of this site sent: browsers name the sending page's site in Sec-Fetch-Site and
 * its origin in Origin; either naming another site refuses it. (A JSON body already needs a
 * preflight from another origin, which the API never grants: this is the second lock.)
 */
function fromOwnPage(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  try {
    const host = new URL(origin).host;
    return host === request.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

export default async function releaseRoutes(app: FastifyInstance, { deps, siteRoot }: { deps: AppDeps; siteRoot?: string }) {
  /** Mails every admin and `remote`'s team addresses (a gate refusal, an automatic rollback, a promotion), each address once. */
  const mailAdminsAndTeam = async (remote: string, subject: string, text: string) => {
    const admins = await deps.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    const to = new Set([...admins.map((a) => a.email), ...(await teamEmails(deps.db, remote))]);
    for (const email of to) await deps.mailer.send({ to: email, subject, text });
  };
  const clock = deps.canaryClock ?? realClock;
  const counter = canaryCounter(deps.db, deps.cluster, deps.config.canary.windowS);
  const ctx: ReleaseContext = { db: deps.db, releasesDir: deps.config.releasesDir, siteRoot: siteRoot ?? deps.config.siteRoot, canary: deps.config.canary, notify: mailAdminsAndTeam, releasesPage: `${deps.config.publicUrl}/moderation/releases`, counter, now: clock.now };
  // Every running canary is judged every 10 s, whatever arrives (canary-count.ts); each process does, one ends it.
  let evaluating = false;
  const stopWatch = clock.every(CANARY_EVALUATION_MS, async () => {
    if (evaluating) return;
    evaluating = true;
    await evaluateCanaries(ctx, app.log)
      .catch((error: unknown) => app.log.error({ err: error }, 'could not evaluate the canaries'))
      .finally(() => (evaluating = false));
  });
  app.addHook('onClose', async () => stopWatch());
  /** The load a report names, and whether it was served `remote`'s running canary `release`; 400s for a forged, expired or unserved one. */
  const canaryOfLoad = async (body: { load_id: string; remote: string; release: string }): Promise<boolean> => {
    const load = verifyLoadId(deps.config.jwtSecret, body.load_id, clock.now());
    if (!load) throw refusalError(400, 'load_id is missing, forged or expired.');
    const canary = (await activeCanaries(deps.db)).get(body.remote);
    if (canary?.release !== body.release) return false;
    if (!load.served(body.remote, body.release)) throw refusalError(400, `This load was not served ${body.remote} ${body.release}.`);
    return true;
  };
  const countAddress = (request: FastifyRequest, remote: string, release: string, kind: 'load' | 'error') =>
    counter.count(remote, release, kind, addressKey(deps.config.jwtSecret, request.ip), clock.now());
  const maxBytes = deps.config.releaseMaxBytes;

  // The publish body: read here (only this plugin's routes), counted, refused past the limit.
  app.addContentTypeParser(ARCHIVE_TYPES, (request, payload, done) => {
    // Nobody signed in and no team token: 401 before reading (a visitor never makes a process hold RELEASE_MAX_BYTES).
    if (request.userId === null && request.teamToken === null) {
      payload.resume();
      return done(new AuthError(AUTH_MESSAGES.notProvided), undefined);
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      payload.resume();
      return done(refusalError(413, `the archive is ${declared} bytes, over RELEASE_MAX_BYTES (${maxBytes})`), undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > maxBytes) {
        failed = true;
        done(refusalError(413, `the archive is over RELEASE_MAX_BYTES (${maxBytes} bytes)`), undefined);
      } else chunks.push(chunk);
    });
    payload.on('error', (error) => {
      if (!failed) done(error, undefined);
      failed = true;
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
  });

  /** The signed-in admin's actor label, else 401/403. */
  const requireAdmin = async (request: FastifyRequest): Promise<string> => {
    const userId = requireUser(request);
    if ((await getRole(deps.db, userId)) !== 'admin') throw new HttpError(403, NOT_ADMIN);
    return `user:${userId}`;
  };

  /**
   * Who calls `remote`'s release call needing `scope` (none: any scope will do): `team:<name>` for
   * its team token, `user:<id>` for an admin; else 401/403.
   */
  const releaseCaller = async (request: FastifyRequest, remote: string | null, scope: TokenScope | null): Promise<{ actor: string; team: string | null }> => {
    if (request.teamToken === null) return { actor: await requireAdmin(request), team: null };
    const caller = await verifyTeamToken(deps.db, request.teamToken);
    if (!caller) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
    if (remote !== null && caller.remote !== remote) throw refusalError(403, `This token is for ${caller.remote}, not ${remote}.`);
    if (scope && !caller.scopes.includes(scope)) throw refusalError(403, `This token does not have the ${scope} scope.`);
    return { actor: `team:${caller.name}`, team: caller.remote };
  };

  const refusedAsHttp = (error: unknown): never => {
    if (error instanceof ReleaseRefused) throw refusalError(error.status, error.message);
    throw error;
  };

  registerOperations(app, deps, {
    listRemotes: {
      checksAuth: true,
      handler: async (request) => {
        const { team } = await releaseCaller(request, null, null);
        return { remotes: await remoteStates(ctx, team ?? undefined) };
      },
    },

    activateRelease: {
      checksAuth: true,
      handler: async (request) => {
        const percent = request.body.percent ?? 100;
        const { actor } = await releaseCaller(request, request.params.remote, percent < 100 ? 'activate' : 'promote');
        const record = await activateRelease(ctx, request.params.remote, request.body.release, actor, percent, request.body.force === true).catch(refusedAsHttp);
        const message = percent < 100 ? `${record.remote} ${record.release_id} is a canary for ${percent} % of browsers` : `${record.remote} ${record.release_id} is active`;
        return { message, switch: record };
      },
    },

    rollbackRelease: {
      checksAuth: true,
      handler: async (request) => {
        const { actor } = await releaseCaller(request, request.params.remote, 'activate');
        const record = await rollbackRelease(ctx, request.params.remote, actor).catch(refusedAsHttp);
        return { message: `${record.remote} rolled back to ${record.release_id}`, switch: record };
      },
    },

    promoteRelease: {
      checksAuth: true,
      handler: async (request) => {
        const { actor } = await releaseCaller(request, request.params.remote, 'promote');
        const record = await promoteRelease(ctx, request.params.remote, actor).catch(refusedAsHttp);
        return { message: `${record.remote} ${record.release_id} is active for everyone`, switch: record };
      },
    },

    previewRelease: {
      checksAuth: true,
      handler: async (request) => {
        // A preview puts a release in front of a person on the site's own origin: the same trust as a canary.
        await releaseCaller(request, request.params.remote, 'activate');
        await checkPreviewable(ctx, request.params.remote, request.body.release).catch(refusedAsHttp);
        const { token: value, expires } = newPreviewToken(deps.config.jwtSecret, request.params.remote, request.body.release);
        return { url: `${deps.config.publicUrl}/?${PREVIEW_PARAM}=${encodeURIComponent(value)}`, expires_at: new Date(expires).toISOString() };
      },
    },

    confirmPreview: {
      rateLimit: [{ max: 30, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        // Only this site's own confirmation page pins a preview: a page elsewhere posting a link's
        // token would pin a release in a browser whose person never saw what it is.
        if (!fromOwnPage(request, deps.config.publicUrl)) throw refusalError(403, "Confirm a preview on this site's own page.");
        const pin = verifyPreviewToken(deps.config.jwtSecret, request.body.token);
        if (!pin) throw refusalError(400, 'This preview link is forged or has expired.');
        const maxAge = Math.max(1, Math.floor((pin.expires - Date.now()) / 1000));
        reply.header('Set-Cookie', previewCookie(request.body.token, maxAge, request.protocol === 'https'));
        return { remote: pin.remote, release: pin.release, expires_at: new Date(pin.expires).toISOString() };
      },
    },

    endPreview: {
      handler: async (request, reply) => {
        return reply.code(204).header('Set-Cookie', previewCookie('', 0, request.protocol === 'https')).send();
      },
    },

    listRemoteErrors: {
      checksAuth: true,
      handler: async (request) => {
        await releaseCaller(request, request.params.remote, null);
        const rows = await recentErrors(deps.db, request.params.remote, request.query.release);
        return {
          errors: await Promise.all(
            rows.map(async (row) => ({
              release: row.release_id,
              kind: row.kind,
              message: row.message,
              stack: row.stack === null ? null : await mapStack(ctx, request.params.remote, row.release_id, row.stack),
              created_at: row.created_at,
            })),
          ),
        };
      },
    },

    reportClientError: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        const report = request.body;
        const ofCanary = await canaryOfLoad(report);
        const first = await storeClientError(deps.db, report);
        // One error per load (a load's later reports count nothing), and once per address per window.
        // An address that reports an error of the canary tried to load it: it counts as loading too.
        if (ofCanary && first) {
          await countAddress(request, report.remote, report.release, 'error');
          await countAddress(request, report.remote, report.release, 'load');
        }
        return reply.code(204).send();
      },
    },

    reportClientLoad: {
      rateLimit: [{ max: 60, windowMs: MINUTE, key: byIp }],
      handler: async (request, reply) => {
        // Only a canary's module that mounted counts, once per address per window; anything else is a 204 that counts nothing.
        if (await canaryOfLoad(request.body)) await countAddress(request, request.body.remote, request.body.release, 'load');
        return reply.code(204).send();
      },
    },

    publishRelease: {
      checksAuth: true,
      handler: async (request, reply) => {
        const { actor } = await releaseCaller(request, request.params.remote, 'publish');
        if (!Buffer.isBuffer(request.body)) throw refusalError(400, "send the gzip'd tar of the built folder (Content-Type: application/gzip)");
        const result = await publishRelease(ctx, request.params.remote, request.body, actor, { maxBytes, maxFiles: deps.config.releaseMaxFiles }).catch(refusedAsHttp);
        return reply.code(result.status).send({ release: result.release, files: result.files, bytes: result.bytes });
      },
    },

    listRemoteReleases: {
      checksAuth: true,
      handler: async (request) => {
        await releaseCaller(request, request.params.remote, null);
        return { releases: await remoteReleases(ctx, request.params.remote).catch(refusedAsHttp) };
      },
    },

    createRemoteToken: {
      handler: async (request, reply) => {
        const actor = await requireAdmin(request);
        const email = request.body.email?.trim() || null;
        if (email !== null && !isValidEmail(email)) throw new HttpError(400, 'email must be an email address.', { detail: 'email must be an email address.', fields: { email: 'Enter a valid email address.' } });
        const { info, token } = await createTeamToken(deps.db, {
          remote: request.params.remote,
          name: request.body.name,
          scopes: request.body.scopes,
          expiresDays: request.body.expires_days,
          createdBy: actor,
          email,
        });
        return reply.code(201).send({ token_id: info.token_id, token });
      },
    },

    listRemoteTokens: {
      handler: async (request) => {
        await requireAdmin(request);
        const tokens = await listTeamTokens(deps.db, request.params.remote);
        return { tokens: tokens.map(({ token_id, name, scopes, created_at, expires_at, last_used_at, revoked_at }) => ({ token_id, name, scopes, created_at, expires_at, last_used_at, revoked_at })) };
      },
    },

    revokeRemoteToken: {
      handler: async (request) => {
        await requireAdmin(request);
        if (!(await revokeTeamToken(deps.db, request.params.token_id, request.params.remote))) throw new HttpError(404, 'No such live token for this remote.');
        return { message: `token ${request.params.token_id} of ${request.params.remote} is revoked` };
      },
    },
  });
}
