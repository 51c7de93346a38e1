/**
 * `npm run backup -- <file>` / `npm run restore -- <file>` (docs/operations.md → "Backup and
 * restore"): one archive of everything a site holds — every table, the media (avatars, from disk
 * or from PostgreSQL's media_files) and the remote releases with their switch history — in a
 * portable form that restores into SQLite or PostgreSQL whichever engine wrote it.
 *
 * Archive: gzip of JSON lines.
 *   {"kind":"wishes-backup","format":1,...}          header (source engine, migrations applied)
 *   {"table":"users","columns":[...]}                 then one {"r":[...]} line per row
 *   {"file":"media"|"releases","name":...,"data":b64} one line per file (sha256 of its bytes)
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
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { Client, types as pgTypes } from 'pg';
import type { Config } from '../app/config';
import { openDatabase } from '../db/connect';
import { PG_TIMESTAMP_OID, PG_TIMESTAMPTZ_OID, pgTimestampToIso } from '../db/dates';
import { allMigrations, migrateToLatest } from '../db/migrate';
import type { Database, Dialect } from '../db/types';

export const BACKUP_FORMAT = 1;

/** Kept by triggers from other tables: rebuilt on restore, never stored. */
const DERIVED_TABLES = new Set(['feed_buckets']);
/** Filled by a migration on every database (one counter row): not "data" when checking a target is empty. */
const SEEDED_TABLES = new Set(['feed_sequence']);
/** The migrator's own bookkeeping: the target migrates itself. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** The table holding media when MEDIA_STORAGE=postgres: stored as files in the archive. */
const MEDIA_TABLE = 'media_files';

type Row = unknown[];
type Area = 'media' | 'releases';

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
  files: Record<Area, FileSummary>;
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
function encodeValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $b64: value.toString('base64') };
  if (value instanceof Uint8Array) return { $b64: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return value.toString();
  return value;
}
function decodeValue(value: unknown): unknown {
  if (value && typeof value === 'object' && '$b64' in value) return Buffer.from(String((value as { $b64: string }).$b64), 'base64');
  return value;
}

/** Orders tables so every table comes after the tables its foreign keys name. */
function foreignKeyOrder(tables: string[], references: Map<string, string[]>): string[] {
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string) => {
    if (state.get(table) === 'done' || state.get(table) === 'visiting') return;
    state.set(table, 'visiting');
    for (const ref of references.get(table) ?? []) if (ref !== table && tables.includes(ref)) visit(ref);
    state.set(table, 'done');
    ordered.push(table);
  };
  [...tables].sort().forEach(visit);
  return ordered;
}

// ---------------------------------------------------------------------------------------------
// Reading a source database

interface TableSource {
  name: string;
  columns: string[];
  rows(): AsyncIterable<Row[]>;
}
interface Snapshot {
  dialect: Dialect;
  migrations: string[];
  tables: TableSource[];
  /** Media stored in the database (MEDIA_STORAGE=postgres): name, content type, created_at, bytes. */
  mediaRows(): AsyncIterable<Array<{ name: string; content_type: string; created_at: string; content: Buffer }>>;
  close(): Promise<void>;
}

const BATCH = 500;

