/**
 * WishGenerator.warm: the offline writer prepares its text for every style and topic (the server
 * calls it once it listens), one draft per turn of the event loop, and stops when its signal aborts.
 */
import { createTemplateGenerator } from './provider';
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
