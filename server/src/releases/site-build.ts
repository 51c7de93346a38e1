/**
 * The site's own build is released like any other (docs/teams.md, "The site's own build").
 *
 * At start-up each registered remote's built `<siteRoot>/<remote>/dist/` is copied into an
 * ordinary release (the same id computation as `npm run release`, source maps moved under
 * `.maps/` and kept private, the build stamp left out), gated, stored in the database with the
 * published releases (so every process serves it) and activated when the remote has no active
 * release yet, or when the active one is the site's previous own build and this build was never
 * live (a new deployment; a build someone rolled back from is not brought back by a restart).
 * So a rollback always returns to an earlier *release*: the mutable dist/ folder is never a
 * rollback target. A release a team (or an admin) activated is never overridden, nor a canary.
 * A remote moved elsewhere by MF_<FOLDER>_URL (a dev server, a CDN) is left alone, as is one
 * whose dist/ is not built.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';
import { DIST_RELEASE, remoteUrlOverride, siteRemotes } from '../pages/remotes';
import { nowIso } from '../db/types';
import { buildingDir, ensureLocal, filesUnder, finishLocal, publishedMeta, releaseIdOf, storePublished } from './published';
import { releaseDir } from './catalog';
import { activateIfCurrent, activeCanaries, activeReleases, everLive } from './store';
import { gateRefusal, withSiteLock, type ReleaseContext } from './service';

/**
 * Remotes whose built dist/ the gate refused at this process's start: their dist/ files are not
 * served under /mf/<folder>/ either (pages/routes.ts), so a refused build never reaches a browser.
 */
export const refusedSiteBuilds = new Set<string>();

/** Who the site's own releases and their activations are recorded as. */
export const SITE_ACTOR = 'site:build';

export interface SiteRelease {
  remote: string;
  /** The release id of its dist/ (null when refused before one was stored). */
  release: string | null;
  /** Made active by this call. */
  activated: boolean;
  /** Why the gate refused it (nothing stored, nothing served). */
  refused?: string;
}

function packageVersion(siteRoot: string, folder: string): string {
  try {
    const version = (JSON.parse(readFileSync(path.join(siteRoot, folder, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,40}$/.test(version) ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Copies dist/ into `dir` as a release's files: dotfiles (the build stamp) left out, source maps under .maps/. */
function copyDist(dist: string, dir: string): number {
  let bytes = 0;
  for (const file of filesUnder(dist)) {
    if (file.split('/').some((part) => part.startsWith('.'))) continue;
    const target = path.join(dir, file.endsWith('.map') ? path.join('.maps', file) : file);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(dist, file), target);
    bytes += statSync(target).size;
  }
  return bytes;
}

async function publishedBy(ctx: ReleaseContext, remote: string, release: string): Promise<string | null> {
  const row = await ctx.db.selectFrom('remote_releases').select('published_by').where('remote', '=', remote).where('release_id', '=', release).executeTakeFirst();
  return row?.published_by ?? null;
}

/** Stores dist/ of one remote as a release (when new) and returns its id, or the gate's refusal. */
async function storeDist(ctx: ReleaseContext, declaration: RemoteDeclaration, dist: string): Promise<{ id: string } | { refused: string }> {
  const remote = declaration.folder;
  const dir = buildingDir(ctx.releasesDir, remote);
  try {
    const bytes = copyDist(dist, dir);
    const version = packageVersion(ctx.siteRoot, remote);
    const { id, hash } = releaseIdOf(dir, version);
    if (await publishedMeta(ctx.db, remote, id)) {
      await ensureLocal(ctx.db, ctx.releasesDir, remote, id);
      return { id };
    }
    const refused = await gateRefusal(ctx, remote, `${remote} ${id} (the site's own build)`, declaration, dir);
    if (refused) return { refused: refused.message };
    const createdAt = nowIso();
    const unpacked = { dir, remote, id, version, hash, declaration, files: filesUnder(dir).length, bytes, build: { commit: null, branch: null, notes: null, built_at: createdAt, tests_skipped: false } };
    try {
      await storePublished(ctx.db, unpacked, SITE_ACTOR, createdAt);
    } catch (error) {
      // Another process starting at the same moment stored the same build first.
      if (!(await publishedMeta(ctx.db, remote, id))) throw error;
      await ensureLocal(ctx.db, ctx.releasesDir, remote, id);
      return { id };
    }
    finishLocal(ctx.releasesDir, dir, { remote, id, version, hash, created_at: createdAt, declaration });
    return { id };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Releases the site's own build of every registered remote (see the file comment). Safe to run
 * from several processes at once and on every start: the same build is the same release.
 */
export async function releaseSiteBuild(ctx: ReleaseContext, env: Record<string, string | undefined> = process.env): Promise<SiteRelease[]> {
  const results: SiteRelease[] = [];
  for (const declaration of siteRemotes(ctx.siteRoot)) {
    const remote = declaration.folder;
    if (remoteUrlOverride(remote, env)) continue;
    const dist = path.join(ctx.siteRoot, remote, 'dist');
    if (!existsSync(path.join(dist, 'remoteEntry.js')) || !existsSync(path.join(dist, 'mf-manifest.json'))) continue;
    const stored = await storeDist(ctx, declaration, dist);
    if ('refused' in stored) {
      refusedSiteBuilds.add(remote);
      results.push({ remote, release: null, activated: false, refused: stored.refused });
      continue;
    }
    refusedSiteBuilds.delete(remote);
    const id = stored.id;
    const current = (await activeReleases(ctx.db)).get(remote);
    // Nothing released yet, or the site's previous own build and this one is a new build (never
    // live: a build someone rolled back from is not brought back by a restart).
    const takeOver =
      current === undefined ||
      current === DIST_RELEASE ||
      ((await publishedBy(ctx, remote, current)) === SITE_ACTOR && !(await everLive(ctx.db, remote, id)));
    if (!takeOver || current === id || (await activeCanaries(ctx.db)).has(remote)) {
      results.push({ remote, release: id, activated: false });
      continue;
    }
    // The gate again (the other remotes may have changed since this build was first stored), and the switch, under the site's lock.
    const result = await withSiteLock(ctx, async (locked): Promise<SiteRelease> => {
      const refused = await gateRefusal(locked, remote, `${remote} ${id} (the site's own build)`, declaration, releaseDir(ctx.releasesDir, remote, id)!);
      if (refused) return { remote, release: id, activated: false, refused: refused.message };
      const record = await activateIfCurrent(locked.db, { remote, release: id, actor: SITE_ACTOR, expected: current, fallback: DIST_RELEASE });
      return { remote, release: id, activated: record !== null };
    });
    results.push(result);
  }
  return results;
}
