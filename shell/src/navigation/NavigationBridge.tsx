/** Lets non-React code (and remotes) move the router: bus.navigate$ → navigate(). */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { bus } from '@wishes/kit-session';

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = bus.navigate$.subscribe(({ to, replace }) => navigate(to, { replace }));
    return () => subscription.unsubscribe();
  }, [navigate]);
  return null;
}
