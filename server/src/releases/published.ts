/**
 * Releases published over HTTP (POST /api/admin/remotes/{remote}/releases/, docs/teams.md).
 *
 * The body is a gzip'd tar of a remote's built folder. It is read as a stream (tar-stream) and
 * refused, with nothing stored, when an entry has an absolute path, a `..` segment, or is a link,
 * a device or anything but a plain file or folder, or when the files add up to more than
 * RELEASE_MAX_BYTES × 4 unpacked (a gzip bomb). The release id is computed here as
 * `npm run release` computes it (version + sha256 over the sorted files), so the same build always
 * gets the same id.
 *
 * Where every process serves it from: the database. A publish writes the release and its files
 * to `remote_releases` / `remote_release_files` (migration 0015) in one transaction, on the
 * database every process of a cluster already shares; each process copies a release into its own
 * RELEASES_DIR (a hidden temporary folder renamed into place, like `npm run release`) the first
 * time it lists, gates or serves it, and serves it from there. No shared disk or object store is
 * needed, and a process that starts later finds every release.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Kysely } from 'kysely';
import type { RemoteDeclaration } from '@wishes/shared/registry';
import type { Database } from '../db/types';
import { RELEASE_META, readRelease, releaseDir, REMOTE_ID, type ReleaseMeta } from './catalog';

/** Unpacked, an archive may hold at most this many times RELEASE_MAX_BYTES. */
export const UNPACKED_FACTOR = 4;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,40}$/;

/** An archive the server will not take: `status` 400 or 413, `reason` one line. */
export class ArchiveRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    reason: string,
  ) {
    super(reason);
    this.name = 'ArchiveRefused';
  }
}

/** Every file under `dir`, relative with '/', sorted. */
export function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]))
    .sort();
}

/** The release id of the files in `dir`: `<version>-<12 hex of sha256>` (release.json left out), as scripts/release.js computes it. */
export function releaseIdOf(dir: string, version: string): { id: string; hash: string } {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    if (file === RELEASE_META) continue;
    hash.update(file).update('\0').update(readFileSync(path.join(dir, file)));
  }
  const digest = hash.digest('hex');
  return { id: `${version}-${digest.slice(0, 12)}`, hash: digest };
}

/** The entry's path inside the release, or why it is refused. */
function entryPath(name: string): string {
  if (name.includes('\0') || name.includes('\\')) throw new ArchiveRefused(400, `the archive holds an unsafe name: ${JSON.stringify(name.slice(0, 100))}`);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw new ArchiveRefused(400, `the archive holds an absolute path: ${name.slice(0, 200)}`);
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw new ArchiveRefused(400, `the archive holds a path with "..": ${name.slice(0, 200)}`);
  return parts.join('/');
}

/**
 * Unpacks the gzip'd tar `body` into `dir` (which must exist and be empty), refusing unsafe
 * entries. Returns the files and their total size.
 */
export async function unpackArchive(body: Buffer, dir: string, maxBytes: number): Promise<{ files: number; bytes: number }> {
  const extract = tar.extract();
  let files = 0;
  let bytes = 0;
  const limit = maxBytes * UNPACKED_FACTOR;
  extract.on('entry', (header, stream, nextEntry) => {
    // Each entry answers once; its stream's own error (after a refusal destroys it) is absorbed here.
    let answered = false;
    const next = (error?: Error) => {
      if (answered) return;
      answered = true;
      nextEntry(error);
    };
    stream.on('error', (error: Error) => next(error));
    const fail = (error: Error) => {
      stream.resume();
      next(error);
    };
    let relative: string;
    try {
      relative = entryPath(header.name);
    } catch (error) {
      return fail(error as Error);
    }
    if (header.type === 'directory') {
      if (relative) mkdirSync(path.join(dir, relative), { recursive: true });
      stream.resume();
      return stream.on('end', () => next());
    }
    if (header.type !== 'file' && header.type !== 'contiguous-file') {
      return fail(new ArchiveRefused(400, `the archive holds a ${header.type ?? 'special'} entry (only files and folders are allowed): ${relative || header.name}`));
    }
    if (!relative) return fail(new ArchiveRefused(400, 'the archive holds a file without a name'));
    const chunks: Buffer[] = [];
    stream.on('data', (data: unknown) => {
      const chunk = data as Buffer;
      bytes += chunk.length;
      if (bytes > limit) stream.destroy(new ArchiveRefused(413, `the archive unpacks to more than ${limit} bytes (RELEASE_MAX_BYTES × ${UNPACKED_FACTOR})`));
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      const target = path.join(dir, relative);
      if (existsSync(target)) return next(new ArchiveRefused(400, `the archive holds ${relative} twice`));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, Buffer.concat(chunks));
      files += 1;
      next();
    });
  });
  try {
    await pipeline(Readable.from([body]), createGunzip(), extract);
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused(400, "the body is not a gzip'd tar archive (Content-Type: application/gzip)");
  }
  return { files, bytes };
}

/** What a published archive says about itself (its optional release.json) and the id the server gives it. */
export interface UnpackedRelease {
  dir: string;
  remote: string;
  id: string;
  version: string;
  hash: string;
  declaration: RemoteDeclaration;
  files: number;
  bytes: number;
}

/**
 * Checks the unpacked folder has what a release needs and works out its id. The declaration comes
 * from the archive's release.json (`{ version, declaration }`, written by `npm run release`),
 * else from the app registry (`registered`).
 */
