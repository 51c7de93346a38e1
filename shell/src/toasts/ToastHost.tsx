/**
 * Shows the bus's toasts with react-toastify (top-right, auto-close 5000 ms; each toast has role=alert).
 * react-toastify is not part of start-up: its chunk is fetched once the page has loaded (when the
 * browser is idle) or at the first toast, whichever comes first. The bus subscription starts at
 * once, so a toast sent before the library arrives is queued and shown when it does.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { bus, TIMING, type ToastEvent } from '@wishes/shared';

type Toastify = typeof import('react-toastify');

let library: Promise<Toastify> | null = null;

function loadToastify(): Promise<Toastify> {
  library ??= import(/* webpackChunkName: "toastify" */ 'react-toastify').catch((error: unknown) => {
    library = null; // a later toast tries again
    throw error;
  });
  return library;
}

export function showBusToast(toastify: Toastify, event: ToastEvent): void {
  toastify.toast[event.kind](event.text, { autoClose: event.durationMs ?? TIMING.toastAutoCloseMs });
}

/** Runs `task` once the page has loaded and the main thread is idle (first paint comes first). */
function afterLoadWhenIdle(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idleHandle = window.requestIdleCallback(task, { timeout: 3000 });
    else idleHandle = window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (idleHandle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
      else window.clearTimeout(idleHandle);
    }
  };
}

export function ToastHost() {
  const [toastify, setToastify] = useState<Toastify | null>(null);
  const ready = useRef<Toastify | null>(null);
  const queued = useRef<ToastEvent[]>([]);

  useEffect(() => {
    let active = true;
    const load = () => {
      loadToastify().then(
        (module) => {
          if (active) setToastify(() => module);
        },
        (error: unknown) => console.error('[wishes] could not load the toast library', error),
      );
    };
    const subscription = bus.toast$.subscribe((event) => {
      if (ready.current) showBusToast(ready.current, event);
      else {
        queued.current.push(event);
        load();
      }
    });
    const cancelIdle = afterLoadWhenIdle(load);
    return () => {
      active = false;
      ready.current = null;
      cancelIdle();
      subscription.unsubscribe();
    };
  }, []);

  // Called once the container has mounted: from then on toasts go straight to react-toastify.
  const onReady = useCallback((module: Toastify) => {
    ready.current = module;
    for (const event of queued.current.splice(0)) showBusToast(module, event);
  }, []);

  return toastify ? <LoadedContainer toastify={toastify} onReady={onReady} /> : null;
}

function LoadedContainer({ toastify, onReady }: { toastify: Toastify; onReady: (module: Toastify) => void }) {
  const Container = toastify.ToastContainer as ComponentType<{ position: 'top-right'; autoClose: number }>;
  // A child's effects run before its parent's: the container is registered when this runs.
  useEffect(() => onReady(toastify), [toastify, onReady]);
  return <Container position="top-right" autoClose={TIMING.toastAutoCloseMs} />;
}
