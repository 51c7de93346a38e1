/**
 * The server's lint boundaries (eslint.config.mjs) fail a planted violation, and say the fix: the
 * platform layer imports no module, a module imports another only through its service.ts (or the
 * public files eslint.config.mjs lists for it), a migration imports nothing but Kysely and its own
 * folder, and only the composition root imports the read model (not even its type); a remote imports
 * only kit packages and its own files, and a kit package imports no app. The planted files are linted as text (ESLint's --stdin, in a child process: the
 * config is an ES module, which jest's module system cannot load); nothing is written.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';

const root = path.resolve(__dirname, '../../..');
const eslintBin = path.join(root, 'node_modules/eslint/bin/eslint.js');

async function messagesOf(file: string, code: string): Promise<string[]> {
  const child = spawn(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', path.join(root, file)], { cwd: root });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(code);
  await new Promise((resolve) => child.on('close', resolve));
  const [result] = JSON.parse(out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

jest.setTimeout(60_000);

describe('server lint boundaries', () => {
  it('refuses a module imported by the platform layer, naming the fix', async () => {
    const messages = await messagesOf('server/src/platform/planted.ts', "import { insertWish } from '../wishes/queries';\nexport const planted = insertWish;\n");
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*The platform layer knows no module: take what it needs as a parameter/)]);
  });

  it('lets the platform layer import its own files and packages', async () => {
    expect(await messagesOf('server/src/platform/planted.ts', "import { createEventBus } from './events';\nimport type { VoteType } from '@wishes/kit-contract/api';\nexport const planted: [typeof createEventBus, VoteType | null] = [createEventBus, null];\n")).toEqual([]);
  });

  it('refuses live code imported by a migration, naming the fix', async () => {
    const messages = await messagesOf('server/src/db/migrations/0099_planted.ts', "import { nowIso } from '../types';\nexport const planted = nowIso;\n");
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*A migration imports nothing but Kysely and its own folder/)]);
    expect(await messagesOf('server/src/db/migrations/0099_planted.ts', "import { sql } from 'kysely';\nimport { dateColumn } from './date-columns';\nexport const planted = [sql, dateColumn];\n")).toEqual([]);
    expect(await messagesOf('server/src/db/migrations/0099_planted.ts', "import { FEED_BUCKET_SIZE } from './0007_moderation';\nexport const planted = FEED_BUCKET_SIZE;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A migration never imports another migration/),
    ]);
  });

  it('refuses the read model imported by a module, even as a type, naming the fix', async () => {
    const planted = "import { createReadModel } from '../wishes/read-model';\nexport const planted = createReadModel;\n";
    const readModelRule = /^@typescript-eslint\/no-restricted-imports: .*Only the composition root wires the read model: read it from deps.readModel/;
    // Outside its module the read model is also not a public file of wishes: both rules refuse it.
    expect(await messagesOf('server/src/votes/planted.ts', planted)).toEqual(expect.arrayContaining([expect.stringMatching(readModelRule)]));
    expect(await messagesOf('server/src/votes/planted.ts', "import { subscribeReadModel } from '../wishes/read-model-events';\nexport const planted = subscribeReadModel;\n")).toEqual(
      expect.arrayContaining([expect.stringMatching(readModelRule)]),
    );
    expect(await messagesOf('server/src/votes/planted.ts', "import type { ReadModel } from '../wishes/read-model';\nexport type Planted = ReadModel;\n")).toEqual(expect.arrayContaining([expect.stringMatching(readModelRule)]));
    // Its type as a module takes it.
    expect(await messagesOf('server/src/votes/planted.ts', "import type { AppDeps } from '../app/deps';\nexport type Planted = AppDeps['readModel'];\n")).toEqual([]);
    // The composition root may.
    expect(await messagesOf('server/src/app/subscriptions.ts', planted)).toEqual([]);
  });

  it("refuses a module's inner file imported by another module, naming the fix, and lets its service.ts through", async () => {
    const messages = await messagesOf('server/src/votes/planted.ts', "import { closeSqliteSearch } from '../wishes/sqlite-search';\nexport const planted = closeSqliteSearch;\n");
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*A module imports another only through its service.ts: import this from server\/src\/wishes\/service.ts/)]);
    // The infrastructure is held to the same rule.
    expect(await messagesOf('server/src/cluster/planted.ts', "import { votersPageFor } from '../votes/queries';\nexport const planted = votersPageFor;\n")).toHaveLength(1);
    expect(await messagesOf('server/src/votes/planted.ts', "import { createNotifier } from '../notifications/service';\nexport const planted = createNotifier;\n")).toEqual([]);
    // The composition root wires modules together, so it may reach inside them.
    expect(await messagesOf('server/src/app/planted.ts', "import { closeSqliteSearch } from '../wishes/sqlite-search';\nexport const planted = closeSqliteSearch;\n")).toEqual([]);
  });

  it('holds the platform layer as it is to the rule', async () => {
    // Every file of the platform layer, linted as it stands: the registrar, errors, request auth,
    // config, the event stream, metrics and rate limits import no module.
    const child = spawn(process.execPath, [eslintBin, '--format', 'json', 'server/src/platform'], { cwd: root });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    const results = JSON.parse(out) as Array<{ filePath: string; messages: unknown[] }>;
    expect(results.map((r) => path.basename(r.filePath))).toEqual(expect.arrayContaining(['operations.ts', 'errors.ts', 'auth.ts', 'config.ts', 'event-stream.ts', 'metrics.ts', 'ratelimit.ts']));
    expect(results.filter((r) => r.messages.length)).toEqual([]);
  });
});

describe('ownership lint zones', () => {
  it('refuses a monorepo file imported by a remote, naming the fix, and lets it import kit packages and its own files', async () => {
    const messages = await messagesOf('mf-feed/src/planted.ts', "import { createGenerator } from '../../packages/writer/src/index';\nexport const planted = createGenerator;\n");
    expect(messages).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: .*A remote imports only kit packages .* move what mf-feed needs from the monorepo into a kit package/));
    expect(await messagesOf('mf-feed/src/planted.ts', "import { Button } from '@wishes/kit-ui';\nimport declaration from '../remote.config';\nexport const planted = [Button, declaration];\n")).toEqual([]);
  });

  it('refuses an app imported by a kit package, naming the fix', async () => {
    const messages = await messagesOf('shared/kit-ui/src/planted.ts', "import declaration from '../../../mf-feed/remote.config';\nexport const planted = declaration;\n");
    expect(messages).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: .*A kit package imports no app or monorepo file: take what it needs as a parameter/));
  });
});
