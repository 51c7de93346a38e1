import { bus, type ToastEvent } from '../bus';

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
