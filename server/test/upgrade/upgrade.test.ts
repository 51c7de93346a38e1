/**
 * Upgrades from earlier releases (docs/upgrading.md): databases made by the version 2 and version 3
 * code (fixtures/, recorded by record-fixture.ts from those commits, demo content plus members who
 * saved, voted, followed and scheduled a wish) start on this code: every table keeps its row count,
 * members are still signed in (their access and refresh tokens, signed by the data folder's
 * secret, still work), sign in with their password, and a private wish is still its author's only.
 * SQLite and PostgreSQL, each from its own recording.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../../src/app/app';
import { openDatabase } from '../../src/db/connect';
import type { Database } from '../../src/db/types';
import { createPgDatabase, dialects, TEST_CONFIG, type TestDialect } from '../kit/harness';

jest.setTimeout(120_000);

const fixtures = path.join(__dirname, 'fixtures');

interface Fixture {
  commit: string;
  jwt_secret: string;
  members: Array<{ email: string; password: string; user_id: number; access: string; refresh: string }>;
  wishes: Record<string, number>;
  delivery: { id: number; send_at: string } | null;
}

/** Tables a later migration removes on purpose (0021: canary loads are no longer counted per page). */
const DROPPED = new Set(['canary_loads']);
/** The migrator's own bookkeeping grows by the migrations applied. */
const MIGRATOR = new Set(['kysely_migration', 'kysely_migration_lock']);

async function counts(db: Kysely<Database>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await db.introspection.getTables({ withInternalKyselyTables: true })) {
    if (t.isView || t.name.startsWith('sqlite_') || MIGRATOR.has(t.name) || /_(fts|search)(_|$)/.test(t.name)) continue;
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t.name)}`.execute(db);
    out[t.name] = Number(rows[0]!.n);
  }
  return out;
}

async function restoreFixture(version: string, dialect: TestDialect, dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = path.join(fixtures, `${version}-${dialect}`);
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'wishes.db');
    writeFileSync(file, gunzipSync(readFileSync(`${base}.db.gz`)));
    return { url: `sqlite:${file}`, drop: async () => undefined };
  }
  const pg = await createPgDatabase();
  execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', pg.url, '-f', '-'], { input: gunzipSync(readFileSync(`${base}.sql.gz`)), stdio: ['pipe', 'ignore', 'pipe'] });
  return pg;
}

describe.each(['v2', 'v3'])('a %s database', (version) => {
  describe.each(dialects)('on %s', (dialect) => {
    const fixture = JSON.parse(readFileSync(path.join(fixtures, `${version}-${dialect}.json`), 'utf8')) as Fixture;

    it('starts on this code with every count equal and its members still signed in', async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `wishes-upgrade-${version}-`));
      const target = await restoreFixture(version, dialect, dataDir);
      // The data folder as the old version left it: its signing secret beside the database.
      writeFileSync(path.join(dataDir, 'jwt-secret'), fixture.jwt_secret, { mode: 0o600 });
      const before = await (async () => {
        const { db } = openDatabase(target.url, { poolSize: 1 });
        try {
          return await counts(db);
        } finally {
          await db.destroy();
        }
      })();
      expect(before.users).toBeGreaterThan(2);
      expect(Object.keys(before).length).toBeGreaterThan(10);

      const { jwtSecret: _fromTests, ...testConfig } = TEST_CONFIG;
      const lines: string[] = [];
      const app = await buildApp(
        { dataDir, databaseUrl: target.url, ...testConfig, mailTransport: 'outbox', logLevel: 'info' },
        { logStream: { write: (line: string) => void lines.push(line) } as never },
      );
      try {
        // Each migration this code adds was applied, and said so.
        expect(lines.join('')).toMatch(/Database migration \S+ applied/);
        const after = await counts(app.deps.db);
        for (const [table, n] of Object.entries(before)) {
          if (DROPPED.has(table)) continue;
          expect({ table, rows: after[table] }).toEqual({ table, rows: n });
        }

        const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
          app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
        for (const member of fixture.members) {
          // Signed in before the upgrade, signed in after it: the same tokens work.
          const mine = await inject('GET', '/api/profile/my/subscriptions/', member.access);
          expect(mine.statusCode).toBe(200);
          expect(mine.json().count).toBe(1);
          const refreshed = await inject('POST', '/api/token/refresh/', undefined, { refresh: member.refresh });
          expect(refreshed.statusCode).toBe(200);
          expect(typeof refreshed.json().access).toBe('string');
          const signIn = await inject('POST', '/api/token/', undefined, { username: member.email, password: member.password });
          expect(signIn.statusCode).toBe(200);
        }
        const [ada] = fixture.members;
        expect((await inject('GET', `/api/base/wish/${fixture.wishes.private}/`, ada!.access)).statusCode).toBe(200);
        expect((await inject('GET', `/api/base/wish/${fixture.wishes.private}/`)).statusCode).toBe(404);
        const publicWish = await inject('GET', `/api/base/wish/${fixture.wishes.public}/`);
        expect(publicWish.statusCode).toBe(200);
        expect(publicWish.json().wish.upvote_count ?? publicWish.json().wish.vote_count).toBe(1);
        if (fixture.delivery) {
          const { rows } = await sql<{ status: string }>`select status from deliveries where id = ${fixture.delivery.id}`.execute(app.deps.db);
          expect(rows).toEqual([{ status: 'scheduled' }]);
        }
      } finally {
        await app.close();
        await target.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
