/**
 * `npm run remotes -- list [--json] | activate <remote> <release-id> | rollback <remote>`
 * (api-v2 "Remote releases"). Uses the server's configuration (DATABASE_URL, DATA_DIR,
 * RELEASES_DIR, WISHES_SITE_ROOT), so it switches what every server process on that database
 * serves, from their next request on. Exit 0 on success; on refusal exit 1 with one line.
 */
import os from 'node:os';
import { loadConfig } from '../app/config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { activateRelease, ReleaseRefused, remoteStates, rollbackRelease, type ReleaseContext } from './service';

const USAGE = 'usage: npm run remotes -- list [--json] | activate <remote> <release-id> | rollback <remote>';

function actor(): string {
  let user = process.env.USER ?? 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (a container): keep $USER.
  }
  return `cli:${user}`;
}

export async function runRemotesCli(argv: string[], out: (line: string) => void = console.log, fail: (line: string) => void = console.error): Promise<number> {
  const [command, ...args] = argv;
  const json = args.includes('--json');
  const positional = args.filter((a) => !a.startsWith('--'));
  if (!command || !['list', 'activate', 'rollback'].includes(command) || (command === 'activate' && positional.length !== 2) || (command === 'rollback' && positional.length !== 1)) {
    fail(USAGE);
    return 2;
  }
  const config = loadConfig(process.env, { logLevel: 'silent' });
  const { db, dialect } = openDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    await migrateToLatest(db, dialect);
    const ctx: ReleaseContext = { db, releasesDir: config.releasesDir, siteRoot: config.siteRoot };
    if (command === 'list') {
      const states = await remoteStates(ctx);
      if (json) {
        out(JSON.stringify({ remotes: states }, null, 2));
        return 0;
      }
      for (const state of states) {
        out(`${state.remote} (${state.name})${state.registered ? '' : ' [joined through a release]'}: active ${state.active}`);
        for (const release of state.releases) out(`  ${release.id === state.active ? '*' : ' '} ${release.id}  ${release.created_at}`);
        const last = state.history[0];
        if (last) out(`  last switch: ${last.action} ${last.previous_release_id ?? '-'} -> ${last.release_id} by ${last.actor} at ${last.created_at}`);
      }
      return 0;
    }
    try {
      const record = command === 'activate' ? await activateRelease(ctx, positional[0], positional[1], actor()) : await rollbackRelease(ctx, positional[0], actor());
      out(`${record.remote}: ${record.previous_release_id ?? '-'} -> ${record.release_id} (${record.action} by ${record.actor})`);
      return 0;
    } catch (error) {
      if (error instanceof ReleaseRefused) {
        fail(`refused: ${error.message}`);
        return 1;
      }
      throw error;
    }
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  runRemotesCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`remotes: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
