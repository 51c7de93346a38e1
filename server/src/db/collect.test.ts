/**
 * better-sqlite3 12 aborted the whole process on Node 24 when a prepared statement was garbage-
 * collected ("Assertion failed: (env) != nullptr"). This makes and drops many statements, forces
 * collections, and keeps using the connection, on whatever Node runs the suite (24 in `npm test`,
 * 22 and 26 through scripts/node-lines.js).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import SqliteDatabase from 'better-sqlite3';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('SQLite statements collected by the garbage collector', () => {
  it('survives thousands of dropped statements and forced collections', () => {
    const db = new SqliteDatabase(':memory:');
    db.exec('create table t (n integer)');
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 2000; i++) db.prepare('insert into t (n) values (?)').run(i);
      gc();
    }
    expect(db.prepare('select count(*) as c from t').get()).toEqual({ c: 10_000 });
    db.close();
    gc();
  });
});
