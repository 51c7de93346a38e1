/**
 * `npm run fuzz`: the longer fuzz run. The same properties as test/security/fuzz.test.ts (see
 * test/security/fuzz-core.ts) with more runs and a random seed, printed so a failure can be
 * replayed exactly: `npm run fuzz -- --seed <seed> --runs <n>` (or FUZZ_SEED / FUZZ_RUNS in jest).
 *
 *   npm run fuzz -- [--runs 20000] [--seed N] [--db both|sqlite|postgres] [--minutes 10]
 */
import { rmSync } from 'node:fs';
import { createTestApp, dialects, type TestDialect } from '../test/kit/harness';
import { runFuzz, setupWorld } from '../test/security/fuzz-core';
import { makeFakeSite, withSiteRoot } from '../test/security/site';

function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  return args[i].includes('=') ? args[i].split('=').slice(1).join('=') : (args[i + 1] ?? fallback);
}

const RUNS = Number(flag('runs', '20000'));
const SEED = Number(flag('seed', String(Math.floor(Math.random() * 2 ** 31))));
const MINUTES = Number(flag('minutes', '15'));
const which = flag('db', 'both');
const wanted: TestDialect[] = which === 'both' ? ['sqlite', 'postgres'] : (which.split(',') as TestDialect[]);

async function main() {
  let failed = false;
  for (const dialect of wanted) {
    if (!dialects.includes(dialect)) {
      console.warn(`!!! ${dialect} is not available here: skipped`);
      if (process.env.CI) failed = true;
      continue;
    }
    const runs = dialect === 'sqlite' ? RUNS : Math.ceil(RUNS / 4);
    console.log(`fuzz ${dialect}: ${runs} runs, seed ${SEED} (replay: npm run fuzz -- --db ${dialect} --seed ${SEED} --runs ${runs})`);
    const site = makeFakeSite();
    const t = await withSiteRoot(site, () => createTestApp(dialect));
    try {
      const world = await setupWorld(t);
      const started = Date.now();
      const details = await runFuzz(world, { seed: SEED, numRuns: runs, interruptAfterTimeLimit: MINUTES * 60_000 });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (details.failed) {
        failed = true;
        console.error(`\n✗ ${dialect}: FAILED after ${details.numRuns} runs in ${seconds} s (seed ${details.seed}, path ${details.counterexamplePath})`);
        console.error(String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance));
      } else {
        console.log(`✓ ${dialect}: ${details.numRuns} runs, no violation, ${seconds} s${details.interrupted ? ' (stopped by the time limit)' : ''}`);
      }
    } finally {
      await t.close();
      rmSync(site, { recursive: true, force: true });
    }
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
