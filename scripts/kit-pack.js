#!/usr/bin/env node
/**
 * `npm run kit:pack`: builds the kit (shared/src/kit/packages.json; docs/architecture.md, "The
 * kit") and writes one tarball per package into ./kit/, printing their paths, one a line.
 *
 * - The run-time packages (kind "singleton") are built from their entry file in shared/src/kit/
 *   with esbuild, as ES modules (dist/index.js) and CommonJS (dist/index.cjs, for jest). A file
 *   that another kit package owns (an `export *` line of its entry) is not bundled but imported
 *   from that package, so a page holds one copy of each (the shell's, at run time).
 * - Type declarations come from tsc over the entries (types/), the same tree in each package.
 * - The types package (kind "types") has declarations only.
 * - The build preset (kind "preset") is the monorepo's own webpack factory and release packer
 *   (build/), the preset's entry and release command (build/kit-preset.js, build/kit-release.js)
 *   and the declaration checks of shared/src/registry.ts, bundled in build/registry.js's place.
 *
 * Each package's version is its entry in the table; a tarball is immutable once served
 * (/kit/<file>.tgz), so a change ships under a new version.
 */
require('../build/node-support').checkNode();
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');
const { KIT_PACKAGES, KIT_SOURCE } = require('../build/kit');

const ROOT = path.resolve(__dirname, '..');
const SHARED_SRC = path.join(ROOT, 'shared', 'src');
const OUT = path.join(ROOT, 'kit');
const STAGE = path.join(ROOT, '.tmp', 'kit-stage');
/** Packages every kit consumer installs itself (shared singletons and their types). */
const PEERS = ['react', 'react-dom', 'react-router-dom', 'rxjs', '@tanstack/react-query'];
/** Plain dependencies of the run-time packages (imported, not bundled; types need typebox). */
const DEPENDENCIES = ['@sinclair/typebox', 'eventsource-parser'];
/** The preset's toolchain, pinned to the versions the monorepo builds with. */
const PRESET_DEPENDENCIES = [
  '@module-federation/enhanced',
  '@module-federation/runtime-core',
  '@pmmmwh/react-refresh-webpack-plugin',
  'compression-webpack-plugin',
  'css-loader',
  'html-webpack-plugin',
  'mini-css-extract-plugin',
  'react-refresh',
  'react-refresh-typescript',
  'style-loader',
  'tar-stream',
  'ts-loader',
  'typescript',
  'webpack',
  'webpack-cli',
  'webpack-dev-server',
];
/** build/ files the preset ships as they are (the monorepo builds with the same files). */
const PRESET_FILES = [
  'webpack.factory.js',
  'federation.shared.js',
  'federation-config.js',
  'react-router-dom.js',
  'standalone.html',
  'startup-preload-plugin.js',
  'external-runtime-provider.js',
  'webpack-run.js',
  'release-pack.js',
  'kit-preset.js',
  'kit-release.js',
];

/** The version of `name` installed in the monorepo (read from node_modules: some packages do not export package.json). */
function installedVersion(name) {
  for (const base of [ROOT, path.join(ROOT, 'shared'), path.join(ROOT, 'server')]) {
    const file = path.join(base, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  }
  throw new Error(`${name} is not installed: run npm install first`);
}

/** Absolute source file → the kit package whose entry re-exports it (`export * from '../x'`). */
function owners() {
  const owned = new Map();
  for (const kit of KIT_PACKAGES) {
    if (kit.kind !== 'singleton') continue;
    const text = fs.readFileSync(path.join(KIT_SOURCE, kit.entry), 'utf8');
    for (const [, spec] of text.matchAll(/^export \* from '(\.[^']+)';$/gm)) {
      const base = path.resolve(KIT_SOURCE, spec);
      const file = ['.ts', '.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f));
      if (!file) throw new Error(`${kit.entry}: ${spec} is not a file`);
      if (owned.has(file)) throw new Error(`${path.relative(ROOT, file)} is owned by both ${owned.get(file).name} and ${kit.name}`);
      owned.set(file, kit);
    }
  }
  return owned;
}

/** esbuild plugin: every bare import stays an import; a file another package owns becomes that package. */
function kitBoundaries(kit, isMainEntry, owned) {
  return {
    name: 'wishes-kit-boundaries',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true }));
      build.onResolve({ filter: /^\./ }, (args) => {
        const base = path.resolve(args.resolveDir, args.path);
        const file = ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
        const owner = file && owned.get(file);
        if (owner && (owner !== kit || !isMainEntry)) return { path: owner.name, external: true };
        return undefined;
      });
    },
  };
}

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Declarations of every kit entry (and what they import) into `dir`. */
function emitDeclarations(dir) {
  const tsconfig = path.join(STAGE, 'tsconfig.types.json');
  writeJson(tsconfig, {
    extends: path.join(ROOT, 'tsconfig.base.json'),
    compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: dir, rootDir: SHARED_SRC, types: ['node'], paths: {} },
    files: KIT_PACKAGES.flatMap((kit) => [kit.entry, ...Object.values(kit.subpaths || {})].filter(Boolean)).map((entry) => path.join(KIT_SOURCE, entry)),
  });
  const result = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', tsconfig], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tsc failed:\n${result.stdout}${result.stderr}`);
}

