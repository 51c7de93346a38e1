/**
 * Entry of `npm run migrate` (applies the pending migrations, one line each, as the server does at
 * start) and `npm run migrate -- --status` (lists applied and pending ones, changes nothing), on
 * the database the environment names, exactly as the server reads it.
 */
import { loadConfig } from '../src/app/config';
import { openDatabase } from '../src/db/connect';
import { MigrationRefused, migrateToLatest, migrationStatus } from '../src/db/migrate';
import { describeDatabase } from '../src/moderation/admin-cli';

const USAGE = 'Usage: npm run migrate [-- --status]';

async function main(args: string[]): Promise<number> {
  if (args.length > 1 || (args.length === 1 && args[0] !== '--status')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env, {});
  console.log(`Database: ${describeDatabase(config.databaseUrl)}`);
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
