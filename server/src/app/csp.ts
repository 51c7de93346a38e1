/** Security headers and the Content-Security-Policy (remotes moved to another origin join script-src and connect-src). */
import type { FastifyInstance } from 'fastify';
import securityHeaders from './security-headers';
import { remoteLocations } from '../pages/remotes';

export async function registerSecurityHeaders(app: FastifyInstance, env: Record<string, string | undefined>) {
  const remoteOrigins = [...new Set(remoteLocations(env).filter((l) => /^https?:/.test(l.base)).map((l) => new URL(l.base).origin))];
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Remotes moved to another origin (MF_*_URL) load their bundles from there.
        scriptSrc: ["'self'", ...remoteOrigins],
        // style-loader injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...remoteOrigins],
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
