/**
 * Shows the bus's toasts with react-toastify (auto-close 5000 ms; each toast has role=alert).
 * Placement: top-right *below* the sticky header on wide screens (spec: top-right; never over the
 * header's controls), bottom-center above the mobile bar on phones. Toasts keep clear of what the
 * person is using: while one would cover the focused control or an open menu (e.g. a card's menu
 * button, where focus returns after saving an edit), they move to the other edge of the screen
 * until the last one has gone (keepClear below). A toast that repeats one
 * already on screen (same kind and text, numbers aside: "19/20 remaining" then "18/20") replaces
 * it instead of stacking; a toast may carry an action button (e.g. "Sign in").
 * react-toastify is not part of start-up: its chunk is fetched at the visitor's first interaction
 * with the page (press, key, touch) or at the first toast, whichever comes first. The bus
 * subscription starts at once, so a toast sent before the library arrives is queued and shown when
 * it does.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { bus, navigate, TIMING, type ToastEvent } from '@wishes/kit-session';
import { useSessionUser } from '@wishes/kit-client';
import { useIsMobile } from '../layout/useMediaQuery';

type Toastify = typeof import('react-toastify');

let library: Promise<Toastify> | null = null;

function loadToastify(): Promise<Toastify> {
  library ??= import(/* webpackChunkName: "toastify" */ 'react-toastify').catch((error: unknown) => {
    library = null; // a later toast tries again
    throw error;
  });
  return library;
}

/** Toasts that say the same thing share an id (numbers aside), so a repeat replaces the one shown. */
export function toastKey(event: ToastEvent): string {
  return `${event.kind}:${event.text.replace(/\d+/g, '#')}`;
}

function ToastBody({ event, closeToast }: { event: ToastEvent; closeToast?: () => void }) {
  if (!event.action) return <>{event.text}</>;
  const { label, to } = event.action;
  return (
    <span className="shell-toast">
      <span>{event.text}</span>
      <button
        type="button"
        className="shell-toast__action"
        onClick={(click) => {
          click.stopPropagation();
          closeToast?.();
          navigate(to);
        }}
      >
        {label}
      </button>
    </span>
  );
}

export function showBusToast(toastify: Toastify, event: ToastEvent): void {
  const toastId = toastKey(event);
  const autoClose = event.durationMs ?? TIMING.toastAutoCloseMs;
  const render = ({ closeToast }: { closeToast?: () => void }): ReactNode => <ToastBody event={event} closeToast={closeToast} />;
  if (toastify.toast.isActive(toastId)) {
    // Same message again: refresh the one on screen (new text, full time) instead of stacking.
    toastify.toast.update(toastId, { render, autoClose, type: event.kind, progress: undefined });
    return;
  }
  toastify.toast[event.kind](render, { autoClose, toastId });
}

/** What counts as the visitor starting to act on the page: a press, a key, a touch. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Runs `task` once, at the visitor's first interaction with the page. Toasts answer what the
 * visitor does (a vote, a copy, a report), so the library is on its way while that action's
 * request is; a visit that only reads the feed never downloads it.
 */
export function onFirstInteraction(task: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const cancel = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, run, options);
  };
  function run() {
    cancel();
    task();
  }
  for (const type of INTERACTIONS) window.addEventListener(type, run, options);
  return cancel;
}

export function ToastHost() {
  const [toastify, setToastify] = useState<Toastify | null>(null);
  const ready = useRef<Toastify | null>(null);
  const queued = useRef<ToastEvent[]>([]);

  useEffect(() => {
    let active = true;
    const load = () => {
      loadToastify().then(
        (module) => {
          if (active) setToastify(() => module);
        },
        (error: unknown) => console.error('[wishes] could not load the toast library', error),
      );
    };
    const subscription = bus.toast$.subscribe((event) => {
      if (ready.current) showBusToast(ready.current, event);
      else {
        queued.current.push(event);
        load();
      }
    });
    const cancelPrefetch = onFirstInteraction(load);
    return () => {
      active = false;
      ready.current = null;
      cancelPrefetch();
      subscription.unsubscribe();
    };
  }, []);

  // Called once the container has mounted: from then on toasts go straight to react-toastify.
  const onReady = useCallback((module: Toastify) => {
    ready.current = module;
    for (const event of queued.current.splice(0)) showBusToast(module, event);
  }, []);

  return toastify ? <LoadedContainer toastify={toastify} onReady={onReady} /> : null;
}

