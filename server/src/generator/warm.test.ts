/**
 * The server warms its generator through the interface (WishGenerator.warm) once it listens
 * (app.ts, config.warmGenerator) and aborts the warm-up when it closes. Off under NODE_ENV=test,
 * so the test turns it on. What the offline writer does when warmed: the writer's warm.test.ts.
 */
import type { WishGenerator } from '@wishes/writer';
import { createTestApp, type TestContext } from '../../test/kit/harness';

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
