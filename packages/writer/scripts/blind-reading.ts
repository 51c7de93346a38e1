/**
 * The blind reading: drafts of two writers (before and after a change) for the prompts of
 * src/eval/blind.json, shuffled and unlabeled, for a reader who wrote none of it; then the marks,
 * unblinded. The key is written apart from the sheet, so the reader never sees which writer wrote
 * which draft before the marks are in.
 *   npm run blind -w @wishes/writer -- sheet <before-writer.ts> <folder>   # sheet.md to read, key.json kept apart
 *   npm run blind -w @wishes/writer -- score <folder>                      # marks.json (the reader's) + key.json → the table
 * A writer module exports `writer` (src/eval/writer.ts's shape; `compose` is all it needs).
 * marks.json: `{ "<n>": { "send": true|false, "facts": "all"|"some"|"none", "faults": ["…"] } }`.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DraftLength, GenerateRequest } from '@wishes/kit-contract/api';
import { seededRandom } from '../src/testing/random';
import prompts from '../src/eval/blind.json';

type Compose = (request: GenerateRequest, length: DraftLength, random: () => number) => string;
interface Mark {
  send: boolean;
  facts: 'all' | 'some' | 'none';
  faults: string[];
}

/** Medium drafts, and every third one long: the lengths whose details went missing. */
const lengthOf = (index: number): DraftLength => (index % 3 === 2 ? 'long' : 'medium');

async function composeOf(module: string): Promise<Compose> {
  const { writer } = (await import(path.resolve(module))) as { writer?: { compose: Compose } };
  if (!writer) throw new Error(`${module} does not export a writer`);
  return writer.compose;
}

async function sheet(beforeModule: string, folder: string) {
  const writers: Record<'before' | 'after', Compose> = { before: await composeOf(beforeModule), after: await composeOf(path.join(__dirname, '../src/eval/writer')) };
  const drafts = (prompts as GenerateRequest[]).flatMap((request, index) =>
    (['before', 'after'] as const).map((writer) => ({ writer, index, request, length: lengthOf(index), text: writers[writer](request, lengthOf(index), seededRandom(index + 1)) })),
  );
  // Fisher–Yates with an unseeded random: nobody can work the order out.
  for (let i = drafts.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [drafts[i], drafts[j]] = [drafts[j], drafts[i]];
  }
  mkdirSync(folder, { recursive: true });
  const lines = drafts.map((d, n) => `## ${n + 1}\n\n*${d.request.style}, ${d.request.audience}, ${d.request.topic}, ${d.length}; to ${d.request.name}; details: “${d.request.details}”*\n\n${d.text.split('\n').map((line) => `> ${line}`).join('\n')}\n`);
  writeFileSync(path.join(folder, 'sheet.md'), `# ${drafts.length} drafts\n\nFor each: would you send it as it is; are all the details there (all, some, none); what is wrong.\n\n${lines.join('\n')}`);
  writeFileSync(path.join(folder, 'key.json'), JSON.stringify(Object.fromEntries(drafts.map((d, n) => [n + 1, { writer: d.writer, prompt: d.index + 1 }])), null, 1));
  console.log(`${drafts.length} drafts: ${path.join(folder, 'sheet.md')} (the key is key.json: not for the reader)`);
}

function score(folder: string) {
  const key = JSON.parse(readFileSync(path.join(folder, 'key.json'), 'utf8')) as Record<string, { writer: 'before' | 'after'; prompt: number }>;
  const marks = JSON.parse(readFileSync(path.join(folder, 'marks.json'), 'utf8')) as Record<string, Mark>;
  const rows = { before: { n: 0, send: 0, all: 0, some: 0, none: 0, faults: [] as string[] }, after: { n: 0, send: 0, all: 0, some: 0, none: 0, faults: [] as string[] } };
  for (const [n, mark] of Object.entries(marks)) {
    const row = rows[key[n].writer];
    row.n++;
    if (mark.send) row.send++;
    row[mark.facts]++;
    row.faults.push(...mark.faults.map((fault) => `${fault} (prompt ${key[n].prompt})`));
  }
  const pct = (x: number, n: number) => `${x} / ${n}`;
  console.log('| | Before | After |\n|---|---:|---:|');
  console.log(`| Would send as it is | ${pct(rows.before.send, rows.before.n)} | ${pct(rows.after.send, rows.after.n)} |`);
  console.log(`| Every detail there | ${pct(rows.before.all, rows.before.n)} | ${pct(rows.after.all, rows.after.n)} |`);
  console.log(`| Some details missing | ${pct(rows.before.some, rows.before.n)} | ${pct(rows.after.some, rows.after.n)} |`);
  console.log(`| No detail there | ${pct(rows.before.none, rows.before.n)} | ${pct(rows.after.none, rows.after.n)} |`);
  for (const writer of ['before', 'after'] as const) console.log(`\n${writer}:\n- ${rows[writer].faults.join('\n- ')}`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'sheet' && rest.length === 2) void sheet(rest[0], rest[1]);
else if (command === 'score' && rest.length === 1) score(rest[0]);
else {
  console.error('usage: blind-reading.ts sheet <before-writer.ts> <folder> | score <folder>');
  process.exitCode = 2;
}
