/**
 * Switching releases, for the CLI (`npm run remotes`) and the admin HTTP calls alike: the gate
 * runs before anything is written, so a refused activation changes nothing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { declarationProblems, registeredRemote, type RemoteDeclaration } from '@wishes/shared/registry';
import type { Database } from '../db/types';
import { DIST_RELEASE, REGISTERED_REMOTES } from '../pages/remotes';
import { listReleases, readRelease, releaseDir, remotesWithReleases, type ReleaseMeta } from './catalog';
import { gateProblem, shellProvidedVersions } from './gate';
import { activeReleases, recordSwitch, rollbackTarget, switchHistory, type SwitchRecord } from './store';

/** A refusal: `reason` is one line for the CLI and the HTTP error; status for HTTP. */
export class ReleaseRefused extends Error {
  constructor(
    readonly status: 404 | 409,
    reason: string,
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
}

export interface RemoteState {
  remote: string;
  name: string;
  /** In the app registry (else it joined through a release). */
  registered: boolean;
  active: string;
  releases: Array<{ id: string; version: string; created_at: string }>;
  history: SwitchRecord[];
}

function knownRemote(ctx: ReleaseContext, remote: string): boolean {
  return registeredRemote(remote) !== undefined || listReleases(ctx.releasesDir, remote).length > 0;
}

export async function remoteStates(ctx: ReleaseContext): Promise<RemoteState[]> {
  const active = await activeReleases(ctx.db);
  const folders = [...new Set([...REGISTERED_REMOTES.map((r) => r.folder), ...remotesWithReleases(ctx.releasesDir), ...active.keys()])];
  const states: RemoteState[] = [];
  for (const remote of folders) {
    const releases = listReleases(ctx.releasesDir, remote);
    const registered = registeredRemote(remote);
    if (!registered && releases.length === 0) continue;
    states.push({
      remote,
      name: registered?.name ?? releases[releases.length - 1].declaration.name,
      registered: Boolean(registered),
      active: active.get(remote) ?? DIST_RELEASE,
      releases: releases.map(({ id, version, created_at }) => ({ id, version, created_at })),
      history: await switchHistory(ctx.db, remote, 20),
    });
  }
  return states;
}

/** Why `release` of `remote` cannot become active, or null. DIST_RELEASE is the built dist/ folder. */
async function refusal(ctx: ReleaseContext, remote: string, release: string): Promise<ReleaseRefused | null> {
  if (!knownRemote(ctx, remote)) return new ReleaseRefused(404, `unknown remote "${remote}" (not in the app registry and no release of it in ${ctx.releasesDir})`);
  if (release === DIST_RELEASE) {
    if (!registeredRemote(remote)) return new ReleaseRefused(409, `${remote} has no built dist/ (it is not in the app registry)`);
    const dist = path.join(ctx.siteRoot, remote, 'dist');
    if (!existsSync(dist)) return new ReleaseRefused(409, `${remote}/dist is not built`);
    const problem = gateProblem(dist, shellProvidedVersions(ctx.siteRoot));
    return problem ? new ReleaseRefused(409, `${remote} dist refused: ${problem}`) : null;
  }
  const meta: ReleaseMeta | null = readRelease(ctx.releasesDir, remote, release);
  const dir = releaseDir(ctx.releasesDir, remote, release);
  if (!meta || !dir) return new ReleaseRefused(404, `${remote} has no release "${release}"`);
  const problems = declarationProblems(meta.declaration);
  if (problems.length) return new ReleaseRefused(409, `${remote} ${release} refused: its declaration is invalid: ${problems[0]}`);
  if (meta.declaration.folder !== remote) return new ReleaseRefused(409, `${remote} ${release} refused: it declares the folder "${meta.declaration.folder}"`);
  const clash = REGISTERED_REMOTES.find((r: RemoteDeclaration) => r.name === meta.declaration.name && r.folder !== remote);
  if (clash) return new ReleaseRefused(409, `${remote} ${release} refused: the federation name ${clash.name} belongs to ${clash.folder}`);
  const problem = gateProblem(dir, shellProvidedVersions(ctx.siteRoot));
  return problem ? new ReleaseRefused(409, `${remote} ${release} refused: ${problem}`) : null;
}

export async function activateRelease(ctx: ReleaseContext, remote: string, release: string, actor: string): Promise<SwitchRecord> {
  const refused = await refusal(ctx, remote, release);
  if (refused) throw refused;
  return recordSwitch(ctx.db, { remote, release, action: 'activate', actor, fallback: DIST_RELEASE });
}

export async function rollbackRelease(ctx: ReleaseContext, remote: string, actor: string): Promise<SwitchRecord> {
  if (!knownRemote(ctx, remote)) throw new ReleaseRefused(404, `unknown remote "${remote}"`);
  const current = (await activeReleases(ctx.db)).get(remote) ?? DIST_RELEASE;
  const target = await rollbackTarget(ctx.db, remote, current);
  if (!target) throw new ReleaseRefused(409, `${remote} has nothing to roll back to (active: ${current})`);
  // A remote outside the registry rolled back past its first release simply leaves the site.
  if (!(target === DIST_RELEASE && !registeredRemote(remote))) {
    const refused = await refusal(ctx, remote, target);
    if (refused) throw new ReleaseRefused(409, `cannot roll ${remote} back to ${target}: ${refused.message}`);
  }
  return recordSwitch(ctx.db, { remote, release: target, action: 'rollback', actor, fallback: DIST_RELEASE });
}
