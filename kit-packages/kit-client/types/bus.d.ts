/** Typed rxjs event bus between the shell and the remotes: toasts, modals and navigation. */
import { Subject } from 'rxjs';
import type { ReactNode } from 'react';
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
export declare const bus: Bus;
export declare function showToast(kind: ToastKind, text: string, durationMs?: number, action?: ToastAction): void;
export declare const toast: {
    success: (text: string, durationMs?: number, action?: ToastAction) => void;
    error: (text: string, durationMs?: number, action?: ToastAction) => void;
    info: (text: string, durationMs?: number, action?: ToastAction) => void;
    warning: (text: string, durationMs?: number, action?: ToastAction) => void;
};
/** Opens a modal on the shell's stack; returns its id. `render` receives a close function. */
export declare function openModal(options: {
    title: string;
    render: (close: () => void) => ReactNode;
    onClose?: () => void;
}): number;
export declare function closeModal(id?: number): void;
/** Asks the shell's router to move (remotes use react-router's shared instance too; this is for non-React code). */
export declare function navigate(to: string, options?: {
    replace?: boolean;
}): void;
/** For tests: a fresh counter does not matter, but keep the binding mutable for hot reload. */
export declare function __resetModalCounterForTests(): void;
