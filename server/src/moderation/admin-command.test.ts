/**
 * `npm run admin` as a person runs it (scripts/admin.js in a child process): it names the database
 * it changed, the one DATA_DIR (or DATABASE_URL) points at, before the result.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createPgDatabase, PG_ADMIN_URL } from '../../test/kit/harness';
import { describeDatabase } from './admin-cli';

const REPO = path.join(__dirname, '..', '..', '..');

/** Runs scripts/admin.js as a person would, with exactly these database settings. */
function runAdmin(settings: { DATA_DIR?: string; DATABASE_URL?: string }, ...args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, ...settings };
  if (!settings.DATABASE_URL) delete env.DATABASE_URL;
  delete env.NODE_ENV;
  return spawnSync(process.execPath, [path.join(REPO, 'scripts', 'admin.js'), ...args], { cwd: REPO, env, encoding: 'utf8', timeout: 60_000 });
}

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

  (PG_ADMIN_URL ? it : it.skip)('on PostgreSQL (DATABASE_URL) names that database, then changes the role there', async () => {
    const database = await createPgDatabase();
    try {
      const name = new URL(database.url).pathname.slice(1);
      const host = new URL(database.url);
      const named = `Database: PostgreSQL database ${name} on ${host.hostname}:${host.port || '5432'}`;
      // The first run migrates the empty database; the user is not there yet.
      const missing = runAdmin({ DATABASE_URL: database.url }, 'role', 'pat@example.com', 'moderator');
      expect(missing.stdout.split('\n')[0]).toContain(named);
      expect(missing.stderr).toContain('No user with the email pat@example.com.');
      expect(missing.status).toBe(1);

      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const now = new Date().toISOString();
        await client.query('insert into users (email, password_hash, password_changed_at, created_at) values ($1, $2, $3, $3)', ['pat@example.com', 'x', now]);
        const done = runAdmin({ DATABASE_URL: database.url }, 'role', 'Pat@Example.com', 'moderator');
        expect(done.stdout.split('\n')[0]).toContain(named);
        expect(done.stdout).toContain('pat@example.com is now moderator.');
        expect(done.status).toBe(0);
        const { rows } = await client.query<{ role: string }>('select role from users where email = $1', ['pat@example.com']);
        expect(rows).toEqual([{ role: 'moderator' }]);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  });

  it('describes PostgreSQL without the password', () => {
    expect(describeDatabase('postgres://wishes:s3cret@db.internal:6543/wishes_prod')).toBe('PostgreSQL database wishes_prod on db.internal:6543 as wishes');
    expect(describeDatabase('postgresql://127.0.0.1/app')).toBe('PostgreSQL database app on 127.0.0.1:5432');
    expect(describeDatabase('sqlite:/data/wishes.db')).toBe('SQLite database /data/wishes.db');
  });
});
