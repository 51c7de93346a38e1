/**
 * The backup archive, written by backup.ts and read back by restore.ts (`npm run backup -- <file>` /
 * `npm run restore -- <file>`, docs/operations.md → "Backup and restore"): one archive of
 * everything a site holds — every table, the media (avatars, from disk or from PostgreSQL's
 * media_files) and the remote releases with their switch history — in a portable form that restores into SQLite or PostgreSQL whichever engine wrote it.
 *
 * Archive: gzip of JSON lines.
 *   {"kind":"wishes-backup","format":1,...}          header (source engine, migrations applied)
 *   {"table":"users","columns":[...]}                 then one {"r":[...]} line per row
 *   {"file":"media"|"releases"|"secret","name":...,"data":b64} one line per file (sha256 of its bytes);
 *                                                     "secret" is DATA_DIR/jwt-secret, the signing
 *                                                     secret, unless JWT_SECRET set it
 *   {"manifest":{tables,files,sha256}}                last: row counts and per-table checksums,
 *                                                     file counts, sha256 of every line before it
 * A truncated or altered archive fails the check before anything is written.
 *
 * Consistency: SQLite is copied with its online backup API (a second connection, never a file
 * copy of the live database) and read from the copy; PostgreSQL is read in one REPEATABLE READ,
 * READ ONLY transaction (media_files included), so rows, counters and media are one instant.
 * Media on disk are read after the snapshot: files are immutable and uniquely named, so every
 * file the snapshot names is there unless it was deleted meanwhile (an avatar replaced).
 *
 * Derived data is not stored but rebuilt by the target's own triggers as rows are inserted:
 * SQLite's FTS5 index (virtual tables and their shadow tables), PostgreSQL's tsvector columns, and
 * feed_buckets. Tables are written in foreign-key order, so a restore inserts in archive order.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Config } from '../platform/config';
import type { Dialect } from '../db/types';

export const BACKUP_FORMAT = 1;

/** Kept by triggers from other tables: rebuilt on restore, never stored. */
export const DERIVED_TABLES = new Set(['feed_buckets']);
/** Filled by a migration on every database (one counter row): not "data" when checking a target is empty. */
export const SEEDED_TABLES = new Set(['feed_sequence']);
/** The migrator's own bookkeeping: the target migrates itself. */
export const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** The table holding media when MEDIA_STORAGE=postgres: stored as files in the archive. */
export const MEDIA_TABLE = 'media_files';

export type Row = unknown[];
export type Area = 'media' | 'releases' | 'secret';
/** Every kind of file an archive holds ('secret' since archives carry the signing secret; older ones have none). */
const AREAS: readonly Area[] = ['media', 'releases', 'secret'];
/** The signing secret's file in the data folder (app/config.ts reads it when JWT_SECRET is unset). */
export const SECRET_FILE = 'jwt-secret';

export interface TableSummary {
  rows: number;
  sha256: string;
}
export interface FileSummary {
  count: number;
  bytes: number;
}
export interface Manifest {
  tables: Record<string, TableSummary>;
  /** `secret` is absent from archives written before they carried the signing secret. */
  files: Record<'media' | 'releases', FileSummary> & { secret?: FileSummary };
  /** sha256 (hex) of every archive line before the manifest, newline included. */
  sha256: string;
}
export interface BackupHeader {
  kind: 'wishes-backup';
  format: number;
  created_at: string;
  source: { dialect: Dialect; media: 'disk' | 'postgres' };
  migrations: string[];
}
export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

export class BackupError extends Error {}

/** JSON cannot hold bytes: a Buffer is written as {"$b64": "..."}. */
export function encodeValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $b64: value.toString('base64') };
  if (value instanceof Uint8Array) return { $b64: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return value.toString();
  return value;
}
export function decodeValue(value: unknown): unknown {
  if (value && typeof value === 'object' && '$b64' in value) return Buffer.from(String((value as { $b64: string }).$b64), 'base64');
  return value;
}


/** Every file under `root` (relative names with forward slashes), sorted. */
export function listFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
      else if (entry.isFile()) out.push(rel);
    }
  };
  walk(root, '');
  return out.sort();
}

export const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.avif': 'image/avif' };

export type BackupConfig = Pick<Config, 'databaseUrl' | 'mediaStorage' | 'mediaDir' | 'releasesDir'> & Partial<Pick<Config, 'dataDir' | 'jwtSecret'>>;


export type Entry =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: string; columns: string[] }
  | { kind: 'row'; values: unknown[] }
  | { kind: 'file'; area: Area; name: string; type?: string; created_at?: string; content: Buffer }
  | { kind: 'manifest'; manifest: Manifest };

