/**
 * The server under test, in its own process (so autocannon does not share its event loop):
 * the real app from buildApp() with the production defaults (logger at info, helmet, compression,
 * rate limits, auth hook, the site pages), plus one baseline route added to the same instance
 * through buildApp's beforeReady option: GET /bench/bare returning a constant JSON body. It exists
 * only in this harness, never in the shipped server.
 *
 * Started with IPC by run.ts; listens on 127.0.0.1 on a free port and sends
 * { port, tokens } where tokens[i] is an access token for userIds[i] (argument JSON in BENCH_USERS).
 * GET /bench/db-floor (`select 1`) is the database round trip alone, for the floor under each row.
 * POST and DELETE /bench/write-floor/:id/vote/ is the durable write alone, the floor under the vote
 * toggle (writeFloor below).
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { buildApp } from '../../server/src/app/app';
import { runReminderRound } from '../../server/src/people/service';
import { makeDue } from './growth';

/** Rows written by one statement at most, and statements at once: as the PostgreSQL vote writer. */
const FLOOR_MAX_BATCH = 200;
const FLOOR_IN_FLIGHT = 2;

/**
 * The cheapest durable write a request can wait for: one narrow row (no key, no index, no trigger)
 * per request, the rows that arrive together inserted by ONE statement (group commit, as the vote
 * writers), each request answered after its statement committed. Nothing is read, locked or
 * counted. Whatever a vote must also do (check the wish, switch the old vote, count, notify) comes
 * on top, so no design that answers a vote only once PostgreSQL holds it durably can go faster.
 */
function writeFloor(db: Kysely<any>, postgres: boolean) {
  type Row = { wish_id: number; user_id: number; vote_type: string | null };
  const pending: { row: Row; done: (error?: unknown) => void }[] = [];
  let inFlight = 0;
  let scheduled = false;
  const insert = (rows: Row[]) =>
    postgres
      ? sql`insert into bench_write_floor (wish_id, user_id, vote_type) select * from unnest(${rows.map((r) => r.wish_id)}::integer[], ${rows.map((r) => r.user_id)}::integer[], ${rows.map((r) => r.vote_type)}::text[])`.execute(db)
      : db.insertInto('bench_write_floor').values(rows).execute();
  const pump = () => {
    scheduled = false;
    while (inFlight < FLOOR_IN_FLIGHT && pending.length > 0) {
      const batch = pending.splice(0, FLOOR_MAX_BATCH);
      inFlight++;
      void insert(batch.map((p) => p.row))
        .then(
          () => batch.forEach((p) => p.done()),
          (error: unknown) => batch.forEach((p) => p.done(error)),
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };
  return {
    create: () => sql`create table if not exists bench_write_floor (wish_id integer not null, user_id integer not null, vote_type text)`.execute(db),
    write: (row: Row) =>
      new Promise<void>((resolve, reject) => {
        pending.push({ row, done: (error) => (error ? reject(error) : resolve()) });
        if (!scheduled && inFlight < FLOOR_IN_FLIGHT) {
          scheduled = true;
          setImmediate(pump);
        }
      }),
  };
}

async function main() {
  const userIds = JSON.parse(process.env.BENCH_USERS ?? '[]') as number[];
  const app = await buildApp(
    { databaseUrl: process.env.DATABASE_URL!, dataDir: process.env.DATA_DIR! },
    {
      beforeReady: async (instance) => {
        instance.get('/bench/bare', { schema: { hide: true } }, async () => ({ hello: 'world' }));
        // The database round-trip floor: one `select 1` through the app's own pool (PostgreSQL) or
        // connection (SQLite), and nothing else, beside the routes that need the database.
        // A constant binary body of the size asked (the card's), drawn once: what autocannon pays
        // to read a PNG, whatever the server does to produce it.
        const bodies = new Map<number, Buffer>();
        instance.get('/bench/png-floor', { schema: { hide: true } }, async (request, reply) => {
          const bytes = Math.min(Math.max(Number((request.query as { bytes?: string }).bytes) || 0, 1), 5_000_000);
          let body = bodies.get(bytes);
          if (!body) bodies.set(bytes, (body = randomBytes(bytes)));
          return reply.type('image/png').send(body);
        });
        instance.get('/bench/db-floor', { schema: { hide: true } }, async () => {
          const { rows } = await sql<{ one: number }>`select 1 as one`.execute(instance.deps.db);
          return { one: rows[0]?.one };
        });
        // The durable-write floor under the vote toggle: the toggle's own requests (the same
        // headers and bodies), each answered once its row is durably written (writeFloor).
        const floor = writeFloor(instance.deps.db, process.env.DATABASE_URL!.startsWith('postgres'));
        await floor.create();
        const floorWrite = async (request: { params: unknown; body: unknown }, voteType: string | null) => {
          await floor.write({ wish_id: Number((request.params as { id: string }).id) || 0, user_id: 0, vote_type: voteType });
          return { ok: true };
        };
        instance.post('/bench/write-floor/:id/vote/', { schema: { hide: true } }, async (request) =>
          floorWrite(request, String((request.body as { vote_type?: unknown } | undefined)?.vote_type ?? 'upvote')));
        instance.delete('/bench/write-floor/:id/vote/', { schema: { hide: true } }, async (request) => floorWrite(request, null));
        // One reminder round, timed in the process that runs it: one day's share of the members'
        // reminders made due first (growth.ts), then the scheduler's own round (people/service.ts),
        // with the scheduler stopped so its timer takes none of them.
        instance.post('/bench/reminder-round', { schema: { hide: true } }, async (request) => {
          const { share, member } = request.body as { share: number; member: number };
          await instance.deps.scheduler?.stop();
          const due = share >= 0 ? await makeDue(instance.deps.db, process.env.DATABASE_URL!.startsWith('postgres'), share, member) : 0;
          const started = performance.now();
          const sent = await runReminderRound(instance.deps, instance.log);
          return { due, sent, ms: performance.now() - started };
        });
      },
    },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  // A serving process warms the offline writer once it listens (~1 s of CPU on 2 cores, in small
  // steps): measured slices start within a second of this message, so that run is waited for here
  // (warm() answers the run already started) instead of landing in the first rows.
  await app.deps.generator.warm?.();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const tokens = userIds.map((id) => app.tokens.issueAccess(id));
  process.send?.({ port, tokens });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
