/**
 * The server's own static content under /static/: the Terms and Privacy markdown
 * (/static/markdown/*.md, rendered by the shell's static pages) and the category images of the
 * options file (/static/categories/*.webp). Unknown files fall through to the JSON 404.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SERVER_ROOT } from '../platform/config';
import { releaseFileType } from '../releases/file-types';

export const STATIC_DIR = path.join(SERVER_ROOT, 'static');

export default async function staticContentRoutes(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: STATIC_DIR,
    prefix: '/static/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // The texts and what the pages load, never a document of the site's origin (releases/file-types.ts).
    allowedPath: (pathName) => /\.md$/i.test(pathName) || releaseFileType(pathName) !== null,
    // Names are not content-hashed: revalidate the texts, cache images for a day.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (filePath.endsWith('.md')) {
        res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=86400');
      }
    },
  });
}
