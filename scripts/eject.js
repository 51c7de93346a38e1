#!/usr/bin/env node
/**
 * `npm run eject -- <remote> <dir> --site <PUBLIC_URL>` (docs/teams.md, "A remote leaves the
 * repository"): copies one of the site's remotes into <dir> as a project of its own. Its sources,
 * its declaration (remote.config.ts) and its federation settings are copied as they are (a remote
 * imports only kit packages, which the lint zones hold it to); what pointed into the monorepo is
 * written afresh: package.json with each kit package at the site's `/kit/<file>.tgz` and the
 * monorepo's versions of its libraries and test tools, a jest config and setup of its own, a
 * self-contained tsconfig, and the kit preset's one-line webpack config. There:
 * `npm install && npm run typecheck && npm test && npm run build`, and
 * `npm run release -- --publish <url>` ships it. Its typecheck first takes the types of the modules
 * it consumes from the site's releases of their providers (the kit's wishes-types, package.json
 * `wishes.site`; tsconfig maps `<provider>/*` to them).
 */
require('../build/node-support').checkNode();
const fs = require('node:fs');
const path = require('node:path');
const { KIT_PACKAGES } = require('../shared/kit-build/src/kit');
const { SITE_REMOTES } = require('../build/registry');

const ROOT = path.resolve(__dirname, '..');

/** Test and type tools an ejected remote's jest and tsc need (the monorepo's root has them). */
const DEV_TOOLS = [
  '@swc/core',
  '@swc/jest',
  '@testing-library/dom',
  '@testing-library/jest-dom',
  '@testing-library/react',
  '@testing-library/user-event',
  '@types/jest',
  '@types/node',
  '@types/react',
  '@types/react-dom',
  'jest',
  'jest-axe',
  'jest-environment-jsdom',
  'tsx',
  'typescript',
];
/** Libraries the kit packages need beside the remote (peer dependencies, the test kit's MSW). */
const PEERS = ['@tanstack/react-query', 'msw'];

class UsageError extends Error {}

function installedVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** The tarball file name `npm pack` gives a package: @wishes/kit-ui 1.2.0 → wishes-kit-ui-1.2.0.tgz. */
function tarballName(kit) {
  return `${kit.name.replace(/^@/, '').replace('/', '-')}-${kit.version}.tgz`;
}

/** The files a remote's own folder holds besides what is written afresh. */
const COPIED = ['src', 'remote.config.ts', 'federation.config.js', 'public'];
const SKIPPED = /(^|\/)(node_modules|dist|\.tmp)(\/|$)/;

function copyTree(from, to) {
  if (!fs.existsSync(from)) return;
  fs.cpSync(from, to, { recursive: true, filter: (file) => !SKIPPED.test(path.relative(ROOT, file)) });
}

