/**
 * Scores the offline wish writer on the evaluation set and prints the table of docs/generator.md.
 *   npm run eval -w @wishes/writer                        # the current writer
 *   npm run eval -w @wishes/writer -- <writer.ts> [...]   # other writers side by side (a module exporting `writer`)
 */
import path from 'node:path';
import { evaluate, factsCarried, formatTable, instructionsFollowed, varietyOf, type EvalReport, type VarietyReport, type Writer } from '../src/eval/score';

async function main() {
  const targets = process.argv.slice(2).length ? process.argv.slice(2).map((t) => path.resolve(t)) : [path.join(__dirname, '../src/eval/writer')];
  const columns: Array<[string, EvalReport, VarietyReport]> = [];
  const examples: string[] = [];
  for (const target of targets) {
    const { writer } = (await import(target)) as { writer?: Writer };
    if (!writer) throw new Error(`${target} does not export a writer`);
    const started = Date.now();
    const report = evaluate(writer, 1);
    const variety = varietyOf(writer.compose, 1);
    const name = path.basename(path.dirname(target)) + '/' + path.basename(target);
    columns.push([name, report, variety]);
    // Compound details (every fact carried) and compound or negated chat instructions.
    const facts = factsCarried(writer, 1);
    const instructions = instructionsFollowed(writer, 1);
    const pct = (x: number) => `${(100 * x).toFixed(0)} %`;
    examples.push(
      `${name}: compound details, every fact in medium/long drafts ${pct(facts.everyFactRate)}, a fact in short drafts ${pct(facts.shortOneFactRate)}; ` +
        `compound/negated instructions pasted ${pct(instructions.pastedRate)}, followed part by part ${pct(instructions.followedRate)}; ` +
        `"Give me 3" with 3 distinct bodies by style: ${Object.entries(report.threeBodiesRateByStyle).map(([style, rate]) => `${style} ${pct(rate)}`).join(', ')}\n- ${[...facts.examples, ...instructions.examples].join('\n- ')}`,
    );
    examples.push(`${name} (${Date.now() - started} ms):\n- ${report.examples.join('\n- ')}`);
  }
  console.log(formatTable(columns));
  console.log(`\nExamples:\n${examples.join('\n\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
