/**
 * A tiny fake built site (shell + one remote) for the security suites, so page routes answer with
 * HTML instead of the "not built" 503, plus canary files that must never be served.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSiteDeclarations } from '../kit/site-remotes';

export const SITE_CANARY = 'CANARY-site-root-must-never-be-served';
export const TEMPLATE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Wishes</title></head>' +
  '<body><div id=root></div><script defer src=main.js></script></body></html>';

export function makeFakeSite(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'wishes-sec-site-'));
  const put = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  put('shell/dist/index.html', TEMPLATE);
  put('shell/dist/main.js', 'console.log("shell");');
  put('mf-feed/dist/remoteEntry.js', 'var mf_feed;');
  put('package.json', JSON.stringify({ canary: SITE_CANARY }));
  put('.env', `SECRET=${SITE_CANARY}`);
  // The site's remotes as their builds declare them.
  writeSiteDeclarations(root);
  return root;
}

/** Runs `fn` with WISHES_SITE_ROOT set (the pages module reads it when the app is built). */
export async function withSiteRoot<T>(root: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.WISHES_SITE_ROOT;
  process.env.WISHES_SITE_ROOT = root;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.WISHES_SITE_ROOT;
    else process.env.WISHES_SITE_ROOT = saved;
  }
}
