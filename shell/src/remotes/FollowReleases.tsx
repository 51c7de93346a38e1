/**
 * Open tabs follow release switches: at each in-site navigation (not the first render), the
 * manifest is revalidated and the page reloads at the new route when this browser's releases
 * changed (releaseWatch.ts).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { checkForSwitch } from './releaseWatch';

export function FollowReleases() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void checkForSwitch();
  }, [pathname]);
  return null;
}
