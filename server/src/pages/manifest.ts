/**
 * GET /mf/remotes.json: where each remote lives and what it declares (remotes.ts), following the
 * active releases, per canary bucket (Vary: Cookie). An ETag over the remotes lets an open tab
 * revalidate cheaply (a 304 keeps its load id and counts no load).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PreviewPin } from '../releases/canary';
import type { ReleaseChoice } from './release-choice';
import { remotesManifest, type RemoteLocation } from './remotes';

export const MANIFEST_PATH = '/mf/remotes.json';

/** The ETag of the manifest for these locations (not of its load id). */
export const manifestEtag = (locations: readonly RemoteLocation[]) =>
  `"${createHash('sha256').update(JSON.stringify(remotesManifest(locations))).digest('base64url').slice(0, 27)}"`;

export type CurrentLocations = (request: FastifyRequest, bucket?: number | null, pin?: PreviewPin | null) => Promise<readonly RemoteLocation[]>;

export function registerManifest(app: FastifyInstance, currentLocations: CurrentLocations, choice: ReleaseChoice) {
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache').header('Access-Control-Allow-Origin', '*').header('Vary', 'Cookie');
    const locations = await currentLocations(request, choice.bucketOf(request, reply), choice.previewOf(request, reply));
    const etag = manifestEtag(locations);
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return remotesManifest(locations, await choice.startLoad(request, locations));
  });
}
