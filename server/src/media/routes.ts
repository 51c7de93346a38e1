/**
 * POST /api/profile/my/avatar/upload/ (multipart, field "avatar") and GET /media/* (the uploaded
 * files). Uploads are judged by their bytes, re-encoded by sharp and stored under server-chosen
 * names, so nothing a user sends is ever served back as-is.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from '../app/deps';
import { registerOperations } from '../platform/operations';
import { requireUser } from '../platform/auth';
import { HttpError } from '../platform/errors';
import { ImageTooLargeError, InvalidImageError, processAvatar } from './process';
import { AVATAR, AVATAR_FILE_RE, AVATAR_TEXT } from './schemas';
import { sniffImage } from './sniff';
import * as q from './queries';
import { mediaStoreFor } from './store';

/** Names are unique per upload, so a file never changes: browsers may keep it for a year. */
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Upload errors carry `success: false`, as the client expects. */
const uploadError = (status: number, message: string) => new HttpError(status, message, { success: false });

/** The file name of an avatar path we wrote ourselves, or null (never delete anything else). */
function ownAvatarFile(url: string | null): string | null {
  if (!url || !url.startsWith(AVATAR.urlPrefix)) return null;
  const name = url.slice(AVATAR.urlPrefix.length);
  return AVATAR_FILE_RE.test(name) ? name : null;
}

export default async function mediaRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const { db, dialect, config } = deps;
  const media = mediaStoreFor(deps);
  // @fastify/static (disk storage) wants its root to exist at registration.
  if (media.kind === 'disk') mkdirSync(path.join(config.mediaDir, AVATAR.folder), { recursive: true });

  await app.register(multipart, {
    // Enforced while streaming: the upload is cut off at the limit, never buffered whole.
    limits: { fileSize: AVATAR.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });

  // The upload's URL is under /api/profile/ (operation `uploadAvatar`, tagged profiles); it lives
  // here, beside the processing and the /media/ files, because multipart parsing is registered only here.
  registerOperations(app, deps, {
    uploadAvatar: {
      handler: async (request) => {
        const userId = requireUser(request);
        if (!request.isMultipart()) throw uploadError(400, AVATAR_TEXT.notMultipart);

        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname === AVATAR.field && bytes === undefined) bytes = await part.toBuffer();
            else part.file.resume(); // drain files under other names
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(413, AVATAR_TEXT.tooLarge);
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
            throw uploadError(400, 'Send one image in the "avatar" field.');
          }
          // A malformed multipart body is the client's fault, not ours.
          request.log.info({ err: error }, 'unreadable avatar upload');
          throw uploadError(400, AVATAR_TEXT.notMultipart);
        }
        if (bytes === undefined) throw uploadError(400, AVATAR_TEXT.missing);
        if (bytes.length === 0 || !sniffImage(bytes)) throw uploadError(415, AVATAR_TEXT.notImage);

        let images;
        try {
          images = await processAvatar(bytes);
        } catch (error) {
          if (error instanceof ImageTooLargeError) throw uploadError(413, AVATAR_TEXT.tooManyPixels);
          if (error instanceof InvalidImageError) throw uploadError(415, AVATAR_TEXT.notImage);
          throw error;
        }

        const id = randomBytes(16).toString('hex');
        const fullName = `${id}.webp`;
        const thumbName = `${id}-thumb.webp`;
        await media.put(`${AVATAR.folder}/${fullName}`, 'image/webp', images.full);
        await media.put(`${AVATAR.folder}/${thumbName}`, 'image/webp', images.thumbnail);

        const next = { avatar_url: AVATAR.urlPrefix + fullName, avatar_thumbnail: AVATAR.urlPrefix + thumbName };
        const removeFiles = async (names: Array<string | null>) => {
          for (const name of names) {
            if (!name) continue;
            await media.remove(`${AVATAR.folder}/${name}`).catch((error: unknown) => request.log.warn({ err: error, name }, 'could not remove an avatar file'));
          }
        };
        let previous: q.AvatarPaths | undefined;
        try {
          previous = await q.replaceAvatar(db, dialect, userId, next);
        } catch (error) {
          await removeFiles([fullName, thumbName]);
          throw error;
        }
        // The author's avatar is on every page of their wishes (read model).
        if (previous) await deps.events.emit({ kind: 'member.changed', userId });
        if (!previous) {
          // The account was deleted meanwhile.
          await removeFiles([fullName, thumbName]);
          throw new HttpError(404, 'User not found', { success: false });
        }
        // Old files are unreachable now; names are unique, so nobody else links to them.
        await removeFiles([ownAvatarFile(previous.avatar_url), ownAvatarFile(previous.avatar_thumbnail)]);

        return { success: true, message: AVATAR_TEXT.success, ...next };
      },
    },
  });

  // GET /media/*: its own prefix, so a missing file is a JSON 404 here and never the site's HTML.
  await app.register(
    async (mediaScope) => {
      mediaScope.setNotFoundHandler((_request, reply) => {
        reply.code(404).send({ error: 'Not found.' });
      });
      if (media.kind === 'postgres') {
        // Stored in the database: every process serves every file.
        mediaScope.get<{ Params: { name: string } }>('/avatars/:name', { schema: { hide: true } }, async (request, reply) => {
          const name = request.params.name;
          const file = AVATAR_FILE_RE.test(name) ? await media.read(`${AVATAR.folder}/${name}`) : undefined;
          if (!file) return reply.code(404).send({ error: 'Not found.' });
          return reply.header('Content-Type', file.contentType).header('Cache-Control', MEDIA_CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff').send(file.content);
        });
        return;
      }
      await mediaScope.register(fastifyStatic, {
        root: config.mediaDir,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        // Only names this module writes: no listing, no dotfiles, no "..", whatever the encoding.
        allowedPath: (pathname) => /^\/avatars\/[0-9a-f]{32}(-thumb)?\.webp$/.test(pathname),
        // Names are unique per upload, so a file never changes: cache it for a year.
        maxAge: '365d',
        immutable: true,
        setHeaders: (res) => {
          res.setHeader('X-Content-Type-Options', 'nosniff');
        },
      });
    },
    { prefix: '/media' },
  );
}
