// Diagnostic DB: scale-1-like complaints/notifications for EXPLAIN (not committed).
import { sql } from 'kysely';
import { openDatabase } from '../server/src/db/connect';
import { migrateToLatest } from '../server/src/db/migrate';
(async () => {
  const url = process.argv[2]!;
  const { db, dialect } = openDatabase(url);
  await migrateToLatest(db, dialect);
  const now = '2025-01-01T00:00:00.000Z';
  await db.transaction().execute(async (trx) => {
    for (let i = 1; i <= 5000; i += 500) {
      await trx.insertInto('users').values(Array.from({ length: 500 }, (_, j) => ({ email: `u${i + j}@x.y`, password_hash: 'x', first_name: `F${i + j}`, last_name: 'L', role: i + j === 2 ? 'moderator' : 'user', created_at: now, password_changed_at: now } as any))).execute();
    }
    for (let i = 1; i <= 100000; i += 1000) {
      await trx.insertInto('wishes').values(Array.from({ length: 1000 }, (_, j) => ({ user_id: 1 + ((i + j) % 5000), text: `wish ${i + j} happy birthday`, is_public: 1, published_at: now, created_at: now, feed_seq: i + j } as any))).execute();
    }
    for (let k = 0; k < 1000; k++) {
      const wishId = 1 + k * 90;
      await trx.insertInto('complaints').values(Array.from({ length: 3 }, (_, j) => { const r = 1 + ((k * 31 + j * 7) % 5000); return { wish_id: wishId, reporter_id: r, reporter_ip: null, reporter_key: `u:${r}`, category: 'bench', created_at: now } as any; })).execute();
    }
    for (let k = 0; k < 500; k++) {
      const stamp = new Date(Date.now() - k * 60_000).toISOString();
      const ins = await trx.insertInto('notifications').values({ user_id: 3, kind: 'follow', wish_id: null, text: null, read_at: null, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
      const actors = [...new Set(Array.from({ length: 3 }, (_, j) => 1 + ((k * 13 + j * 101) % 5000)).filter((a) => a !== 3))];
      await trx.insertInto('notification_actors').values(actors.map((actor_id) => ({ notification_id: ins.id, actor_id, created_at: stamp }))).execute();
    }
  });
  if (dialect === 'postgres') await sql`analyze`.execute(db); else await sql`analyze`.execute(db);
  await db.destroy();
  console.log('ok');
})();
