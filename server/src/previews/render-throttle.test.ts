/**
 * What card renders and wish saves may cost (render-queue.ts): CARD_RENDERS_PER_IP_MINUTE counts
 * only cards that must be drawn (every theme × format is drawn once, then served from the cache),
 * per client address; a full render queue is a 503 with Retry-After, never a stall or a 500;
 * SAVES_PER_HOUR bounds a member's saves (create and edit).
 */
import { createTestApp, dialects, expectJsonClientError, type TestContext, type TestUser } from '../../test/kit/harness';
import { CARD_THEMES } from './card-themes';

jest.setTimeout(120_000);

const A = '203.0.113.10';
const B = '203.0.113.20';

describe.each(dialects)('card renders and saves are bounded (%s)', (dialect) => {
  let t: TestContext;
  let ada: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimitScale: 1, cardRendersPerIpMinute: 3, savesPerHour: 4, cardRenderQueue: { concurrency: 1, waiting: 1 } });
    ada = await t.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
  });
  afterAll(async () => t.close());

  const card = (id: number, theme: string, format: string, ip: string) => t.app.inject({ url: `/api/base/wish/${id}/card.png?theme=${theme}&format=${format}`, remoteAddress: ip });

  it('counts only renders, per address: a drawn variant is served again without counting', async () => {
    const id = await t.saveWish(ada, 'Many happy returns!');
    const [t1, t2, t3, t4] = CARD_THEMES.map((theme) => theme.name);
    // Three variants drawn for A: its budget of 3.
    for (const theme of [t1, t2, t3]) expect((await card(id, theme!, 'og', A)).statusCode).toBe(200);
    // Each again, any number of times: cached, nothing counted.
    for (let i = 0; i < 3; i += 1) for (const theme of [t1, t2, t3]) expect((await card(id, theme!, 'og', A)).statusCode).toBe(200);
    // A fourth variant would be a render: 429 with Retry-After.
    const refused = await card(id, t4!, 'og', A);
    expectJsonClientError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own budget; once drawn, the variant is A's to fetch too.
    expect((await card(id, t4!, 'og', B)).statusCode).toBe(200);
    expect((await card(id, t4!, 'og', A)).statusCode).toBe(200);
  });

  it('a full render queue answers 503 with Retry-After at once, and every variant is drawn later', async () => {
    const id = await t.saveWish(ada, 'A queue of cards.');
    const asks = CARD_THEMES.slice(0, 5).map((theme, i) => ({ theme: theme.name, ip: `198.51.100.${i + 1}` }));
    const answers = await Promise.all(asks.map((ask) => card(id, ask.theme, 'square', ask.ip)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((a) => a.statusCode === 503)) {
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.json().error).toMatch(/cards are being drawn/);
    }
    // Asked again one by one, every one is drawn (each address is well within its budget).
    for (const ask of asks) expect((await card(id, ask.theme, 'square', ask.ip)).statusCode).toBe(200);
  });

  it('bounds a member\'s saves per hour (create and edit alike)', async () => {
    const bea = await t.createUser();
    const id = await t.saveWish(bea, 'One');
    await t.saveWish(bea, 'Two');
    expect((await t.request({ method: 'PATCH', url: `/api/base/wish/${id}/`, token: bea.access, payload: { text: 'One, edited' } })).statusCode).toBe(200);
    await t.saveWish(bea, 'Three');
    const fifth = await t.request({ method: 'POST', url: '/api/base/save_wish/', token: bea.access, payload: { text: 'Four' } });
    expectJsonClientError(fifth, 429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expectJsonClientError(await t.request({ method: 'PATCH', url: `/api/base/wish/${id}/`, token: bea.access, payload: { text: 'again' } }), 429);
    // Another member is not affected.
    const cy = await t.createUser();
    expect((await t.request({ method: 'POST', url: '/api/base/save_wish/', token: cy.access, payload: { text: 'Mine' } })).statusCode).toBe(201);
  });
});
