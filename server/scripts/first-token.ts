/**
 * Time to the first streamed token of the offline generator, measured over a real socket:
 * builds the app on a temporary SQLite database, signs a user up and streams 30 drafts.
 *   npm run bench:first-token -w server
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app/app';

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wishes-first-token-'));
  const app = await buildApp({ dataDir, databaseUrl: `sqlite:${path.join(dataDir, 'bench.db')}`, seedDemo: false, generationLimitPerHour: 1000, rateLimitScale: 1000, logLevel: 'warn' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const email = `bench${Date.now()}@example.com`;
    const password = 'Quiet-Meadow-73';
    await fetch(`${base}/api/base/create_user/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, first_name: 'B', last_name: 'T', phone: '1' }) });
    const { access } = (await (await fetch(`${base}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) })).json()) as { access: string };
    const body = JSON.stringify({ style: 'Casual', audience: 'Friend', name: 'Maya', topic: 'Get Well', details: 'broke her ankle skiing last week', length: 'medium' });
    const firsts: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/base/generate_text/stream/`, { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body });
      const reader = res.body!.getReader();
      let text = '';
      let first = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
        if (!first && text.includes('event: token')) first = performance.now() - started;
      }
      if (!text.includes('event: done')) throw new Error(`stream ${i} did not finish: ${text.slice(-200)}`);
      if (i > 0) firsts.push(first); // the first call warms the tagger up
      totals.push(performance.now() - started);
    }
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
    console.log(`first streamed token (offline generator, ${firsts.length} runs): median ${pct(firsts, 50).toFixed(1)} ms, p95 ${pct(firsts, 95).toFixed(1)} ms, max ${Math.max(...firsts).toFixed(1)} ms`);
    console.log(`whole medium draft streamed: median ${pct(totals, 50).toFixed(0)} ms`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
