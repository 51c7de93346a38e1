/**
 * "At most N" under concurrency (security v3): 80 simultaneous instructions to one chat store 50
 * and refuse the rest with 409; 80 simultaneous new chats leave at most CHAT_LIMITS.draftChatsKept
 * drafts. On PostgreSQL the check and the insert were two steps, and 80 stored 80.
 */
import { sql } from 'kysely';
import { CHAT_LIMITS } from '@wishes/kit-contract/api';
import { createTestApp, dialects, type TestContext } from '../../test/kit/harness';

const FORM = { style: 'Heartfelt', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'She loves baking.' };

describe.each(dialects)('chat limits under concurrency (%s)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { generationLimitPerHour: 100_000, generator: 'template' });
  });
  afterAll(async () => t.close());

  it(`80 concurrent instructions to one chat store exactly ${CHAT_LIMITS.instructionsMax}; the rest are 409`, async () => {
    const user = await t.createUser();
    const start = await t.request({ method: 'POST', url: '/api/base/chats/', token: user.access, payload: { ...FORM, text: 'Dear Anna, happy birthday!' } });
    expect(start.statusCode).toBe(201);
    const chatId = start.json().chat_id as number;
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        t.request({ method: 'POST', url: `/api/base/chats/${chatId}/messages/`, token: user.access, payload: { message: `Make it warmer, take ${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CHAT_LIMITS.instructionsMax);
    expect(statuses.filter((s) => s === 409)).toHaveLength(80 - CHAT_LIMITS.instructionsMax);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().error).toMatch(/limit of 50 instructions/);
    const stored = await sql<{ n: number | string }>`select count(*) as n from chat_messages where chat_id = ${chatId} and role = 'user'`.execute(t.app.deps.db);
    expect(Number(stored.rows[0]!.n)).toBe(CHAT_LIMITS.instructionsMax);
  });

  it(`80 concurrent new chats keep at most ${CHAT_LIMITS.draftChatsKept} drafts per member`, async () => {
    const user = await t.createUser();
    const create = (i: number) => t.request({ method: 'POST', url: '/api/base/chats/', token: user.access, payload: { ...FORM, text: `Draft ${i}` } });
    for (let i = 0; i < CHAT_LIMITS.draftChatsKept - 20; i++) expect((await create(i)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => create(1000 + i)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(80).fill(201));
    const drafts = await sql<{ n: number | string }>`select count(*) as n from chats where user_id = ${user.id} and wish_id is null`.execute(t.app.deps.db);
    expect(Number(drafts.rows[0]!.n)).toBe(CHAT_LIMITS.draftChatsKept);
  });
});
