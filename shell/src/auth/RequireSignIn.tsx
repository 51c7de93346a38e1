import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSessionUser } from '@wishes/shared';

export const SIGN_IN_PATH = '/auth/sign_in';

/** Routes that need sign-in send a visitor to the sign-in page (replacing the history entry). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  return user ? <>{children}</> : <Navigate to={SIGN_IN_PATH} replace />;
}
