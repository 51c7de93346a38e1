/**
 * One webpack configuration for the shell and every remote. Each app keeps a two-line
 * webpack.config.js and its own federation.config.js (name, exposes, dev port) beside it, so a
 * team can build, test and ship its app alone: `npm run build -w <app>` writes <app>/dist with
 * its own remoteEntry.js and mf-manifest.json.
 */
const fs = require('fs');
const path = require('path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('zlib');
const sharedSingletons = require('./federation.shared');
const { RXJS, ROUTER } = sharedSingletons;
const StartupPreloadPlugin = require('./startup-preload-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');

const API_ORIGIN = process.env.WISHES_API_ORIGIN || 'http://127.0.0.1:8000';
/** A kit package's file: its sources in the monorepo (shared/kit-<name>/src) or its installed build. */
const KIT_FILE = /[\\/](shared[\\/]kit-[a-z]+[\\/]src|node_modules[\\/]@wishes[\\/]kit-[a-z]+)[\\/]/;

/** Emits release.json `{declaration}` beside remoteEntry.js. */
class DeclarationPlugin {
  constructor(declaration) {
    this.source = `${JSON.stringify({ declaration }, null, 2)}\n`;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WishesDeclaration', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'WishesDeclaration', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('release.json', new compiler.webpack.sources.RawSource(this.source));
      });
    });
  }
}

/**
 * How the dts plugin compiles the exposed modules: with the remote's own tsconfig, plus Node's
 * types where they are installed (inside the monorepo the kit packages are sources, and
 * kit-session's read Buffer). The modules the remote consumes (its tsconfig's `paths` into
 * @mf-types, wishes-types) are opaque components here: what it exposes never shows a provider's
 * types, and inside the monorepo those are the provider's sources, outside this remote's rootDir.
 * Written under node_modules/.cache, never beside the sources.
 */
function typesOptions(appDir) {
  const dir = path.join(appDir, 'node_modules', '.cache', 'wishes-types');
  const compilerOptions = {};
  try {
    require.resolve('@types/node/package.json', { paths: [appDir] });
    compilerOptions.types = ['node'];
  } catch {
    // No Node types: the remote's own list.
  }
  const ts = require(require.resolve('typescript', { paths: [appDir, __dirname] }));
  const own = ts.readConfigFile(path.join(appDir, 'tsconfig.json'), ts.sys.readFile).config?.compilerOptions?.paths ?? {};
  const consumed = Object.keys(own).filter((alias) => own[alias].some((target) => /^(\.\/)?@mf-types\//.test(target)));
  fs.mkdirSync(dir, { recursive: true });
  const opaque = path.join(dir, 'consumed.ts');
  fs.writeFileSync(opaque, consumed.map((alias) => `declare module '${alias}' {\n  const Module: import('react').ComponentType<any>;\n  export default Module;\n}\n`).join('') || 'export {};\n');
  // (What the remote does with an opaque module's props is `any` here; its typecheck has the real types.)
  if (consumed.length) Object.assign(compilerOptions, { paths: Object.fromEntries(consumed.map((alias) => [alias, ['./opaque/*']])), noImplicitAny: false });
  const file = path.join(dir, 'tsconfig.json');
  fs.writeFileSync(file, `${JSON.stringify({ extends: path.relative(dir, path.join(appDir, 'tsconfig.json')).replace(/\\/g, '/'), compilerOptions }, null, 2)}\n`);
  return { tsConfigPath: file, additionalFilesToCompile: consumed.length ? [opaque] : [] };
}

/** The dts plugin reports a failure and goes on: a build whose manifest names types it lacks fails here instead. */
class TypesCheckPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WishesTypesCheck', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'WishesTypesCheck', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        if (!compilation.getAsset('@mf-types.zip')) {
          compilation.errors.push(new compiler.webpack.WebpackError('the types of the exposed modules were not generated (@mf-types.zip): see the TypeScript errors above'));
        }
      });
    });
  }
}

/** A library module of the host's start-up (its shared singletons' code): not the federation runtime, not the app's own sources. */
function isStartupLibrary(module) {
  const resource = module.nameForCondition && module.nameForCondition();
  if (!resource) return false;
  if (KIT_FILE.test(resource)) return true;
  return /[\\/]node_modules[\\/]/.test(resource) && !/[\\/]node_modules[\\/]@module-federation[\\/]/.test(resource);
}

/**
 * @param {string} appDir the app's folder (__dirname of its webpack.config.js)
 * @param {{ name: string, port: number, exposes?: Record<string,string>, host?: boolean, runtimePlugins?: string[], declaration?: object }} federation
 */