export async function* readEntries(file: string): AsyncGenerator<{ entry: Entry; line: string }> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line);
    } catch {
      throw new BackupError('the archive is damaged (a line is not JSON)');
    }
    if ('r' in value) yield { entry: { kind: 'row', values: (value.r as unknown[]).map(decodeValue) }, line };
    else if ('table' in value) yield { entry: { kind: 'table', table: String(value.table), columns: value.columns as string[] }, line };
    else if ('file' in value) {
      const area = value.file as Area;
      if (!AREAS.includes(area)) throw new BackupError(`the archive holds files of an unknown kind "${String(area)}"`);
      yield { entry: { kind: 'file', area, name: String(value.name), type: value.type as string | undefined, created_at: value.created_at as string | undefined, content: Buffer.from(String(value.data), 'base64') }, line };
    } else if ('manifest' in value) yield { entry: { kind: 'manifest', manifest: value.manifest as Manifest }, line };
    else if (value.kind === 'wishes-backup') yield { entry: { kind: 'header', header: value as unknown as BackupHeader }, line };
    else throw new BackupError('the archive holds a line of an unknown kind');
  }
}

/** A relative file name that stays inside its folder. */
export function safeName(name: string): boolean {
  return name.length > 0 && !name.startsWith('/') && !name.split('/').some((part) => part === '..' || part === '' || part === '.') && !name.includes('\\') && !name.includes('\0');
}

/** Reads the whole archive and checks it against its manifest; returns header and manifest. Throws BackupError. */
export async function verifyBackup(file: string): Promise<{ header: BackupHeader; manifest: Manifest }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let header: BackupHeader | null = null;
  let manifest: Manifest | null = null;
  const whole = createHash('sha256');
  const tables: Record<string, TableSummary> = {};
  const files: Record<Area, FileSummary> = { media: { count: 0, bytes: 0 }, releases: { count: 0, bytes: 0 }, secret: { count: 0, bytes: 0 } };
  let current: { name: string; hash: ReturnType<typeof createHash>; rows: number; width: number } | null = null;
  const finishTable = () => {
    if (current) tables[current.name] = { rows: current.rows, sha256: current.hash.digest('hex') };
    current = null;
  };
  try {
    for await (const { entry, line } of readEntries(file)) {
      if (manifest) throw new BackupError('the archive has lines after its manifest');
      if (entry.kind === 'manifest') {
        finishTable();
        manifest = entry.manifest;
        continue;
      }
      whole.update(`${line}\n`);
      if (entry.kind === 'header') {
        if (header) throw new BackupError('the archive has two headers');
        header = entry.header;
        if (header.format !== BACKUP_FORMAT) throw new BackupError(`archive format ${header.format} is not supported (this version reads format ${BACKUP_FORMAT})`);
        continue;
      }
      if (!header) throw new BackupError('this is not a Wishes backup (no header)');
      if (entry.kind === 'table') {
        finishTable();
        if (tables[entry.table]) throw new BackupError(`the archive holds table ${entry.table} twice`);
        current = { name: entry.table, hash: createHash('sha256'), rows: 0, width: entry.columns.length };
      } else if (entry.kind === 'row') {
        if (!current) throw new BackupError('the archive holds a row outside a table');
        const c = current as { hash: ReturnType<typeof createHash>; rows: number; width: number };
        if (entry.values.length !== c.width) throw new BackupError('the archive holds a row of the wrong width');
        c.hash.update(line);
        c.rows += 1;
      } else if (entry.kind === 'file') {
        finishTable();
        if (!safeName(entry.name)) throw new BackupError(`the archive names a file outside its folder: ${entry.name}`);
        const expected = (JSON.parse(line) as { sha256?: string }).sha256;
        if (createHash('sha256').update(entry.content).digest('hex') !== expected) throw new BackupError(`checksum mismatch for ${entry.area} file ${entry.name}`);
        files[entry.area].count += 1;
        files[entry.area].bytes += entry.content.length;
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`the archive cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!header) throw new BackupError('this is not a Wishes backup (no header)');
  if (!manifest) throw new BackupError('the archive is incomplete (no manifest at its end)');
  const m = manifest as Manifest;
  if (m.sha256 !== whole.digest('hex')) throw new BackupError('checksum mismatch: the archive was altered');
  for (const [name, summary] of Object.entries(m.tables)) {
    const found = tables[name];
    if (!found || found.rows !== summary.rows || found.sha256 !== summary.sha256) throw new BackupError(`checksum mismatch for table ${name}`);
  }
  if (Object.keys(tables).length !== Object.keys(m.tables).length) throw new BackupError('the archive holds tables its manifest does not list');
  for (const area of AREAS) {
    const listed = m.files[area] ?? { count: 0, bytes: 0 };
    if (files[area].count !== listed.count || files[area].bytes !== listed.bytes) throw new BackupError(`the ${area} files do not match the manifest`);
  }
  return { header, manifest: m };
}

/** "12.3 MiB" */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}
