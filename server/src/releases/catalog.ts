/**
 * Release folders on disk: RELEASES_DIR/<remote>/<release-id>/ holds one immutable build of a
 * remote (remoteEntry.js, chunks, mf-manifest.json) plus release.json, written last by
 * `npm run release`: a folder without it is an unfinished build and is never listed or served.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

export const RELEASE_META = 'release.json';
/** Folder names and release ids: what a URL segment and a file name can safely hold. */
export const REMOTE_ID = /^[a-z][a-z0-9-]{0,62}$/;
export const RELEASE_ID = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/;

export interface ReleaseMeta {
  remote: string;
  id: string;
  /** The remote's package version when it was built. */
  version: string;
  /** sha256 (hex) over the release's files. */
  hash: string;
  created_at: string;
  /** The remote's declaration (routes, titles, nav) at build time: the release brings its own. */
  declaration: RemoteDeclaration;
  /** What `npm run release` recorded of the build (absent in releases built before it did). */
  build?: ReleaseBuild;
  /** Who published it over HTTP: `team:<name>` or `user:<id>` (absent for a release built on the host). */
  published_by?: string;
}

/** A build's record: its commit and branch (from git, when present), the team's notes, when it was built, whether its tests were skipped. */
export interface ReleaseBuild {
  commit: string | null;
  branch: string | null;
  notes: string | null;
  built_at: string | null;
  tests_skipped: boolean;
}

export function releaseDir(releasesDir: string, remote: string, id: string): string | null {
  if (!REMOTE_ID.test(remote) || !RELEASE_ID.test(id)) return null;
  return path.join(releasesDir, remote, id);
}

/** The finished release `remote/id`, or null (unknown id, unfinished build, unreadable meta). */
export function readRelease(releasesDir: string, remote: string, id: string): ReleaseMeta | null {
  const dir = releaseDir(releasesDir, remote, id);
  if (!dir) return null;
  try {
    const meta = JSON.parse(readFileSync(path.join(dir, RELEASE_META), 'utf8')) as ReleaseMeta;
    return meta && meta.id === id && meta.remote === remote && meta.declaration && typeof meta.declaration === 'object' ? meta : null;
  } catch {
    return null;
  }
}

/** The finished releases of a remote, oldest first. */
export function listReleases(releasesDir: string, remote: string): ReleaseMeta[] {
  if (!REMOTE_ID.test(remote)) return [];
  const folder = path.join(releasesDir, remote);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((id) => readRelease(releasesDir, remote, id))
    .filter((meta): meta is ReleaseMeta => meta !== null)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** Remote folders that have at least one release (a remote outside the registry joins this way). */
export function remotesWithReleases(releasesDir: string): string[] {
  if (!existsSync(releasesDir)) return [];
  return readdirSync(releasesDir)
    .filter((name) => REMOTE_ID.test(name) && statSync(path.join(releasesDir, name)).isDirectory())
    .sort();
}
