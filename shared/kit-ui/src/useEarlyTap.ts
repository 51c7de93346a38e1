/**
 * A live control's side of early taps (./earlyTap): on mount, and whenever a press is held later,
 * it takes the press made on its server-drawn stand-in and runs `handle` with the pressed value
 * and a `settle` to call once the control's own answer is in.
 */
import { useEffect, useRef } from 'react';
import { onEarlyTap, settleEarlyTap, takeEarlyTap } from './earlyTap';

export function useEarlyTap(action: string, key: string, handle: (value: string, settle: () => void) => void): void {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    const take = () => {
      const tap = takeEarlyTap(action, key);
      if (tap) latest.current(tap.value, settleEarlyTap);
    };
    // After the whole commit's effects: the site's hosts (the toasts a refused press shows) listen by then.
    const timer = setTimeout(take, 0);
    const stop = onEarlyTap(take);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [action, key]);
}