/** SQLite: the online backup API copies the live database (a consistent copy) into a temp file; rows are read from the copy. */
async function sqliteSnapshot(file: string): Promise<Snapshot> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'wishes-backup-'));
  const copyFile = path.join(tmp, 'snapshot.db');
  const live = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(copyFile);
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(copyFile, { readonly: true });
  const all = copy.prepare(`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`).all() as Array<{ name: string; sql: string | null }>;
  const virtual = all.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name);
  const names = all.map((t) => t.name).filter((n) => !MIGRATOR_TABLES.has(n) && !DERIVED_TABLES.has(n) && !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
  const references = new Map(names.map((n) => [n, (copy.prepare(`pragma foreign_key_list("${n}")`).all() as Array<{ table: string }>).map((fk) => fk.table)]));
  const hasMigrations = all.some((t) => t.name === 'kysely_migration');
  const migrations = hasMigrations ? (copy.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((r) => r.name) : [];
  const tables = foreignKeyOrder(names, references)
    .filter((n) => n !== MEDIA_TABLE)
    .map((name): TableSource => {
      const columns = (copy.prepare(`pragma table_info("${name}")`).all() as Array<{ name: string }>).map((c) => c.name);
      return {
        name,
        columns,
        async *rows() {
          const statement = copy.prepare(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${name}"`).raw(true);
          let batch: Row[] = [];
          for (const row of statement.iterate() as Iterable<Row>) {
            batch.push(row);
            if (batch.length >= BATCH) {
              yield batch;
              batch = [];
            }
          }
          if (batch.length) yield batch;
        },
      };
    });
  const hasMedia = names.includes(MEDIA_TABLE);
  return {
    dialect: 'sqlite',
    migrations,
    tables,
    async *mediaRows() {
      if (!hasMedia) return;
      const rows = copy.prepare(`select name, content_type, created_at, content from ${MEDIA_TABLE} order by name`).all() as Array<{ name: string; content_type: string; created_at: string; content: Buffer }>;
      for (let i = 0; i < rows.length; i += 50) yield rows.slice(i, i + 50);
    },
    async close() {
      copy.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL: one REPEATABLE READ, READ ONLY transaction; rows come through server-side cursors. */
async function postgresSnapshot(url: string): Promise<Snapshot> {
  const client = new Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        (oid === PG_TIMESTAMPTZ_OID || oid === PG_TIMESTAMP_OID) && format !== 'binary' ? pgTimestampToIso : pgTypes.getTypeParser(oid, format)) as typeof pgTypes.getTypeParser,
    },
  });
  await client.connect();
  client.on('error', () => undefined);
  try {
    await client.query('begin isolation level repeatable read read only');
    const tableRows = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    );
    const names = tableRows.rows.map((r) => r.table_name).filter((n) => !MIGRATOR_TABLES.has(n) && !DERIVED_TABLES.has(n));
    const fks = await client.query<{ table_name: string; ref: string }>(
      `select tc.table_name, ccu.table_name as ref
         from information_schema.table_constraints tc
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
    );
    const references = new Map<string, string[]>();
    for (const fk of fks.rows) references.set(fk.table_name, [...(references.get(fk.table_name) ?? []), fk.ref]);
    const columnRows = await client.query<{ table_name: string; column_name: string; data_type: string; udt_name: string }>(
      `select table_name, column_name, data_type, udt_name from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`,
    );
    const hasMigrations = tableRows.rows.some((r) => r.table_name === 'kysely_migration');
    const migrations = hasMigrations ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name) : [];
    let cursors = 0;
    const cursorRows = async function* (query: string): AsyncGenerator<Row[]> {
      const cursor = `wishes_backup_${++cursors}`;
      await client.query(`declare ${cursor} no scroll cursor for ${query}`);
      for (;;) {
        const result = await client.query({ text: `fetch ${BATCH} from ${cursor}`, rowMode: 'array' });
        if (result.rows.length === 0) break;
        yield result.rows as Row[];
      }
      await client.query(`close ${cursor}`);
    };
    const tables = foreignKeyOrder(names, references)
      .filter((n) => n !== MEDIA_TABLE)
      .map((name): TableSource => {
        // tsvector columns (full-text search) are kept by triggers: derived.
        const columns = columnRows.rows.filter((c) => c.table_name === name && c.udt_name !== 'tsvector').map((c) => c.column_name);
        return { name, columns, rows: () => cursorRows(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${name}"`) };
      });
    const hasMedia = names.includes(MEDIA_TABLE);
    return {
      dialect: 'postgres',
      migrations,
      tables,
      async *mediaRows() {
        if (!hasMedia) return;
        for await (const batch of cursorRows(`select name, content_type, created_at, content from ${MEDIA_TABLE} order by name`)) {
          yield batch.map(([name, content_type, created_at, content]) => ({ name: name as string, content_type: content_type as string, created_at: created_at as string, content: content as Buffer }));
        }
      },
      async close() {
        await client.query('commit').catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** Every file under `root` (relative names with forward slashes), sorted. */
function listFiles(root: string): string[] {
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

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.avif': 'image/avif' };

export type BackupConfig = Pick<Config, 'databaseUrl' | 'mediaStorage' | 'mediaDir' | 'releasesDir'>;

/** Writes the archive to `file` (through `<file>.partial`, renamed when complete). */
export async function writeBackup(config: BackupConfig, file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  mkdirSync(path.dirname(target), { recursive: true });
  const dialect: Dialect = config.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
  const snapshot = dialect === 'sqlite' ? await sqliteSnapshot(config.databaseUrl.slice('sqlite:'.length)) : await postgresSnapshot(config.databaseUrl);
  const gzip = createGzip();
  const out = createWriteStream(partial);
  gzip.pipe(out);
  const whole = createHash('sha256');
  const writeLine = async (line: string) => {
    whole.update(`${line}\n`);
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  const write = (value: unknown) => writeLine(JSON.stringify(value));
  const manifest: Manifest = { tables: {}, files: { media: { count: 0, bytes: 0 }, releases: { count: 0, bytes: 0 } }, sha256: '' };
  const writeFile = async (area: Area, name: string, content: Buffer, extra: Record<string, unknown> = {}) => {
    await write({ file: area, name, ...extra, size: content.length, sha256: createHash('sha256').update(content).digest('hex'), data: content.toString('base64') });
    manifest.files[area].count += 1;
    manifest.files[area].bytes += content.length;
  };
  try {
    const header: BackupHeader = { kind: 'wishes-backup', format: BACKUP_FORMAT, created_at: new Date().toISOString(), source: { dialect, media: config.mediaStorage }, migrations: snapshot.migrations };
    await write(header);
    for (const table of snapshot.tables) {
      await write({ table: table.name, columns: table.columns });
      const hash = createHash('sha256');
      let rows = 0;
      for await (const batch of table.rows()) {
        for (const row of batch) {
          const line = JSON.stringify({ r: row.map(encodeValue) });
          hash.update(line);
          await writeLine(line);
          rows += 1;
        }
      }
      manifest.tables[table.name] = { rows, sha256: hash.digest('hex') };
    }
    // Media: the database's rows (same snapshot) or the files on disk.
    for await (const batch of snapshot.mediaRows()) {
      for (const row of batch) await writeFile('media', row.name, Buffer.from(row.content), { type: row.content_type, created_at: row.created_at });
    }
    if (config.mediaStorage === 'disk') {
      for (const name of listFiles(config.mediaDir)) {
        let content: Buffer;
        try {
          content = readFileSync(path.join(config.mediaDir, name));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted since listed
          throw error;
        }
        const type = CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
        await writeFile('media', name, content, { type, created_at: statSync(path.join(config.mediaDir, name), { throwIfNoEntry: false })?.mtime.toISOString() ?? new Date().toISOString() });
      }
    }
    for (const name of listFiles(config.releasesDir)) await writeFile('releases', name, readFileSync(path.join(config.releasesDir, name)));
    manifest.sha256 = whole.digest('hex');
    gzip.end(`${JSON.stringify({ manifest })}\n`);
    await once(out, 'close');
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, manifest };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await snapshot.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Reading an archive

type Entry =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: string; columns: string[] }
  | { kind: 'row'; values: unknown[] }
  | { kind: 'file'; area: Area; name: string; type?: string; created_at?: string; content: Buffer }
  | { kind: 'manifest'; manifest: Manifest };

async function* readEntries(file: string): AsyncGenerator<{ entry: Entry; line: string }> {
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
      if (area !== 'media' && area !== 'releases') throw new BackupError(`the archive holds files of an unknown kind "${String(area)}"`);
      yield { entry: { kind: 'file', area, name: String(value.name), type: value.type as string | undefined, created_at: value.created_at as string | undefined, content: Buffer.from(String(value.data), 'base64') }, line };
    } else if ('manifest' in value) yield { entry: { kind: 'manifest', manifest: value.manifest as Manifest }, line };
    else if (value.kind === 'wishes-backup') yield { entry: { kind: 'header', header: value as unknown as BackupHeader }, line };
    else throw new BackupError('the archive holds a line of an unknown kind');
  }
}

/** A relative file name that stays inside its folder. */
function safeName(name: string): boolean {
  return name.length > 0 && !name.startsWith('/') && !name.split('/').some((part) => part === '..' || part === '' || part === '.') && !name.includes('\\') && !name.includes('\0');
}

/** Reads the whole archive and checks it against its manifest; returns header and manifest. Throws BackupError. */
export async function verifyBackup(file: string): Promise<{ header: BackupHeader; manifest: Manifest }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let header: BackupHeader | null = null;
  let manifest: Manifest | null = null;
  const whole = createHash('sha256');
  const tables: Record<string, TableSummary> = {};
  const files: Record<Area, FileSummary> = { media: { count: 0, bytes: 0 }, releases: { count: 0, bytes: 0 } };
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
  for (const area of ['media', 'releases'] as const) {
    if (files[area].count !== m.files[area].count || files[area].bytes !== m.files[area].bytes) throw new BackupError(`the ${area} files do not match the manifest`);
  }
  return { header, manifest: m };
}

// ---------------------------------------------------------------------------------------------
// Restoring

export type RestoreConfig = BackupConfig & Pick<Config, 'dataDir'>;

export interface RestoreResult {
  manifest: Manifest;
  header: BackupHeader;
}

async function tableNames(db: Kysely<Database>, dialect: Dialect): Promise<Map<string, string[]>> {
  const tables = await db.introspection.getTables();
  const map = new Map<string, string[]>();
  for (const t of tables) if (!t.isView) map.set(t.name, t.columns.map((c) => c.name));
  void dialect;
  return map;
}

/** Why the target is not empty (a table with rows, a media file, a release), or null. */
async function targetContents(db: Kysely<Database>, tables: string[], config: RestoreConfig): Promise<string | null> {
  for (const name of tables) {
    if (SEEDED_TABLES.has(name)) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    if (Number(rows[0]?.n ?? 0) > 0) return `table ${name} has rows`;
  }
  if (config.mediaStorage === 'disk' && listFiles(config.mediaDir).length > 0) return `${config.mediaDir} holds files`;
  if (listFiles(config.releasesDir).length > 0) return `${config.releasesDir} holds releases`;
  return null;
}

/**
 * Restores `file` into the database, media and releases folder of `config`. The archive is checked
 * first; then the target is migrated, checked empty (unless force) and filled in one transaction;
 * files are staged and moved into place once the transaction committed. Throws BackupError when
 * it refuses (nothing changed).
 */
export async function restoreBackup(config: RestoreConfig, file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const { header, manifest } = await verifyBackup(file);
  const { db, dialect } = openDatabase(config.databaseUrl, { poolSize: 1 });
  const staging = mkdtempSync(path.join(config.dataDir && existsSync(config.dataDir) ? config.dataDir : os.tmpdir(), '.restore-'));
  try {
    const known = Object.keys(allMigrations(dialect));
    const unknown = header.migrations.filter((m) => !known.includes(m));
    if (unknown.length) throw new BackupError(`the backup comes from a newer version (migrations ${unknown.join(', ')} are unknown here): update the code first`);
    await migrateToLatest(db, dialect);
    const tables = await tableNames(db, dialect);
    for (const name of Object.keys(manifest.tables)) {
      if (!tables.has(name)) throw new BackupError(`the backup holds table ${name}, which this version does not have`);
    }
    const holds = await targetContents(db, [...Object.keys(manifest.tables), ...(tables.has(MEDIA_TABLE) ? [MEDIA_TABLE] : [])], config);
    if (holds && !options.force) throw new BackupError(`the target is not empty (${holds}): restore into an empty one, or pass --force to replace its contents`);

    // Deletion order: dependants first (the archive's table order is foreign-key order).
    const archiveOrder = Object.keys(manifest.tables);
    const inserted: Record<string, number> = {};
    const serialColumns =
      dialect === 'postgres'
        ? (
            await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns
                where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db)
          ).rows
        : [];
    await db.transaction().execute(async (trx) => {
      for (const name of [...archiveOrder].reverse()) await trx.deleteFrom(name as keyof Database).execute();
      if (config.mediaStorage === 'postgres') await trx.deleteFrom(MEDIA_TABLE).execute();
      let table: { name: string; columns: string[] } | null = null;
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (!table || batch.length === 0) return;
        await trx.insertInto(table.name as keyof Database).values(batch as never).execute();
        inserted[table.name] = (inserted[table.name] ?? 0) + batch.length;
        batch = [];
      };
      for await (const { entry } of readEntries(file)) {
        if (entry.kind === 'table') {
          await flush();
          const targetColumns = tables.get(entry.table)!;
          const missing = entry.columns.filter((c) => !targetColumns.includes(c));
          if (missing.length) throw new BackupError(`table ${entry.table} here has no column ${missing.join(', ')}`);
          table = { name: entry.table, columns: entry.columns };
          inserted[entry.table] = 0;
        } else if (entry.kind === 'row') {
          const t = table!;
          batch.push(Object.fromEntries(t.columns.map((c, i) => [c, entry.values[i]])));
          // Under PostgreSQL's 65535 bind parameters and SQLite's 32766.
          if (batch.length * t.columns.length >= 5000) await flush();
        } else if (entry.kind === 'file') {
          await flush();
          table = null;
          if (entry.area === 'media' && config.mediaStorage === 'postgres') {
            await trx
              .insertInto(MEDIA_TABLE)
              .values({ name: entry.name, content_type: entry.type ?? 'application/octet-stream', content: entry.content, created_at: entry.created_at ?? new Date().toISOString() })
              .execute();
          } else {
            const dest = path.join(staging, entry.area, ...entry.name.split('/'));
            mkdirSync(path.dirname(dest), { recursive: true });
            writeFileSync(dest, entry.content);
          }
        }
      }
      await flush();
      // PostgreSQL: serial columns continue after the restored ids (SQLite's AUTOINCREMENT follows inserts itself).
      for (const { table_name, column_name } of serialColumns) {
        if (!(table_name in manifest.tables)) continue;
        await sql`select setval(pg_get_serial_sequence(${`"${table_name}"`}, ${column_name}), coalesce((select max(${sql.ref(column_name)}) from ${sql.table(table_name)}), 0) + 1, false)`.execute(trx);
      }
      for (const [name, summary] of Object.entries(manifest.tables)) {
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(trx);
        if (Number(rows[0].n) !== summary.rows || (inserted[name] ?? 0) !== summary.rows) throw new BackupError(`table ${name}: ${rows[0].n} rows after restoring, the manifest says ${summary.rows}`);
      }
    });
    // Files: moved into place once the rows are committed.
    for (const [area, dest] of [
      ['media', config.mediaDir],
      ['releases', config.releasesDir],
    ] as const) {
      const from = path.join(staging, area);
      if (!existsSync(from)) continue;
      mkdirSync(dest, { recursive: true });
      cpSync(from, dest, { recursive: true, force: true });
    }
    return { manifest, header };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    await db.destroy();
  }
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
