import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bus, signOut, type ToastEvent } from '@wishes/shared';
import SignInPage from '../signin/SignInPage';
import SignUpPage from '../signup/SignUpPage';
import ResetRequestPage from '../reset/ResetRequestPage';
import ResetConfirmPage from '../reset/ResetConfirmPage';

/** Shows where the router is, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders the auth pages under the same route patterns the shell mounts them at. */
export function renderAt(path: string, state?: unknown) {
  const [pathname, query] = path.split('?');
  return render(
    <MemoryRouter initialEntries={[{ pathname, search: query ? `?${query}` : '', state }]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/auth/sign_in" element={<SignInPage />} />
        <Route path="/auth/sign_up" element={<SignUpPage />} />
        <Route path="/auth/reset_password" element={<ResetRequestPage />} />
        <Route path="/auth/reset_password_confirm/:uid/:token" element={<ResetConfirmPage />} />
        <Route path="/auth/reset_password_confirm/*" element={<ResetConfirmPage />} />
        <Route path="/feed" element={<h1>Feed</h1>} />
        <Route path="/compose/:topic" element={<h1>Compose</h1>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** Collects every toast published on the bus until `stop` is called. */
export function collectToasts(): { toasts: ToastEvent[]; stop: () => void } {
  const toasts: ToastEvent[] = [];
  const subscription = bus.toast$.subscribe((event) => toasts.push(event));
  return { toasts, stop: () => subscription.unsubscribe() };
}

/** A clean session between tests. */
export function resetSession(): void {
  signOut();
  window.localStorage.clear();
}
