import { spawnSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.join(__dirname, '..', '..');

/**
 * Sets an account's role with the admin command as people run it (`npm run admin -- role`, i.e.
 * scripts/admin.js) on an e2e server's own SQLite database, and checks that the command says it
 * changed that database (its first line names the file).
 */
export function setRole(dataDir: string, email: string, role: 'user' | 'moderator' | 'admin'): void {
  // The e2e servers run on SQLite in their DATA_DIR (support/server.ts drops DATABASE_URL).
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const result = spawnSync(process.execPath, [path.join('scripts', 'admin.js'), 'role', email, role], { cwd: REPO, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`admin role failed: ${result.stderr}`);
  const expected = `Database: SQLite database ${path.join(path.resolve(dataDir), 'wishes.db')}`;
  if (!result.stdout.includes(expected)) throw new Error(`admin role did not name the database it changed (wanted "${expected}"):\n${result.stdout}`);
}
