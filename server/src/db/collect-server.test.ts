/**
 * The server under forced garbage collection (issue: Node 24 aborted the process when better-sqlite3
 * 12's statements were collected). A listening app on each database answers a thousand real HTTP
 * requests (reads, searches, votes, saves, a card through sharp) with a forced `gc()` every 50, then
 * closes cleanly. On the primary line this runs in `npm test`; scripts/node-lines.js does the same to
 * the compiled server on 22 and 26.
 */
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

jest.setTimeout(300_000);

describe.each(dialects)('the server under forced garbage collection (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('answers 1,000 requests with a forced gc() every 50 requests, and closes cleanly', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const author = await t.createUser();
    const fan = await t.createUser();
    const wishes: number[] = [];
    for (let i = 0; i < 5; i++) wishes.push(await t.saveWish(author, `Collected wish number ${i} for the garbage test`));

    const requests: Array<() => Promise<Response>> = [
      () => fetch(`${base}/api/base/wishes/?page=1`),
      () => fetch(`${base}/api/base/wish/${wishes[0]}/`),
      () => fetch(`${base}/api/base/search/?q=garbage`),
      () => fetch(`${base}/api/wish/${wishes[1]}/vote/`, { method: 'POST', headers: { authorization: `Bearer ${fan.access}`, 'content-type': 'application/json' }, body: JSON.stringify({ vote_type: 'upvote' }) }),
      () => fetch(`${base}/api/notifications/`, { headers: { authorization: `Bearer ${author.access}` } }),
    ];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < 1000) {
        const n = next++;
        const res = n % 200 === 0 ? await fetch(`${base}/api/base/wish/${wishes[n % 5]}/card.png`) : await requests[n % requests.length]!();
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (n % 250 === 0) await t.saveWish(author, `Saved under collection ${n}`);
        // A full collection every 50 requests, with statements and buffers of the requests before it to drop (a timer every 50 ms made jest's large heap crawl).
        if (n % 50 === 0) gc();
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    gc();
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(1000);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
