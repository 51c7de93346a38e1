/** Typed rxjs event bus between the shell and the remotes: toasts, modals and navigation. */
import { Subject } from 'rxjs';
import type { ReactNode } from 'react';
import { globalSingleton } from './singleton';
import { TIMING } from '@wishes/kit-contract/constants';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface ToastEvent {
  kind: ToastKind;
  text: string;
  /** Auto-close in ms, clamped to 500..5000; default 5000. */
  durationMs?: number;
  /** A button in the toast that goes to a page of the site (e.g. 'Sign in' after 'Please sign in to vote'). */
  action?: ToastAction;
}
export interface ToastAction {
  label: string;
  /** A path on this site. */
  to: string;
}

export interface ModalOpenEvent {
  type: 'open';
  id: number;
  title: string;
  render: (close: () => void) => ReactNode;
  onClose?: () => void;
}
export interface ModalCloseEvent {
  type: 'close';
  /** Which modal to close; the top one when omitted. */
  id?: number;
}
export type ModalEvent = ModalOpenEvent | ModalCloseEvent;

export interface NavigateEvent {
  to: string;
  replace?: boolean;
}

export interface Bus {
  toast$: Subject<ToastEvent>;
  modal$: Subject<ModalEvent>;
  navigate$: Subject<NavigateEvent>;
}

export const bus: Bus = globalSingleton('bus', () => ({
  toast$: new Subject<ToastEvent>(),
  modal$: new Subject<ModalEvent>(),
  navigate$: new Subject<NavigateEvent>(),
}));

const clampDuration = (ms: number | undefined) =>
  ms === undefined ? TIMING.toastAutoCloseMs : Math.min(TIMING.toastMaxMs, Math.max(TIMING.toastMinMs, ms));

export function showToast(kind: ToastKind, text: string, durationMs?: number, action?: ToastAction): void {
  bus.toast$.next({ kind, text, durationMs: clampDuration(durationMs), ...(action ? { action } : {}) });
}

export const toast = {
  success: (text: string, durationMs?: number, action?: ToastAction) => showToast('success', text, durationMs, action),
  error: (text: string, durationMs?: number, action?: ToastAction) => showToast('error', text, durationMs, action),
  info: (text: string, durationMs?: number, action?: ToastAction) => showToast('info', text, durationMs, action),
  warning: (text: string, durationMs?: number, action?: ToastAction) => showToast('warning', text, durationMs, action),
};

let nextModalId = globalSingleton('modalCounter', () => ({ value: 1 }));

/** Opens a modal on the shell's stack; returns its id. `render` receives a close function. */
export function openModal(options: { title: string; render: (close: () => void) => ReactNode; onClose?: () => void }): number {
  const id = nextModalId.value++;
  bus.modal$.next({ type: 'open', id, ...options });
  return id;
}

export function closeModal(id?: number): void {
  bus.modal$.next({ type: 'close', id });
}

/** Asks the shell's router to move (remotes use react-router's shared instance too; this is for non-React code). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  bus.navigate$.next({ to, replace: options.replace });
}

/** For tests: a fresh counter does not matter, but keep the binding mutable for hot reload. */
export function __resetModalCounterForTests(): void {
  nextModalId = { value: 1 };
}
