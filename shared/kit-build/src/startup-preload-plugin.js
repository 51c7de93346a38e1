/**
 * For the host: finds the JavaScript the page needs before it can render anything, and preloads
 * it from index.html; the stylesheets of those chunks (the shell's own CSS, mini-css-extract)
 * become `<link rel="stylesheet">` in <head>, so the server's first paint already has them (the
 * server serves this index.html as every page's template) and the chunk's loader finds them in
 * the document instead of adding them again.
 *
 * The shell starts through an async boundary (`index.ts` imports `./bootstrap`), so without help
 * the browser learns about the bootstrap chunk and the shared singletons (react, react-dom, the
 * router, rxjs, the kit) only after main.js has downloaded and run: one more round trip
 * on every cold load. The files are known at build time: the chunks of each chunk group that an
 * entry module imports directly, plus, transitively, the fallback chunks of the shared modules
 * those chunks consume (the host provides the singletons, so its own copies are the ones used).
 * Lazily imported code (a static page's markdown, the toast library) is not followed.
 *
 * Runs after the real content hashes are in place and adds `<link rel="preload" as="script">`
 * before `</head>`; the list is also written to `startup.json` for tools. It also orders the
 * entry's own script tags and raises their priority (below).
 */
const NAME = 'StartupPreloadPlugin';
const CONSUME_SHARED = 'consume-shared-module';
const PROVIDE_SHARED = 'provide-module';

class StartupPreloadPlugin {
  /** @param {{ html?: string }} [options] */
  constructor(options = {}) {
    this.html = options.html || 'index.html';
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // The entry's own <script defer> tags (main.js, and the start-up library chunk of a host that
      // provides its singletons eagerly): fetched at high priority (a defer script is low by
      // default, so Chromium sent main.js only after the preloads, one round trip later on a slow
      // network), and the runtime chunk first: main.js runs as soon as it arrives, so the federation
      // runtime starts while the larger library file is still downloading; webpack starts the
      // entry module once every chunk of the entry is in, whatever their order.
      const HtmlWebpackPlugin = require('html-webpack-plugin');
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap(NAME, (data) => {
        const runtimeFiles = new Set();
        for (const chunk of compilation.chunks) if (chunk.hasRuntime()) for (const file of chunk.files) runtimeFiles.add(file);
        const isRuntime = (tag) => typeof tag.attributes.src === 'string' && runtimeFiles.has(tag.attributes.src.split('/').pop());
        const scripts = data.assetTags.scripts;
        for (const tag of scripts) if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
        data.assetTags.scripts = [...scripts.filter(isRuntime), ...scripts.filter((tag) => !isRuntime(tag))];
        return data;
      });
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = startupFiles(compilation);
        const styles = startupFiles(compilation, /\.css$/);
        compilation.emitAsset('startup.json', new sources.RawSource(JSON.stringify({ preload: files, styles }, null, 2) + '\n'));
        const html = compilation.getAsset(this.html);
        if (!html || files.length + styles.length === 0) return;
        const source = html.source.source().toString();
        const links = styles.map((file) => `<link rel="stylesheet" href="${file}">`).join('') + files.map((file) => `<link rel="preload" as="script" href="${file}">`).join('');
        const at = source.lastIndexOf('</head>');
        if (at === -1) return;
        compilation.updateAsset(this.html, new sources.RawSource(source.slice(0, at) + links + source.slice(at)));
      });
    });
  }
}

/** The start-up JavaScript files (or those matching `pattern`), relative to the output folder, in a stable order. */
function startupFiles(compilation, pattern = /\.m?js$/) {
  const { chunkGraph } = compilation;
  const initial = new Set();
  const entryModules = [];
  for (const entrypoint of compilation.entrypoints.values()) {
    for (const chunk of entrypoint.chunks) {
      for (const file of chunk.files) initial.add(file);
      for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) entryModules.push(module);
    }
  }
  // The host's share scope holds its provided copies: a consumed singleton is loaded from the
  // provide module's chunk (usually the consume fallback's chunk too, but not always).
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === PROVIDE_SHARED && !provided.has(module._name)) provided.set(module._name, module);
  }
  const consumed = (module) => {
    const provider = provided.get(module.options && module.options.shareKey);
    for (const block of (provider || module).blocks) visitGroup(chunkGraph.getBlockChunkGroup(block));
  };
  const files = new Set();
  const seenGroups = new Set();
  const seenChunks = new Set();
  const visitGroup = (group) => {
    if (!group || seenGroups.has(group)) return;
    seenGroups.add(group);
    for (const chunk of group.chunks) visitChunk(chunk);
  };
  const visitChunk = (chunk) => {
    if (seenChunks.has(chunk)) return;
    seenChunks.add(chunk);
    for (const file of chunk.files) if (pattern.test(file) && !initial.has(file)) files.add(file);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type === CONSUME_SHARED) consumed(module);
    }
  };
  // The entry's direct dynamic imports (the async boundary), and the shared modules the entry
  // chunks themselves consume.
  for (const module of entryModules) {
    for (const block of module.blocks) visitGroup(chunkGraph.getBlockChunkGroup(block));
  }
  for (const entrypoint of compilation.entrypoints.values()) {
    for (const chunk of entrypoint.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type === CONSUME_SHARED) consumed(module);
      }
    }
  }
  return [...files].sort();
}

module.exports = StartupPreloadPlugin;
module.exports.startupFiles = startupFiles;
