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
import { readFile, writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';
import type { Database } from '../db/types';
import { RELEASE_META, readRelease, releaseDir, REMOTE_ID, type ReleaseBuild, type ReleaseMeta } from './catalog';
import { releaseFileAllowed } from './file-types';

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
 * The unpacking itself, in a worker thread: gunzip, tar parsing, every entry checked (path, kind,
 * count, unpacked size, a name used twice or as both a file and a folder), files written and the
 * release hash computed, all off the event loop, so a large archive never stalls the other
 * requests and no error of unpacking (a throw inside a tar-stream callback included) can reach the
 * process: the worker answers one message, or dies and the publish is a 400. Plain JavaScript so
 * it runs the same under tsx, jest and compiled code; the path rules are entryPath's above.
 */
const UNPACK_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
const { Readable } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const { createGunzip } = require('node:zlib');
const tar = require(workerData.tarStream);
const { body, dir, maxUnpacked, maxFiles, factor, meta } = workerData;

class Refused extends Error {
  constructor(status, reason) { super(reason); this.status = status; }
}

function entryPath(name) {
  if (name.includes('\\0') || name.includes('\\\\')) throw new Refused(400, 'the archive holds an unsafe name: ' + JSON.stringify(name.slice(0, 100)));
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw new Refused(400, 'the archive holds an absolute path: ' + name.slice(0, 200));
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw new Refused(400, 'the archive holds a path with "..": ' + name.slice(0, 200));
  return parts.join('/');
}

async function unpack() {
  // Every path seen: 'file' or 'dir'. A name may not be both, nor a file twice.
  const kinds = new Map();
  const both = (p) => new Refused(400, 'the archive holds ' + p.slice(0, 200) + ' both as a file and as a folder');
  const claimDir = (relative) => {
    const parts = relative.split('/');
    for (let i = 1; i <= parts.length; i += 1) {
      const p = parts.slice(0, i).join('/');
      if (kinds.get(p) === 'file') throw both(p);
      kinds.set(p, 'dir');
    }
  };
  const claimFile = (relative) => {
    const slash = relative.lastIndexOf('/');
    if (slash > 0) claimDir(relative.slice(0, slash));
    const kind = kinds.get(relative);
    if (kind === 'dir') throw both(relative);
    if (kind === 'file') throw new Refused(400, 'the archive holds ' + relative.slice(0, 200) + ' twice');
    kinds.set(relative, 'file');
  };
  const files = [];
  let entries = 0;
  let bytes = 0;
  const extract = tar.extract();
  extract.on('entry', (header, stream, nextEntry) => {
    // Each entry answers once; its stream's own error (after a refusal destroys it) is absorbed here.
    let answered = false;
    const next = (error) => {
      if (answered) return;
      answered = true;
      nextEntry(error);
    };
    stream.on('error', (error) => next(error));
    try {
      entries += 1;
      if (entries > maxFiles) throw new Refused(413, 'the archive holds more than ' + maxFiles + ' entries (RELEASE_MAX_FILES)');
      const relative = entryPath(header.name);
      if (header.type === 'directory') {
        if (relative) claimDir(relative);
        stream.on('end', () => next());
        stream.resume();
        return;
      }
      if (header.type !== 'file' && header.type !== 'contiguous-file') {
        throw new Refused(400, 'the archive holds a ' + (header.type || 'special') + ' entry (only files and folders are allowed): ' + (relative || header.name));
      }
      if (!relative) throw new Refused(400, 'the archive holds a file without a name');
      claimFile(relative);
      const chunks = [];
      stream.on('data', (chunk) => {
        bytes += chunk.length;
        if (bytes > maxUnpacked) stream.destroy(new Refused(413, 'the archive unpacks to more than ' + maxUnpacked + ' bytes (RELEASE_MAX_BYTES × ' + factor + ')'));
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        try {
          const target = path.join(dir, relative);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, Buffer.concat(chunks), { flag: 'wx' });
          files.push(relative);
          next();
        } catch (error) {
          next(error);
        }
      });
    } catch (error) {
      stream.resume();
      next(error);
    }
  });
  try {
    await pipeline(Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]), createGunzip(), extract);
  } catch (error) {
    if (error instanceof Refused) throw error;
    if (error && typeof error.syscall === 'string') throw new Refused(400, 'the archive could not be unpacked (' + error.code + ')');
    throw new Refused(400, "the body is not a gzip'd tar archive (Content-Type: application/gzip)");
  }
  // The release hash, as scripts/release.js computes it: every file but release.json, sorted.
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    if (file === meta) continue;
    hash.update(file).update('\\0').update(fs.readFileSync(path.join(dir, file)));
  }
  return { files, bytes, digest: hash.digest('hex') };
}

