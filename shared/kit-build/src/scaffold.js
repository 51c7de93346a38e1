/**
 * A new remote's files (the monorepo's `npm run new-remote` and the kit's `wishes-new-remote`):
 * its package.json (the kit's packages and the shared singletons), its declaration
 * (remote.config.ts: routes, titles, navigation entry, what it consumes), one page, a test and
 * the scripts dev, build, test and release. Nothing in it points at the monorepo.
 */
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

/** What a new remote installs besides the kit: the shared singletons and its test tools. */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'rxjs', '@tanstack/react-query'];
const DEV_TOOLS = ['@swc/core', '@swc/jest', '@testing-library/dom', '@testing-library/react', '@types/jest', '@types/react', '@types/react-dom', 'jest', 'jest-environment-jsdom', 'tsx', 'typescript'];
/** Icons of the UI kit a new remote may start with (the product's own entries' icons left out). */
const ICONS = ['sparkle', 'bell', 'check', 'share', 'view', 'copy', 'upload', 'lock', 'unlock', 'settings', 'user', 'more'];
/** The dev ports of new remotes start here (the shell and the site's own remotes use 3000-3005). */
const FIRST_DEV_PORT = 3100;

class ScaffoldError extends Error {}

/** The versions of SINGLETONS and DEV_TOOLS: recorded beside this file in the packed kit, else the monorepo's installed ones. */
function toolVersions() {
  const packed = path.join(__dirname, 'scaffold-versions.json');
  if (fs.existsSync(packed)) return JSON.parse(fs.readFileSync(packed, 'utf8'));
  const root = path.join(__dirname, '..', '..', '..');
  return Object.fromEntries(
    [...SINGLETONS, ...DEV_TOOLS].map((name) => [name, JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version]),
  );
}

/** True when nothing listens on `port` at 127.0.0.1. */
function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A number from `text` (a folder name), different for each `salt`. */
function hashOf(text, salt) {
  return [...text].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 1_000_003, salt);
}

/**
 * Where this machine remembers the defaults of the remotes scaffolded on it (WISHES_SCAFFOLDS_FILE,
 * else ~/.wishes/scaffolds.json): a new remote's dev server is not running yet and it is not live on
 * the site yet, so neither the ports in use nor the site's manifest know the one made a minute ago.
 */
function scaffoldsFile(env = process.env) {
  return env.WISHES_SCAFFOLDS_FILE || path.join(os.homedir(), '.wishes', 'scaffolds.json');
}

/** The remembered scaffolds still on disk (a deleted one frees its port, order and icon). */
function readScaffolds(file) {
  let entries = [];
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8'));
    entries = Array.isArray(value.scaffolds) ? value.scaffolds : [];
  } catch {
    // None yet, or unreadable: nothing remembered.
  }
  return entries.filter((e) => e && typeof e.dir === 'string' && fs.existsSync(path.join(e.dir, 'remote.config.ts')));
}

