/**
 * Files the site writes are readable by its own user only (docs/security.md → "Files the site
 * writes"): the database and its WAL/SHM hold password hashes and the `/w/` link secrets, backups
 * hold all of it. Every process that writes (the server, `npm run backup`, `npm run release`,
 * `npm run remotes`) sets `umask 077` first, so each new file is 0600 and each new folder 0700;
 * at start the server also tightens what an older version left readable. On a mount the site does
 * not own (chmod answers EPERM, or a read-only or foreign file system), it logs and goes on.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** New files 0600 and folders 0700 from here on, for this process and the ones it starts. */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

export interface ModeLog {
  warn: (obj: unknown, msg: string) => void;
}

/** What chmod is called through: replaceable in tests (a mount the site does not own). */
export type Chmod = (file: string, mode: number) => void;

/**
 * Sets `target` (a file: 0600, a folder: 0700, and with `recursive` everything under it) when it
 * exists. Never throws: a path it may not change is logged once and skipped. Returns how many
 * paths could not be changed.
 */
export function tightenModes(target: string, log: ModeLog, options: { recursive?: boolean; chmod?: Chmod } = {}): number {
  const chmod = options.chmod ?? chmodSync;
  let refused = 0;
  const visit = (file: string, depth: number) => {
    let stat;
    try {
      stat = lstatSync(file);
    } catch {
      return; // not there (yet): created later under the umask
    }
    if (stat.isSymbolicLink()) return; // a link's target is someone else's to set
    const wanted = stat.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE;
    if ((stat.mode & 0o777) !== wanted) {
      try {
        chmod(file, wanted);
      } catch (error) {
        refused += 1;
        const code = (error as NodeJS.ErrnoException).code ?? 'error';
        log.warn({ path: file, code }, `could not make ${file} private (${code}): it keeps its mode; on a mount the site does not own, set its permissions there`);
        return;
      }
    }
    if (stat.isDirectory() && options.recursive && depth < 32) {
      let names: string[];
      try {
        names = readdirSync(file);
      } catch {
        return;
      }
      for (const name of names) visit(path.join(file, name), depth + 1);
    }
  };
  visit(target, 0);
  return refused;
}

/** The SQLite database file and its companions (the WAL and the shared-memory index). */
export function sqliteFiles(databaseUrl: string): string[] {
  if (!databaseUrl.startsWith('sqlite:')) return [];
  const file = databaseUrl.slice('sqlite:'.length);
  if (!file || file === ':memory:') return [];
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
}