/** Every file the ejected project holds, written afresh, by path. */
function projectFiles(remote, site) {
  const source = JSON.parse(fs.readFileSync(path.join(ROOT, remote.folder, 'package.json'), 'utf8'));
  const kitUrl = (name) => {
    const kit = KIT_PACKAGES.find((k) => k.name === name);
    if (!kit) throw new UsageError(`${remote.folder} depends on ${name}, which is not a package of the kit`);
    return `${site}/kit/${tarballName(kit)}`;
  };
  const rewrite = (deps = {}) => Object.fromEntries(Object.entries(deps).map(([name, range]) => [name, name.startsWith('@wishes/') ? kitUrl(name) : range]));
  const devDependencies = { ...rewrite(source.devDependencies), ...Object.fromEntries(DEV_TOOLS.map((name) => [name, `^${installedVersion(name)}`])) };
  const dependencies = { ...rewrite(source.dependencies), ...Object.fromEntries(PEERS.filter((n) => !(source.dependencies ?? {})[n]).map((name) => [name, `^${installedVersion(name)}`])) };
  // The kit packages a kit package depends on, by URL too (npm resolves a tarball's own ranges otherwise).
  for (const kit of KIT_PACKAGES) if (kit.kind !== 'preset' && kit.kind !== 'test' && !dependencies[kit.name]) dependencies[kit.name] = kitUrl(kit.name);
  const pkg = {
    name: remote.folder,
    version: source.version,
    private: true,
    description: `${remote.folder}: a remote of Wishes, ejected from the site's repository; built with the Wishes kit.`,
    scripts: {
      dev: 'webpack serve --mode development',
      build: 'webpack --mode production',
      typecheck: 'wishes-types && tsc -p tsconfig.test.json',
      types: 'wishes-types',
      test: 'jest',
      release: 'wishes-release',
    },
    dependencies,
    devDependencies,
    allowScripts: { '@swc/core': true },
    // Where wishes-types takes the types of the modules this remote consumes.
    wishes: { site },
  };
  // The remote's own jest doubles (mf-profile's federation runtime), kept where they point into its folder.
  const ownMappers = {};
  try {
    const jestConfig = require(path.join(ROOT, remote.folder, 'jest.config.js'));
    for (const [pattern, target] of Object.entries(jestConfig.moduleNameMapper ?? {})) {
      const resolved = String(target).replace('<rootDir>', path.join(ROOT, remote.folder));
      if (resolved.startsWith(path.join(ROOT, remote.folder) + path.sep)) ownMappers[pattern] = `<rootDir>/${path.relative(path.join(ROOT, remote.folder), resolved)}`;
    }
  } catch {
    // No jest config of its own: the defaults below.
  }
  // `<provider>/<Module>` (mf_feed/WishList): the types wishes-types writes into @mf-types.
  const providers = [...new Set((remote.consumes ?? []).map((c) => c.remote))].map((folder) => {
    const provider = SITE_REMOTES.find((r) => r.folder === folder);
    if (!provider) throw new UsageError(`${remote.folder} consumes from ${folder}, which is not one of the site's remotes`);
    return provider.name;
  });
  const paths = Object.fromEntries(providers.map((name) => [`${name}/*`, [`./@mf-types/${name}/*`]]));
  const compilerOptions = { ...JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.base.json'), 'utf8')).compilerOptions, ...(providers.length ? { paths } : {}) };
  return {
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'webpack.config.js': "// The site's build preset: name, exposes and dev port from remote.config.ts.\nmodule.exports = require('@wishes/kit-build').remoteWebpackConfig(__dirname);\n",
    'jest.config.js': `// SWC for TypeScript, jsdom with Node's own fetch (MSW), and ES modules turned into CommonJS: MSW's,
// and the contract kit's (a types kit ships its constants as ES modules only).
const ESM = ['@wishes/kit-contract', 'msw', '@mswjs', '@msw', 'rettime', 'until-async', '@open-draft', 'tough-cookie', 'cookie', 'set-cookie-parser'];
module.exports = {
  testEnvironment: 'jest-fixed-jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  transform: {
    '^.+\\\\.(t|j)sx?$|^.+\\\\.mjs$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [\`/node_modules/(?!(\${ESM.join('|')})/)\`],
  moduleNameMapper: { ...${JSON.stringify(ownMappers)}, '\\\\.(css|svg|png|jpg|webp)$': '<rootDir>/jest.asset-stub.js' },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.js'],
  testTimeout: 15000,
};
`,
    'jest.setup.js': fs.readFileSync(path.join(ROOT, 'build', 'jest.setup-dom.js'), 'utf8'),
    'jest.asset-stub.js': fs.readFileSync(path.join(ROOT, 'build', 'jest.asset-stub.js'), 'utf8'),
    'tsconfig.json': `${JSON.stringify({ compilerOptions, include: ['src', 'remote.config.ts'], exclude: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/test'] }, null, 2)}\n`,
    'tsconfig.test.json': `${JSON.stringify({ extends: './tsconfig.json', compilerOptions: { types: ['jest', 'node', '@testing-library/jest-dom'] }, include: ['src', 'remote.config.ts'], exclude: [] }, null, 2)}\n`,
    '.gitignore': 'node_modules/\ndist/\n@mf-types/\n.mf/\n',
    'README.md': `# ${remote.folder}

A remote of Wishes, ejected from the site's repository with \`npm run eject\`; it depends on the
Wishes kit at ${site}/kit/ and on nothing else of the site.

    npm install
    npm run typecheck && npm test && npm run build
    WISHES_TEAM_TOKEN=wtt_… npm run release -- --publish ${site}

Its declaration (routes, titles, navigation, exposed and consumed modules) is remote.config.ts;
the release carries it, and the site's gate checks it. A release also carries the types of the
modules it exposes (@mf-types.zip); \`npm run typecheck\` first fetches the types of the modules
this remote consumes from the site's releases of their providers (\`npm run types\`, into @mf-types/).
`,
  };
}

function main() {
  const args = process.argv.slice(2);
  const siteAt = args.indexOf('--site');
  const site = siteAt === -1 ? null : args[siteAt + 1];
  const [folder, dir] = args.filter((a, i) => !a.startsWith('--') && !(siteAt !== -1 && i === siteAt + 1));
  if (!folder || !dir || !site || site.startsWith('--')) throw new UsageError('usage: npm run eject -- <remote> <dir> --site <PUBLIC_URL>');
  if (!/^https?:\/\//.test(site)) throw new UsageError(`--site must be the site's http(s) URL (got "${site}")`);
  const remote = SITE_REMOTES.find((r) => r.folder === folder);
  if (!remote) throw new UsageError(`"${folder}" is not one of the site's remotes (${SITE_REMOTES.map((r) => r.folder).join(', ')})`);
  const target = path.resolve(dir);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new UsageError(`${target} is not empty`);
  if (target.startsWith(`${ROOT}${path.sep}`)) throw new UsageError(`${target} is inside the repository; eject it elsewhere`);
  const files = projectFiles(remote, site.replace(/\/+$/, ''));
  fs.mkdirSync(target, { recursive: true });
  for (const entry of COPIED) copyTree(path.join(ROOT, remote.folder, entry), path.join(target, entry));
  for (const [file, content] of Object.entries(files)) fs.writeFileSync(path.join(target, file), content);
  console.log(`[eject] ${remote.folder} → ${target}`);
  console.log(`[eject] then: cd ${target} && npm install && npm run typecheck && npm test && npm run build`);
}

try {
  main();
} catch (error) {
  console.error(`[eject] ${error instanceof UsageError ? error.message : error.stack}`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
