/**
 * Once per jest run (global-setup.ts): one migrated SQLite file that every SQLite test app starts
 * from as a copy, as PostgreSQL test apps copy a migrated template database (postgres-run.ts):
 * the whole migration list once per run instead of once per test app. harness.ts migrates by
 * itself when the variable is absent (a file run by a config without this setup).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';

/** The migrated SQLite file's path. */
export const SQLITE_TEMPLATE_ENV = 'WISHES_TEST_SQLITE_TEMPLATE';

export async function sqliteTemplateSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-test-template-'));
  const file = path.join(dir, 'template.db');
  const { db } = openDatabase(`sqlite:${file}`, { poolSize: 1 });
  try {
    await migrateToLatest(db, 'sqlite');
  } finally {
    // Closing checkpoints the write-ahead log into the file, so the file alone is the database.
    await db.destroy();
  }
  process.env[SQLITE_TEMPLATE_ENV] = file;
}

export function sqliteTemplateTeardown(): void {
  const file = process.env[SQLITE_TEMPLATE_ENV];
  if (file) rmSync(path.dirname(file), { recursive: true, force: true });
}
