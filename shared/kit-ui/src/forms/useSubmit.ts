import { useRef, useState, type FormEvent } from 'react';

/** What `run` returns when the form's work is over (the page leaves or shows the outcome): it stays busy. */
export const FINISHED = 'finished';

export interface SubmitOptions {
  /** Runs first, before anything is busy: false stops the submit (it has shown the form's errors). */
  validate?: () => boolean;
}

/**
 * A form's submit handler: stops the browser's own submit, asks `validate`, then keeps `busy` true
 * while `run` works (its button shows it), whatever the outcome; after it, busy again unless `run`
 * returned FINISHED. A submit while busy is ignored — a ref, not only state, so two clicks in one
 * tick still send one request. `run` shows its own errors and toasts.
 */
export function useSubmit(
  run: () => Promise<void | typeof FINISHED>,
  { validate }: SubmitOptions = {},
): { busy: boolean; submit: (event: FormEvent) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busyRef.current) return;
    if (validate && !validate()) return;
    busyRef.current = true;
    setBusy(true);
    let outcome: void | typeof FINISHED = undefined;
    try {
      outcome = await run();
    } finally {
      if (outcome !== FINISHED) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  };
  return { busy, submit };
}
