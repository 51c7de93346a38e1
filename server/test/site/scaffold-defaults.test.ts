/**
 * A new remote's defaults (the kit's scaffold, shared/kit-build/src/scaffold.js, behind both
 * `wishes-new-remote` and `npm run new-remote`): scaffolds made one after another on one machine
 * never share a dev port, and those for one site never share a navigation order or an icon, even
 * when their folder names pick the same ones first (neither is running nor live yet). The pairs of
 * names are found by the same hash the scaffold uses; real files in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const scaffold = require('../../../shared/kit-build/src/scaffold.js') as {
  ICONS: string[];
  ownDefaults(folder: string, options: { usedPorts?: number[]; usedOrders?: number[]; usedIcons?: string[]; site?: string | null; file?: string }): Promise<Defaults>;
  rememberScaffold(entry: { folder: string; dir: string; site: string | null; defaults: Defaults }, file?: string): void;
};

interface Defaults {
  devPort: number;
  order: number;
  icon: string;
}

const SITE = 'https://wishes.example.com';
let work: string;
let file: string;

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-scaffolds-'));
  file = path.join(work, 'state', 'scaffolds.json');
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** Picks defaults for `folder` and writes it as the bins do (files first, then remembered). */
async function scaffoldOne(folder: string, site: string | null = SITE, used: { usedOrders?: number[]; usedIcons?: string[] } = {}): Promise<Defaults> {
  const defaults = await scaffold.ownDefaults(folder, { ...used, site, file });
  const dir = path.join(work, `${folder}-${Math.random().toString(36).slice(2, 8)}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'remote.config.ts'), `// ${folder}\n`);
  scaffold.rememberScaffold({ folder, dir, site, defaults }, file);
  return defaults;
}

/** Two folder names whose first pick of `field` is the same (nothing taken, nothing remembered). */
async function clashing(field: keyof Defaults): Promise<[string, string]> {
  const seen = new Map<string | number, string>();
  const scratch = path.join(work, 'none.json');
  for (let i = 0; i < 5000; i++) {
    const folder = `mf-clash-${field.toLowerCase()}-${i}`;
    const value = (await scaffold.ownDefaults(folder, { file: scratch }))[field];
    const other = seen.get(value);
    if (other) return [other, folder];
    seen.set(value, folder);
  }
  throw new Error(`no two names share a ${field}`);
}

describe('scaffold defaults', () => {
  it.each(['devPort', 'order', 'icon'] as const)('two scaffolds one after another never share a %s, even when their names pick the same one first', async (field) => {
    const [first, second] = await clashing(field);
    const a = await scaffoldOne(first);
    const b = await scaffoldOne(second);
    expect(a.devPort).not.toBe(b.devPort);
    expect(a.order).not.toBe(b.order);
    expect(a.icon).not.toBe(b.icon);
  });

  it('a run of scaffolds for one site takes a different icon each until all are taken, and never an order or port twice', async () => {
    const made: Defaults[] = [];
    for (let i = 0; i < scaffold.ICONS.length + 2; i++) made.push(await scaffoldOne(`mf-run-${i}`, SITE, { usedOrders: [100, 110], usedIcons: [] }));
    expect(new Set(made.slice(0, scaffold.ICONS.length).map((d) => d.icon)).size).toBe(scaffold.ICONS.length);
    expect(new Set(made.map((d) => d.order)).size).toBe(made.length);
    expect(new Set(made.map((d) => d.devPort)).size).toBe(made.length);
    expect(made.map((d) => d.order)).not.toContain(100);
  });

  it("another site's scaffolds keep their ports apart but not their orders and icons; a deleted scaffold frees its own", async () => {
    const [first, second] = await clashing('devPort');
    const a = await scaffoldOne(first, SITE);
    const b = await scaffoldOne(second, 'https://other.example.com');
    expect(a.devPort).not.toBe(b.devPort);
    // The same name again, for another site: the port moves (a is on disk), order and icon may repeat.
    const again = await scaffold.ownDefaults(first, { site: 'https://third.example.com', file });
    expect(again.devPort).not.toBe(a.devPort);
    expect([again.order, again.icon]).toEqual([a.order, a.icon]);
    // Deleted from disk: forgotten.
    const remembered = JSON.parse(fs.readFileSync(file, 'utf8')).scaffolds as Array<{ dir: string; folder: string }>;
    fs.rmSync(remembered.find((e) => e.folder === first)!.dir, { recursive: true });
    expect(await scaffold.ownDefaults(first, { site: SITE, file })).toEqual(a);
  });
});
