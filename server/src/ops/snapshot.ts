/**
 * Reading a source database for a backup as one instant: SQLite through its online backup API (a
 * copy read by a second connection), PostgreSQL in one REPEATABLE READ, READ ONLY transaction;
 * tables in foreign-key order, so a restore inserts in archive order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Client, types as pgTypes } from 'pg';
import { PG_TIMESTAMP_OID, PG_TIMESTAMPTZ_OID, pgTimestampToIso } from '../db/dates';
import type { Dialect } from '../db/types';
import { DERIVED_TABLES, MEDIA_TABLE, MIGRATOR_TABLES, type Row } from './archive';

/** Orders tables so every table comes after the tables its foreign keys name. */
export function foreignKeyOrder(tables: string[], references: Map<string, string[]>): string[] {
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



export interface TableSource {
  name: string;
  columns: string[];
  rows(): AsyncIterable<Row[]>;
}
export interface Snapshot {
  dialect: Dialect;
  migrations: string[];
  tables: TableSource[];
  /** Media stored in the database (MEDIA_STORAGE=postgres): name, content type, created_at, bytes. */
  mediaRows(): AsyncIterable<Array<{ name: string; content_type: string; created_at: string; content: Buffer }>>;
  close(): Promise<void>;
}

export const BATCH = 500;

/** SQLite: the online backup API copies the live database (a consistent copy) into a temp file; rows are read from the copy. */
export async function sqliteSnapshot(file: string): Promise<Snapshot> {
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
export async function postgresSnapshot(url: string): Promise<Snapshot> {
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
