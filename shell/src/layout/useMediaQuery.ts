import { useEffect, useState } from 'react';
import { LAYOUT } from '@wishes/kit-session';

export const MOBILE_QUERY = `(max-width: ${LAYOUT.mobileBreakpointPx}px)`;

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false;
}

/** Whether a CSS media query matches, following changes (rotation, resize). */
export function useMediaQuery(query: string): boolean {
  const [value, setValue] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setValue(list.matches);
    onChange();
    if (list.addEventListener) list.addEventListener('change', onChange);
    else list.addListener(onChange);
    return () => {
      if (list.removeEventListener) list.removeEventListener('change', onChange);
      else list.removeListener(onChange);
    };
  }, [query]);
  return value;
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
