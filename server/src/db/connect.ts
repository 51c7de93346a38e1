/** Opens the database named by DATABASE_URL: SQLite (better-sqlite3, WAL) or PostgreSQL (pg pool). */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent, type RawBuilder } from 'kysely';
import { Client, Pool, types as pgTypes, type ClientConfig } from 'pg';
import type { Database, Dialect } from './types';
import { PG_TIMESTAMP_OID, PG_TIMESTAMPTZ_OID, pgTimestampToIso } from './dates';

/** pg's parsers, except dates: timestamptz reads back as the app's ISO string (db/dates.ts). */
const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (oid === PG_TIMESTAMPTZ_OID || oid === PG_TIMESTAMP_OID) && format !== 'binary' ? pgTimestampToIso : pgTypes.getTypeParser(oid, format)) as typeof pgTypes.getTypeParser,
};

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
}

const sqliteFiles = new WeakMap<Kysely<Database>, string>();
const sqliteHandles = new WeakMap<Kysely<Database>, SqliteDatabase.Database>();
const pgPools = new WeakMap<Kysely<Database>, Pool>();

/**
 * The better-sqlite3 connection behind a SQLite handle (null for PostgreSQL), for write paths that
 * run one synchronous transaction with prepared statements instead of Kysely's async driver. Such
 * code must first check `inTransaction`: Kysely keeps a transaction open across awaits on this same
 * connection, and statements run then would join it.
 */
export function sqliteHandleOf(db: Kysely<Database>): SqliteDatabase.Database | null {
  return sqliteHandles.get(db) ?? null;
}

/** The pg pool behind a PostgreSQL handle (null for SQLite): its counts are reported by GET /metrics. */
export function pgPoolOf(db: Kysely<Database>): Pool | null {
  return pgPools.get(db) ?? null;
}

/** The file behind a SQLite handle (null for PostgreSQL or an in-memory database): a second connection can open it. */
export function sqliteFileOf(db: Kysely<Database>): string | null {
  return sqliteFiles.get(db) ?? null;
}

export interface OpenOptions {
  poolSize?: number;
  /** Told each query's duration in ms (queries through Kysely; the metrics' latency histogram). */
  onQuery?: (durationMs: number) => void;
}

/** Kysely's query log, only when someone listens: it costs a clock read per query. */
const queryLog = (options: OpenOptions) => (options.onQuery ? { log: (event: LogEvent) => options.onQuery!(event.queryDurationMillis) } : {});

export function openDatabase(databaseUrl: string, options: OpenOptions = {}): DbHandle {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SqliteDatabase(file === ':memory:' ? ':memory:' : file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    cacheStatements(sqlite);
    // Kysely's SQLite driver uses this one connection behind a mutex, so transactions are serialized.
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), ...queryLog(options) });
    if (file !== ':memory:') sqliteFiles.set(db, file);
    sqliteHandles.set(db, sqlite);
    return { db, dialect: 'sqlite' };
  }
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    types: PG_TYPES,
    // Each connection attempt is bounded by PG_CONNECT_TIMEOUT_MS and guarded by the breaker in
    // the client class; this longer bound is only the wait for a free pooled connection, so a burst
    // of load queues for a moment instead of being answered 503 as if the database were down.
    Client: guardedClientClass(),
    connectionTimeoutMillis: PG_POOL_WAIT_MS,
    // Dead peers on idle pooled connections are noticed by the kernel rather than by a hung query.
    keepAlive: true,
  });
  // A client erroring while idle (pool 'error') or while checked out (client 'error', e.g. 57P01 on a
  // server restart) must not crash the process: the running query still rejects, pg marks the client
  // unusable so the pool drops it on release, and the next query connects afresh.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...queryLog(options) });
  pgPools.set(db, pool);
  return { db, dialect: 'postgres' };
}

/** How long one connection attempt to PostgreSQL may take. */
export const PG_CONNECT_TIMEOUT_MS = 3000;
/** After a failed attempt, how long every request answers 503 at once before one tries again. */
export const PG_RETRY_AFTER_FAILURE_MS = 1000;

/** How long a request may wait for a free pooled connection before it is answered 503. */
export const PG_POOL_WAIT_MS = 15000;

