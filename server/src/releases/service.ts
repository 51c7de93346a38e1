/**
 * Switching releases, for the CLI (`npm run remotes`) and the admin HTTP calls alike: the gate
 * runs before anything is written, so a refused activation changes nothing.
 */
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { existsSync as exists, readdirSync, readFileSync, rmSync } from 'node:fs';
import { declarationProblems, releaseContractProblem, type ReleaseSide, type RemoteDeclaration } from '@wishes/kit-contract/registry';
import type { Database } from '../db/types';
import { DIST_RELEASE, siteRemote, siteRemotes } from '../pages/remotes';
import { listReleases, readRelease, releaseDir, remotesWithReleases, type ReleaseMeta } from './catalog';
import { gateProblem, shellProvidedVersions } from './gate';
import { activeCanaries, activeReleases, CanaryEnded, recordSwitch, rollbackTarget, switchHistory, type CanaryState, type SwitchRecord } from './store';
import { ArchiveRefused, buildingDir, describeUnpacked, ensureLocal, finishLocal, publishedMeta, remotesPublished, storePublished, syncPublished, unpackArchive } from './published';
import { remotesWithTokens } from './tokens';
import type { CanarySettings } from './canary';
import { databaseCounter, failing, type CanaryCounter, type CanaryCounts } from './canary-count';

/** A refusal: `reason` is one line for the CLI and the HTTP error; status for HTTP. */
export class ReleaseRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413,
    reason: string,
    /** The gate refused it (its rules, against the live site): the team and the admins are told. */
    readonly gate = false,
  ) {
    super(reason);
    this.name = 'ReleaseRefused';
  }
}

export interface ReleaseContext {
  db: Kysely<Database>;
  releasesDir: string;
  /** Folder holding shell/dist and <remote>/dist. */
  siteRoot: string;
  /** Automatic rollback thresholds (Config.canary); default 300 s, 0.05, 3 addresses. */
  canary?: CanarySettings;
  /** Where loads and errors are counted (canary-count.ts); default the database. */
  counter?: CanaryCounter;
  /** The time in ms (a test's fake clock); default Date.now. */
  now?: () => number;
  /**
   * Tells the admins and `remote`'s team (a gate refusal, an automatic rollback, a promotion); the
   * HTTP server mails them. The text names the release, the reason and a link, never a stack.
   */
  notify?: (remote: string, subject: string, text: string) => Promise<void>;
  /** The admins' Releases page (a mail's link); default the path alone. */
  releasesPage?: string;
}

const RELEASES_PAGE = '/moderation/releases';

/** Mails a gate refusal of `release` to the team and the admins (the refusal itself is rethrown). */
async function tellRefusal(ctx: ReleaseContext, remote: string, release: string, error: unknown): Promise<never> {
  if (error instanceof ReleaseRefused && error.gate && ctx.notify) {
    await ctx
      .notify(remote, `Wishes: ${remote} ${release} refused by the gate`, `The release ${release} of ${remote} was refused: ${error.message}.\nNothing changed on the site. Releases: ${ctx.releasesPage ?? RELEASES_PAGE}`)
      .catch(() => undefined);
  }
  throw error;
}

/** First key of the site-wide release lock (an arbitrary constant, apart from the other advisory locks). */
const RELEASE_LOCK_SPACE = 7043;
let localLock: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` under the one site-wide release lock: every gate check together with the switch or the
 * store it allows, so two releases checked at once never both pass against a site neither of them
 * saw (a consumer and its provider, two remotes claiming one path). One at a time in this process
 * (a promise chain, so a waiting call holds no database connection), and on PostgreSQL across the
 * processes sharing the database (a session advisory lock; `fn` gets a context on that one
 * connection, so it needs no second one from a small pool). SQLite: one process owns the file, so
 * the chain is the whole lock.
 */
export async function withSiteLock<T>(ctx: ReleaseContext, fn: (locked: ReleaseContext) => Promise<T>): Promise<T> {
  const run = localLock.then(async () => {
    const postgres = ctx.db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
    if (!postgres) return fn(ctx);
    return ctx.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${RELEASE_LOCK_SPACE}, 0)`.execute(conn);
      try {
        return await fn({ ...ctx, db: conn });
      } finally {
        await sql`select pg_advisory_unlock(${RELEASE_LOCK_SPACE}, 0)`.execute(conn);
      }
    });
  });
  localLock = run.catch(() => undefined);
  return run;
}

