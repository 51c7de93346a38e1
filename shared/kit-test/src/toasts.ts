import { bus, type ToastEvent } from '@wishes/kit-session';
import { resetSharedState } from './render';

/**
 * Records every toast sent on the bus (with the clock time it was sent) until `stop()`;
 * `texts()` reads them as 'kind: text', `messages()` as the text alone.
 */
export function recordToasts() {
  const toasts: Array<ToastEvent & { at: number }> = [];
  const subscription = bus.toast$.subscribe((toast) => toasts.push({ ...toast, at: Date.now() }));
  return {
    toasts,
    texts: () => toasts.map((toast) => `${toast.kind}: ${toast.text}`),
    messages: () => toasts.map((toast) => toast.text),
    stop: () => subscription.unsubscribe(),
  };
}

/**
 * For a test file: before every test, fresh shared state (session, options, caches) and a new toast
 * recorder; after it, the recorder stopped and jest's spies restored. Returns the running test's
 * recorder (read it inside tests, not at the top of the file).
 */
export function toastsEachTest() {
  let current!: ReturnType<typeof recordToasts>;
  beforeEach(() => {
    resetSharedState();
    current = recordToasts();
  });
  afterEach(() => {
    current.stop();
    jest.restoreAllMocks();
  });
  return {
    get toasts() {
      return current.toasts;
    },
    texts: () => current.texts(),
    messages: () => current.messages(),
  };
}
