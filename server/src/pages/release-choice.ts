/**
 * Which releases one browser is served (releases/canary.ts): its canary bucket (a cookie set on its
 * first visit), the release a confirmed preview pins, and the signed load id whose canaries are counted.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app/deps';
import type { RemotesManifest } from '@wishes/kit-contract/api';
import { bucketCookie, bucketFromCookie, newBucket, newLoadId, PREVIEW_PARAM, previewFromCookie, verifyPreviewToken, type PreviewPin } from '../releases/canary';
import type { RemoteLocation } from './remotes';

type PreviewRequest = NonNullable<RemotesManifest['preview_request']>;

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

    /**
     * The release this browser's confirmed preview pins (its httpOnly cookie, set by
     * POST /api/preview/ from the confirmation page). Opening a preview link pins nothing by itself.
     */
    previewOf(request: FastifyRequest): PreviewPin | null {
      return verifyPreviewToken(config.jwtSecret, previewFromCookie(request.headers.cookie));
    },

    /**
     * What a page's preview link (`?wishes_preview=`) asks for, for its confirmation page: the
     * remote and release, or why the link is refused; undefined without a link.
     */
    previewRequestOf(request: FastifyRequest): PreviewRequest | undefined {
      const fromQuery = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_PARAM];
      if (fromQuery === undefined) return undefined;
      const pin = typeof fromQuery === 'string' ? verifyPreviewToken(config.jwtSecret, fromQuery) : null;
      if (!pin) return { refused: 'This preview link is forged or has expired. Ask for a new one.' };
      return { remote: pin.remote, release: pin.release, expires_at: new Date(pin.expires).toISOString() };
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
