/**
 * Entry of `npm run backup -- <file>` and `npm run restore -- <file> [--force]`
 * (src/ops/backup.ts; docs/operations.md → "Backup and restore"). Reads the same environment as
 * the server (DATA_DIR or DATABASE_URL, MEDIA_STORAGE, RELEASES_DIR). Exit 0 with the size last;
 * 1 when refused or failed (a restore then changed nothing); 2 for a usage error.
 */
import { loadConfig } from '../src/platform/config';
import { explainDatabaseError, MigrationRefused } from '../src/db/migrate';
import { BackupError, formatBytes } from '../src/ops/archive';
import { writeBackup } from '../src/ops/backup';
import { restoreBackup } from '../src/ops/restore';
import { restrictNewFiles } from '../src/app/file-modes';

const USAGE = 'usage: npm run backup -- <file>\n       npm run restore -- <file> [--force]';

async function main(argv: string[]): Promise<number> {
  // Archives and restored files are the owner's only (0600, folders 0700).
  restrictNewFiles();
  const [mode, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if ((mode !== 'backup' && mode !== 'restore') || files.length !== 1 || files[0].startsWith('-') || (mode === 'backup' && force)) {
    console.error(USAGE);
    return 2;
  }
  // A restore must not make a signing secret (loadConfig makes one in DATA_DIR when none is there):
  // the archive's is written once the restore succeeded, and a refused one changes nothing.
  const config = loadConfig(process.env, mode === 'restore' ? { jwtSecret: process.env.JWT_SECRET || 'restore-reads-no-signing-secret' } : {});
  const where = config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : 'PostgreSQL';
  try {
    if (mode === 'backup') {
      const result = await writeBackup(config, files[0]);
      const rows = Object.values(result.manifest.tables).reduce((n, t) => n + t.rows, 0);
      console.log(`backup of ${where}: ${Object.keys(result.manifest.tables).length} tables, ${rows} rows, ${result.manifest.files.media.count} media files, ${result.manifest.files.releases.count} release files`);
      console.log(`${result.file}: ${formatBytes(result.bytes)} (${result.bytes} bytes)`);
    } else {
      const result = await restoreBackup({ ...config, secretFromEnv: Boolean(process.env.JWT_SECRET) }, files[0], { force });
      const rows = Object.values(result.manifest.tables).reduce((n, t) => n + t.rows, 0);
      console.log(`restored ${files[0]} (taken ${result.header.created_at} on ${result.header.source.dialect}) into ${where}: ${rows} rows, ${result.manifest.files.media.count} media files, ${result.manifest.files.releases.count} release files`);
      if (result.secretRestored) console.log(`the signing secret was restored to ${config.dataDir}/jwt-secret: members stay signed in`);
    }
    return 0;
  } catch (caught) {
    const error = explainDatabaseError(caught);
    if (error instanceof BackupError || error instanceof MigrationRefused) {
      console.error(`${mode} refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
