/**
 * Release archives for the server suites: a built remote as `npm run release -- --publish` packs
 * it (remoteEntry.js, a page chunk, mf-manifest.json, a private source map, release.json), and a
 * fake site whose shell provides the shared singletons.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';
import { writeSiteDeclarations } from './site-remotes';

const SHELL_SHARED = { react: '18.3.1', 'react-dom': '18.3.1', 'react-router-dom': '6.30.6', rxjs: '7.8.2', '@tanstack/react-query': '5.108.0' };
export const REQUIRED = { react: '^18.3.1', 'react-dom': '^18.3.1', 'react-router-dom': '^6.30.0', rxjs: '^7.8.2', '@tanstack/react-query': '^5.108.0' };

export interface Entry {
  name: string;
  content?: string | Buffer;
  type?: 'file' | 'directory' | 'symlink' | 'link' | 'character-device' | 'fifo';
  linkname?: string;
}

/** A gzip'd tar of `entries`. */
export async function archive(entries: Entry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries) {
    const type = e.type ?? 'file';
    if (type === 'file') pack.entry({ name: e.name, type }, Buffer.from(e.content ?? ''));
    else pack.entry({ name: e.name, type, linkname: e.linkname, devmajor: 1, devminor: 3 });
  }
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

function federationManifest(name: string, exposes: string[], page: string) {
  return JSON.stringify({
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: Object.entries(REQUIRED).map(([pkg, range]) => ({ name: pkg, version: range.slice(1), requiredVersion: range, singleton: true, assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } })),
    exposes: exposes.map((e) => ({ name: e, path: `./${e}`, assets: { js: { sync: [page], async: [] }, css: { sync: [], async: [] } } })),
  });
}

/** The entries of a built remote: remoteEntry.js, a page chunk, its manifest, a source map and (optionally) release.json. */
export function build(declaration: RemoteDeclaration, options: { marker?: string; drop?: string[]; version?: string; withMeta?: boolean; page?: string; map?: string } = {}): Entry[] {
  const marker = options.marker ?? 'a';
  const page = `__federation_expose_Page.${marker}.js`;
  const exposes = Object.keys(declaration.exposes).filter((e) => !options.drop?.includes(e));
  const entries: Entry[] = [
    { name: 'remoteEntry.js', content: `var ${declaration.name}; /* ${marker} */` },
    { name: page, content: options.page ?? `page ${marker}\n//# sourceMappingURL=${page}.map` },
    { name: 'mf-manifest.json', content: federationManifest(declaration.name, exposes, page) },
    { name: `.maps/${page}.map`, content: options.map ?? JSON.stringify({ version: 3, sources: ['src/Page.tsx'], names: [], mappings: 'AAAA' }) },
  ];
  if (options.withMeta !== false) entries.push({ name: 'release.json', content: JSON.stringify({ version: options.version ?? '1.0.0', declaration }) });
  return entries;
}

export const HELLO: RemoteDeclaration = {
  key: 'hello',
  name: 'mf_hello',
  folder: 'mf-hello',
  devPort: 3099,
  exposes: { HelloPage: './src/HelloPage.tsx' },
  routes: [{ path: '/hello', expose: 'HelloPage', title: 'Hello' }],
  nav: [{ to: '/hello', label: 'Hello', icon: 'sparkle', visibility: 'members', order: 45 }],
};

export function makeSite(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'wishes-pub-site-'));
  const put = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  put('shell/dist/index.html', '<!doctype html><html><head><title>Wishes</title></head><body><div id="root"></div></body></html>');
  put('shell/dist/mf-manifest.json', JSON.stringify({ name: 'shell', shared: Object.entries(SHELL_SHARED).map(([name, version]) => ({ name, version })), exposes: [] }));
  // The site's own remotes, as their builds declare them (the remotes' files themselves are not needed).
  writeSiteDeclarations(root);
  return root;
}