const DEFAULT_CANARY: CanarySettings = { windowS: 300, maxErrorRate: 0.05, minErrors: 3 };

/** What a running canary is judged by: its loading and erroring addresses in the window, and the rate. */
export interface CanaryStats extends CanaryCounts {
  /** errors / loading addresses (an erroring address counts as loading; 0 without any). */
  error_rate: number;
}

async function canaryStats(ctx: ReleaseContext, remote: string, release: string): Promise<CanaryStats> {
  const counts = await (ctx.counter ?? databaseCounter(ctx.db)).counts(remote, release, (ctx.canary ?? DEFAULT_CANARY).windowS, (ctx.now ?? Date.now)());
  const loads = Math.max(counts.loads, counts.errors);
  return { loads, errors: counts.errors, error_rate: loads ? counts.errors / loads : 0 };
}

/**
 * Evaluates `remote`'s running canary (the watch calls this every 10 s for each): rolls it back when
 * errors from at least CANARY_MIN_ERRORS addresses are above CANARY_MAX_ERROR_RATE of its loading
 * addresses in the window, records why and tells the admins, naming the team. Of several processes
 * evaluating at once exactly one ends it (endCanary), so one record and one mail.
 */
export async function autoRollbackCheck(ctx: ReleaseContext, remote: string, log?: { error: (obj: unknown, msg: string) => void }): Promise<SwitchRecord | null> {
  const settings = ctx.canary ?? DEFAULT_CANARY;
  const canary = (await activeCanaries(ctx.db)).get(remote);
  if (!canary) return null;
  const stats = await canaryStats(ctx, remote, canary.release);
  await (ctx.counter ?? databaseCounter(ctx.db)).prune(remote, canary.release, settings.windowS, (ctx.now ?? Date.now)());
  if (!failing(stats, settings)) return null;
  const reason = `errors from ${stats.errors} of ${stats.loads} loading addresses in ${settings.windowS} s (rate ${stats.error_rate.toFixed(3)}) above ${settings.maxErrorRate}`;
  const record = await endCanary(ctx, remote, `server (canary of ${canary.started_by})`, { reason }, canary);
  if (record && ctx.notify) {
    await ctx
      .notify(
        remote,
        `Wishes: ${remote} canary ${canary.release} rolled back automatically`,
        `The canary ${canary.release} of ${remote} (${canary.percent} % of browsers), started by ${canary.started_by}, was rolled back by the server: ${reason}.\n` +
          `Everyone is back on ${record.release_id}. The team can read the errors with GET /api/admin/remotes/${remote}/errors/?release=${canary.release}. ` +
          `Activating ${canary.release} again within 24 hours needs "force": true.\nReleases: ${ctx.releasesPage ?? RELEASES_PAGE}`,
      )
      .catch((error: unknown) => log?.error({ err: error }, 'could not tell the admins about an automatic rollback'));
  }
  return record;
}

/** Evaluates every running canary (the 10 s watch); an error with one never stops the others. */
export async function evaluateCanaries(ctx: ReleaseContext, log?: { error: (obj: unknown, msg: string) => void }): Promise<void> {
  for (const remote of (await activeCanaries(ctx.db)).keys()) {
    await autoRollbackCheck(ctx, remote, log).catch((error: unknown) => log?.error({ err: error, remote }, 'could not evaluate a canary'));
  }
}

/** How long a release the server rolled back needs `force` to be activated again. */
export const AUTO_ROLLBACK_HOLD_MS = 24 * 3600_000;

/** The automatic rollback of `release` within the last 24 hours, if any (newest). */
async function recentAutoRollback(ctx: ReleaseContext, remote: string, release: string): Promise<SwitchRecord | null> {
  const since = new Date((ctx.now ?? Date.now)() - AUTO_ROLLBACK_HOLD_MS).toISOString();
  const row = await ctx.db
    .selectFrom('remote_switches')
    .selectAll()
    .where('remote', '=', remote)
    .where('action', '=', 'auto-rollback')
    .where('previous_release_id', '=', release)
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return (row as SwitchRecord | undefined) ?? null;
}

export interface RemoteState {
  remote: string;
  name: string;
  /** One of the site's own remotes (built with the site; else it joined through a release). */
  registered: boolean;
  active: string;
  canary: ({ release: string; percent: number; started_by: string; started_at: string } & CanaryStats) | null;
  releases: Array<{ id: string; version: string; created_at: string }>;
  history: SwitchRecord[];
}

