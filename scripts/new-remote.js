#!/usr/bin/env node
/**
 * `npm run new-remote -- <folder-name> <dir> [--kit-url <url>]` (docs/teams.md, "A team outside
 * the monorepo"): scaffolds a working remote in <dir>, anywhere on disk. It holds its own
 * package.json (the kit's packages and the shared singletons), its declaration
 * (remote.config.ts: routes, titles, navigation entry, what it consumes), one page, a test and the
 * scripts dev, build, test and release. Nothing in it points back into the monorepo: the kit's
 * tarballs are copied into <dir>/kit/ (file: dependencies), or with --kit-url named by URL (the
 * site serves them at /kit/<file>.tgz). Run `npm run kit:pack` first (done here when ./kit/ lacks
 * a package of the kit table). In <dir>: `npm install && npm run build && npm test`.
 */
require('../build/node-support').checkNode();
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { KIT_PACKAGES } = require('../shared/kit-build/src/kit');
const { declarationProblems, releaseContractProblem, SITE_REMOTES } = require('../build/registry');

const ROOT = path.resolve(__dirname, '..');
const KIT_DIR = path.join(ROOT, 'kit');

/** What a new remote installs besides the kit: the shared singletons and its test tools, in the monorepo's versions. */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'rxjs', '@tanstack/react-query'];
const DEV_TOOLS = ['@swc/core', '@swc/jest', '@testing-library/dom', '@testing-library/react', '@types/jest', '@types/react', '@types/react-dom', 'jest', 'jest-environment-jsdom', 'tsx', 'typescript'];

class UsageError extends Error {}