export function describeUnpacked(dir: string, remote: string, registered: RemoteDeclaration | undefined, counts: { files: number; bytes: number }): UnpackedRelease {
  for (const required of ['remoteEntry.js', 'mf-manifest.json']) {
    if (!existsSync(path.join(dir, required))) throw new ArchiveRefused(400, `the archive has no ${required} at its root`);
  }
  let declared: { version?: unknown; declaration?: unknown } = {};
  if (existsSync(path.join(dir, RELEASE_META))) {
    try {
      declared = JSON.parse(readFileSync(path.join(dir, RELEASE_META), 'utf8')) as typeof declared;
    } catch {
      throw new ArchiveRefused(400, 'the archive holds a release.json that is not JSON');
    }
    if (!declared || typeof declared !== 'object') throw new ArchiveRefused(400, 'the archive holds a release.json that is not an object');
  }
  const version = declared.version === undefined ? '0.0.0' : declared.version;
  if (typeof version !== 'string' || !VERSION.test(version)) throw new ArchiveRefused(400, 'release.json: "version" must be a version such as 1.2.0');
  const declaration = (declared.declaration ?? registered) as RemoteDeclaration | undefined;
  if (!declaration || typeof declaration !== 'object') throw new ArchiveRefused(400, `the archive has no release.json with the declaration of ${remote} (it is not in the app registry)`);
  const { id, hash } = releaseIdOf(dir, version);
  return { dir, remote, id, version, hash, declaration, ...counts };
}

/** A fresh hidden folder beside the releases of `remote` (never listed or served). */
export function buildingDir(releasesDir: string, remote: string): string {
  if (!REMOTE_ID.test(remote)) throw new Error(`not a remote id: ${remote}`);
  const parent = path.join(releasesDir, remote);
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(path.join(parent, '.building-'));
}

/** Writes release.json last and moves the folder into place; an existing release is left alone. */
export function finishLocal(releasesDir: string, dir: string, meta: ReleaseMeta): void {
  const target = releaseDir(releasesDir, meta.remote, meta.id);
  if (!target) throw new Error(`not a release id: ${meta.id}`);
  if (readRelease(releasesDir, meta.remote, meta.id)) {
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  writeFileSync(path.join(dir, RELEASE_META), `${JSON.stringify(meta, null, 2)}\n`);
  try {
    rmSync(target, { recursive: true, force: true }); // an unfinished folder of the same name
    renameSync(dir, target);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    // Another process finished the same release first: fine.
    if (!readRelease(releasesDir, meta.remote, meta.id)) throw error;
  }
}

/** A published release's meta from the database, or null. */
export async function publishedMeta(db: Kysely<Database>, remote: string, id: string): Promise<ReleaseMeta | null> {
  const row = await db.selectFrom('remote_releases').selectAll().where('remote', '=', remote).where('release_id', '=', id).executeTakeFirst();
  if (!row) return null;
  return { remote, id, version: row.version, hash: row.hash, created_at: row.created_at, declaration: JSON.parse(row.declaration) as RemoteDeclaration };
}

/** Stores a checked release in the database (files and all), in one transaction. */
export async function storePublished(db: Kysely<Database>, release: UnpackedRelease, publishedBy: string, createdAt: string): Promise<void> {
  const files = filesUnder(release.dir).filter((f) => f !== RELEASE_META);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('remote_releases')
      .values({
        remote: release.remote,
        release_id: release.id,
        version: release.version,
        hash: release.hash,
        declaration: JSON.stringify(release.declaration),
        files: files.length,
        bytes: release.bytes,
        published_by: publishedBy,
        created_at: createdAt,
      })
      .execute();
    for (const file of files) {
      await trx.insertInto('remote_release_files').values({ remote: release.remote, release_id: release.id, path: file, content: readFileSync(path.join(release.dir, file)) }).execute();
    }
  });
}

/**
 * Makes sure the published release `remote/id` is in this process's RELEASES_DIR, copying it from
 * the database when it is not. True when it is there afterwards.
 */
export async function ensureLocal(db: Kysely<Database>, releasesDir: string, remote: string, id: string): Promise<boolean> {
  if (readRelease(releasesDir, remote, id)) return true;
  if (!releaseDir(releasesDir, remote, id)) return false;
  const meta = await publishedMeta(db, remote, id);
  if (!meta) return false;
  const files = await db.selectFrom('remote_release_files').select(['path', 'content']).where('remote', '=', remote).where('release_id', '=', id).execute();
  const dir = buildingDir(releasesDir, remote);
  try {
    for (const file of files) {
      const relative = entryPath(file.path);
      mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
      writeFileSync(path.join(dir, relative), file.content);
    }
    finishLocal(releasesDir, dir, meta);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return readRelease(releasesDir, remote, id) !== null;
}

/** Copies every published release missing from this process's RELEASES_DIR (of one remote, or all). */
export async function syncPublished(db: Kysely<Database>, releasesDir: string, remote?: string): Promise<void> {
  let query = db.selectFrom('remote_releases').select(['remote', 'release_id']);
  if (remote) query = query.where('remote', '=', remote);
  for (const row of await query.execute()) {
    if (!readRelease(releasesDir, row.remote, row.release_id)) await ensureLocal(db, releasesDir, row.remote, row.release_id);
  }
}

/** Remotes with a published release in the database. */
export async function remotesPublished(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('remote_releases').select('remote').distinct().execute()).map((r) => r.remote);
}
