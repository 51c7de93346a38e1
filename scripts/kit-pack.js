#!/usr/bin/env node
/**
 * `npm run kit:pack` (also the root's `prepare`): builds the kit's packages (shared/kit-<name>/, each a
 * workspace with its own sources, version and changelog; docs/architecture.md, "The kit") and
 * writes one tarball per package into ./kit/, printing their paths, one a line. The monorepo's own
 * apps never use these builds: they import the packages' sources by name.
 *
 * - The run-time packages (kind "singleton") are built from src/index.ts (and their subpath
 *   entries) with esbuild, as ES modules (dist/*.js) and CommonJS (dist/*.cjs, for jest). Every
 *   other kit package stays an import (a page holds the shell's copy), except the contract's
 *   run-time parts (constants, routes, validation), which are plain values bundled where used.
 * - The contract (kind "types"): declarations and each top-level file as an ES module.
 * - The test kit (kind "test"): built like a run-time package, never a singleton.
 * - Type declarations come from tsc's build of each package (the same one `npm run typecheck` uses).
 * - The build preset (kind "preset") is shared/kit-build/src as it is, beside the declaration
 *   checks of the contract's registry.ts (bundled as registry.js) and the kit's table.
 *
 * Each package's version is its package.json's; a tarball is immutable once served
 * (/kit/<file>.tgz), so a change ships under a new version: the staged content of each package is
 * checked against build/kit-content.json (build/kit-content.js), and the same version with other
 * content stops the pack. The pack is deterministic (the same content gives the same bytes: npm
 * pack's fixed dates and order, esbuild and tsc outputs), so a version is one tarball wherever
 * it is built. ./kit/index.json lists the packages, {name, version, file, integrity} (integrity:
 * the tarball's sha512, as npm writes it); the server serves it at /kit/index.json and checks at
 * start that each listed tarball is there with that integrity.
 */
