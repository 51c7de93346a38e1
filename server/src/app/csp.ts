/** Security headers and the Content-Security-Policy (remotes moved to another origin join script-src, style-src and connect-src). */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EARLY_TAP_SCRIPT } from '@wishes/kit-ui/earlyTap';
import securityHeaders from './security-headers';
import { remoteLocations } from '../pages/remotes';
import type { RemoteOverridesConfig } from '../platform/config';

/**
 * What REMOTE_OVERRIDES=true adds (docs/teams.md "Develop inside the real site"): the allowed
 * origin patterns for scripts, images and fonts a dev build loads, and for its connections,
 * with the matching ws:/wss: origins for the dev server's hot-update socket. Nothing when off.
 */
export function overrideSources(overrides: RemoteOverridesConfig | undefined): { load: string[]; connect: string[] } {
  if (!overrides?.enabled) return { load: [], connect: [] };
  const sockets = overrides.origins.map((o) => o.replace(/^http(s?):/i, 'ws$1:'));
  return { load: [...overrides.origins], connect: [...overrides.origins, ...sockets] };
}

/** The one inline script, allowed by its hash: the first paint's early-tap holder (@wishes/kit-ui/earlyTap). */
export const EARLY_TAP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAP_SCRIPT).digest('base64')}'`;

export async function registerSecurityHeaders(app: FastifyInstance, env: Record<string, string | undefined>, overrides?: RemoteOverridesConfig) {
  const remoteOrigins = [...new Set(remoteLocations(env).filter((l) => /^https?:/.test(l.base)).map((l) => new URL(l.base).origin))];
  const dev = overrideSources(overrides);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Remotes moved to another origin (MF_*_URL) load their bundles from there.
        scriptSrc: ["'self'", EARLY_TAP_SOURCE, ...remoteOrigins, ...dev.load],
        // A production build's stylesheets come from where its bundles do (a remote moved to another
        // origin, or a dev build); inline: the first paint's <style> and style-loader in development.
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins, ...dev.load],
        imgSrc: ["'self'", 'data:', 'blob:', ...dev.load],
        fontSrc: ["'self'", 'data:', ...dev.load],
        connectSrc: ["'self'", ...remoteOrigins, ...dev.connect],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // The site is often served over plain http (laptop, 127.0.0.1): upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // One framing policy: never framed (X-Frame-Options DENY for old browsers, frame-ancestors 'none' above for the rest).
    frameguard: { action: 'deny' },
  });
}
