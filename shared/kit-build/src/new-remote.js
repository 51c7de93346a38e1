#!/usr/bin/env node
/**
 * `wishes-new-remote <folder> <dir> --site <PUBLIC_URL>` (a bin of @wishes/kit-build), run from
 * the kit alone, with no monorepo file:
 *
 *   npm exec --yes --package=<PUBLIC_URL>/kit/<the kit-build tarball> -- wishes-new-remote mf-hello ./mf-hello --site <PUBLIC_URL>
 *
 * Reads the site's /kit/index.json and scaffolds a remote whose kit dependencies are the
 * tarballs it lists, at their /kit/ URLs; the shared singletons and test tools in the versions
 * this kit was packed with; a dev port free on this machine and a navigation order and icon of
 * its own, not those of the site's live remotes (/mf/remotes.json) nor of a remote scaffolded on
 * this machine before (scaffold.js remembers them). The declaration is checked as
 * the site's gate checks it on its own (its routes against the site's own paths).
 */
const path = require('node:path');
const { KIT_PACKAGES } = require('./kit');
const { declarationProblems, releaseContractProblem } = require('./registry');
const { ownDefaults, rememberScaffold, ScaffoldError, scaffoldFiles, toolVersions, writeFiles } = require('./scaffold');

const USAGE = 'usage: wishes-new-remote <folder-name> <dir> --site <the site\'s URL>';

async function getJson(url) {
  let res;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ScaffoldError(`could not reach ${url}: ${error.cause?.message ?? error.message}`);
  }
  if (!res.ok) throw new ScaffoldError(`${url} answered ${res.status}`);
  return res.json();
}

async function main() {
  const args = process.argv.slice(2);
  const siteAt = args.indexOf('--site');
  const site = siteAt === -1 ? null : args[siteAt + 1];
  if (!site || !/^https?:\/\//.test(site)) throw new ScaffoldError(USAGE);
  const [folder, target, ...rest] = args.filter((a, i) => !a.startsWith('--') && i !== siteAt + 1);
  if (!folder || !target || rest.length) throw new ScaffoldError(USAGE);
  const base = site.replace(/\/+$/, '');
  const index = await getJson(`${base}/kit/index.json`);
  const listed = new Map((index.packages ?? []).map((p) => [p.name, p]));
  const missing = KIT_PACKAGES.filter((kit) => !listed.has(kit.name)).map((kit) => kit.name);
  if (missing.length) throw new ScaffoldError(`${base}/kit/index.json does not list ${missing.join(', ')}`);
  // The site's live remotes: their navigation orders and icons stay theirs (best effort: an older site may not answer).
  const live = await getJson(`${base}/mf/remotes.json`).catch(() => ({ remotes: [] }));
  const navs = (live.remotes ?? []).flatMap((r) => r.nav ?? []);
  // And the remotes scaffolded on this machine before (for this site: their orders and icons; any: their ports).
  const defaults = await ownDefaults(folder, { usedOrders: navs.map((n) => n.order), usedIcons: navs.map((n) => n.icon), site: base });
  const dir = path.resolve(process.env.INIT_CWD || process.cwd(), target);
  const files = scaffoldFiles({
    folder,
    // The versions the site serves now, which this kit-build came with.
    kitPackages: KIT_PACKAGES.map((kit) => ({ ...kit, version: listed.get(kit.name).version })),
    kitSpec: (kit) => `${base}/kit/${listed.get(kit.name).file}`,
    versions: toolVersions(),
    defaults,
    check: (declaration) => [...declarationProblems(declaration), releaseContractProblem(declaration, null, [])].filter(Boolean),
  });
  writeFiles(dir, files);
  rememberScaffold({ folder, dir, site: base, defaults });
  console.log(`[new-remote] ${folder} in ${dir} (dev port ${defaults.devPort}, navigation order ${defaults.order}, icon ${defaults.icon}), its kit from ${base}/kit/`);
  console.log('[new-remote] then, there: npm install && npm test && npm run build');
}

main().catch((error) => {
  console.error(`[new-remote] ${error.message}`);
  process.exit(1);
});