function packageJson(kit, extra) {
  return { name: kit.name, version: kit.version, description: kit.description, license: 'UNLICENSED', ...extra };
}

/** The run-time kit packages' own imports of the other kit packages, as peer dependencies. */
function kitPeers(kit) {
  return Object.fromEntries(KIT_PACKAGES.filter((other) => other !== kit && other.kind === 'singleton').map((other) => [other.name, `^${other.version}`]));
}

async function stageRuntime(kit, dir, owned, types) {
  const subpaths = { '.': kit.entry, ...Object.fromEntries(Object.entries(kit.subpaths || {}).map(([name, entry]) => [`./${name}`, entry])) };
  const exportsMap = {};
  for (const [subpath, entry] of Object.entries(subpaths)) {
    const base = subpath === '.' ? 'index' : subpath.slice(2);
    for (const format of ['esm', 'cjs']) {
      await esbuild.build({
        entryPoints: [path.join(KIT_SOURCE, entry)],
        outfile: path.join(dir, 'dist', `${base}.${format === 'esm' ? 'js' : 'cjs'}`),
        bundle: true,
        format,
        platform: 'browser',
        target: 'es2022',
        jsx: 'automatic',
        logLevel: 'error',
        plugins: [kitBoundaries(kit, subpath === '.', owned)],
      });
    }
    const typesFile = `./types/kit/${entry.replace(/\.tsx?$/, '.d.ts')}`;
    exportsMap[subpath] = { types: typesFile, import: `./dist/${base}.js`, require: `./dist/${base}.cjs` };
  }
  fs.cpSync(types, path.join(dir, 'types'), { recursive: true });
  // Only the other kit packages it really imports are its peers.
  const code = fs.readdirSync(path.join(dir, 'dist')).map((f) => fs.readFileSync(path.join(dir, 'dist', f), 'utf8')).join('\n');
  const peers = Object.fromEntries(Object.entries(kitPeers(kit)).filter(([name]) => code.includes(`"${name}"`)));
  writeJson(
    path.join(dir, 'package.json'),
    packageJson(kit, {
      type: 'module',
      sideEffects: true,
      main: './dist/index.cjs',
      module: './dist/index.js',
      types: exportsMap['.'].types,
      exports: { ...exportsMap, './package.json': './package.json' },
      dependencies: Object.fromEntries(DEPENDENCIES.map((name) => [name, `^${installedVersion(name)}`])),
      peerDependencies: { ...peers, ...Object.fromEntries(PEERS.map((name) => [name, `^${installedVersion(name)}`])) },
    }),
  );
}

