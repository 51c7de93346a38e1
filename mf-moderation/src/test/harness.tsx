import { useEffect, useState, type ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, bus, Modal, resetEmbeddedCache, setOptions, type ModalOpenEvent, type ToastEvent } from '@wishes/shared';
import { signOutForTest } from '@wishes/shared/testing';

// The shared helpers the suites use alongside this harness (signed in as ada@example.com, user 3).
export { deferred, signInForTest, signOutForTest } from '@wishes/shared/testing';

/** A stand-in for the shell's modal stack: renders modals opened on the bus. */
export function TestModalHost() {
  const [stack, setStack] = useState<ModalOpenEvent[]>([]);
  useEffect(() => {
    const subscription = bus.modal$.subscribe((event) => {
      if (event.type === 'open') setStack((current) => [...current, event]);
      else setStack((current) => (event.id === undefined ? current.slice(0, -1) : current.filter((modal) => modal.id !== event.id)));
    });
    return () => subscription.unsubscribe();
  }, []);
  return (
    <>
      {stack.map((modal, level) => {
        const close = () => setStack((current) => current.filter((item) => item.id !== modal.id));
        return (
          <Modal key={modal.id} title={modal.title} level={level} isTop={level === stack.length - 1} onClose={close}>
            {modal.render(close)}
          </Modal>
        );
      })}
    </>
  );
}

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location" hidden>{location.pathname + location.search}</div>;
}

/** Renders `element` at `route` (mounted at `path`), with a modal host and a location probe. */
export function renderAt(element: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <LocationProbe />
      <TestModalHost />
    </MemoryRouter>,
  );
}

/** Records every toast sent on the bus until `stop()`. */
export function recordToasts() {
  const toasts: ToastEvent[] = [];
  const subscription = bus.toast$.subscribe((toast) => toasts.push(toast));
  return { toasts, texts: () => toasts.map((toast) => `${toast.kind}: ${toast.text}`), stop: () => subscription.unsubscribe() };
}

/** A failure shaped like the API client's: the server's body, and its message. */
export function apiError(status: number, body: Record<string, unknown> | null, fallback: string): ApiError {
  const error = body && typeof body.error === 'string' ? body.error : fallback;
  return new ApiError(error, status, body);
}

export function resetSharedState(): void {
  signOutForTest();
  setOptions(null);
  resetEmbeddedCache();
  document.getElementById('wishes-initial')?.remove();
}

// Captured before any test fakes the clock.
const realSetTimeout = globalThis.setTimeout;

/**
 * user-event runs its actions outside act(), so React schedules the resulting renders on the
 * real clock; this lets them run without moving jest's fake time.
 */
export function flushRealClock(): Promise<void> {
  return act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 0)));
}
