/**
 * Entry of `npm run migrate` (applies the pending migrations, one line each, as the server does at
 * start) and `npm run migrate -- --status` (lists applied and pending ones, changes nothing), on
 * the database the environment names, exactly as the server reads it.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../src/platform/config';
import { restrictNewFiles } from '../src/app/file-modes';
import { openDatabase } from '../src/db/connect';
import { allMigrations, MigrationRefused, migrateToLatest, migrationStatus } from '../src/db/migrate';
import { describeDatabase } from '../src/moderation/admin-cli';

const USAGE = 'Usage: npm run migrate [-- --status]';

async function main(args: string[]): Promise<number> {
  if (args.length > 1 || (args.length === 1 && args[0] !== '--status')) {
    console.error(USAGE);
    return 2;
  }
  // The database and its lock file are the owner's only, as the server makes them.
  restrictNewFiles();
  // Migrations need no signing secret: none is made in DATA_DIR (loadConfig would make one).
  const config = loadConfig(process.env, { jwtSecret: process.env.JWT_SECRET || 'migrations-need-no-signing-secret' });
  console.log(`Database: ${describeDatabase(config.databaseUrl)}`);
  const sqliteFile = config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice('sqlite:'.length) : null;
  if (args[0] === '--status' && sqliteFile && !existsSync(sqliteFile)) {
    // The status changes nothing: a database that does not exist yet is not made to say so.
    const pending = Object.keys(allMigrations('sqlite'));
    for (const name of pending) console.log(`pending  ${name}`);
    console.log(`0 applied, ${pending.length} pending (the database file does not exist yet).`);
    return 0;
  }
  const { db, dialect } = openDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    if (args[0] === '--status') {
      const { applied, pending, unknown } = await migrationStatus(db, dialect);
      for (const m of applied) console.log(`applied  ${m.name}  ${m.at}${unknown.includes(m.name) ? '  (unknown to this code: a newer version)' : ''}`);
      for (const name of pending) console.log(`pending  ${name}`);
      console.log(`${applied.length} applied, ${pending.length} pending.`);
      return unknown.length ? 1 : 0;
    }
    await migrateToLatest(db, dialect, undefined, { log: (line) => console.log(line) });
    const { applied } = await migrationStatus(db, dialect);
    console.log(`The database is up to date (${applied.length} migrations applied).`);
    return 0;
  } catch (error) {
    if (error instanceof MigrationRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