require('../build/node-support').checkNode();
const { spawnSync } = require('node:child_process');
const nodeCrypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');
const { KIT_PACKAGES } = require('../shared/kit-build/src/kit');
const { DEV_TOOLS, SINGLETONS } = require('../shared/kit-build/src/scaffold');
const { checkContent, contentHash, readRecord, RECORD, writeRecord } = require('../build/kit-content');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'kit');
const STAGE = path.join(ROOT, '.tmp', 'kit-stage');
/** Packages every kit consumer installs itself (shared singletons and their types). */
const PEERS = ['react', 'react-dom', 'react-router-dom', 'rxjs', '@tanstack/react-query'];
/** The preset's toolchain, pinned to the versions the monorepo builds with. */
const PRESET_DEPENDENCIES = [
  '@module-federation/dts-plugin',
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

/** The version of `name` installed in the monorepo (read from node_modules: some packages do not export package.json). */
function installedVersion(name) {
  for (const base of [ROOT, path.join(ROOT, 'server')]) {
    const file = path.join(base, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  }
  throw new Error(`${name} is not installed: run npm install first`);
}

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The declarations of every kit package's sources (tsc --build, into .tmp/tsc/<kit-x>). */
function buildDeclarations() {
  const projects = KIT_PACKAGES.filter((kit) => fs.existsSync(path.join(kit.dir, 'tsconfig.json'))).map((kit) => path.join(kit.dir, 'tsconfig.json'));
  const result = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', ...projects], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tsc failed:\n${result.stdout}${result.stderr}`);
}

/** A package's declarations (.tmp/tsc/<kit-x>, tests left out) copied into `dir`/types. */
function copyDeclarations(kit, dir) {
  const from = path.join(ROOT, '.tmp', 'tsc', path.basename(kit.dir));
  fs.cpSync(from, path.join(dir, 'types'), { recursive: true, filter: (file) => !/\.test\.d\.ts$/.test(file) && !file.endsWith('.tsbuildinfo') });
}

function packageJson(kit, extra) {
  return { name: kit.name, version: kit.version, description: kit.description, license: 'UNLICENSED', ...extra };
}

/** esbuild plugin: every bare import stays an import, but the contract's run-time values are bundled. */
function kitBoundaries() {
  return {
    name: 'wishes-kit-boundaries',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point' || args.path.startsWith('@wishes/kit-contract/')) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/** The package's entries: "." is src/index.ts, the others its source package.json's subpaths to a file. */
function entriesOf(kit) {
  const source = readJson(path.join(kit.dir, 'package.json'));
  const entries = {};
  for (const [subpath, target] of Object.entries(source.exports || {})) {
    if (subpath.includes('*') || subpath === './package.json' || typeof target !== 'string') continue;
    entries[subpath] = target.replace(/^\.\/src\//, '');
  }
  return { entries, source };
}

/** The other kit packages `code` imports, as peer dependencies in their versions. */
function kitPeers(kit, code) {
  return Object.fromEntries(KIT_PACKAGES.filter((other) => other !== kit && code.includes(`"${other.name}`)).map((other) => [other.name, `^${other.version}`]));
}

async function stageRuntime(kit, dir) {
  const { entries, source } = entriesOf(kit);
  const exportsMap = {};
  for (const [subpath, entry] of Object.entries(entries)) {
    const base = subpath === '.' ? 'index' : subpath.slice(2);
    for (const format of ['esm', 'cjs']) {
      await esbuild.build({
        entryPoints: [path.join(kit.dir, 'src', entry)],
        outfile: path.join(dir, 'dist', `${base}.${format === 'esm' ? 'js' : 'cjs'}`),
        bundle: true,
        format,
        platform: 'browser',
        target: 'es2022',
        jsx: 'automatic',
        logLevel: 'error',
        plugins: [kitBoundaries()],
      });
    }
    exportsMap[subpath] = { types: `./types/${entry.replace(/\.tsx?$/, '.d.ts')}`, import: `./dist/${base}.js`, require: `./dist/${base}.cjs` };
  }
  copyDeclarations(kit, dir);
  const code = ['dist', 'types'].flatMap((part) => listFiles(path.join(dir, part))).map((f) => fs.readFileSync(f, 'utf8')).join('\n').replaceAll("'", '"');
  writeJson(
    path.join(dir, 'package.json'),
    packageJson(kit, {
      type: 'module',
      sideEffects: kit.kind === 'singleton',
      main: './dist/index.cjs',
      module: './dist/index.js',
      types: exportsMap['.'].types,
      exports: { ...exportsMap, './package.json': './package.json' },
      dependencies: Object.fromEntries(Object.keys(source.dependencies || {}).filter((name) => !name.startsWith('@wishes/')).map((name) => [name, `^${installedVersion(name)}`])),
      peerDependencies: { ...kitPeers(kit, code), ...Object.fromEntries(PEERS.map((name) => [name, `^${installedVersion(name)}`])) },
    }),
  );
}

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

async function stageTypes(kit, dir) {
  copyDeclarations(kit, dir);
  const files = fs.readdirSync(path.join(kit.dir, 'src')).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f));
  await esbuild.build({
    entryPoints: files.map((f) => path.join(kit.dir, 'src', f)),
    outdir: path.join(dir, 'dist'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'error',
    plugins: [kitBoundaries()],
  });
  const { source } = entriesOf(kit);
  writeJson(
    path.join(dir, 'package.json'),
    packageJson(kit, {
      type: 'module',
      sideEffects: false,
      types: './types/index.d.ts',
      exports: {
        '.': { types: './types/index.d.ts', default: './dist/index.js' },
        './*': { types: './types/*.d.ts', default: './dist/*.js' },
        './package.json': './package.json',
      },
      dependencies: Object.fromEntries(Object.keys(source.dependencies || {}).map((name) => [name, `^${installedVersion(name)}`])),
      peerDependencies: Object.fromEntries(PEERS.map((name) => [name, `^${installedVersion(name)}`])),
    }),
  );
}

async function stagePreset(kit, dir) {
  fs.cpSync(path.join(kit.dir, 'src'), dir, { recursive: true });
  // The kit's table beside kit.js (no monorepo folders to read it from).
  writeJson(path.join(dir, 'kit-packages.json'), { packages: KIT_PACKAGES.map(({ dir: _dir, ...rest }) => rest) });
  // What a scaffolded remote installs besides the kit, in the monorepo's versions (wishes-new-remote has no monorepo to read them from).
  writeJson(path.join(dir, 'scaffold-versions.json'), Object.fromEntries([...SINGLETONS, ...DEV_TOOLS].map((name) => [name, installedVersion(name)])));
  // The release checks of a declaration, as the server runs them (build/registry.js's place).
  await esbuild.build({ entryPoints: [path.join(ROOT, 'shared', 'kit-contract', 'src', 'registry.ts')], outfile: path.join(dir, 'registry.js'), bundle: true, format: 'cjs', platform: 'node', target: 'node22', logLevel: 'error' });
  writeJson(
    path.join(dir, 'package.json'),
    packageJson(kit, {
      main: './index.js',
      bin: { 'wishes-release': './release.js', 'wishes-types': './types.js', 'wishes-new-remote': './new-remote.js' },
      engines: { node: readJson(path.join(ROOT, 'package.json')).engines.node },
      dependencies: Object.fromEntries(PRESET_DEPENDENCIES.map((name) => [name, installedVersion(name)])),
      peerDependencies: Object.fromEntries(['react-router-dom', 'rxjs'].map((name) => [name, `^${installedVersion(name)}`])),
    }),
  );
}

async function main() {
  fs.rmSync(STAGE, { recursive: true, force: true });
  fs.mkdirSync(STAGE, { recursive: true });
  fs.mkdirSync(OUT, { recursive: true });
  buildDeclarations();
  const written = [];
  const contents = [];
  for (const kit of KIT_PACKAGES) {
    const dir = path.join(STAGE, kit.name.replace(/^@/, '').replace('/', '-'));
    fs.mkdirSync(dir, { recursive: true });
    if (kit.kind === 'singleton' || kit.kind === 'test') await stageRuntime(kit, dir);
    else if (kit.kind === 'types') await stageTypes(kit, dir);
    else if (kit.kind === 'preset') await stagePreset(kit, dir);
    else throw new Error(`${kit.name}: unknown kind "${kit.kind}"`);
    contents.push({ name: kit.name, version: kit.version, content: contentHash(dir) });
    const packed = spawnSync('npm', ['pack', '--silent', '--json', '--pack-destination', OUT], { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_ignore_scripts: 'true' } });
    if (packed.status !== 0) throw new Error(`npm pack ${kit.name} failed:\n${packed.stderr}`);
    written.push(path.join(OUT, JSON.parse(packed.stdout)[0].filename));
  }
  fs.rmSync(STAGE, { recursive: true, force: true });
  const { problems, record } = checkContent(contents, readRecord());
  if (problems.length) {
    for (const file of written) fs.rmSync(file, { force: true });
    throw new Error(`a version is one content (${path.relative(ROOT, RECORD)}):\n  ${problems.join('\n  ')}`);
  }
  writeRecord(record);
  writeJson(path.join(OUT, 'index.json'), {
    packages: written.map((file, i) => ({
      name: KIT_PACKAGES[i].name,
      version: KIT_PACKAGES[i].version,
      file: path.basename(file),
      integrity: `sha512-${nodeCrypto.createHash('sha512').update(fs.readFileSync(file)).digest('base64')}`,
    })),
  });
  for (const file of written) console.log(file);
}

main().catch((error) => {
  console.error(`[kit:pack] ${error.message}`);
  process.exit(1);
});