/** In the registry, with a release (built here or published), or admitted by an admin (a team token). */
async function knownRemote(ctx: ReleaseContext, remote: string): Promise<boolean> {
  if (siteRemote(remote, ctx.siteRoot) !== undefined || listReleases(ctx.releasesDir, remote).length > 0) return true;
  if ((await remotesPublished(ctx.db)).includes(remote)) return true;
  return (await remotesWithTokens(ctx.db)).includes(remote);
}

/** The exposed modules ('./WishList') the federation manifest in `dir` lists, or null when unreadable. */
function exposedModules(dir: string): string[] | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as { exposes?: Array<{ name?: unknown; path?: unknown }> };
    return (manifest.exposes ?? []).map((e) => (typeof e.path === 'string' ? e.path : typeof e.name === 'string' ? `./${e.name}` : '')).filter(Boolean);
  } catch {
    return null;
  }
}

/** The declaration and the exposed modules of `release` of `remote` (DIST_RELEASE: the site's build), or null. */
async function releaseSide(ctx: ReleaseContext, remote: string, release: string): Promise<{ declaration: RemoteDeclaration; exposes: string[] } | null> {
  if (release === DIST_RELEASE) {
    const declaration = siteRemote(remote, ctx.siteRoot);
    if (!declaration) return null;
    // A build served elsewhere (MF_<FOLDER>_URL) or not built here: what its declaration exposes.
    const exposes = exposedModules(path.join(ctx.siteRoot, remote, 'dist')) ?? Object.keys(declaration.exposes).map((name) => `./${name}`);
    return { declaration, exposes };
  }
  if (!(await ensureLocal(ctx.db, ctx.releasesDir, remote, release))) return null;
  const meta = readRelease(ctx.releasesDir, remote, release);
  const dir = releaseDir(ctx.releasesDir, remote, release);
  if (!meta || !dir) return null;
  return { declaration: meta.declaration, exposes: exposedModules(dir) ?? Object.keys(meta.declaration.exposes).map((name) => `./${name}`) };
}

interface LiveSite {
  /** The declarations of every active remote but the candidate. */
  others: RemoteDeclaration[];
  /** The candidate remote's active declaration (its spec routes stay with it). */
  serving: RemoteDeclaration | null;
  /** Each other remote's active release and running canary. */
  live: Map<string, ReleaseSide[]>;
}

/** The site as live now, seen from `except`: the other remotes' active and canary releases, and its own active one. */
async function liveSite(ctx: ReleaseContext, except: string): Promise<LiveSite> {
  const active = await activeReleases(ctx.db);
  const canaries = await activeCanaries(ctx.db);
  const folders = [...new Set([...siteRemotes(ctx.siteRoot).map((r) => r.folder), ...active.keys()])];
  const site: LiveSite = { others: [], serving: null, live: new Map() };
  for (const folder of folders) {
    const release = active.get(folder) ?? DIST_RELEASE;
    const side = await releaseSide(ctx, folder, release);
    if (folder === except) {
      site.serving = side?.declaration ?? null;
      continue;
    }
    if (!side) continue;
    site.others.push(side.declaration);
    const sides: ReleaseSide[] = [{ ...side, state: 'active' }];
    const canary = canaries.get(folder);
    if (canary) {
      const canarySide = await releaseSide(ctx, folder, canary.release);
      if (canarySide) sides.push({ ...canarySide, state: 'canary' });
    }
    site.live.set(folder, sides);
  }
  return site;
}

/** Why the release in `dir` declaring `declaration` may not be live, or null (the whole gate). Run it under withSiteLock. */
export async function gateRefusal(ctx: ReleaseContext, remote: string, label: string, declaration: RemoteDeclaration, dir: string): Promise<ReleaseRefused | null> {
  const problems = declarationProblems(declaration);
  if (problems.length) return new ReleaseRefused(409, `${label} refused: its declaration is invalid: ${problems[0]}`, true);
  if (declaration.folder !== remote) return new ReleaseRefused(409, `${label} refused: it declares the folder "${declaration.folder}"`, true);
  const clash = siteRemotes(ctx.siteRoot).find((r: RemoteDeclaration) => r.name === declaration.name && r.folder !== remote);
  if (clash) return new ReleaseRefused(409, `${label} refused: the federation name ${clash.name} belongs to ${clash.folder}`, true);
  const problem = gateProblem(dir, shellProvidedVersions(ctx.siteRoot));
  if (problem) return new ReleaseRefused(409, `${label} refused: ${problem}`, true);
  const contract = releaseContractProblem(declaration, exposedModules(dir), await liveSite(ctx, remote));
  return contract ? new ReleaseRefused(409, `${label} refused: ${contract}`, true) : null;
}

