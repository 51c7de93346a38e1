/**
 * Where uploaded media live. `disk` (the default, one process): files under MEDIA dir, served by
 * @fastify/static. `postgres` (MEDIA_STORAGE=postgres, cluster mode): rows of `media_files`
 * (migrations/0010_media_files.ts), so a file uploaded through one process is served by every
 * other. Names are relative to the media root (`avatars/<32 hex>.webp`), unique per upload, and
 * a file never changes once written.
 */
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../app/deps';
import { nowIso } from '../db/types';

export interface StoredFile {
  contentType: string;
  content: Buffer;
}

export interface MediaStore {
  readonly kind: 'disk' | 'postgres';
  /** Stores a new file; fails if the name exists. */
  put(name: string, contentType: string, content: Buffer): Promise<void>;
  /** Removes a file; a missing one is not an error. */
  remove(name: string): Promise<void>;
  /** The file, or undefined (postgres only: disk files are served by @fastify/static). */
  read(name: string): Promise<StoredFile | undefined>;
}

function diskStore(root: string): MediaStore {
  return {
    kind: 'disk',
    async put(name, _contentType, content) {
      const file = path.join(root, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content, { flag: 'wx' });
    },
    async remove(name) {
      await unlink(path.join(root, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async read() {
      return undefined;
    },
  };
}

function databaseStore(db: AppDeps['db']): MediaStore {
  return {
    kind: 'postgres',
    async put(name, contentType, content) {
      await db.insertInto('media_files').values({ name, content_type: contentType, content, created_at: nowIso() }).execute();
    },
    async remove(name) {
      await db.deleteFrom('media_files').where('name', '=', name).execute();
    },
    async read(name) {
      const row = await db.selectFrom('media_files').select(['content_type', 'content']).where('name', '=', name).executeTakeFirst();
      return row ? { contentType: row.content_type, content: Buffer.from(row.content) } : undefined;
    },
  };
}

export function mediaStoreFor(deps: Pick<AppDeps, 'db' | 'config'>): MediaStore {
  return deps.config.mediaStorage === 'postgres' ? databaseStore(deps.db) : diskStore(deps.config.mediaDir);
}
