/**
 * The compatibility gate (docs/teams.md, "3. The gate"): a release may become active only when the
 * active shell provides every shared singleton in a version the release accepts, and every file
 * its mf-manifest.json names is in the release. Only the shell provides singletons, so the
 * versions come from the shell's own build (its mf-manifest.json), or its installed packages
 * when the shell's build has no manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/**
 * The kit's run-time packages (shared/kit-*, `wishesKit.kind` "singleton"), each a singleton the
 * shell provides in the version installed beside it (a test holds this list to the kit's table).
 */
export const KIT_SINGLETONS: readonly string[] = ['@wishes/kit-session', '@wishes/kit-client', '@wishes/kit-ui'];

/** The singletons every app shares (shared/kit-build/src/federation.shared.js), the kit's included. */
export const SHARED_SINGLETONS: readonly string[] = ['react', 'react-dom', 'react-router-dom', 'rxjs', '@tanstack/react-query', ...KIT_SINGLETONS];

interface ManifestShared {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
  assets?: unknown;
}

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  shared?: ManifestShared[];
  exposes?: Array<{ assets?: unknown }>;
}

function readManifest(file: string): FederationManifest {
  return JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
}

/** Package name → version the shell provides, from its built manifest or installed packages. */
export function shellProvidedVersions(siteRoot: string): Map<string, string> {
  const provided = new Map<string, string>();
  const manifestFile = path.join(siteRoot, 'shell', 'dist', 'mf-manifest.json');
  if (existsSync(manifestFile)) {
    for (const entry of readManifest(manifestFile).shared ?? []) {
      if (typeof entry.name === 'string' && typeof entry.version === 'string') provided.set(entry.name, entry.version);
    }
  }
  for (const name of SHARED_SINGLETONS) {
    if (provided.has(name)) continue;
    try {
      const pkg = JSON.parse(readFileSync(require.resolve(`${name}/package.json`, { paths: [path.join(siteRoot, 'shell'), __dirname] }), 'utf8')) as { version?: string };
      if (pkg.version) provided.set(name, pkg.version);
    } catch {
      // Not installed beside the shell (nor the server): a release needing it is refused below.
    }
  }
  return provided;
}

/** Every file name in an assets block ({ js: { sync, async }, css: { sync, async } }). */
function assetFiles(assets: unknown): string[] {
  const files: string[] = [];
  if (!assets || typeof assets !== 'object') return files;
  for (const kind of Object.values(assets as Record<string, unknown>)) {
    if (!kind || typeof kind !== 'object') continue;
    for (const list of Object.values(kind as Record<string, unknown>)) {
      if (Array.isArray(list)) files.push(...list.filter((f): f is string => typeof f === 'string'));
    }
  }
  return files;
}

/**
 * Why the release in `dir` may not become active (one line naming the package and both versions,
 * or the missing file), or null when it passes.
 */
export function gateProblem(dir: string, provided: Map<string, string>): string | null {
  const manifestFile = path.join(dir, 'mf-manifest.json');
  let manifest: FederationManifest;
  try {
    manifest = readManifest(manifestFile);
  } catch {
    return 'the release has no readable mf-manifest.json';
  }
  for (const entry of manifest.shared ?? []) {
    if (typeof entry.name !== 'string' || !SHARED_SINGLETONS.includes(entry.name)) continue;
    const required = typeof entry.requiredVersion === 'string' ? entry.requiredVersion : '';
    if (!required || required === '*') continue;
    const have = provided.get(entry.name);
    if (!have) return `needs ${entry.name} ${required}, which the active shell does not provide`;
    if (!semver.validRange(required)) return `needs ${entry.name} "${required}", not a version range (the shell provides ${have})`;
    if (!semver.satisfies(have, required)) return `needs ${entry.name} ${required}, but the active shell provides ${entry.name} ${have}`;
  }
  const entryName = manifest.metaData?.remoteEntry?.name;
  const entryPath = manifest.metaData?.remoteEntry?.path;
  const files = new Set<string>();
  if (typeof entryName === 'string') files.add(typeof entryPath === 'string' && entryPath ? `${entryPath.replace(/\/+$/, '')}/${entryName}` : entryName);
  for (const entry of manifest.shared ?? []) assetFiles(entry.assets).forEach((f) => files.add(f));
  for (const expose of manifest.exposes ?? []) assetFiles(expose.assets).forEach((f) => files.add(f));
  for (const file of files) {
    const resolved = path.resolve(dir, file);
    if (!resolved.startsWith(dir + path.sep)) return `its manifest names ${file}, outside the release`;
    if (!existsSync(resolved)) return `${file} is missing (named in its mf-manifest.json)`;
  }
  if (typeof entryName !== 'string') return 'its mf-manifest.json names no remote entry';
  return null;
}