type ContainerProps = { position: 'top-right' | 'bottom-center'; autoClose: number; limit: number; className: string };

type Box = Pick<DOMRect, 'top' | 'right' | 'bottom' | 'left'>;
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * True when the toasts on screen cover what the person is using: the focused control, an open menu,
 * or the button that opened it. The toasts themselves and the page's body do not count.
 */
export function toastsCoverControls(doc: Document = document): boolean {
  const container = doc.querySelector('.Toastify__toast-container');
  if (!container || !container.querySelector('.Toastify__toast')) return false;
  const area = container.getBoundingClientRect();
  const controls = [doc.activeElement, ...doc.querySelectorAll('[role="menu"], [aria-haspopup][aria-expanded="true"]')];
  return controls.some((element) => element instanceof Element && element !== doc.body && !container.contains(element) && overlaps(area, element.getBoundingClientRect()));
}

/**
 * Watches for toasts covering the control in use (after a toast appears, focus moves, a press or a
 * scroll) and says so: `moved` stays true until no toast is left, then they go back to their place.
 */
function useKeepClear(toastify: Toastify): boolean {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      // Twice: react-toastify lays a new toast out in the frame after it is sent.
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          if (toastsCoverControls()) setMoved(true);
        });
      });
    };
    const events = ['focusin', 'pointerup', 'keyup'] as const;
    for (const type of events) window.addEventListener(type, check, true);
    window.addEventListener('scroll', check, { passive: true, capture: true });
    const shown = bus.toast$.subscribe(check);
    const active = new Set<string | number>();
    const unwatch = toastify.toast.onChange((item) => {
      if (item.status === 'added') {
        active.add(item.id);
        check();
      }
      // The last toast gone: the next ones appear in their usual place.
      if (item.status === 'removed') {
        active.delete(item.id);
        if (active.size === 0) setMoved(false);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      for (const type of events) window.removeEventListener(type, check, true);
      window.removeEventListener('scroll', check, { capture: true });
      shown.unsubscribe();
      unwatch();
    };
  }, [toastify]);
  return moved;
}

function LoadedContainer({ toastify, onReady }: { toastify: Toastify; onReady: (module: Toastify) => void }) {
  const Container = toastify.ToastContainer as ComponentType<ContainerProps>;
  const mobile = useIsMobile();
  // Hooks are called on every render in the same order: never behind a condition.
  const signedIn = Boolean(useSessionUser());
  const withBar = mobile && signedIn;
  const moved = useKeepClear(toastify);
  // A child's effects run before its parent's: the container is registered when this runs.
  useEffect(() => onReady(toastify), [toastify, onReady]);
  // layout.css places each: below the header (--shell-header-height), above the bar (--shell-mobile-bar-height).
  // Moved (they covered the control in use): the other edge of the screen, same side.
  const atTop = mobile ? moved : !moved;
  const placement = atTop ? 'shell-toasts--below-header' : mobile && withBar ? 'shell-toasts--above-bar' : 'shell-toasts--bottom';
  // The position stays (toasts on screen keep their group); the placement class moves the whole container.
  return <Container position={mobile ? 'bottom-center' : 'top-right'} autoClose={TIMING.toastAutoCloseMs} limit={4} className={`shell-toasts ${placement}${moved ? ' shell-toasts--moved' : ''}`} />;
}
