/**
 * `npm run remotes -- list [--json] | activate <remote> <release-id> [--force] | rollback <remote>`
 * (docs/teams.md), and team tokens (docs/teams.md, "1. An admin gives the team a token"):
 * `token create <remote> [--name <team>] [--scopes publish,activate,promote] [--expires-days N] [--email <address>]`
 * (prints the token once, as its last line), `token list`, `token revoke <token-id>`. Whoever runs
 * it on the server's host with its configuration is an admin. Uses the server's configuration (DATABASE_URL, DATA_DIR,
 * RELEASES_DIR, WISHES_SITE_ROOT), so it switches what every server process on that database
 * serves, from their next request on. Exit 0 on success; on refusal exit 1 with one line.
 */
import os from 'node:os';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { activateRelease, pruneReleases, ReleaseRefused, remoteStates, rollbackRelease, type ReleaseContext } from './service';
import { REMOTE_ID } from './catalog';
import { Redis } from 'ioredis';
import type { ClusterLink } from '../cluster/shared-state';
import { databaseCounter, redisCounter } from './canary-count';
import { createTeamToken, listTeamTokens, parseScopes, revokeTeamToken, TEAM_NAME } from './tokens';
import { isValidEmail } from '../auth/schemas';

const USAGE =
  'usage: npm run remotes -- list [--json] | activate <remote> <release-id> [--force] | rollback <remote> | prune --keep N [<remote>] | ' +
  'token create <remote> [--name <team>] [--scopes publish,activate,promote] [--expires-days N] [--email <address>] | token list | token revoke <token-id>';

/** `--name x` / `--name=x` from argv, or undefined. */
function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i !== -1) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

/** The positional arguments: those not starting with -- and not the value of an option. */
function positionals(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    if (['--name', '--scopes', '--expires-days', '--keep', '--email'].includes(args[i])) i += 1;
    else if (!args[i].startsWith('--')) out.push(args[i]);
  }
  return out;
}

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
  const positional = positionals(args);
  if (command === 'token') return tokenCommand(args, out, fail);
  if (command === 'prune') {
    const keep = Number(option(args, 'keep'));
    if (!Number.isInteger(keep) || keep < 0 || positional.length > 1) {
      fail(USAGE);
      return 2;
    }
    const config = loadConfig(process.env, { logLevel: 'silent' });
    const { db, dialect } = openDatabase(config.databaseUrl, { poolSize: 1 });
    try {
      await migrateToLatest(db, dialect);
      const removed = await pruneReleases({ db, releasesDir: config.releasesDir, siteRoot: config.siteRoot }, keep, positional[0]);
      for (const line of removed) out(`removed ${line}`);
      out(`${removed.length} release(s) removed; the ${keep} newest, the active and the previous one of each remote kept`);
      return 0;
    } finally {
      await db.destroy();
    }
  }
  if (!command || !['list', 'activate', 'rollback'].includes(command) || (command === 'activate' && positional.length !== 2) || (command === 'rollback' && positional.length !== 1)) {
    fail(USAGE);
    return 2;
  }
  const config = loadConfig(process.env, { logLevel: 'silent' });
  const { db, dialect } = openDatabase(config.databaseUrl, { poolSize: 1 });
  let redis: Redis | null = null;
  try {
    await migrateToLatest(db, dialect);
    // In cluster mode the counts are in Redis: the list reads them there (else from the database).
    redis = command === 'list' && config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
    const live = redis ? await redis.connect().then(() => true, () => false) : false;
    const counter = redis && live ? redisCounter({ redis, available: () => true } as unknown as ClusterLink, databaseCounter(db), config.canary.windowS) : databaseCounter(db);
    const ctx: ReleaseContext = { db, releasesDir: config.releasesDir, siteRoot: config.siteRoot, canary: config.canary, counter };
    if (command === 'list') {
      const states = await remoteStates(ctx);
      if (json) {
        out(JSON.stringify({ remotes: states }, null, 2));
        return 0;
      }
      for (const state of states) {
        out(`${state.remote} (${state.name})${state.registered ? '' : ' [joined through a release]'}: active ${state.active}`);
        for (const release of state.releases) out(`  ${release.id === state.active ? '*' : ' '} ${release.id}  ${release.created_at}`);
        const c = state.canary;
        if (c) {
          out(`  canary ${c.release} for ${c.percent} % of browsers (started by ${c.started_by}): ${c.loads} loads, ${c.errors} errors, error rate ${c.error_rate.toFixed(3)} over the last ${config.canary.windowS} s`);
        }
        const last = state.history[0];
        if (last) out(`  last switch: ${last.action} ${last.previous_release_id ?? '-'} -> ${last.release_id} by ${last.actor} at ${last.created_at}`);
      }
      return 0;
    }
    try {
      // --force: a release the server rolled back in the last 24 hours goes live again on purpose.
      const record = command === 'activate' ? await activateRelease(ctx, positional[0], positional[1], actor(), 100, args.includes('--force')) : await rollbackRelease(ctx, positional[0], actor());
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
    redis?.disconnect();
    await db.destroy();
  }
}

