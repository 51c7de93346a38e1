/**
 * simplejwt-compatible HS256 tokens. Claims: token_type, exp, iat, jti, user_id, plus
 * - `sep`: the user's session epoch when the token was issued (auth/sessions.ts); a token from an
 *   earlier epoch is refused, which is how a password change, reset, "sign out everywhere", ban or
 *   account deletion ends every session at once (absent = 0, tokens issued before the epoch existed);
 * - refresh tokens: `pwc` (the user's password_changed_at in ms) and `fam` (the rotation family);
 * - access tokens: `role` (user, moderator, admin) when it was known at issue. A hint for the
 *   client's navigation only: the server reads the role from the database on every call that needs it.
 */
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { TokenClaims } from '@wishes/kit-contract/api';

export type VerifiedClaims = TokenClaims & { pwc?: number; sep?: number; fam?: string };

/** The session a refresh token belongs to: its rotation family, its own id, the user's epoch. */
export interface RefreshSession {
  family: string;
  jti: string;
  epoch: number;
}

export const newTokenId = () => randomUUID().replace(/-/g, '');

/** Tokens whose signature was checked lately, kept by their text (at most this many, the least recently used out first). */
const VERIFIED_CAP = 1000;

export interface TokenService {
  issueAccess(userId: number, nowMs?: number, epoch?: number, role?: string): string;
  /** Without `session` the token has a fresh jti, no family and epoch 0 (tests); sign-in passes one. */
  issueRefresh(userId: number, passwordChangedAt: string, nowMs?: number, session?: RefreshSession): string;
  /** The claims when the signature, algorithm, expiry and token_type all check out; else null. */
  verify(token: string, type: 'access' | 'refresh'): VerifiedClaims | null;
}

export function createTokenService(options: { secret: string; accessTtlSeconds: number; refreshTtlSeconds: number }): TokenService {
  const signer = (ttl: number, nowMs?: number) =>
    createSigner({ key: options.secret, algorithm: 'HS256', expiresIn: ttl * 1000, clockTimestamp: nowMs });
  const access = signer(options.accessTtlSeconds);
  const refresh = signer(options.refreshTtlSeconds);
  // The algorithm allowlist refuses `alg: none` and any other algorithm substitution.
  const verifier = createVerifier({ key: options.secret, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'jti', 'token_type', 'user_id'] });
  // A member's every call carries the same token, so its claims are kept by the token's own text:
  // a lookup, where fast-jwt's own cache hashed each token (a SHA-256 object per call, ~8 µs, most
  // of a signed-in feed read's own CPU). A kept token is still refused once it expires.
  const verified = new Map<string, VerifiedClaims>();
  const checked = (token: string): VerifiedClaims => {
    const kept = verified.get(token);
    verified.delete(token);
    if (kept && kept.exp * 1000 > Date.now()) {
      // Last in the map's order again: a member who keeps calling keeps their entry however many
      // other tokens come and go (eviction takes the map's first, the least recently used).
      verified.set(token, kept);
      return kept;
    }
    const claims = verifier(token) as VerifiedClaims;
    if (verified.size >= VERIFIED_CAP) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  };

  return {
    issueAccess(userId, nowMs, epoch = 0, role) {
      const sign = nowMs === undefined ? access : signer(options.accessTtlSeconds, nowMs);
      const claims = { token_type: 'access', jti: newTokenId(), user_id: userId, sep: epoch };
      return sign(role === undefined ? claims : { ...claims, role });
    },
    issueRefresh(userId, passwordChangedAt, nowMs, session) {
      const sign = nowMs === undefined ? refresh : signer(options.refreshTtlSeconds, nowMs);
      const claims = { token_type: 'refresh', jti: session?.jti ?? newTokenId(), user_id: userId, pwc: Date.parse(passwordChangedAt), sep: session?.epoch ?? 0 };
      return sign(session ? { ...claims, fam: session.family } : claims);
    },
    verify(token, type) {
      if (typeof token !== 'string' || token.length > 4096) return null;
      let claims: VerifiedClaims;
      try {
        claims = checked(token);
      } catch {
        return null;
      }
      if (claims.token_type !== type) return null;
      if (!Number.isSafeInteger(claims.user_id) || claims.user_id <= 0) return null;
      return claims;
    },
  };
}