export async function remoteStates(ctx: ReleaseContext, only?: string): Promise<RemoteState[]> {
  await syncPublished(ctx.db, ctx.releasesDir, only);
  const active = await activeReleases(ctx.db);
  const canaries = await activeCanaries(ctx.db);
  const folders = [...new Set([...siteRemotes(ctx.siteRoot).map((r) => r.folder), ...remotesWithReleases(ctx.releasesDir), ...active.keys()])].filter((f) => !only || f === only);
  const states: RemoteState[] = [];
  for (const remote of folders) {
    const releases = listReleases(ctx.releasesDir, remote);
    const registered = siteRemote(remote, ctx.siteRoot);
    if (!registered && releases.length === 0) continue;
    states.push({
      remote,
      name: registered?.name ?? releases[releases.length - 1].declaration.name,
      registered: Boolean(registered),
      active: active.get(remote) ?? DIST_RELEASE,
      canary: canaries.has(remote) ? { ...canaries.get(remote)!, ...(await canaryStats(ctx, remote, canaries.get(remote)!.release)) } : null,
      releases: releases.map(({ id, version, created_at }) => ({ id, version, created_at })),
      history: await switchHistory(ctx.db, remote, 20),
    });
  }
  return states;
}

export type ReleaseState = 'active' | 'canary' | 'published' | 'previous' | 'rolled-back';

/** One release of a remote as its team follows it (GET /api/admin/remotes/{remote}/releases/). */
export interface ReleaseEntry {
  release: string;
  version: string;
  commit: string | null;
  branch: string | null;
  notes: string | null;
  built_at: string | null;
  tests_skipped: boolean;
  published_at: string;
  /** `team:<name>` or `user:<id>`; null for the site's own build and a release built on the server's host (`npm run release` without --publish). */
  published_by: string | null;
  state: ReleaseState;
}

/**
 * The releases of `remote`, newest first, each with its state: `active` and `canary` as they are
 * now; `rolled-back` when a rollback (by hand or the server's) last took it off; `previous` when
 * another activation replaced it; `published` when it never went live (or a canary replaced by another).
 */
export async function remoteReleases(ctx: ReleaseContext, remote: string): Promise<ReleaseEntry[]> {
  if (!(await knownRemote(ctx, remote))) throw new ReleaseRefused(404, `unknown remote "${remote}"`);
  await syncPublished(ctx.db, ctx.releasesDir, remote);
  const active = (await activeReleases(ctx.db)).get(remote);
  const canary = (await activeCanaries(ctx.db)).get(remote)?.release;
  const history = await ctx.db.selectFrom('remote_switches').select(['action', 'release_id', 'previous_release_id']).where('remote', '=', remote).orderBy('id', 'asc').execute();
  const left = new Map<string, ReleaseState>();
  for (const row of history) {
    if (row.action === 'canary') continue;
    const from = row.previous_release_id;
    if (!from || from === row.release_id) continue;
    left.set(from, row.action === 'rollback' || row.action === 'auto-rollback' ? 'rolled-back' : 'previous');
  }
  const published = new Map((await ctx.db.selectFrom('remote_releases').select(['release_id', 'published_by']).where('remote', '=', remote).execute()).map((r) => [r.release_id, r.published_by]));
  return listReleases(ctx.releasesDir, remote)
    .reverse()
    .map((meta) => ({
      release: meta.id,
      version: meta.version,
      commit: meta.build?.commit ?? null,
      branch: meta.build?.branch ?? null,
      notes: meta.build?.notes ?? null,
      built_at: meta.build?.built_at ?? null,
      tests_skipped: meta.build?.tests_skipped ?? false,
      published_at: meta.created_at,
      // Only a person or a team publishes: the site's own build at start-up (site:build) and a build on the host name nobody.
      published_by: [published.get(meta.id) ?? meta.published_by ?? ''].find((by) => /^(team|user):/.test(by)) ?? null,
      state: meta.id === active ? 'active' : meta.id === canary ? 'canary' : (left.get(meta.id) ?? 'published'),
    }));
}