async function tokenCommand(args: string[], out: (line: string) => void, fail: (line: string) => void): Promise<number> {
  const [sub, ...rest] = positionals(args);
  const valid = (sub === 'create' && rest.length === 1) || (sub === 'list' && rest.length === 0) || (sub === 'revoke' && rest.length === 1);
  if (!valid) {
    fail(USAGE);
    return 2;
  }
  const remote = rest[0];
  const name = option(args, 'name') ?? remote;
  const scopesRaw = option(args, 'scopes');
  const scopes = scopesRaw === undefined ? undefined : parseScopes(scopesRaw);
  const email = option(args, 'email');
  const daysRaw = option(args, 'expires-days');
  const days = daysRaw === undefined ? undefined : Number(daysRaw);
  if (sub === 'create') {
    let problem: string | null = null;
    if (!REMOTE_ID.test(remote)) problem = `"${remote}" is not a remote folder name (lower-case letters, digits and dashes)`;
    else if (!TEAM_NAME.test(name)) problem = `--name must be letters, digits, spaces, dots, dashes or underscores (got "${name}")`;
    else if (scopes === null) problem = '--scopes is a comma-separated list of publish, activate and promote';
    else if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 3650)) problem = '--expires-days must be a whole number of days, 1 to 3650';
    else if (email !== undefined && !isValidEmail(email)) problem = `--email must be an email address (got "${email}")`;
    if (problem) {
      fail(`refused: ${problem}`);
      return 1;
    }
  }
  const config = loadConfig(process.env, { logLevel: 'silent' });
  const { db, dialect } = openDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    await migrateToLatest(db, dialect);
    if (sub === 'create') {
      const { info, token } = await createTeamToken(db, { remote, name, scopes: scopes ?? undefined, expiresDays: days, createdBy: actor(), email: email ?? null });
      out(`token ${info.token_id} for ${remote} (team ${info.name}; ${info.scopes.join(', ')}; expires ${info.expires_at}${info.email ? `; release mails to ${info.email}` : ''}). Shown once:`);
      out(token);
      return 0;
    }
    if (sub === 'list') {
      for (const t of await listTeamTokens(db)) {
        const state = t.revoked_at ? `revoked ${t.revoked_at}` : t.expires_at <= new Date().toISOString() ? `expired ${t.expires_at}` : `expires ${t.expires_at}`;
        out(`${t.token_id}  ${t.remote}  ${t.name}  ${t.scopes.join(',')}  created ${t.created_at}  last used ${t.last_used_at ?? 'never'}  ${state}`);
      }
      return 0;
    }
    if (!(await revokeTeamToken(db, remote))) {
      fail(`refused: no live token ${remote}`);
      return 1;
    }
    out(`token ${remote} revoked`);
    return 0;
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
