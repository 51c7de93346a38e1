/**
 * `npm run admin` as a person runs it (scripts/admin.js in a child process): it names the database
 * it changed, the one DATA_DIR (or DATABASE_URL) points at, before the result.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeDatabase } from './admin-cli';

const REPO = path.join(__dirname, '..', '..', '..');

describe('npm run admin', () => {
  it('prints the SQLite file it opened under DATA_DIR, then the result', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-admin-'));
    try {
      const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const result = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'admin.js'), 'role', 'nobody@example.com', 'admin'], { cwd: REPO, env, encoding: 'utf8', timeout: 60_000 });
      expect(result.stdout).toContain(`Database: SQLite database ${path.join(dataDir, 'wishes.db')}`);
      expect(result.stderr).toContain('No user with the email nobody@example.com.');
      expect(result.status).toBe(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('describes PostgreSQL without the password', () => {
    expect(describeDatabase('postgres://wishes:s3cret@db.internal:6543/wishes_prod')).toBe('PostgreSQL database wishes_prod on db.internal:6543 as wishes');
    expect(describeDatabase('postgresql://127.0.0.1/app')).toBe('PostgreSQL database app on 127.0.0.1:5432');
    expect(describeDatabase('sqlite:/data/wishes.db')).toBe('SQLite database /data/wishes.db');
  });
});