const DIST_IS_NOT_A_RELEASE = (remote: string) =>
  `"${DIST_RELEASE}" is not a release: ${remote}/dist changes with every build; the site's own build is released at start-up, activate a release id`;

/** Why `release` of `remote` cannot become active, or null. DIST_RELEASE (the built dist/ folder) never can. */
async function refusal(ctx: ReleaseContext, remote: string, release: string): Promise<ReleaseRefused | null> {
  if (!(await knownRemote(ctx, remote))) return new ReleaseRefused(404, `unknown remote "${remote}" (not one of the site's remotes, and no release or token of it)`);
  // The built dist/ folder changes with every build: it is never a release (docs/teams.md).
  if (release === DIST_RELEASE) return new ReleaseRefused(409, DIST_IS_NOT_A_RELEASE(remote));
  await ensureLocal(ctx.db, ctx.releasesDir, remote, release);
  const meta: ReleaseMeta | null = readRelease(ctx.releasesDir, remote, release);
  const dir = releaseDir(ctx.releasesDir, remote, release);
  if (!meta || !dir) return new ReleaseRefused(404, `${remote} has no release "${release}"`);
  return gateRefusal(ctx, remote, `${remote} ${release}`, meta.declaration, dir);
}

export interface PublishResult {
  /** 201 for a new release, 200 for one published (or built) before. */
  status: 200 | 201;
  release: string;
  files: number;
  bytes: number;
}

/**
 * Publishes a gzip'd tar of a remote's built folder: unpacked into a hidden folder, checked (the
 * archive, then the whole gate), stored in the database and moved into this process's
 * RELEASES_DIR. Any refusal leaves nothing behind.
 */
