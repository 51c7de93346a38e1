import { useEffect, type RefObject } from 'react';
import type { FocusRequest } from './useComposeDraft';

/** A height the shell publishes on the root element (its sticky header, its mobile bar), in px; 0 when there is none. */
function shellHeight(name: '--shell-header-height' | '--shell-mobile-bar-height'): number {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name)) || 0;
}

/** Whether focus has nowhere to be: on the body, or on a control that was disabled or removed under it. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled === true;
}

/**
 * Brings `element` into view when any of it is hidden, under the sticky header or the mobile bar
 * included: scrolled to the top of what is visible (the CSS scroll-margin keeps the header's room
 * and the field's label above it).
 */
export function revealBelowHeader(element: HTMLElement) {
  const { top, bottom } = element.getBoundingClientRect();
  const hidden = top < shellHeight('--shell-header-height') || bottom > window.innerHeight - shellHeight('--shell-mobile-bar-height');
  if (hidden) element.scrollIntoView?.({ block: 'start' });
}

/**
 * Applies the draft's focus requests (useComposeDraft's FocusRequest): the editor or the drafts on
 * offer get focus (the live status line says what happened) and are brought into view below the
 * sticky header.
 */
export function useDraftFocus(
  request: FocusRequest | null,
  applied: (seq: number) => void,
  targets: { draft: RefObject<HTMLElement | null>; variants: RefObject<HTMLElement | null> },
) {
  const { draft, variants } = targets;
  useEffect(() => {
    if (!request) return;
    applied(request.seq);
    const element = (request.target === 'draft' ? draft : variants).current;
    if (!element || (!request.always && !focusLost())) return;
    element.focus({ preventScroll: true });
    revealBelowHeader(element);
  }, [request, applied, draft, variants]);
}
