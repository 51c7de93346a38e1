import { useState, type FormEvent } from 'react';

/**
 * A form's submit handler: stops the browser's own submit and keeps `busy` true while `run` works
 * (its button shows it), whatever the outcome. `run` shows its own errors and toasts.
 */
export function useSubmit(run: () => Promise<void>): { busy: boolean; submit: (event: FormEvent) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
