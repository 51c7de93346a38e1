/**
 * The site's own remotes as the tests know them: each workspace's remote.config.ts (the one place
 * a remote's declaration is written), read directly, and written into a test site as its build
 * would (`<folder>/dist/release.json`), which is where the server takes them from.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function load(): RemoteDeclaration[] {
  const workspaces = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  return workspaces
    .filter((folder) => existsSync(path.join(ROOT, folder, 'remote.config.ts')))
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's transform reads each remote's own TypeScript file
    .map((folder) => (require(path.join(ROOT, folder, 'remote.config.ts')) as { default: RemoteDeclaration }).default);
}

/** Every site remote's declaration, in the root package.json's order. */
export const SITE_REMOTES: readonly RemoteDeclaration[] = load();

/** The declaration of one of the site's remotes (a copy a test may change). */
export function siteRemote(folder: string): RemoteDeclaration {
  const found = SITE_REMOTES.find((r) => r.folder === folder);
  if (!found) throw new Error(`no site remote ${folder}`);
  return structuredClone(found) as RemoteDeclaration;
}

/** Writes each site remote's declaration into `<siteRoot>/<folder>/dist/release.json`, as the build does. */
export function writeSiteDeclarations(siteRoot: string): void {
  for (const declaration of SITE_REMOTES) {
    const file = path.join(siteRoot, declaration.folder, 'dist', 'release.json');
    mkdirSync(path.dirname(file), { recursive: true });
    const content = `${JSON.stringify({ declaration }, null, 2)}\n`;
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) writeFileSync(file, content);
  }
}