/**
 * pg's Client with a circuit breaker on its connection attempt (every pooled connection, so
 * Kysely's queries and pool.query alike): while PostgreSQL is down, requests must answer 503
 * quickly, not each wait for its own connection attempt and pile up behind the pool. An attempt
 * takes at most PG_CONNECT_TIMEOUT_MS; after one fails with "unavailable", every attempt for
 * PG_RETRY_AFTER_FAILURE_MS is refused at once (SQLSTATE 08001, so the error handler answers 503),
 * including those of requests already queued in the pool; then one attempt is let through while
 * the others are still refused: its success closes the breaker, its failure opens it again. So the
 * site recovers by itself, without a restart, within about a second of the database's return.
 * Waiting for a busy pool is not an attempt: it never opens the breaker.
 */
function guardedClientClass(): typeof Client {
  let openUntil = 0;
  let probing = false;
  const refused = () => Object.assign(new Error('PostgreSQL is unavailable (a recent connection attempt failed)'), { code: '08001' });
  return class GuardedClient extends Client {
    constructor(config?: ClientConfig) {
      super({ ...config, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
    }

    // pg's connect: a promise, or the callback form that the pool uses.
    connect(): Promise<Client>;
    connect(callback: ((err: Error) => void) | ((err: null, client: Client) => void)): void;
    connect(callback?: ((err: Error) => void) | ((err: null, client: Client) => void)): Promise<Client> | void {
      const attempt = (): Promise<Client> => {
        if (openUntil !== 0 && (probing || Date.now() < openUntil)) return Promise.reject(refused());
        const probe = openUntil !== 0;
        if (probe) probing = true;
        return super.connect().then(
          (client) => {
            openUntil = 0;
            if (probe) probing = false;
            return client;
          },
          (error: unknown) => {
            if (isDatabaseUnavailable(error)) openUntil = Date.now() + PG_RETRY_AFTER_FAILURE_MS;
            if (probe) probing = false;
            throw error;
          },
        );
      };
      const pending = attempt();
      if (!callback) return pending;
      const done = callback as (err: Error | null, client?: Client) => void;
      pending.then(
        (client) => done(null, client),
        (error: Error) => done(error),
      );
    }

    /** This connection's statement names by SQL text (see namedQuery). */
    readonly prepared = new Map<string, PreparedName>();

    // Every query given as SQL text (Kysely's and pool.query's) goes through namedQuery; query
    // objects (cursors, pg's own named configs) pass unchanged.
    query(...args: unknown[]): never {
      const [config, values, callback] = args;
      if (typeof config !== 'string' || !isPreparable(config)) return (super.query as (...a: unknown[]) => never)(...args);
      const done = (typeof values === 'function' ? values : callback) as ((err: Error | null, result?: QueryResult) => void) | undefined;
      const pending = namedQuery(this, config, Array.isArray(values) ? values : undefined, (named, params) => (params ? super.query(named as string, params) : super.query(named as NamedQuery)) as Promise<QueryResult>);
      if (!done) return pending as never;
      pending.then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
      return undefined as never;
    }
  };
}

/**
 * Prepared statements for every query on PostgreSQL. Kysely sends each query unnamed,
 * so the backend parses and plans it on every call (for a small read, planning cost more than
 * executing: bench/RESULTS.md). Here each distinct SQL text gets a stable name on its connection,
 * so pg parses it once per connection and afterwards only binds and executes it.
 *
 * Only single SELECT / INSERT / UPDATE / DELETE / WITH statements are named (no transaction
 * control, DDL or multi-statement texts), and at most MAX_PREPARED_PER_CONNECTION texts per
 * connection (the app has a few dozen; texts beyond that bound run unnamed).
 *
 * Schema changes: a prepared statement whose result columns a migration changed fails with
 * "cached plan must not change result type" (0A000). So (1) the name carries the process's schema
 * generation, which migrateToLatest bumps after applying migrations (preparedStatementsPaused): no
 * statement prepared before a migration is used after it; (2) nothing is named while a migration
 * runs; (3) a migration run by another process (a rolling deploy) is caught by that error: the text
 * gets a fresh name on that connection, and the query is run again when it was not inside a
 * transaction (inside one, the transaction has failed and its caller's error stands; the next
 * use prepares afresh).
 */
interface PreparedName {
  name: string;
  generation: number;
}
type QueryResult = { rows: unknown[]; rowCount: number | null };
type NamedQuery = { name: string; text: string; values?: unknown[] };

// Each prepared statement holds its plan in the backend; in-lists of varying length make more texts than the app has queries.
const MAX_PREPARED_PER_CONNECTION = 300;
let schemaGeneration = 0;
let migrationsRunning = 0;

/** Called by migrateToLatest around a migration run: nothing is named meanwhile, and no name from before is used after. */
export function preparedStatementsPaused<T>(work: () => Promise<T>): Promise<T> {
  migrationsRunning++;
  return work().finally(() => {
    migrationsRunning--;
    schemaGeneration++;
  });
}

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** A single DML statement or query (a `;` followed by more text means several statements). */
const isPreparable = (text: string) => PREPARABLE.test(text) && !/;\s*\S/.test(text);

const isStalePlan = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '0A000' && /cached plan must not change result type/i.test(String((error as Error).message));

let nameSerial = 0;
function statementName(text: string): string {
  return `w${schemaGeneration}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}_${(nameSerial++).toString(36)}`;
}

async function namedQuery(
  client: Client & { prepared: Map<string, PreparedName> },
  text: string,
  values: unknown[] | undefined,
  send: (query: NamedQuery | string, values?: unknown[]) => Promise<QueryResult>,
): Promise<QueryResult> {
  if (migrationsRunning > 0) return send(text, values);
  let entry = client.prepared.get(text);
  if (!entry || entry.generation !== schemaGeneration) {
    if (!entry && client.prepared.size >= MAX_PREPARED_PER_CONNECTION) return send(text, values);
    client.prepared.set(text, (entry = { name: statementName(text), generation: schemaGeneration }));
  }
  try {
    return await send({ name: entry.name, text, values });
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    // Planned before another process changed the schema: prepare it again under a new name.
    client.prepared.set(text, { name: statementName(text), generation: schemaGeneration });
    if (client.getTransactionStatus() !== 'I') throw error;
    return send({ name: client.prepared.get(text)!.name, text, values });
  }
}

/** This connection's prepared statement names (tests). */
export function preparedNamesOf(client: unknown): ReadonlyMap<string, PreparedName> | undefined {
  return (client as { prepared?: Map<string, PreparedName> }).prepared;
}

/**
 * PostgreSQL: runs a hot read straight on the pool (skipping Kysely's executor), as a named
 * prepared statement like every query (the client above names it); undefined on SQLite. Given a
 * transaction, undefined.
 */
export async function runPreparedOnPostgres<R>(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<R[] | undefined> {
  const pool = pgPools.get(db);
  if (!pool) return undefined;
  // Compiled only here: on SQLite (no pool) the caller's own path compiles it once.
  const compiled = query.compile(db);
  const result = await pool.query(compiled.sql, compiled.parameters as unknown[]);
  return result.rows as R[];
}

/** Most distinct SQL texts kept prepared; the app has a few dozen, so this only bounds odd cases. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew (parse + plan: a large share of a small read's
 * cost). The queries are the same few texts with different parameters, so keep the prepared
 * statements by SQL text. Safe because the driver uses the one connection behind a mutex and
 * never leaves a statement mid-iteration.
 */
function cacheStatements(sqlite: SqliteDatabase.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SqliteDatabase.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      // Map order is insertion order: re-insert to keep the most recently used last.
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

/** Readiness probe: true when a trivial query succeeds. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Node socket errors: the database host cannot be reached or dropped the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/**
 * Errors without a code: node-postgres reports a connection that closed under it, a pool that
 * could not get a connection in time, or a client or pool already ended, only by message.
 * better-sqlite3 throws a TypeError once its connection is closed.
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|timeout expired|connection error and is not queryable|Cannot use a pool after calling end|Client was closed and is not queryable|database connection is not open|terminating connection/i;

/**
 * Errors meaning "the database cannot answer right now", on either driver: 503 with Retry-After,
 * never 500. PostgreSQL: SQLSTATE class 08 (connection exception), 53 (insufficient resources:
 * too many connections, out of memory, disk full), 57P0x (shutdown, restart, crash recovery),
 * 57014 (statement_timeout: overloaded); socket errors; node-postgres's code-less connection
 * errors. SQLite: busy/locked beyond busy_timeout, I/O errors, cannot open, disk full, closed.
 * The cause chain (and an AggregateError's errors, as Node reports a refused dual-stack connect)
 * is followed a few levels.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (/^(08|53|57P0)/.test(code) || code === '57014' || NETWORK_CODES.has(code)) return true;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|PROTOCOL|NOTADB)/.test(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}
