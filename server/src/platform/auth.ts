/**
 * Request authentication. Every request passes the optional-auth hook, which sets
 * `request.userId` (number or null). A Bearer token that is present but invalid is a 401 on every
 * route, public ones included, as simplejwt does, so the client knows to refresh.
 * `app.authenticate` is the preHandler for routes that need a signed-in user.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OPERATIONS, PROBE_PATHS, type Operation } from '@wishes/kit-contract/api';
import { AUTH_MESSAGES, AuthError, suspendedError } from './errors';
import type { TokenService, VerifiedClaims } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor. */
    userId: number | null;
    /** A team token sent on a remote's release call (releases/tokens.ts), checked by those routes. */
    teamToken: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid access token was sent; afterwards request.userId is a number. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    tokens: TokenService;
  }
}

/** Routes that never look at the Authorization header (simplejwt's token views have no authentication classes). */
const TOKEN_VIEWS = new Set(
  Object.values(OPERATIONS as Record<string, Operation>)
    .filter((op) => op.tokenView)
    .map((op) => op.path.replace(/\/+$/, '')),
);

/** GET /metrics checks its own bearer token (METRICS_TOKEN, platform/metrics.ts), not a member's. */
TOKEN_VIEWS.add(PROBE_PATHS.metrics);

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).replace(/\/+$/, '');
}

export interface AuthPluginOptions {
  tokens: TokenService;
  /**
   * Whether a validly signed token still belongs to a live session (auth/sessions.ts: the user
   * exists and the token's epoch is current). A token for a missing user is an invalid token, not a 500 later.
   */
  sessionValid: (claims: VerifiedClaims) => Promise<boolean>;
  /** Why a validly signed token's account is suspended (null: it is not), said in the 401. */
  suspension?: (userId: number) => Promise<{ reason: string | null } | null>;
  /**
   * Tokens that are not a member's (a remote team's release token, releases/tokens.ts): how to tell
   * one, and the paths (with a trailing slash) it is good for; the calls there verify it themselves.
   */
  teamTokens?: { isTeamToken: (token: string) => boolean; paths: RegExp };
}

async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('userId', null);
  app.decorateRequest('teamToken', null);

  app.addHook('onRequest', async (request) => {
    request.userId = null;
    request.teamToken = null;
    const header = request.headers.authorization;
    if (!header) return;
    const [scheme, token, ...rest] = header.trim().split(/\s+/);
    // Like simplejwt: a header that is not "Bearer ..." is not ours to judge.
    if (scheme?.toLowerCase() !== 'bearer') return;
    if (TOKEN_VIEWS.has(pathOf(request.url))) return;
    // A team token: good only for its remote's release calls (they verify it); any other API call is 401.
    if (token && rest.length === 0 && opts.teamTokens?.isTeamToken(token)) {
      if (opts.teamTokens.paths.test(pathOf(request.url) + '/')) {
        request.teamToken = token;
        return;
      }
      if (pathOf(request.url).startsWith('/api')) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
      return;
    }
    const claims = token && rest.length === 0 ? opts.tokens.verify(token, 'access') : null;
    if (!claims) throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
    if (!(await opts.sessionValid(claims))) {
      // A ban ends the sessions; say so, with the reason, rather than a bare "token not valid".
      const suspended = opts.suspension ? await opts.suspension(claims.user_id) : null;
      if (suspended) throw suspendedError(suspended.reason, 'token_not_valid');
      throw new AuthError(AUTH_MESSAGES.tokenNotValid, 'token_not_valid');
    }
    request.userId = claims.user_id;
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (request.userId === null) throw new AuthError(AUTH_MESSAGES.notProvided);
  });
}

export default fp(authPlugin, { name: 'wishes-auth' });

/** The signed-in user's id inside a route guarded by app.authenticate. */
export function requireUser(request: Pick<FastifyRequest, 'userId'>): number {
  if (request.userId === null) throw new AuthError(AUTH_MESSAGES.notProvided);
  return request.userId;
}
