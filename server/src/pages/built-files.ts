/**
 * Sending a built file (the shell's, a remote's dist/, a release's): @fastify/static with
 * `preCompressed`, so the build's `.br`/`.gz` copy goes out as it is when the client accepts it (no
 * CPU spent compressing per request). Links, paths outside the folder and, unless configured, source
 * maps are a plain 404, decided before the Cache-Control (never an immutable error).
 */
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { releaseFileType } from '../releases/file-types';
import { cacheControlFor, isSourceMap, PRECOMPRESSED_EXTENSIONS, regularFileInside } from './assets';

/**
 * `type`: the file's Content-Type, else the one its name allows (releases/file-types.ts); a name
 * that allows none (HTML, SVG, XML, anything unknown) is a 404: built files are never pages.
 */
export type SendBuilt = (reply: FastifyReply, distDir: string, relative: string, options?: { cacheControl?: string; type?: string }) => FastifyReply | void;

export async function registerBuiltFiles(app: FastifyInstance, root: string, options: { serveSourceMaps: boolean }): Promise<SendBuilt> {
  // sendFile only (no routes of its own); `send` refuses paths outside the root it is given.
  // ETag/Last-Modified revalidation for the no-cache entry files; our own Cache-Control wins.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false, etag: true, lastModified: true, dotfiles: 'deny', index: false });

  // The type decided for a reply, set last (send names types by extension, and its compressed
  // copies by their original's): only the file's own type ever goes out.
  const forcedTypes = new WeakMap<FastifyReply, string>();
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = forcedTypes.get(reply);
    if (type !== undefined && reply.statusCode < 300) reply.header('Content-Type', type);
    return payload;
  });

  return (reply, distDir, relative, { cacheControl = cacheControlFor(relative), type = releaseFileType(relative) ?? undefined } = {}) => {
    if (!existsSync(distDir) || type === undefined) return reply.callNotFound();
    if ((isSourceMap(relative) && !options.serveSourceMaps) || !regularFileInside(distDir, relative)) return reply.callNotFound();
    const copies = PRECOMPRESSED_EXTENSIONS.filter((extension) => existsSync(`${distDir}/${relative}${extension}`));
    // A compressed copy that is a link (or not a file) is never followed: the whole file is a 404.
    if (copies.some((extension) => !regularFileInside(distDir, relative + extension))) return reply.callNotFound();
    reply.header('Cache-Control', cacheControl);
    forcedTypes.set(reply, type);
    // The answer depends on Accept-Encoding whenever a compressed copy exists.
    if (copies.length) reply.header('Vary', 'Accept-Encoding');
    return reply.sendFile(relative, distDir);
  };
}
