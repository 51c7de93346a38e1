import { signOut } from '@wishes/kit-session';
import { renderRoutes } from '@wishes/kit-test';
import SignInPage from '../signin/SignInPage';
import SignUpPage from '../signup/SignUpPage';
import ResetRequestPage from '../reset/ResetRequestPage';
import ResetConfirmPage from '../reset/ResetConfirmPage';

/** Renders the auth pages under the same route patterns the shell mounts them at, beside the pages they lead to. */
export function renderAt(path: string, state?: unknown) {
  return renderRoutes(
    [
      { path: '/auth/sign_in', element: <SignInPage /> },
      { path: '/auth/sign_up', element: <SignUpPage /> },
      { path: '/auth/reset_password', element: <ResetRequestPage /> },
      { path: '/auth/reset_password_confirm/:uid/:token', element: <ResetConfirmPage /> },
      { path: '/auth/reset_password_confirm/*', element: <ResetConfirmPage /> },
      { path: '/feed', element: <h1>Feed</h1> },
      { path: '/compose/:topic', element: <h1>Compose</h1> },
    ],
    { url: path, state },
  );
}

/** A clean session between tests. */
export function resetSession(): void {
  signOut();
  window.localStorage.clear();
}
