/**
 * Builds one remote with its own webpack config into a temporary folder, with small changes made
 * by a wrapper (never by editing the remote's files): a string replaced in one source file (a
 * visible change), and optionally the kit version it was built against (an older compatible one).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths';

export interface RemoteBuildOptions {
  /** The remote's folder, e.g. 'mf-feed'. */
  folder: string;
  /** Source files (matched on their absolute path) whose text gets `search` → `replace`. */
  file: RegExp;
  search: string;
  replace: string;
  /** Pretend the remote was built against this version of the kit's run-time packages (each `^range`). */
  kitVersion?: string;
}

/**
 * Makes a config without the exposed types (the kit preset reads WISHES_SKIP_TYPES when it makes
 * one): the journeys serve these builds to a browser, which never reads them, and compiling them
 * was most of a build. Only while the config is made: the journey's own releases keep theirs.
 */
function withoutExposedTypes<T>(make: () => T): T {
  const before = process.env.WISHES_SKIP_TYPES;
  process.env.WISHES_SKIP_TYPES = '1';
  try {
    return make();
  } finally {
    if (before === undefined) delete process.env.WISHES_SKIP_TYPES;
    else process.env.WISHES_SKIP_TYPES = before;
  }
}

export async function buildRemote(options: RemoteBuildOptions): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `wishes-e2e-${options.folder}-`));
  const appDir = path.join(REPO_ROOT, options.folder);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const webpack = require(require.resolve('webpack', { paths: [appDir] }));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = require(path.join(appDir, 'webpack.config.js'));
  const config = withoutExposedTypes(() => (typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory));
  config.mode = 'production';
  config.devtool = false;
  config.output = { ...config.output, path: outDir, clean: true };
  config.cache = false;
  config.module = config.module ?? { rules: [] };
  config.module.rules = [
    { test: options.file, enforce: 'pre', use: [{ loader: path.join(__dirname, 'replace-loader.js'), options: { search: options.search, replace: options.replace } }] },
    ...config.module.rules,
  ];
  config.optimization = { ...config.optimization, minimize: false };

  if (options.kitVersion) {
    const federation = (config.plugins ?? []).find((p: { constructor: { name: string }; _options?: unknown }) => p && p.constructor && p.constructor.name === 'ModuleFederationPlugin' && p._options);
    if (!federation) throw new Error('no ModuleFederationPlugin with _options in the remote webpack config');
    const opts = federation._options as { shared: Record<string, Record<string, unknown>> };
    const kits = Object.keys(opts.shared).filter((name) => name.startsWith('@wishes/kit-'));
    if (kits.length === 0) throw new Error(`${options.folder} shares no kit package`);
    const shared = { ...opts.shared };
    for (const name of kits) shared[name] = { ...shared[name], requiredVersion: `^${options.kitVersion}` };
    const Plugin = federation.constructor as new (o: unknown) => unknown;
    config.plugins = config.plugins.map((p: unknown) => (p === federation ? new Plugin({ ...opts, shared }) : p));
  }

  await new Promise<void>((resolve, reject) => {
    webpack(config, (error: Error | null, stats: { hasErrors(): boolean; toString(o: unknown): string }) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
  if (!fs.existsSync(path.join(outDir, 'remoteEntry.js'))) throw new Error(`build of ${options.folder} produced no remoteEntry.js in ${outDir}`);
  return outDir;
}

/** A fingerprint of a build folder's files (names and bytes): proves a build left another app's output untouched. */
export function hashDir(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}
