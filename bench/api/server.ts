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
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app/app';

async function main() {
  const userIds = JSON.parse(process.env.BENCH_USERS ?? '[]') as number[];
  const app = await buildApp(
    { databaseUrl: process.env.DATABASE_URL!, dataDir: process.env.DATA_DIR! },
    {
      beforeReady: (instance) => {
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