unpack().then(
  (result) => parentPort.postMessage({ result }),
  (error) => parentPort.postMessage(error instanceof Refused ? { refused: { status: error.status, reason: error.message } } : { failed: String(error && error.code ? error.code : 'error') }),
);
`;

/** What the unpacking worker answers. */
interface UnpackAnswer {
  result?: { files: string[]; bytes: number; digest: string };
  refused?: { status: 400 | 413; reason: string };
  failed?: string;
}

/** One unpacking at a time per process: each holds an archive in memory and a core busy. */
let unpackQueue: Promise<unknown> = Promise.resolve();

function runUnpackWorker(body: Buffer, dir: string, limits: { maxBytes: number; maxFiles: number }): Promise<UnpackAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: UnpackAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let worker: Worker;
    try {
      worker = new Worker(UNPACK_WORKER, {
        eval: true,
        workerData: { tarStream: require.resolve('tar-stream'), body, dir, maxUnpacked: limits.maxBytes * UNPACKED_FACTOR, maxFiles: limits.maxFiles, factor: UNPACKED_FACTOR, meta: RELEASE_META },
      });
    } catch {
      return settle({ failed: 'worker' });
    }
    worker.once('message', (answer: UnpackAnswer) => {
      settle(answer);
      void worker.terminate();
    });
    // An error the worker did not catch ends the worker, never this process.
    worker.once('error', () => settle({ failed: 'error' }));
    worker.once('exit', () => settle({ failed: 'exit' }));
  });
}

/**
 * Unpacks the gzip'd tar `body` into `dir` (which must exist and be empty) in a worker thread,
 * refusing unsafe entries, more than `maxFiles` entries, more than `maxBytes` × UNPACKED_FACTOR
 * unpacked and any file a remote does not need (release files are never documents:
 * file-types.ts). Returns the files, their total size and the release hash (release.json left
 * out). Every failure is an ArchiveRefused; the caller removes `dir`.
 */
export async function unpackArchive(body: Buffer, dir: string, limits: { maxBytes: number; maxFiles: number }): Promise<{ files: number; bytes: number; digest: string }> {
  const run = unpackQueue.then(() => runUnpackWorker(body, dir, limits));
  unpackQueue = run.catch(() => undefined);
  const answer = await run;
  if (answer.refused) throw new ArchiveRefused(answer.refused.status, answer.refused.reason);
  if (!answer.result) throw new ArchiveRefused(400, 'the archive could not be unpacked');
  const { files, bytes, digest } = answer.result;
  const document = files.find((file) => file !== RELEASE_META && !releaseFileAllowed(file));
  if (document !== undefined) {
    throw new ArchiveRefused(
      400,
      `the archive holds ${document.slice(0, 200)}, which is not a file a remote needs: a release holds scripts, styles, fonts, raster images, JSON, source maps and @mf-types, never documents such as HTML, SVG or XML`,
    );
  }
  return { files: files.length, bytes, digest };
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
  build: ReleaseBuild;
}

/** A git commit (short or full hex) and a branch name (the characters branch names use); notes are the team's free text, kept as sent. */
const COMMIT = /^[0-9a-f]{7,64}$/;
const BRANCH = /^[\w./+@#-]{1,200}$/;
export const NOTES_MAX = 2000;

/** The build record of a release.json (`commit`, `branch`, `notes`, `built_at`, `tests_skipped`), each optional; 400 for a wrong one. */
function buildOf(declared: Record<string, unknown>): ReleaseBuild {
  const text = (key: string, valid: (v: string) => boolean, what: string): string | null => {
    const value = declared[key];
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string' || !valid(value)) throw new ArchiveRefused(400, `release.json: "${key}" must be ${what}`);
    return value;
  };
  const tests = declared.tests_skipped;
  if (tests !== undefined && typeof tests !== 'boolean') throw new ArchiveRefused(400, 'release.json: "tests_skipped" must be true or false');
  return {
    commit: text('commit', (v) => COMMIT.test(v), 'a git commit id (hex)'),
    branch: text('branch', (v) => BRANCH.test(v), 'a git branch name'),
    notes: text('notes', (v) => v.length <= NOTES_MAX, `text of at most ${NOTES_MAX} characters`),
    built_at: text('built_at', (v) => !Number.isNaN(Date.parse(v)) && v.length <= 40, 'a date and time (ISO 8601)'),
    tests_skipped: tests === true,
  };
}

/**
 * Checks the unpacked folder has what a release needs and works out its id. The declaration comes
 * from the archive's release.json (`{ version, declaration }`, written by `npm run release`),
 * else the site's own build's declaration of it (`registered`).
 */
export function describeUnpacked(dir: string, remote: string, registered: RemoteDeclaration | undefined, unpacked: { files: number; bytes: number; digest: string }): UnpackedRelease {
  for (const required of ['remoteEntry.js', 'mf-manifest.json']) {
    if (!existsSync(path.join(dir, required))) throw new ArchiveRefused(400, `the archive has no ${required} at its root`);
  }
  let declared: { version?: unknown; declaration?: unknown } & Record<string, unknown> = {};
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
  if (!declaration || typeof declaration !== 'object') throw new ArchiveRefused(400, `the archive has no release.json with the declaration of ${remote} (it is not one of the site's own remotes)`);
  const build = buildOf(declared);
  return { dir, remote, id: `${version}-${unpacked.digest.slice(0, 12)}`, version, hash: unpacked.digest, declaration, files: unpacked.files, bytes: unpacked.bytes, build };
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
  return {
    remote,
    id,
    version: row.version,
    hash: row.hash,
    created_at: row.created_at,
    declaration: JSON.parse(row.declaration) as RemoteDeclaration,
    build: { commit: row.commit_sha, branch: row.branch, notes: row.notes, built_at: row.built_at, tests_skipped: row.tests_skipped === 1 },
    published_by: row.published_by,
  };
}

/** Files inserted per statement when a release is stored. */
const STORE_BATCH = 50;

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
        commit_sha: release.build.commit,
        branch: release.build.branch,
        notes: release.build.notes,
        built_at: release.build.built_at,
        tests_skipped: release.build.tests_skipped ? 1 : 0,
      })
      .execute();
    // In batches, read without blocking, with a turn of the event loop between them: SQLite's
    // driver answers synchronously, so a release of 2,000 files would otherwise run in one turn.
    for (let start = 0; start < files.length; start += STORE_BATCH) {
      const batch = files.slice(start, start + STORE_BATCH);
      const contents = await Promise.all(batch.map((file) => readFile(path.join(release.dir, file))));
      await trx
        .insertInto('remote_release_files')
        .values(batch.map((file, i) => ({ remote: release.remote, release_id: release.id, path: file, content: contents[i] })))
        .execute();
      await new Promise<void>((resolve) => setImmediate(resolve));
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
      // Written without blocking: a large release copied on its first request stalls no other request.
      await writeFile(path.join(dir, relative), file.content);
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