module.exports = function createWebpackConfig(appDir, federation) {
  const pkg = require(path.join(appDir, 'package.json'));
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    // `npm run dev -w <remote>`: the remote's own page (its routes in the kit's standalone
    // host), besides its remoteEntry.js for the shell. Never in a production build.
    const standalone = !production && !federation.host;
    // WISHES_SKIP_TYPES=1: no @mf-types.zip, for builds nobody takes types from (the site `npm test`
    // serves to its browser journeys; its typecheck has checked them already). Releases keep them.
    const typesBuild = production && !federation.host && Object.keys(federation.exposes || {}).length > 0 && process.env.WISHES_SKIP_TYPES !== '1';
    const { DefinePlugin, EntryPlugin, NormalModuleReplacementPlugin } = require('webpack');
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { main: './src/index.ts' },
      // No eval-based maps in development: a dev build loaded into the real site (?mf_override=,
      // docs/teams.md) runs under the site's CSP, which never allows 'unsafe-eval'.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        publicPath: 'auto',
        // Entry files keep stable names (the federation runtime derives paths from them); the server
        // serves them revalidated, and caches the content-hashed chunks immutably.
        // The host's start-up library chunk (optimization below) is content-hashed like any chunk.
        filename: federation.host && production ? (data) => (data.chunk && data.chunk.name === 'startup' ? '[name].[contenthash:8].js' : '[name].js') : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: production ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
        uniqueName: federation.name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.json'], alias: { rxjs$: RXJS.entry, 'react-router-dom$': ROUTER.entry } },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              // Type-checking runs separately (`npm run typecheck`) so builds stay fast on 2 cores.
              options: {
                transpileOnly: true,
                configFile: path.join(appDir, 'tsconfig.json'),
                compilerOptions: { noEmit: false },
                // Development: React Fast Refresh (edits re-render in place, state kept) instead of reloads.
                ...(production ? {} : { getCustomTransformers: () => ({ before: [require('react-refresh-typescript')()] }) }),
              },
            },
          },
          // Production: each chunk's CSS is its own content-hashed stylesheet (mini-css-extract), not
          // a string in the JavaScript plus style-loader's code to attach it — the bytes are no longer
          // parsed as script, are cached apart from the code, and the shell's start-up stylesheet is
          // a <link> in index.html (StartupPreloadPlugin), so the first paint has it. A remote's
          // chunk waits for its stylesheet before its module runs (no unstyled flash); the server
          // preloads the stylesheets of a page's exposed modules (server/src/pages/preload.ts).
          // Development keeps style-loader (hot replacement of styles).
          { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', { loader: 'css-loader', options: { sourceMap: !production } }] },
          { test: /\.(png|jpe?g|webp|gif)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
          // SVG is a document (it can carry script): always inlined as a data URL, never a file the
          // site serves from its own origin, so a release never holds one (the server refuses it).
          { test: /\.svg$/, type: 'asset/inline' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: federation.name,
          filename: 'remoteEntry.js',
          exposes: federation.exposes || {},
          remotes: {},
          shared: sharedSingletons(pkg, { appDir, host: Boolean(federation.host), production }),
          runtimePlugins: [...(federation.host ? [require.resolve('./external-runtime-provider')] : []), ...(federation.runtimePlugins || [])],
          manifest: true,
          // A production build of a remote carries the types of what it exposes: Module Federation's
          // dts plugin compiles them into @mf-types.zip, which mf-manifest.json names; a consumer's
          // typecheck takes them from there (wishes-types, types.js). Never in development.
          dts: typesBuild ? { generateTypes: { ...typesOptions(appDir), abortOnError: true, compileInChildProcess: false }, consumeTypes: false, displayErrorInTerminal: true } : false,
          // One federation runtime on the page: the host bundles it and hands it to every remote
          // entry (a global set at the host's init), so each remoteEntry.js does not carry its own
          // ~25 KB gzip copy. Remotes are still registered at run time from /mf/remotes.json.
          // (The host's provider is build/external-runtime-provider.js, not `provideExternalRuntime`.)
          // optimization: remotes are registered by their remoteEntry.js, never by an
          // mf-manifest.json entry, so the runtime's manifest-snapshot plugin is dead code; and the
          // bundles only run in browsers (no Node script loader).
          // (A standalone remote is its own host in development, so it keeps its runtime there.)
          experiments: {
            ...(federation.host || !production ? {} : { externalRuntime: true }),
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        // the kit takes two classes from rxjs (Subject, BehaviorSubject), and as a singleton
        // its code runs once on a page (the host's copy). Its own imports of 'rxjs' are served from
        // the rxjs files directly, tree-shaken (a query makes that entry module its own, apart from
        // the provided one whose exports all count as used), instead of consuming the shared
        // 'rxjs', which would make every start-up download the whole library. The whole library
        // stays the shared singleton for app code, provided from the same files (the shell's
        // src/remotes/sharedRxjs.ts): the same module instances, one Subject class on the page.
        new NormalModuleReplacementPlugin(/^rxjs$/, (resolveData) => {
          const issuer = resolveData.contextInfo && resolveData.contextInfo.issuer;
          if (issuer && (KIT_FILE.test(issuer))) resolveData.request = `${RXJS.entry}?wishes-shared`;
        }),
        new DefinePlugin({ __WISHES_STANDALONE__: JSON.stringify(standalone) }),
        // The remote's declaration (its remote.config.ts) travels with every build as release.json:
        // the server takes the routes and navigation of the site's own remotes from their builds,
        // as it takes an outside remote's from its release (the release command adds the version).
        ...(federation.declaration ? [new DeclarationPlugin(federation.declaration)] : []),
        ...(typesBuild ? [new TypesCheckPlugin()] : []),
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })] : []),
        // Hot module replacement with React Fast Refresh in development. A change that cannot be
        // applied in place falls back to a full reload (webpack's hot/dev-server); so does any
        // rebuild on a page whose React cannot be fast-refreshed (the real site's production React,
        // ?mf_override=): dev-reload.js, in every entry (remoteEntry.js too, and the shell's, whose
        // copy notes its development React for the remotes' copies), as the dev server adds its
        // own client.
        ...(production ? [] : [new ReactRefreshWebpackPlugin({ overlay: false }), new EntryPlugin(appDir, require.resolve('./dev-reload'), { name: undefined })]),
        ...(standalone ? [new HtmlWebpackPlugin({ template: path.join(__dirname, 'standalone.html'), chunks: ['main'], scriptLoading: 'defer', inject: 'head' })] : []),
        ...(federation.host
          ? [
              new HtmlWebpackPlugin({ template: path.join(appDir, 'public', 'index.html'), scriptLoading: 'defer', inject: 'head' }),
              // The start-up chunks (bootstrap + the shared singletons it consumes) preloaded from
              // the HTML, so they download beside main.js instead of after it has run.
              new StartupPreloadPlugin(),
            ]
          : []),
        // Precompressed copies beside each file; the server sends them as they are (no
        // compression per request): brotli at its best level, gzip for clients without br.
        ...(production
          ? [
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                test: /\.(js|css|json|svg)$/,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
                minRatio: 0.9,
              }),
              new CompressionPlugin({
                filename: '[path][base].gz',
                algorithm: 'gzip',
                test: /\.(js|css|json|svg)$/,
                compressionOptions: { level: 9 },
                threshold: 1024,
                minRatio: 0.9,
              }),
            ]
          : []),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // The host's eagerly provided singletons (federation.shared.js), the libraries and the kit,
        // in one content-hashed start-up file beside main.js (an HTML <script defer>): main.js keeps
        // its stable name and is revalidated on every load, so it holds only webpack's and the
        // federation's runtime and the entry; the libraries stay cached across shell releases.
        ...(federation.host && production
          ? { splitChunks: { cacheGroups: { startup: { name: 'startup', chunks: 'initial', test: isStartupLibrary, enforce: true } } } }
          : {}),
      },
      devServer: {
        port: federation.port,
        // release.json on disk too, where the server reads the declaration in `npm run dev`.
        devMiddleware: { writeToDisk: (file) => /[\\/]release\.json$/.test(file) },
        host: '127.0.0.1',
        hot: true,
        liveReload: true,
        // A dev build also runs inside the real site (?mf_override=, docs/teams.md), a page of
        // another origin and often another site (https://staging…, loading http://localhost:3001).
        // Its hot-update socket goes to this server's own address, never the page's (the dev
        // server's default for a page elsewhere is the page's host); the site's CSP allows ws: of
        // its REMOTE_OVERRIDE_ORIGINS.
        client: { webSocketURL: { hostname: '127.0.0.1' } },
        // The dev server refuses scripts a page of another site loads and sockets it opens unless
        // their host is allowed; any site may (it listens on 127.0.0.1 only, and every file is
        // already readable by any page: Access-Control-Allow-Origin *).
        allowedHosts: 'all',
        // A reload after a rebuild must fetch the new files (dev chunks keep their names).
        headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' },
        historyApiFallback: true,
        proxy: federation.host
          ? [{ context: ['/api', '/media', '/static', '/mf/remotes.json'], target: API_ORIGIN, changeOrigin: true }]
          : [{ context: ['/api', '/media', '/static'], target: API_ORIGIN, changeOrigin: true }],
      },
    };
  };
};
