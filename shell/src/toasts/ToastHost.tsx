/** Shows the bus's toasts with react-toastify (top-right, auto-close 5000 ms; each toast has role=alert). */
import { useEffect } from 'react';
import { ToastContainer, toast as toastify } from 'react-toastify';
import { bus, TIMING, type ToastEvent } from '@wishes/shared';

export function showBusToast(event: ToastEvent): void {
  toastify[event.kind](event.text, { autoClose: event.durationMs ?? TIMING.toastAutoCloseMs });
}

export function ToastHost() {
  useEffect(() => {
    const subscription = bus.toast$.subscribe(showBusToast);
    return () => subscription.unsubscribe();
  }, []);
  return <ToastContainer position="top-right" autoClose={TIMING.toastAutoCloseMs} />;
}
