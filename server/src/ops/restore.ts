/**
 * `npm run restore -- <file>`: checks an archive (archive.ts), then fills an empty target database,
 * media and releases folder from it, into SQLite or PostgreSQL whichever engine wrote it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../platform/config';
import { openDatabase } from '../db/connect';
import { allMigrations, explainDatabaseError, MigrationRefused, migrateToLatest } from '../db/migrate';
import type { Database } from '../db/types';
import { BackupError, SECRET_FILE, MEDIA_TABLE, MIGRATOR_TABLES, SEEDED_TABLES, listFiles, readEntries, verifyBackup, type BackupConfig, type BackupHeader, type Manifest } from './archive';

export type RestoreConfig = BackupConfig & Pick<Config, 'dataDir'> & {
  /** JWT_SECRET is set: the site signs with it, so the archive's secret is not written. */
  secretFromEnv?: boolean;
};

export interface RestoreResult {
  manifest: Manifest;
  header: BackupHeader;
  /** The archive's signing secret was written to DATA_DIR/jwt-secret: members stay signed in. */
  secretRestored: boolean;
}

async function tableNames(db: Kysely<Database>): Promise<Map<string, string[]>> {
  // The migrator's own tables included: they tell a Wishes database from another application's.
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const map = new Map<string, string[]>();
  for (const t of tables) if (!t.isView) map.set(t.name, t.columns.map((c) => c.name));
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
  const known = Object.keys(allMigrations(config.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres'));
  const unknown = header.migrations.filter((m) => !known.includes(m));
  if (unknown.length) throw new BackupError(`the backup comes from a newer version (migrations ${unknown.join(', ')} are unknown here): update the code first`);
  // A refused or failed restore leaves the disk as it found it: what it made (the data folder,
  // a SQLite file and its companions) goes again.
  const made = madeByRestore(config);
  const { db, dialect } = openDatabase(config.databaseUrl, { poolSize: 1 });
  const staging = mkdtempSync(path.join(config.dataDir && existsSync(config.dataDir) ? config.dataDir : os.tmpdir(), '.restore-'));
  let done = false;
  try {
    // Checked before migrating, so a refused target is left exactly as it was (a database of an
    // older version is not migrated, a database of another application gets no tables of ours).
    const existing = await tableNames(db).catch((error: unknown) => {
      const explained = explainDatabaseError(error, db);
      throw explained instanceof MigrationRefused ? new BackupError(explained.message) : explained;
    });
    // Every Wishes database has the migrator's table; tables without it are another application's.
    const foreign = [...existing.keys()].filter((name) => !MIGRATOR_TABLES.has(name) && !name.startsWith('sqlite_')).sort();
    if (foreign.length && !existing.has('kysely_migration')) {
      throw new BackupError(`the target is not a Wishes database (it holds table ${foreign[0]}): restore into an empty database`);
    }
    const present = [...Object.keys(manifest.tables), MEDIA_TABLE].filter((name) => existing.has(name));
    const holds = await targetContents(db, present, config);
    if (holds && !options.force) throw new BackupError(`the target is not empty (${holds}): restore into an empty one, or pass --force to replace its contents`);
    await migrateToLatest(db, dialect);
    const tables = await tableNames(db);
    for (const name of Object.keys(manifest.tables)) {
      if (!tables.has(name)) throw new BackupError(`the backup holds table ${name}, which this version does not have`);
    }

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
    // The signing secret: the restored members' tokens are signed with it (a server started
    // afterwards reads it). Not when JWT_SECRET gives the site its own.
    const secret = path.join(staging, 'secret', SECRET_FILE);
    const secretRestored = existsSync(secret) && !config.secretFromEnv;
    if (secretRestored) {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(path.join(config.dataDir, SECRET_FILE), readFileSync(secret), { mode: 0o600 });
    }
    done = true;
    return { manifest, header, secretRestored };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    await db.destroy();
    if (!done) for (const leftover of made) rmSync(leftover, { recursive: true, force: true });
  }
}

/** What opening the target would create: the data folder, or a SQLite file and its companions, when missing now. */
function madeByRestore(config: RestoreConfig): string[] {
  const made: string[] = [];
  if (config.dataDir && !existsSync(config.dataDir)) made.push(config.dataDir);
  if (config.databaseUrl.startsWith('sqlite:')) {
    const file = config.databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') {
      let dir = path.dirname(path.resolve(file));
      while (!existsSync(dir)) {
        made.push(dir);
        dir = path.dirname(dir);
      }
      if (!existsSync(file)) made.push(...['', '-wal', '-shm', '-journal', '-migrate-lock'].map((suffix) => `${file}${suffix}`));
    }
  }
  return made;
}
