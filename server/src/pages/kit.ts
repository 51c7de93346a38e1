/**
 * GET /kit/<file>.tgz: the kit's tarballs (`npm run kit:pack` writes them into <site root>/kit/),
 * so a team outside the monorepo installs a kit version by URL (docs/teams.md). A tarball's name
 * carries its version and a version is never packed twice with other contents, so each is cached
 * for good. A name that is not a kit tarball is a 400, a missing tarball the app's JSON 404.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { IMMUTABLE } from './assets';
import type { SendBuilt } from './built-files';

/** `npm pack`'s name for a kit package: wishes-kit-ui-1.0.0.tgz (a prerelease or build suffix allowed). */
const TARBALL = '^wishes-kit-[a-z0-9-]+-[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?\\.tgz$';

export function registerKitFiles(app: FastifyInstance, site: { root: string; sendBuilt: SendBuilt }) {
  const kitDir = path.join(site.root, 'kit');
  app.get<{ Params: { file: string } }>(
    '/kit/:file',
    {
      schema: { hide: true, params: Type.Object({ file: Type.String({ pattern: TARBALL, maxLength: 200 }) }) },
    },
    // The file's own type (send names .tgz application/octet-stream), never a page; errors keep their JSON.
    async (request, reply) => site.sendBuilt(reply, kitDir, request.params.file, { cacheControl: IMMUTABLE, type: 'application/gzip' }),
  );
}