function installedVersion(name) {
  const file = path.join(ROOT, 'node_modules', name, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/** The tarball file name `npm pack` gives a package: @wishes/kit-ui 1.0.0 → wishes-kit-ui-1.0.0.tgz. */
function tarballName(kit) {
  return `${kit.name.replace(/^@/, '').replace('/', '-')}-${kit.version}.tgz`;
}

function ensureKit() {
  if (KIT_PACKAGES.every((kit) => fs.existsSync(path.join(KIT_DIR, tarballName(kit))))) return;
  const packed = spawnSync(process.execPath, [path.join(__dirname, 'kit-pack.js')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (packed.status !== 0) throw new Error('npm run kit:pack failed');
}

/** 'mf-hello-world' → { key: 'helloWorld', name: 'mf_hello_world', page: 'HelloWorldPage', path: '/hello-world', title: 'Hello world' }. */
function namesOf(folder) {
  const bare = folder.replace(/^mf-/, '');
  const words = bare.split('-').filter(Boolean);
  const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return {
    key: pascal[0].toLowerCase() + pascal.slice(1),
    name: folder.replace(/-/g, '_'),
    page: `${pascal}Page`,
    path: `/${bare}`,
    title: words.join(' ').replace(/^./, (c) => c.toUpperCase()),
  };
}

function files(folder, dir, kitUrl) {
  const names = namesOf(folder);
  const declaration = {
    key: names.key,
    name: names.name,
    folder,
    devPort: 3100,
    exposes: { [names.page]: `./src/${names.page}.tsx` },
    routes: [{ path: names.path, expose: names.page, title: names.title }],
    nav: [{ to: names.path, label: names.title, icon: 'sparkle', order: 70 }],
    consumes: [],
  };
  const problems = declarationProblems(declaration);
  const clash = releaseContractProblem(declaration, null, SITE_REMOTES);
  if (problems.length || clash) throw new UsageError(`"${folder}" makes no valid remote: ${[...problems, clash].filter(Boolean).join('; ')}`);
  const kitSpec = (kit) => (kitUrl ? `${kitUrl.replace(/\/+$/, '')}/${tarballName(kit)}` : `file:kit/${tarballName(kit)}`);
  const kitDeps = (kinds) => Object.fromEntries(KIT_PACKAGES.filter((kit) => kinds.includes(kit.kind)).map((kit) => [kit.name, kitSpec(kit)]));
  const pkg = {
    name: folder,
    version: '0.1.0',
    private: true,
    description: `${names.title}: a remote of Wishes, built with the Wishes kit.`,
    scripts: {
      dev: 'webpack serve --mode development',
      build: 'webpack --mode production',
      typecheck: 'tsc -p tsconfig.json',
      test: 'tsc -p tsconfig.json && jest',
      release: 'wishes-release',
    },
    dependencies: { ...kitDeps(['singleton', 'types']), ...Object.fromEntries(SINGLETONS.map((name) => [name, `^${installedVersion(name)}`])) },
    devDependencies: { ...kitDeps(['preset']), ...Object.fromEntries(DEV_TOOLS.map((name) => [name, `^${installedVersion(name)}`])) },
    // npm runs no install script unless allowed; @swc/core's checks its native binary.
    allowScripts: { '@swc/core': true },
  };
  const page = `import { useDocumentTitle, useSessionUser } from '@wishes/kit-client';
import { Icon } from '@wishes/kit-ui';

/** ${names.title}: this remote's one page (remote.config.ts routes ${names.path} here). */
export default function ${names.page}() {
  useDocumentTitle(${JSON.stringify(names.title)});
  const user = useSessionUser();
  return (
    <section aria-labelledby="${folder}-title">
      <h1 id="${folder}-title">
        <Icon name="sparkle" /> ${names.title}
      </h1>
      <p>{user ? \`Signed in as \${user.username}.\` : 'Welcome, visitor.'}</p>
    </section>
  );
}
`;
  const test = `import { render, screen } from '@testing-library/react';
import ${names.page} from './${names.page}';

test('${names.page} shows its heading and greets a visitor', () => {
  render(<${names.page} />);
  expect(screen.getByRole('heading', { level: 1, name: ${JSON.stringify(names.title)} })).toBeTruthy();
  expect(screen.getByText('Welcome, visitor.')).toBeTruthy();
});
`;
  const bootstrap = `/**
 * Runs only when this remote's own page is opened (\`npm run dev\`): its routes alone in the kit's
 * standalone host, against the API at WISHES_API_ORIGIN (default http://127.0.0.1:8000). The site
 * loads the exposed modules instead, and production builds leave this out.
 */
import declaration from '../remote.config';

declare const __WISHES_STANDALONE__: boolean;

if (__WISHES_STANDALONE__) {
  void import('@wishes/kit-ui/harness').then(({ startStandalone }) => startStandalone(declaration, (file) => import(/* webpackInclude: /\\.tsx$/, webpackExclude: /\\.test\\.tsx$/ */ \`./\${file}\`)));
}

export {};
`;
  return {
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'remote.config.ts': `// The declaration of ${folder} (docs: the site's docs/teams.md): its name, exposed modules, routes with
// their titles, navigation entries (members only unless visibility says otherwise) and the modules
// of other remotes it consumes. A release carries it; the first publish declares the remote to the site.
import type { RemoteDeclaration } from '@wishes/kit-contract';

export default ${JSON.stringify(declaration, null, 2).replace(/"([A-Za-z_][A-Za-z0-9_]*)":/g, '$1:')} satisfies RemoteDeclaration;
`,
    'webpack.config.js': "// The site's build preset: name, exposes and dev port from remote.config.ts.\nmodule.exports = require('@wishes/kit-build').remoteWebpackConfig(__dirname);\n",
    'jest.config.js': `module.exports = {
  testEnvironment: 'jsdom',
  transform: { '^.+\\\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }] },
};
`,
    'tsconfig.json': `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          esModuleInterop: true,
          skipLibCheck: true,
          allowJs: true,
          noEmit: true,
          types: ['jest'],
        },
        include: ['src', 'remote.config.ts'],
      },
      null,
      2,
    )}\n`,
    '.gitignore': 'node_modules/\ndist/\n',
    'src/index.ts': '// The async boundary: the shared singletons are negotiated before the page code runs.\nvoid import(\'./bootstrap\');\n',
    'src/bootstrap.tsx': bootstrap,
    [`src/${names.page}.tsx`]: page,
    [`src/${names.page}.test.tsx`]: test,
    'README.md': `# ${folder}

A remote of Wishes, built with the Wishes kit (@wishes/kit-*).

    npm install
    npm run dev          # its page alone at http://127.0.0.1:3100 (API: WISHES_API_ORIGIN)
    npm run build        # dist/: remoteEntry.js and mf-manifest.json
    npm test
    WISHES_TEAM_TOKEN=wtt_… npm run release -- --publish https://wishes.example.com

The declaration (routes, titles, navigation, consumed modules) is remote.config.ts; the release
carries it. Then activate the release: POST /api/admin/remotes/${folder}/activate/ {"release": "<id>"}.
`,
  };
}

function main() {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf('--kit-url');
  const kitUrl = urlAt === -1 ? null : args[urlAt + 1];
  if (urlAt !== -1 && !/^https?:\/\//.test(kitUrl || '')) throw new UsageError('--kit-url needs the URL of the site\'s /kit/ folder (https://wishes.example.com/kit)');
  const [folder, target] = args.filter((a, i) => !a.startsWith('--') && !(urlAt !== -1 && i === urlAt + 1));
  if (!folder || !target) throw new UsageError('usage: npm run new-remote -- <folder-name> <dir> [--kit-url <url>]');
  const dir = path.resolve(process.env.INIT_CWD || process.cwd(), target);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new UsageError(`${dir} is not empty`);
  const contents = files(folder, dir, kitUrl);
  if (!kitUrl) ensureKit();
  for (const [file, text] of Object.entries(contents)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  if (!kitUrl) {
    fs.mkdirSync(path.join(dir, 'kit'), { recursive: true });
    for (const kit of KIT_PACKAGES) fs.copyFileSync(path.join(KIT_DIR, tarballName(kit)), path.join(dir, 'kit', tarballName(kit)));
  }
  console.log(`[new-remote] ${folder} in ${dir}: cd there, then npm install && npm run build && npm test`);
}

try {
  main();
} catch (error) {
  console.error(`[new-remote] ${error.message}`);
  process.exit(1);
}
