/**
 * Scores the offline wish generator on the evaluation set and prints the README table.
 *   npm run eval:generator -w server                 # the current generator
 *   npm run eval:generator -w server -- <module.ts>  # another one (e.g. an older template.ts)
 * A module may export composeDraft(request, length, random) or the older composeWish(request, random).
 */
import path from 'node:path';
import { evaluate, formatTable, type ComposeFn, type VariantsFn } from '../src/generator/eval/score';

async function main() {
  const target = process.argv[2] ? path.resolve(process.argv[2]) : path.join(__dirname, '../src/generator/template');
  const mod = (await import(target)) as { composeDraft?: ComposeFn; composeVariants?: VariantsFn; composeWish?: (r: unknown, random: () => number) => string };
  const compose: ComposeFn | undefined = mod.composeDraft ?? (mod.composeWish && ((request, _length, random) => mod.composeWish!(request, random)));
  if (!compose) throw new Error(`${target} exports neither composeDraft nor composeWish`);
  const started = Date.now();
  const report = evaluate(compose, 1, mod.composeVariants);
  console.log(formatTable([[path.basename(target), report]]));
  console.log(`\n${report.drafts} drafts + variants scored in ${Date.now() - started} ms`);
  if (report.examples.length) console.log(`\nExamples:\n- ${report.examples.join('\n- ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
