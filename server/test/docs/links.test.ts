/**
 * The READMEs and the docs pages are a map: every repository file or folder they name must exist.
 * A name is a relative Markdown link (`[text](docs/x.md#part)`) or a path in backticks whose first
 * folder is one of the repository's own (`server/src/app/app.ts`, `docs/`), one of the page's own
 * folder (`src/app/deps.ts` in server/README.md), or a server area (`notifications/service.ts`, as
 * the docs name a server file). Paths with a placeholder (`<area>`, `*`, `…`, `{id}`) are patterns,
 * not names, and what git ignores (builds, `.tmp/`, `node_modules/`) is made by the tools.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

function pages(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return ['README.md', 'server/README.md', 'e2e/README.md', ...docs].sort();
}

const entries = (dir: string) => new Set(readdirSync(path.join(ROOT, dir)).filter((name) => name !== 'node_modules' && name !== '.git'));
/** Where a backticked path may start: the repository's root, the page's folder, the server's areas. */
const AREAS = 'server/src';

const PATTERN = /[<>*…{}$|]|\.\.\.|\s/;

/** Every repository path `page` names, as [the text that names it, the path from the root]. */
function namedPaths(page: string): Array<[string, string]> {
  const text = readFileSync(path.join(ROOT, page), 'utf8');
  const dir = path.dirname(page);
  const found: Array<[string, string]> = [];
  // Relative links, images included: [text](target "title")
  for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1]!;
    if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(target)) continue; // another site, an anchor, a URL path of the site
    const file = decodeURIComponent(target.split('#')[0]!.split('?')[0]!);
    if (file) found.push([match[0], path.normalize(path.join(dir, file))]);
  }
  // Paths in backticks whose first folder is the repository's: `server/src/app/app.ts`, `scripts/test.js:12`.
  const withoutFences = text.replace(/^```[\s\S]*?^```/gm, '');
  for (const match of withoutFences.matchAll(/`([^`\n]+)`/g)) {
    const candidate = match[1]!.replace(/:\d+(-\d+)?$/, '').replace(/#.*$/, '');
    if (PATTERN.test(candidate) || !candidate.includes('/')) continue;
    const first = candidate.replace(/^\.\//, '').split('/')[0]!;
    const base = ['.', dir, AREAS].find((folder) => entries(folder).has(first));
    if (base === undefined) continue;
    found.push([match[0], path.normalize(path.join(base, candidate)) + (candidate.endsWith('/') ? '/' : '')]);
  }
  return found;
}

/** The paths git ignores (made by builds and tools). */
function ignored(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: ROOT, input: paths.join('\n'), encoding: 'utf8' });
    return new Set(out.split('\n').filter(Boolean));
  } catch (error) {
    // Exit status 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
}

describe('the README and the docs name only files that exist', () => {
  it.each(pages())('%s', (page) => {
    const named = namedPaths(page).filter(([, file]) => !file.startsWith('..'));
    const missing = named.filter(([, file]) => !existsSync(path.join(ROOT, file)));
    const generated = ignored(missing.map(([, file]) => file));
    expect(missing.filter(([, file]) => !generated.has(file)).map(([name]) => name)).toEqual([]);
  });
});
