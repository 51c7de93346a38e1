/**
 * WishGenerator.warm: the offline writer prepares its text for every style and topic after the
 * server starts listening (app.ts, config.warmGenerator), one draft per turn of the event loop, and
 * stops when the server closes. Off under NODE_ENV=test, so the app test turns it on.
 */
import { createTestApp, type TestContext } from '../../test/kit/harness';
import { createTemplateGenerator, type WishGenerator } from './provider';
import * as template from './template';
import { STYLE_KEYS, TOPIC_KEYS } from './keys';

// The drafts warm() writes are counted through the module's own composeDraft, wrapped.
jest.mock('./template', () => {
  const actual = jest.requireActual<typeof import('./template')>('./template');
  return { ...actual, composeDraft: jest.fn(actual.composeDraft) };
});
const compose = template.composeDraft as jest.MockedFunction<typeof template.composeDraft>;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the offline writer warms up', () => {
  beforeEach(() => compose.mockClear());

  it('drafts once for every style and topic, a draft per turn of the event loop, without using the seeded randomness', async () => {
    const random = jest.fn(() => 0.5);
    const warming = createTemplateGenerator(random, 0).warm!();
    await nextTurn();
    // Other work (a request) runs between drafts: only the first is done after one turn.
    expect(compose.mock.calls.length).toBeLessThanOrEqual(1);
    await warming;
    expect(compose).toHaveBeenCalledTimes(STYLE_KEYS.length * TOPIC_KEYS.length);
    const pairs = new Set(compose.mock.calls.map(([request]) => `${request.style}/${request.topic}`));
    expect(pairs.size).toBe(STYLE_KEYS.length * TOPIC_KEYS.length);
    expect(random).not.toHaveBeenCalled();
  });

  it('answers a second call with the run already started', async () => {
    const generator = createTemplateGenerator(Math.random, 0);
    const first = generator.warm!();
    expect(generator.warm!()).toBe(first);
    await first;
    expect(compose).toHaveBeenCalledTimes(STYLE_KEYS.length * TOPIC_KEYS.length);
  });

  it('stops at the next draft once its signal aborts', async () => {
    const stop = new AbortController();
    const warming = createTemplateGenerator(Math.random, 0).warm!(stop.signal);
    await nextTurn();
    await nextTurn();
    stop.abort();
    await warming;
    expect(compose.mock.calls.length).toBeGreaterThan(0);
    expect(compose.mock.calls.length).toBeLessThan(STYLE_KEYS.length * TOPIC_KEYS.length);
  });
});

describe('the server warms its generator once it listens', () => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const generatorWithWarm = () => {
    const warm = jest.fn(async (_signal?: AbortSignal) => undefined);
    const generator: WishGenerator = { generate: async () => 'A wish.', warm };
    return { generator, warm };
  };

  it('calls warm when it starts listening and aborts it when it closes', async () => {
    const { generator, warm } = generatorWithWarm();
    t = await createTestApp('sqlite', { warmGenerator: true }, { generator });
    expect(warm).not.toHaveBeenCalled(); // injected requests alone do not warm anything
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(warm).toHaveBeenCalledTimes(1);
    const signal = warm.mock.calls[0][0]!;
    expect(signal.aborted).toBe(false);
    await t.close();
    t = undefined;
    expect(signal.aborted).toBe(true);
  });

  it('does not warm when config.warmGenerator is off (the default under NODE_ENV=test)', async () => {
    const { generator, warm } = generatorWithWarm();
    t = await createTestApp('sqlite', {}, { generator });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(warm).not.toHaveBeenCalled();
  });
});
