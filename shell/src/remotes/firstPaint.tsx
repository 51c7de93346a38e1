/**
 * The server's first paint (@wishes/kit-ui/firstPaint): the feed's first page drawn in HTML inside
 * #root before any script. React empties #root when it first commits, so the shell takes hold of
 * that element beforehand and puts it back as the loading state of the page it stands for, in the
 * same commit (a layout effect: before the browser paints), until the remote's live page replaces
 * it. It is used once: once the live page has mounted (FirstPaintUsed), a later visit to that page
 * shows the usual spinner. If the remote cannot be loaded, the failure notice shows beside it
 * (its links work without scripts) rather than instead of it.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { FIRST_PAINT_ELEMENT_ID, FIRST_PAINT_STALE_CLASS } from '@wishes/kit-ui/firstPaint';

let adopted: HTMLElement | null = null;

/** Called once at start-up, before React renders into #root. */
export function adoptFirstPaint(doc: Document = document): void {
  adopted = doc.getElementById(FIRST_PAINT_ELEMENT_ID);
}

function FirstPaintHolder({ node, stale }: { node: HTMLElement; stale: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    holder.current?.appendChild(node);
    node.classList.toggle(FIRST_PAINT_STALE_CLASS, stale);
  }, [node, stale]);
  return <div ref={holder} />;
}

/**
 * Rendered beside the live page, inside its Suspense: when the page has mounted, the first paint
 * has served (the next load of this page, or any other, gets the spinner).
 */
export function FirstPaintUsed() {
  useEffect(() => {
    adopted = null;
  }, []);
  return null;
}

/**
 * The first paint while it stands for the current path, else `fallback`. `stale`: beside the
 * failure notice, where its drawn vote and menu controls will never come alive (hidden).
 */
export function FirstPaintOr({ fallback, stale = false }: { fallback: ReactNode; stale?: boolean }) {
  const node = adopted;
  // The address bar, not the router: the first paint only ever stands for the page first loaded.
  if (node && node.dataset.path === window.location.pathname.replace(/\/+$/, '')) return <FirstPaintHolder node={node} stale={stale} />;
  return <>{fallback}</>;
}
