#!/usr/bin/env node
/**
 * `wishes-types`: the types of the modules a remote consumes (remote.config.ts `consumes`), written
 * into `@mf-types/<provider's federation name>/<Module>.d.ts` beside its remote.config.ts, where the
 * remote's tsconfig maps `<name>/*` (mf-profile: `import('mf_feed/WishList')`). A remote's
 * typecheck runs it first, so a prop its provider does not take fails the typecheck.
 *
 * - Outside the monorepo (an ejected or new remote): from the site. `/mf/remotes.json` names the
 *   provider's active release; its `mf-manifest.json` names the `@mf-types.zip` that release's build
 *   made (Module Federation's dts plugin, webpack.factory.js), and Module Federation's own
 *   `consumeTypes` downloads and unpacks it. The site is `--site <url>`, else WISHES_SITE, else
 *   package.json `wishes.site` (written by `npm run eject`).
 * - `--workspaces` (the monorepo): from the provider's workspace, a declaration that re-exports its
 *   exposed source file, so an edit of the provider is seen at once with no build.
 */
const fs = require('node:fs');
const path = require('node:path');
const { readDeclaration } = require('./index');

const TYPES_FOLDER = '@mf-types';

class TypesError extends Error {}

/** Module Federation's dts plugin, the copy @module-federation/enhanced (the preset's) depends on. */
function dtsCore(dir) {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack', { paths: [dir, __dirname] }));
  return require(require.resolve('@module-federation/dts-plugin/core', { paths: [enhanced, dir, __dirname] }));
}

/** A module's name in a declaration's `consumes` ('./WishList') as its key in `exposes` ('WishList'). */
const exposeKey = (module) => module.replace(/^\.\//, '');

function writeWorkspaceTypes(dir, declaration) {
  const written = [];
  fs.rmSync(path.join(dir, TYPES_FOLDER), { recursive: true, force: true });
  for (const { remote, module } of declaration.consumes ?? []) {
    const providerDir = path.resolve(dir, '..', remote);
    if (!fs.existsSync(path.join(providerDir, 'remote.config.ts'))) throw new TypesError(`${remote} is not a workspace beside ${declaration.folder}`);
    const provider = readDeclaration(providerDir);
    const source = provider.exposes[exposeKey(module)];
    if (!source) throw new TypesError(`${remote} does not expose ${module}`);
    const file = path.join(dir, TYPES_FOLDER, provider.name, `${exposeKey(module)}.d.ts`);
    const target = path.relative(path.dirname(file), path.join(providerDir, source)).replace(/\\/g, '/').replace(/\.tsx?$/, '');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `// ${remote}'s ${module}, from its workspace (written by wishes-types --workspaces).\nexport * from '${target}';\nexport { default } from '${target}';\n`);
    written.push(path.relative(dir, file));
  }
  return written;
}

async function siteRemotes(site) {
  const url = new URL('/mf/remotes.json', site);
  let res;
  try {
    res = await fetch(url);
  } catch (error) {
    throw new TypesError(`could not reach ${url.origin}: ${error.cause?.message ?? error.message}`);
  }
  if (!res.ok) throw new TypesError(`${url} answered ${res.status}`);
  return (await res.json()).remotes ?? [];
}

async function fetchSiteTypes(dir, declaration, site) {
  const consumed = [...new Set((declaration.consumes ?? []).map((c) => c.remote))];
  if (!consumed.length) return [];
  const remotes = await siteRemotes(site);
  const federationRemotes = {};
  for (const folder of consumed) {
    const entry = remotes.find((r) => r.folder === folder);
    if (!entry) throw new TypesError(`${site} has no active release of ${folder}`);
    const manifest = new URL(entry.entry.replace(/remoteEntry\.js(\?.*)?$/, 'mf-manifest.json'), site).href;
    federationRemotes[entry.name] = `${entry.name}@${manifest}`;
  }
  fs.rmSync(path.join(dir, TYPES_FOLDER), { recursive: true, force: true });
  await dtsCore(dir).consumeTypes({
    host: {
      moduleFederationConfig: { name: declaration.name, remotes: federationRemotes },
      context: dir,
      typesFolder: TYPES_FOLDER,
      abortOnError: true,
      consumeAPITypes: false,
      maxRetries: 1,
    },
  });
  const written = [];
  for (const { module } of declaration.consumes) {
    const name = Object.keys(federationRemotes).find((n) => fs.existsSync(path.join(dir, TYPES_FOLDER, n, `${exposeKey(module)}.d.ts`)));
    if (!name) throw new TypesError(`the site's release of the provider carries no types of ${module} (its ${TYPES_FOLDER}.zip is missing or does not hold it)`);
    written.push(path.join(TYPES_FOLDER, name, `${exposeKey(module)}.d.ts`));
  }
  return written;
}

function siteOf(argv, dir) {
  const at = argv.indexOf('--site');
  if (at !== -1) return argv[at + 1];
  if (process.env.WISHES_SITE) return process.env.WISHES_SITE;
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).wishes?.site;
  } catch {
    return undefined;
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const dir = process.cwd();
  const declaration = readDeclaration(dir);
  if (!(declaration.consumes ?? []).length) return;
  let written;
  if (argv.includes('--workspaces')) written = writeWorkspaceTypes(dir, declaration);
  else {
    const site = siteOf(argv, dir);
    if (!site || !/^https?:\/\//.test(site)) throw new TypesError('the site to take the types from: --site <url>, WISHES_SITE or package.json "wishes": { "site": … }');
    written = await fetchSiteTypes(dir, declaration, site);
  }
  console.log(`[types] ${written.join(', ')}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`[types] ${error.message}`);
    process.exit(1);
  });
}

module.exports = { writeWorkspaceTypes, fetchSiteTypes, TYPES_FOLDER };
