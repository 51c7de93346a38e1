import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { authPathReturningTo } from '@wishes/kit-session';
import { useSessionUser } from '@wishes/kit-client';

/**
 * Routes that need sign-in send a visitor to the sign-in page (replacing the history entry), which
 * brings them back here afterwards (`?next=`, same-site paths only).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  return user ? <>{children}</> : <Navigate to={authPathReturningTo(location.pathname + location.search)} replace />;
}