export async function publishRelease(ctx: ReleaseContext, remote: string, body: Buffer, actor: string, limits: { maxBytes: number; maxFiles: number }): Promise<PublishResult> {
  const { maxBytes } = limits;
  if (!(await knownRemote(ctx, remote))) throw new ReleaseRefused(404, `unknown remote "${remote}" (an admin admits a new remote by creating its first token)`);
  if (body.length > maxBytes) throw new ReleaseRefused(413, `the archive is ${body.length} bytes, over RELEASE_MAX_BYTES (${maxBytes})`);
  const dir = buildingDir(ctx.releasesDir, remote);
  try {
    let unpacked;
    try {
      unpacked = describeUnpacked(dir, remote, siteRemote(remote, ctx.siteRoot), await unpackArchive(body, dir, limits));
    } catch (error) {
      if (error instanceof ArchiveRefused) throw new ReleaseRefused(error.status, error.message);
      throw error;
    }
    const existing = (await publishedMeta(ctx.db, remote, unpacked.id)) ?? readRelease(ctx.releasesDir, remote, unpacked.id);
    if (existing) {
      await ensureLocal(ctx.db, ctx.releasesDir, remote, unpacked.id);
      return { status: 200, release: unpacked.id, files: unpacked.files, bytes: unpacked.bytes };
    }
    if (exists(path.join(dir, 'release.json'))) rmSync(path.join(dir, 'release.json'));
    const createdAt = new Date().toISOString();
    const stored = await withSiteLock(ctx, async (locked): Promise<boolean> => {
      const refused = await gateRefusal(locked, remote, `${remote} ${unpacked.id}`, unpacked.declaration, dir);
      if (refused) throw refused;
      try {
        await storePublished(locked.db, unpacked, actor, createdAt);
        return true;
      } catch (error) {
        // Published at the same moment by another call: the same files, the same id.
        if (await publishedMeta(locked.db, remote, unpacked.id)) return false;
        throw error;
      }
    }).catch((error: unknown) => tellRefusal(ctx, remote, unpacked.id, error));
    if (!stored) return { status: 200, release: unpacked.id, files: unpacked.files, bytes: unpacked.bytes };
    finishLocal(ctx.releasesDir, dir, { remote, id: unpacked.id, version: unpacked.version, hash: unpacked.hash, created_at: createdAt, declaration: unpacked.declaration, build: unpacked.build, published_by: actor });
    return { status: 201, release: unpacked.id, files: unpacked.files, bytes: unpacked.bytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Makes `release` live: for every browser (percent 100, the default), or as a canary for the
 * browsers whose bucket is below `percent` (1-99) while everyone else keeps the active release.
 */
export async function activateRelease(ctx: ReleaseContext, remote: string, release: string, actor: string, percent = 100, force = false): Promise<SwitchRecord> {
  return withSiteLock(ctx, (locked) => activateLocked(locked, remote, release, actor, percent, force)).catch((error: unknown) => tellRefusal(ctx, remote, release, error));
}

async function activateLocked(ctx: ReleaseContext, remote: string, release: string, actor: string, percent: number, force: boolean): Promise<SwitchRecord> {
  const refused = await refusal(ctx, remote, release);
  if (refused) throw refused;
  // A release the server just rolled back goes live again, at any percent, only on purpose.
  const rolledBack = force ? null : await recentAutoRollback(ctx, remote, release);
  if (rolledBack) {
    throw new ReleaseRefused(409, `${remote} ${release} was rolled back automatically at ${rolledBack.created_at} (${rolledBack.reason ?? 'its error rate'}); to activate it again within 24 hours, send "force": true`);
  }
  if (percent < 100) {
    const current = (await activeReleases(ctx.db)).get(remote) ?? DIST_RELEASE;
    if (current === release) throw new ReleaseRefused(409, `${remote} ${release} is already active for everyone`);
    // The others keep the active release: it must be a release, never the mutable dist/ folder.
    if (current === DIST_RELEASE && siteRemote(remote, ctx.siteRoot)) throw new ReleaseRefused(409, `${remote} has no active release for the other browsers to keep; activate one for everyone first`);
    return recordSwitch(ctx.db, { remote, release, action: 'canary', actor, fallback: DIST_RELEASE, percent });
  }
  return recordSwitch(ctx.db, { remote, release, action: 'activate', actor, fallback: DIST_RELEASE });
}

/** Refuses (ReleaseRefused) a release that may not be previewed: unknown, or refused by the gate. */
export async function checkPreviewable(ctx: ReleaseContext, remote: string, release: string): Promise<void> {
  const refused = await refusal(ctx, remote, release);
  if (refused) throw refused;
}

/** The running canary of `remote` becomes the active release for everyone (the gate runs again). */
export async function promoteRelease(ctx: ReleaseContext, remote: string, actor: string): Promise<SwitchRecord> {
  const record = await withSiteLock(ctx, (locked) => promoteLocked(locked, remote, actor)).catch((error: unknown) => tellRefusal(ctx, remote, 'its canary', error));
  await ctx
    .notify?.(remote, `Wishes: ${remote} ${record.release_id} promoted`, `The canary ${record.release_id} of ${remote} is now the release for everyone (promoted by ${record.actor}; before: ${record.previous_release_id ?? '-'}).\nReleases: ${ctx.releasesPage ?? RELEASES_PAGE}`)
    .catch(() => undefined);
  return record;
}

async function promoteLocked(ctx: ReleaseContext, remote: string, actor: string): Promise<SwitchRecord> {
  if (!(await knownRemote(ctx, remote))) throw new ReleaseRefused(404, `unknown remote "${remote}"`);
  const canary = (await activeCanaries(ctx.db)).get(remote);
  if (!canary) throw new ReleaseRefused(409, `${remote} has no canary to promote`);
  const refused = await refusal(ctx, remote, canary.release);
  if (refused) throw refused;
  // Only if that canary still runs: one the server rolled back meanwhile never goes live for everyone.
  return recordSwitch(ctx.db, { remote, release: canary.release, action: 'promote', actor, fallback: DIST_RELEASE, endsCanary: canary.release }).catch((error: unknown) => {
    if (error instanceof CanaryEnded) throw new ReleaseRefused(409, `${remote} has no canary to promote: ${error.message}`);
    throw error;
  });
}

/**
 * Ends `remote`'s canary (everyone back on the active release); `auto` records the server's own
 * rollback and why. Null when no canary runs, or another call ended it first (so of several
 * reports arriving together, one rolls back and one mail goes out).
 */
export async function endCanary(ctx: ReleaseContext, remote: string, actor: string, auto?: { reason: string }, running?: CanaryState): Promise<SwitchRecord | null> {
  const canary = running ?? (await activeCanaries(ctx.db)).get(remote);
  if (!canary) return null;
  const current = (await activeReleases(ctx.db)).get(remote) ?? DIST_RELEASE;
  try {
    return await recordSwitch(ctx.db, { remote, release: current, action: auto ? 'auto-rollback' : 'rollback', actor, fallback: DIST_RELEASE, reason: auto?.reason, endsCanary: canary.release });
  } catch (error) {
    if (error instanceof CanaryEnded) return null;
    throw error;
  }
}

export async function rollbackRelease(ctx: ReleaseContext, remote: string, actor: string): Promise<SwitchRecord> {
  return withSiteLock(ctx, (locked) => rollbackLocked(locked, remote, actor));
}

async function rollbackLocked(ctx: ReleaseContext, remote: string, actor: string): Promise<SwitchRecord> {
  if (!(await knownRemote(ctx, remote))) throw new ReleaseRefused(404, `unknown remote "${remote}"`);
  // A running canary: rolling back ends it (and only it: if it ended meanwhile, the active release stays).
  const canary = (await activeCanaries(ctx.db)).get(remote);
  if (canary) {
    const ended = await endCanary(ctx, remote, actor, undefined, canary);
    if (!ended) throw new ReleaseRefused(409, `${remote}: the canary ${canary.release} ended meanwhile; nothing rolled back`);
    return ended;
  }
  const current = (await activeReleases(ctx.db)).get(remote) ?? DIST_RELEASE;
  const target = await rollbackTarget(ctx.db, remote, current);
  if (!target) throw new ReleaseRefused(409, `${remote} has nothing to roll back to (active: ${current})`);
  // Never back onto the mutable dist/ folder: a registered remote rolls back to releases only.
  // Nor does a remote outside the registry roll back past its first release: that would take it off the site.
  if (target === DIST_RELEASE) throw new ReleaseRefused(409, `${remote} has no earlier release to roll back to (active: ${current})`);
  const refused = await refusal(ctx, remote, target);
  if (refused) throw new ReleaseRefused(409, `cannot roll ${remote} back to ${target}: ${refused.message}`);
  return recordSwitch(ctx.db, { remote, release: target, action: 'rollback', actor, fallback: DIST_RELEASE });
}

/**
 * Removes old releases (`npm run remotes -- prune --keep N`, and daily with RELEASES_KEEP:
 * ops/prune.ts): of each remote, all but the N newest besides the active one, the canary and the
 * one a rollback would return to, which are never removed. Both the local folder and the
 * published copy in the database go. Returns what was removed, as `remote id`.
 */
export async function pruneReleases(ctx: ReleaseContext, keep: number, only?: string): Promise<string[]> {
  await syncPublished(ctx.db, ctx.releasesDir, only);
  const active = await activeReleases(ctx.db);
  const removed: string[] = [];
  const folders = [...new Set([...remotesWithReleases(ctx.releasesDir), ...(await remotesPublished(ctx.db))])].filter((f) => !only || f === only);
  for (const remote of folders) {
    // Hidden build folders a killed process left behind.
    const parent = path.join(ctx.releasesDir, remote);
    for (const name of exists(parent) ? readdirSync(parent) : []) {
      if (name.startsWith('.building-')) rmSync(path.join(parent, name), { recursive: true, force: true });
    }
    const current = active.get(remote) ?? DIST_RELEASE;
    const canary = (await activeCanaries(ctx.db)).get(remote)?.release ?? DIST_RELEASE;
    const protectedIds = new Set([current, canary, (await rollbackTarget(ctx.db, remote, current)) ?? DIST_RELEASE]);
    const releases = listReleases(ctx.releasesDir, remote);
    // N besides the protected ones: an active release among the newest does not take a place.
    const others = releases.filter((r) => !protectedIds.has(r.id));
    const newest = new Set(others.slice(Math.max(0, others.length - keep)).map((r) => r.id));
    for (const release of releases) {
      if (newest.has(release.id) || protectedIds.has(release.id)) continue;
      await ctx.db.deleteFrom('remote_release_files').where('remote', '=', remote).where('release_id', '=', release.id).execute();
      await ctx.db.deleteFrom('remote_releases').where('remote', '=', remote).where('release_id', '=', release.id).execute();
      const dir = releaseDir(ctx.releasesDir, remote, release.id);
      if (dir) rmSync(dir, { recursive: true, force: true });
      removed.push(`${remote} ${release.id}`);
    }
  }
  return removed;
}
