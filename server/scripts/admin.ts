/** Entry of `npm run admin -- role <email> <role>` (see src/moderation/admin-cli.ts). */
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { describeDatabase, runAdminCommand } from '../src/moderation/admin-cli';

async function main(): Promise<number> {
  const config = loadConfig(process.env, {});
  // Say which database this changes: DATA_DIR/DATABASE_URL as the server reads them, else ./data.
  console.log(`Database: ${describeDatabase(config.databaseUrl)}`);
  const { db, dialect } = openDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    await migrateToLatest(db, dialect);
    const result = await runAdminCommand(db, process.argv.slice(2));
    (result.code === 0 ? console.log : console.error)(result.message);
    return result.code;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
