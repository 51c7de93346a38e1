/**
 * Rendering an app's screens in jest as the shell mounts them: a MemoryRouter at a URL, the
 * routes under test, a probe that shows where the router is, and a stand-in for the shell's
 * modal stack.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bus, closeModal, type ModalOpenEvent } from '@wishes/kit-session';
import { Modal } from '@wishes/kit-ui';
import { ApiError, setOptions, resetEmbeddedCache, DataProvider, createQueryClient } from '@wishes/kit-client';
import { signOutForTest } from './session';

/** React Router's v7 behaviours, as the shell opts into them. */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** Shows where the router is (`location`: path and query; `location-search`: the query alone) so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div hidden>
      <div data-testid="location">{location.pathname + location.search}</div>
      <div data-testid="location-search">{location.search}</div>
    </div>
  );
}

/** Stands in for the shell's modal stack: renders every modal opened on the bus; closing goes through the bus too. */
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
      {stack.map((modal, level) => (
        <Modal key={modal.id} title={modal.title} level={level} isTop={level === stack.length - 1} onClose={() => closeModal(modal.id)}>
          {modal.render(() => closeModal(modal.id))}
        </Modal>
      ))}
    </>
  );
}

export interface RouteUnderTest {
  path: string;
  element: ReactElement;
}

/**
 * Renders `routes` starting at `url` (with optional history `state`), plus a catch-all
 * "Elsewhere" page, the location probe and the modal host.
 */
export function renderRoutes(routes: RouteUnderTest[], { url = '/', state }: { url?: string; state?: unknown } = {}) {
  const [pathname, query] = url.split('?');
  // A fresh cache per render: no test sees another's answers.
  return render(
    <DataProvider client={createQueryClient()}>
    <MemoryRouter initialEntries={[{ pathname, search: query ? `?${query}` : '', state }]} future={ROUTER_FUTURE}>
      <Routes>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
        {routes.some((route) => route.path === '*') ? null : <Route path="*" element={<p>Elsewhere</p>} />}
      </Routes>
      <LocationProbe />
      <TestModalHost />
    </MemoryRouter>
    </DataProvider>,
  );
}

/** Renders `element` mounted at `path`, starting at `route` (the path itself by default). */
export function renderAt(element: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  return renderRoutes([{ path, element }], { url: route });
}

/** A failure shaped like the API client's: the server's body, and its message. */
export function apiError(status: number, body: Record<string, unknown> | null, fallback: string): ApiError {
  const error = body && typeof body.error === 'string' ? body.error : fallback;
  return new ApiError(error, status, body);
}

/** Signed out, no options, no server-embedded page data: the state every test starts from. */
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
