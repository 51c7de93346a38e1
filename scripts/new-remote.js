#!/usr/bin/env node
/**
 * `npm run new-remote -- <folder-name> <dir> [--kit-url <url>]` (docs/teams.md): scaffolds a
 * working remote in <dir>, anywhere on disk, with the kit's scaffold (shared/kit-build/src/scaffold.js,
 * the same as the kit's own `wishes-new-remote`): its package.json, declaration, one page, a test
 * and the scripts dev, build, test and release, a free dev port and a navigation order and icon of
 * its own. Nothing in it points back into the monorepo: the kit's tarballs are copied into
 * <dir>/kit/ (file: dependencies), or with --kit-url named by URL (the site serves them at
 * /kit/<file>.tgz). Run `npm run kit:pack` first (done here when ./kit/ lacks a package of the
 * kit table). In <dir>: `npm install && npm run build && npm test`.
 */
require('../build/node-support').checkNode();
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { KIT_PACKAGES } = require('../shared/kit-build/src/kit');
const { ownDefaults, rememberScaffold, ScaffoldError, scaffoldFiles, tarballName, toolVersions, writeFiles } = require('../shared/kit-build/src/scaffold');
const { declarationProblems, releaseContractProblem, SITE_REMOTES } = require('../build/registry');

const ROOT = path.resolve(__dirname, '..');
const KIT_DIR = path.join(ROOT, 'kit');

function ensureKit() {
  if (KIT_PACKAGES.every((kit) => fs.existsSync(path.join(KIT_DIR, tarballName(kit))))) return;
  const packed = spawnSync(process.execPath, [path.join(__dirname, 'kit-pack.js')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (packed.status !== 0) throw new Error('npm run kit:pack failed');
}

async function main() {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf('--kit-url');
  const kitUrl = urlAt === -1 ? null : args[urlAt + 1];
  if (urlAt !== -1 && !/^https?:\/\//.test(kitUrl || '')) throw new ScaffoldError("--kit-url needs the URL of the site's /kit/ folder (https://wishes.example.com/kit)");
  const [folder, target] = args.filter((a, i) => !a.startsWith('--') && !(urlAt !== -1 && i === urlAt + 1));
  if (!folder || !target) throw new ScaffoldError('usage: npm run new-remote -- <folder-name> <dir> [--kit-url <url>]');
  const dir = path.resolve(process.env.INIT_CWD || process.cwd(), target);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new ScaffoldError(`${dir} is not empty`);
  const navs = SITE_REMOTES.flatMap((r) => r.nav ?? []);
  // Besides the monorepo's remotes, those scaffolded on this machine before (the site: the monorepo's, or --kit-url's).
  const site = kitUrl ? kitUrl.replace(/\/kit\/*$/, '') : ROOT;
  const defaults = await ownDefaults(folder, { usedPorts: SITE_REMOTES.map((r) => r.devPort), usedOrders: navs.map((n) => n.order), usedIcons: navs.map((n) => n.icon), site });
  const files = scaffoldFiles({
    folder,
    kitPackages: KIT_PACKAGES,
    kitSpec: (kit) => (kitUrl ? `${kitUrl.replace(/\/+$/, '')}/${tarballName(kit)}` : `file:kit/${tarballName(kit)}`),
    versions: toolVersions(),
    defaults,
    check: (declaration) => [...declarationProblems(declaration), releaseContractProblem(declaration, null, SITE_REMOTES)].filter(Boolean),
  });
  if (!kitUrl) ensureKit();
  writeFiles(dir, files);
  rememberScaffold({ folder, dir, site, defaults });
  if (!kitUrl) {
    fs.mkdirSync(path.join(dir, 'kit'), { recursive: true });
    for (const kit of KIT_PACKAGES) fs.copyFileSync(path.join(KIT_DIR, tarballName(kit)), path.join(dir, 'kit', tarballName(kit)));
  }
  console.log(`[new-remote] ${folder} in ${dir} (dev port ${defaults.devPort}, navigation order ${defaults.order}, icon ${defaults.icon}): cd there, then npm install && npm run build && npm test`);
}

main().catch((error) => {
  console.error(`[new-remote] ${error.message}`);
  process.exit(1);
});
