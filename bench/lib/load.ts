/**
 * Bulk-loads a generated Dataset into a fresh database whose schema comes from the server's own
 * migrations (so the benchmark measures the real schema, indexes and FTS triggers).
 * - Both: the secondary indexes of the loaded tables (not those behind a primary key or unique
 *   constraint) are dropped during the load and re-created from their own saved definitions (one
 *   sort each instead of a B-tree insert per row). Wishes arrive with their feed number: the
 *   generator's ids grow with time, so numbering in feed order (created_at, id) is feed_seq = id, and
 *   of FEED_SEQ_REBUILD only the counter and bucket statements run (checked: the data must be sorted).
 * - SQLite: better-sqlite3 prepared multi-row INSERTs inside one transaction per table. FTS5 rows and
 *   the feed buckets come from the insert triggers.
 * - PostgreSQL: batches of INSERT ... SELECT FROM unnest($1::int[], ...) (one round trip per
 *   10k rows) in one transaction (votes go as numbers: the type as 1/2 and the time as epoch ms,
 *   turned into text and timestamptz by the server), the per-row feed bucket trigger off during the
 *   load (the buckets are counted once after it), sequences moved past the loaded ids, then VACUUM
 *   ANALYZE. The tsvector comes from the insert trigger.
 */
import { rmSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { Client } from 'pg';
import { openDatabase } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { FEED_SEQ_REBUILD } from '../../server/src/db/migrations/0007_moderation';
import type { Dataset } from './data';

/** One scrypt hash shared by every generated user (password: "bench-password-1"); nobody signs in with it. */
const PASSWORD_HASH = 'scrypt$16384$8$1$YmVuY2gtc2FsdC0xMjM0NQ==$Ayq0yW8G6oQF3Vxv6p0wO4m0nE8sM0yQ8tCjC0N5c2k=';

/** The statements of FEED_SEQ_REBUILD that remain when the rows already carry feed_seq = id. */
function feedCountsRebuild(data: Dataset): string[] {
  const { createdAt } = data.wishes;
  for (let i = 1; i < createdAt.length; i++) {
    if (createdAt[i - 1]! > createdAt[i]!) throw new Error(`bench data: wish ${i + 1} is older than wish ${i}; feed_seq = id needs ids that grow with time`);
  }
  const rest = FEED_SEQ_REBUILD.filter((statement) => !/^\s*update wishes set feed_seq/.test(statement));
  if (rest.length !== FEED_SEQ_REBUILD.length - 1) throw new Error('FEED_SEQ_REBUILD changed: update bench/lib/load.ts');
  return rest;
}

const LOADED_TABLES = ['users', 'wishes', 'votes', 'subscriptions'];

/** Called after each step of a load with its name and milliseconds (where a load's time goes). */
export type LoadSteps = (step: string, ms: number) => void;

function stepTimer(onStep?: LoadSteps) {
  let last = performance.now();
  return (step: string) => {
    const now = performance.now();
    onStep?.(step, now - last);
    last = now;
  };
}

async function migrate(databaseUrl: string) {
  const { db, dialect } = openDatabase(databaseUrl);
  try {
    await migrateToLatest(db, dialect);
  } finally {
    await db.destroy();
  }
}

export async function loadSqlite(file: string, data: Dataset, onStep?: LoadSteps): Promise<void> {
  const step = stepTimer(onStep);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  await migrate(`sqlite:${file}`);
  step('schema');
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('foreign_keys = OFF');

  const insertRows = (table: string, columns: string[], count: number, row: (i: number) => unknown[]) => {
    const per = Math.max(1, Math.floor(999 / columns.length));
    const statement = (n: number) =>
      db.prepare(`insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: n }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')}`);
    const full = statement(per);
    db.transaction(() => {
      let i = 0;
      for (; i + per <= count; i += per) {
        const values: unknown[] = [];
        for (let k = i; k < i + per; k++) values.push(...row(k));
        full.run(values);
      }
      if (i < count) {
        const values: unknown[] = [];
        for (let k = i; k < count; k++) values.push(...row(k));
        statement(count - i).run(values);
      }
    })();
  };

  const { users, wishes, votes, follows } = data;
  const feedCounts = feedCountsRebuild(data);
  const placeholders = LOADED_TABLES.map(() => '?').join(', ');
  const indexes = db.prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name in (${placeholders}) and sql is not null`).all(...LOADED_TABLES) as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`drop index ${index.name}`);
  insertRows(
    'users',
    ['id', 'email', 'password_hash', 'first_name', 'last_name', 'phone', 'password_changed_at', 'created_at', 'followers_count', 'following_count'],
    data.counts.users,
    (i) => [i + 1, users.email[i], PASSWORD_HASH, users.firstName[i], users.lastName[i], '', users.createdAt[i], users.createdAt[i], users.followers[i + 1], users.following[i + 1]],
  );
  step('users');
  insertRows(
    'wishes',
    ['id', 'user_id', 'text', 'is_public', 'published_at', 'created_at', 'upvote_count', 'downvote_count', 'feed_seq'],
    data.size.wishes,
    (i) => [i + 1, wishes.userId[i], wishes.text[i], wishes.isPublic[i], wishes.createdAt[i], wishes.createdAt[i], wishes.up[i], wishes.down[i], i + 1],
  );
  step('wishes (with FTS)');
  insertRows('votes', ['id', 'wish_id', 'user_id', 'vote_type', 'created_at'], data.counts.votes, (i) => [
    i + 1,
    votes.wishId[i],
    votes.userId[i],
    votes.type[i] === 1 ? 'upvote' : 'downvote',
    new Date(votes.createdAtMs[i]!).toISOString(),
  ]);
  step('votes');
  insertRows('subscriptions', ['id', 'follower_id', 'target_id', 'created_at'], data.size.follows, (i) => [i + 1, follows.follower[i], follows.target[i], follows.createdAt[i]]);
  step('subscriptions');
  for (const index of indexes) db.exec(index.sql);
  step(`${indexes.length} indexes`);
  // The feed counter and per-bucket counts, as migration 0007 counts existing rows.
  for (const statement of feedCounts) db.exec(statement);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  step('feed counts, checkpoint');
}

/** Creates (or re-creates) database `name` on the server of `adminUrl` and returns its URL. */
export async function createPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A column of a PostgreSQL bulk insert: its name, the array type it travels as, and how that becomes the column's value (default: as is). */
type PgColumn = [name: string, type: string, expression?: (value: string) => string];

export async function loadPostgres(databaseUrl: string, data: Dataset, onStep?: LoadSteps): Promise<void> {
  const step = stepTimer(onStep);
  await migrate(databaseUrl);
  step('schema');
  const feedCounts = feedCountsRebuild(data);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    // Room for the index builds after the load (one sort in memory instead of runs on disk).
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query('begin');
    const batch = 10_000;
    const insert = async (table: string, columns: PgColumn[], count: number, value: (column: number, i: number) => unknown) => {
      const names = columns.map((_, k) => `c${k}`);
      const text = `insert into ${table} (${columns.map(([c]) => c).join(', ')})
        select ${columns.map(([, , expression], k) => (expression ? expression(names[k]!) : names[k])).join(', ')}
        from unnest(${columns.map(([, type], k) => `$${k + 1}::${type}[]`).join(', ')}) as u(${names.join(', ')})`;
      for (let start = 0; start < count; start += batch) {
        const end = Math.min(count, start + batch);
        const arrays = columns.map((_, c) => {
          const out = new Array(end - start);
          for (let i = start; i < end; i++) out[i - start] = value(c, i);
          return out;
        });
        await client.query({ name: `bulk_${table}`, text, values: arrays });
      }
    };
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i where i.tablename = any($1) and i.schemaname = current_schema()
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [LOADED_TABLES],
    );
    for (const index of indexes) await client.query(`drop index ${index.indexname}`);
    // One bucket upsert per inserted wish would pile up row versions of the same few bucket rows; they are counted once below.
    await client.query('alter table wishes disable trigger wishes_feed_bucket_write');

    const { users, wishes, votes, follows } = data;
    const userCols: PgColumn[] = [
      ['id', 'int4'], ['email', 'text'], ['password_hash', 'text'], ['first_name', 'text'], ['last_name', 'text'], ['phone', 'text'],
      ['password_changed_at', 'timestamptz'], ['created_at', 'timestamptz'], ['followers_count', 'int4'], ['following_count', 'int4'],
    ];
    await insert('users', userCols, data.counts.users, (c, i) =>
      [i + 1, users.email[i], PASSWORD_HASH, users.firstName[i], users.lastName[i], '', users.createdAt[i], users.createdAt[i], users.followers[i + 1], users.following[i + 1]][c],
    );
    step('users');
    const wishCols: PgColumn[] = [
      ['id', 'int4'], ['user_id', 'int4'], ['text', 'text'], ['is_public', 'int4'], ['published_at', 'timestamptz'], ['created_at', 'timestamptz'], ['upvote_count', 'int4'], ['downvote_count', 'int4'], ['feed_seq', 'int4'],
    ];
    await insert('wishes', wishCols, data.size.wishes, (c, i) => {
      switch (c) {
        case 0: case 8: return i + 1;
        case 1: return wishes.userId[i];
        case 2: return wishes.text[i];
        case 3: return wishes.isPublic[i];
        case 4: case 5: return wishes.createdAt[i];
        case 6: return wishes.up[i];
        default: return wishes.down[i];
      }
    });
    step('wishes (with tsvector)');
    const voteCols: PgColumn[] = [
      ['id', 'int4'], ['wish_id', 'int4'], ['user_id', 'int4'],
      ['vote_type', 'int2', (v) => `case ${v} when 1 then 'upvote' else 'downvote' end`],
      ['created_at', 'float8', (v) => `to_timestamp(${v} / 1000.0)`],
    ];
    await insert('votes', voteCols, data.counts.votes, (c, i) => {
      switch (c) {
        case 0: return i + 1;
        case 1: return votes.wishId[i];
        case 2: return votes.userId[i];
        case 3: return votes.type[i];
        default: return votes.createdAtMs[i];
      }
    });
    step('votes');
    await insert('subscriptions', [['id', 'int4'], ['follower_id', 'int4'], ['target_id', 'int4'], ['created_at', 'timestamptz']], data.size.follows, (c, i) =>
      c === 0 ? i + 1 : c === 1 ? follows.follower[i] : c === 2 ? follows.target[i] : follows.createdAt[i],
    );
    step('subscriptions');
    for (const index of indexes) await client.query(index.indexdef);
    step(`${indexes.length} indexes`);
    await client.query('alter table wishes enable trigger wishes_feed_bucket_write');
    // The feed counter and per-bucket counts, as migration 0007 counts existing rows.
    for (const statement of feedCounts) await client.query(statement);
    for (const table of LOADED_TABLES) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`);
    }
    await client.query('commit');
    step('feed counts, sequences, commit');
    // What autovacuum does to a freshly loaded table: statistics, and the visibility map index-only scans need.
    await client.query('vacuum analyze');
    step('vacuum analyze');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