function stageTypes(kit, dir, types) {
  fs.cpSync(types, path.join(dir, 'types'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.js'), '// Types only: see types/.\nexport {};\n');
  const typesFile = `./types/kit/${kit.entry.replace(/\.tsx?$/, '.d.ts')}`;
  writeJson(
    path.join(dir, 'package.json'),
    packageJson(kit, {
      type: 'module',
      sideEffects: false,
      types: typesFile,
      exports: { '.': { types: typesFile, default: './dist/index.js' }, './package.json': './package.json' },
      dependencies: { '@sinclair/typebox': `^${installedVersion('@sinclair/typebox')}` },
      peerDependencies: Object.fromEntries(PEERS.map((name) => [name, `^${installedVersion(name)}`])),
    }),
  );
}

async function stagePreset(kit, dir) {
  for (const file of PRESET_FILES) fs.copyFileSync(path.join(ROOT, 'build', file), path.join(dir, file));
  // The preset's build/kit.js: the same table, beside it (no monorepo sources to provide from).
  writeJson(path.join(dir, 'kit-packages.json'), { packages: KIT_PACKAGES });
  fs.writeFileSync(path.join(dir, 'kit.js'), "// The kit's packages (a copy of the monorepo's table); a remote provides none of them.\nmodule.exports = { KIT_PACKAGES: require('./kit-packages.json').packages, KIT_SOURCE: null };\n");
  // The release checks of the app registry, as the server runs them (build/registry.js's place).
  await esbuild.build({ entryPoints: [path.join(SHARED_SRC, 'registry.ts')], outfile: path.join(dir, 'registry.js'), bundle: true, format: 'cjs', platform: 'node', target: 'node22', logLevel: 'error' });
  writeJson(
    path.join(dir, 'package.json'),
    packageJson(kit, {
      main: './kit-preset.js',
      bin: { 'wishes-release': './kit-release.js' },
      engines: { node: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node },
      dependencies: Object.fromEntries(PRESET_DEPENDENCIES.map((name) => [name, installedVersion(name)])),
      peerDependencies: Object.fromEntries(['react-router-dom', 'rxjs'].map((name) => [name, `^${installedVersion(name)}`])),
    }),
  );
}

/**
 * `--build` (the root's `prepare`, run by `npm install`): the run-time and types packages built in
 * place in kit-packages/<name>/, the workspaces the monorepo's own apps depend on by version, so
 * the apps import the kit as built (dist/ + types/) by the same names as a remote outside. No
 * tarballs. Their package.json files are committed (npm links workspaces before this runs).
 */
const BUILD_ONLY = process.argv.includes('--build');
const WORKSPACES = path.join(ROOT, 'kit-packages');

function installBuilt(kit, staged) {
  const dir = path.join(WORKSPACES, kit.name.replace(/^@wishes\//, ''));
  for (const part of ['dist', 'types']) fs.rmSync(path.join(dir, part), { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const part of ['dist', 'types', 'package.json']) fs.cpSync(path.join(staged, part), path.join(dir, part), { recursive: true });
  return dir;
}

async function main() {
  fs.rmSync(STAGE, { recursive: true, force: true });
  fs.mkdirSync(STAGE, { recursive: true });
  fs.mkdirSync(OUT, { recursive: true });
  const types = path.join(STAGE, 'types');
  emitDeclarations(types);
  const owned = owners();
  const written = [];
  for (const kit of KIT_PACKAGES) {
    if (BUILD_ONLY && kit.kind === 'preset') continue; // the apps build with build/ itself
    const dir = path.join(STAGE, kit.name.replace(/^@/, '').replace('/', '-'));
    fs.mkdirSync(dir, { recursive: true });
    if (kit.kind === 'singleton') await stageRuntime(kit, dir, owned, types);
    else if (kit.kind === 'types') stageTypes(kit, dir, types);
    else if (kit.kind === 'preset') await stagePreset(kit, dir);
    else throw new Error(`${kit.name}: unknown kind "${kit.kind}"`);
    if (BUILD_ONLY) {
      written.push(installBuilt(kit, dir));
      continue;
    }
    const packed = spawnSync('npm', ['pack', '--silent', '--json', '--pack-destination', OUT], { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_ignore_scripts: 'true' } });
    if (packed.status !== 0) throw new Error(`npm pack ${kit.name} failed:\n${packed.stderr}`);
    written.push(path.join(OUT, JSON.parse(packed.stdout)[0].filename));
  }
  fs.rmSync(STAGE, { recursive: true, force: true });
  for (const file of written) console.log(file);
}

main().catch((error) => {
  console.error(`[kit:pack] ${error.message}`);
  process.exit(1);
});
