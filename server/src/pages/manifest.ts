/**
 * GET /mf/remotes.json: where each remote lives and what it declares (remotes.ts), following the
 * active releases, per canary bucket (Vary: Cookie). An ETag over the remotes lets an open tab
 * revalidate cheaply (a 304 keeps its load id and counts no load).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PreviewPin } from '../releases/canary';
import type { ReleaseChoice } from './release-choice';
import type { RemotesManifest } from '@wishes/kit-contract/api';
import type { RemoteOverridesConfig } from '../platform/config';
import { remotesManifest, type RemoteLocation } from './remotes';

export const MANIFEST_PATH = '/mf/remotes.json';

/** The manifest as this site serves it, and its ETag over the remotes (not over the load id). */
export interface ManifestWriter {
  manifestFor(locations: readonly RemoteLocation[], loadId?: string): RemotesManifest;
  manifestEtag(locations: readonly RemoteLocation[]): string;
}

/**
 * REMOTE_OVERRIDES=true: the shell learns the mode and the allowed origins from the manifest
 * (never from its build), so the same build runs with the mode on or off.
 */
export function createManifestWriter(remoteOverrides: RemoteOverridesConfig): ManifestWriter {
  const overrideMode = remoteOverrides.enabled ? { remote_overrides: { origins: [...remoteOverrides.origins] } } : {};
  const manifestFor = (locations: readonly RemoteLocation[], loadId?: string) => ({ ...remotesManifest(locations, loadId), ...overrideMode });
  return {
    manifestFor,
    manifestEtag: (locations) => `"${createHash('sha256').update(JSON.stringify(manifestFor(locations))).digest('base64url').slice(0, 27)}"`,
  };
}

export type CurrentLocations = (request: FastifyRequest, bucket?: number | null, pin?: PreviewPin | null) => Promise<readonly RemoteLocation[]>;

export function registerManifest(app: FastifyInstance, currentLocations: CurrentLocations, choice: ReleaseChoice, { manifestFor, manifestEtag }: ManifestWriter) {
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache').header('Access-Control-Allow-Origin', '*').header('Vary', 'Cookie');
    const locations = await currentLocations(request, choice.bucketOf(request, reply), choice.previewOf(request));
    const etag = manifestEtag(locations);
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return manifestFor(locations, await choice.startLoad(request, locations));
  });
}