/** Remembers a scaffold written to `dir` (after its files are written, so a failed one reserves nothing). */
function rememberScaffold({ folder, dir, site, defaults }, file = scaffoldsFile()) {
  const entries = readScaffolds(file).filter((e) => path.resolve(e.dir) !== path.resolve(dir));
  entries.push({ folder, dir: path.resolve(dir), site: site ?? null, devPort: defaults.devPort, order: defaults.order, icon: defaults.icon, created_at: new Date().toISOString() });
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ scaffolds: entries }, null, 2)}\n`);
  } catch (error) {
    console.warn(`[new-remote] could not remember the defaults in ${file} (${error.message}): the next scaffold may pick the same`);
  }
}

/**
 * A dev port, navigation order and icon of this remote's own, each picked by its folder name (the
 * same name gives the same defaults where nothing is taken): a port in 3100-3999, moved on while it
 * is busy on this machine, in `usedPorts` or remembered for an earlier scaffold on this machine; an
 * order in 100-899 and an icon, moved on while the site's live remotes (`usedOrders`, `usedIcons`)
 * or an earlier scaffold for the same `site` use them. Once every icon is taken, the least used.
 */
async function ownDefaults(folder, { usedPorts = [], usedOrders = [], usedIcons = [], site = null, file = scaffoldsFile() } = {}) {
  const earlier = readScaffolds(file);
  const sameSite = earlier.filter((e) => (e.site ?? null) === (site ?? null));
  const ports = new Set([...usedPorts, ...earlier.map((e) => e.devPort)]);
  const orders = new Set([...usedOrders, ...sameSite.map((e) => e.order)]);
  const icons = [...usedIcons, ...sameSite.map((e) => e.icon)];
  let devPort = FIRST_DEV_PORT + (hashOf(folder, 7) % 900);
  for (let tries = 0; ports.has(devPort) || !(await portFree(devPort)); tries++) {
    if (tries >= 900) throw new ScaffoldError('no free dev port in 3100-3999 on this machine');
    devPort = FIRST_DEV_PORT + ((devPort - FIRST_DEV_PORT + 1) % 900);
  }
  let order = 100 + (hashOf(folder, 11) % 800);
  for (let tries = 0; orders.has(order) && tries < 800; tries++) order = 100 + ((order - 99) % 800);
  const uses = (icon) => icons.filter((used) => used === icon).length;
  const fewest = Math.min(...ICONS.map(uses));
  const pool = ICONS.filter((icon) => uses(icon) === fewest);
  return { devPort, order, icon: pool[hashOf(folder, 13) % pool.length] };
}

/** The tarball file name `npm pack` gives a package: @wishes/kit-ui 1.0.0 → wishes-kit-ui-1.0.0.tgz. */
function tarballName(kit) {
  return `${kit.name.replace(/^@/, '').replace('/', '-')}-${kit.version}.tgz`;
}

/** Writes `files` into `dir`, which must be empty or absent. */
function writeFiles(dir, files) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new ScaffoldError(`${dir} is not empty`);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
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

/**
 * The files of a new remote `folder`: `kitSpec(kit)` is where each kit package installs from (its
 * /kit/ URL, or a copied tarball), `versions` the versions of the shared singletons and test tools,
 * `defaults` its dev port, navigation order and icon; `check(declaration)` returns its problems.
 */
function scaffoldFiles({ folder, kitPackages, kitSpec, versions, defaults, check }) {
  const names = namesOf(folder);
  const declaration = {
    key: names.key,
    name: names.name,
    folder,
    devPort: defaults.devPort,
    exposes: { [names.page]: `./src/${names.page}.tsx` },
    routes: [{ path: names.path, expose: names.page, title: names.title }],
    nav: [{ to: names.path, label: names.title, icon: defaults.icon, order: defaults.order }],
    consumes: [],
  };
  const problems = check(declaration);
  if (problems.length) throw new ScaffoldError(`"${folder}" makes no valid remote: ${problems.join('; ')}`);
  const installedVersion = (name) => {
    if (!versions[name]) throw new ScaffoldError(`no version of ${name} is known to the kit`);
    return versions[name];
  };
  const kitDeps = (kinds) => Object.fromEntries(kitPackages.filter((kit) => kinds.includes(kit.kind)).map((kit) => [kit.name, kitSpec(kit)]));
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
        <Icon name=${JSON.stringify(defaults.icon)} /> ${names.title}
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
    npm run dev          # its page alone at http://127.0.0.1:${defaults.devPort} (API: WISHES_API_ORIGIN)
    npm run build        # dist/: remoteEntry.js and mf-manifest.json
    npm test
    WISHES_TEAM_TOKEN=wtt_… npm run release -- --publish https://wishes.example.com

The declaration (routes, titles, navigation, consumed modules) is remote.config.ts; the release
carries it. Then activate the release: POST /api/admin/remotes/${folder}/activate/ {"release": "<id>"}.
`,
  };
}


module.exports = { SINGLETONS, DEV_TOOLS, ICONS, ScaffoldError, scaffoldFiles, ownDefaults, rememberScaffold, toolVersions, tarballName, writeFiles, namesOf };
