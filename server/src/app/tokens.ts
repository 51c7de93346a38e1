/**
 * simplejwt-compatible HS256 tokens. Claims: token_type, exp, iat, jti, user_id; refresh tokens
 * also carry `pwc` (the user's password_changed_at in ms) so a password change invalidates every
 * refresh token issued before it without a same-second race on `iat`.
 */
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { TokenClaims } from '@wishes/shared/contract';

export type VerifiedClaims = TokenClaims & { pwc?: number };

export interface TokenService {
  issueAccess(userId: number, nowMs?: number): string;
  issueRefresh(userId: number, passwordChangedAt: string, nowMs?: number): string;
  /** The claims when the signature, algorithm, expiry and token_type all check out; else null. */
  verify(token: string, type: 'access' | 'refresh'): VerifiedClaims | null;
}

export function createTokenService(options: { secret: string; accessTtlSeconds: number; refreshTtlSeconds: number }): TokenService {
  const signer = (ttl: number, nowMs?: number) =>
    createSigner({ key: options.secret, algorithm: 'HS256', expiresIn: ttl * 1000, clockTimestamp: nowMs });
  const access = signer(options.accessTtlSeconds);
  const refresh = signer(options.refreshTtlSeconds);
  // The algorithm allowlist refuses `alg: none` and any other algorithm substitution.
  const verifier = createVerifier({ key: options.secret, algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'jti', 'token_type', 'user_id'], cache: 1000 });

  return {
    issueAccess(userId, nowMs) {
      const sign = nowMs === undefined ? access : signer(options.accessTtlSeconds, nowMs);
      return sign({ token_type: 'access', jti: randomUUID().replace(/-/g, ''), user_id: userId });
    },
    issueRefresh(userId, passwordChangedAt, nowMs) {
      const sign = nowMs === undefined ? refresh : signer(options.refreshTtlSeconds, nowMs);
      return sign({ token_type: 'refresh', jti: randomUUID().replace(/-/g, ''), user_id: userId, pwc: Date.parse(passwordChangedAt) });
    },
    verify(token, type) {
      if (typeof token !== 'string' || token.length > 4096) return null;
      let claims: VerifiedClaims;
      try {
        claims = verifier(token) as VerifiedClaims;
      } catch {
        return null;
      }
      if (claims.token_type !== type) return null;
      if (!Number.isSafeInteger(claims.user_id) || claims.user_id <= 0) return null;
      return claims;
    },
  };
}
