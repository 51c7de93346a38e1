/**
 * The kit by URL (docs/teams.md): `npm run build` packs it into <site root>/kit/
 * (scripts/kit-pack.js), and the server serves it:
 * - GET /kit/index.json: `{packages: [{name, version, file, integrity}]}`, what a team installs
 *   (integrity: the tarball's sha512); revalidated, since it moves when the kit does;
 * - GET /kit/<file>.tgz: a tarball, always application/gzip. A tarball's name carries its version
 *   and a version is never packed with other contents, so each is cached for good. A name that is
 *   not a kit tarball is a 400, a missing tarball the app's JSON 404: never a page.
 * At start the server only verifies (never packs) that each tarball index.json lists is there
 * with that integrity: a site whose kit does not match its index refuses to start.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { IMMUTABLE, REVALIDATE } from './assets';
import type { SendBuilt } from './built-files';

/** `npm pack`'s name for a kit package: wishes-kit-ui-1.0.0.tgz (a prerelease or build suffix allowed). */
const TARBALL = '^wishes-kit-[a-z0-9-]+-[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?\\.tgz$';
export const KIT_INDEX = 'index.json';

interface KitIndex {
  packages: Array<{ name: string; version: string; file: string; integrity: string }>;
}

/** Why the kit folder does not hold what its index.json lists, or null (no index.json: no kit packed, nothing to verify). */
export function kitProblem(kitDir: string): string | null {
  const indexFile = path.join(kitDir, KIT_INDEX);
  if (!existsSync(indexFile)) return null;
  let index: KitIndex;
  try {
    index = JSON.parse(readFileSync(indexFile, 'utf8')) as KitIndex;
  } catch {
    return `${indexFile} is not JSON`;
  }
  if (!index || !Array.isArray(index.packages)) return `${indexFile} has no "packages" list`;
  for (const entry of index.packages) {
    if (typeof entry?.file !== 'string' || !new RegExp(TARBALL).test(entry.file)) return `${indexFile} lists "${String(entry?.file)}", which is not a kit tarball's name`;
    const file = path.join(kitDir, entry.file);
    if (!existsSync(file)) return `${indexFile} lists ${entry.file}, which is not in ${kitDir}`;
    const integrity = `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
    if (integrity !== entry.integrity) return `${entry.file} in ${kitDir} is not the tarball index.json lists (its sha512 differs)`;
  }
  return null;
}

export function registerKitFiles(app: FastifyInstance, site: { root: string; sendBuilt: SendBuilt }) {
  const kitDir = path.join(site.root, 'kit');
  const problem = kitProblem(kitDir);
  if (problem) throw new Error(`the kit does not match its index: ${problem}; run npm run build (or npm run kit:pack) again`);
  app.get('/kit/index.json', { schema: { hide: true } }, async (_request, reply) => site.sendBuilt(reply, kitDir, KIT_INDEX, { cacheControl: REVALIDATE, type: 'application/json; charset=utf-8' }));
  app.get<{ Params: { file: string } }>(
    '/kit/:file',
    {
      schema: { hide: true, params: Type.Object({ file: Type.String({ pattern: TARBALL, maxLength: 200 }) }) },
    },
    // The file's own type (send names .tgz application/octet-stream), never a page; errors keep their JSON.
    async (request, reply) => site.sendBuilt(reply, kitDir, request.params.file, { cacheControl: IMMUTABLE, type: 'application/gzip' }),
  );
}
