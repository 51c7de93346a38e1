import { recordToasts } from '@wishes/kit-test';
import { LAZY_PANEL_TEXTS, withLazyPanel } from './lazyPanel';

let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  toasts = recordToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

it('runs the opener with the fetched module and passes on what it returns, even a promise', async () => {
  const use = jest.fn((panel: { value: number }) => Promise.resolve(panel.value * 2));
  await expect(withLazyPanel(() => Promise.resolve({ value: 21 }), use)).resolves.toBe(42);
  expect(use).toHaveBeenCalledWith({ value: 21 });
  expect(toasts.texts()).toEqual([]);
});

it('says so in a toast when the panel cannot be fetched, and opens nothing', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const use = jest.fn();
  await expect(withLazyPanel(() => Promise.reject(new Error('Loading chunk 12 failed')), use)).resolves.toBeUndefined();
  expect(use).not.toHaveBeenCalled();
  expect(toasts.texts()).toEqual([`error: ${LAZY_PANEL_TEXTS.failed}`]);
  expect(logged).toHaveBeenCalled();
});
