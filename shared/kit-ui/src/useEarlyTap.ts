/**
 * A live control's side of early taps (./earlyTap): on mount, and whenever a press is held later,
 * it takes the press made on its server-drawn stand-in and runs `handle` with the pressed value
 * and a `settle` to call once the control's own answer is in.
 */
import { useEffect, useRef } from 'react';
import { EARLY_TAP_ATTRIBUTE, EARLY_TAP_GLOBAL, EARLY_TAP_HELD_CLASS, type EarlyTap, type EarlyTapState } from './earlyTap';

function state(): EarlyTapState | null {
  if (typeof window === 'undefined') return null;
  return ((window as unknown as Record<string, EarlyTapState | undefined>)[EARLY_TAP_GLOBAL] ?? null) as EarlyTapState | null;
}

/**
 * The held press for this action and key, handed over once (null if none, or already taken).
 * The taker owns it from then on and calls `settleEarlyTap` when its answer is in.
 */
export function takeEarlyTap(action: string, key: string): EarlyTap | null {
  const held = state()?.held;
  if (!held || held.taken || held.action !== action || held.key !== key) return null;
  held.taken = true;
  return { action: held.action, key: held.key, value: held.value };
}

/** The owner has answered the held press: drawn controls take presses again. */
export function settleEarlyTap(): void {
  const s = state();
  if (!s?.held) return;
  s.held = null;
  if (typeof document === 'undefined') return;
  document.querySelectorAll(`[${EARLY_TAP_ATTRIBUTE}]`).forEach((element) => {
    element.removeAttribute('aria-disabled');
    element.classList.remove(EARLY_TAP_HELD_CLASS);
  });
}

const listeners = new Set<() => void>();

/** Called whenever a press is held (a control that is already live hears presses made after it mounted). */
export function onEarlyTap(listener: () => void): () => void {
  const s = state();
  listeners.add(listener);
  if (s) s.notify = () => listeners.forEach((each) => each());
  return () => {
    listeners.delete(listener);
  };
}


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
