/**
 * Which releases one browser is served (releases/canary.ts): its canary bucket (a cookie set on its
 * first visit), the release a preview link pins, and the signed load id whose canaries are counted.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app/deps';
import { bucketCookie, bucketFromCookie, newBucket, newLoadId, PREVIEW_COOKIE, PREVIEW_PARAM, previewFromCookie, verifyPreviewToken, type PreviewPin } from '../releases/canary';
import type { RemoteLocation } from './remotes';

export function createReleaseChoice({ config }: Pick<AppDeps, 'config'>) {
  return {
    /** This browser's canary bucket, set as a cookie on its first visit. */
    bucketOf(request: FastifyRequest, reply: FastifyReply): number {
      const known = bucketFromCookie(request.headers.cookie);
      if (known !== null) return known;
      const bucket = newBucket();
      reply.header('Set-Cookie', bucketCookie(bucket, request.protocol === 'https'));
      return bucket;
    },

    /** The release a preview link pins: from the link's query (then kept in a cookie until it expires) or from that cookie. */
    previewOf(request: FastifyRequest, reply: FastifyReply): PreviewPin | null {
      const fromQuery = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_PARAM];
      if (typeof fromQuery === 'string') {
        const pin = verifyPreviewToken(config.jwtSecret, fromQuery);
        if (pin) {
          const maxAge = Math.max(1, Math.floor((pin.expires - Date.now()) / 1000));
          reply.header('Set-Cookie', `${PREVIEW_COOKIE}=${fromQuery}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${request.protocol === 'https' ? '; Secure' : ''}`);
          return pin;
        }
      }
      return verifyPreviewToken(config.jwtSecret, previewFromCookie(request.headers.cookie));
    },

    /**
     * A signed load id for this page load, naming the canaries it was served (so only it can report
     * them). Serving a page counts nothing: a canary load counts when its module mounted
     * (POST /api/client-loads/, releases/canary-count.ts).
     */
    async startLoad(_request: FastifyRequest, locations: readonly RemoteLocation[]): Promise<string> {
      return newLoadId(config.jwtSecret, Date.now(), locations.filter((l) => l.canary).map((l) => ({ remote: l.folder, release: l.release })));
    },
  };
}

export type ReleaseChoice = ReturnType<typeof createReleaseChoice>;
