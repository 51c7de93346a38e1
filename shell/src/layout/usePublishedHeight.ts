import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes an element's height (plus `extra` px, e.g. how far the mobile bar is lifted above the
 * footer) as a CSS variable on <html> (e.g. --shell-header-height) so fixed layers outside the
 * layout — the toasts — can keep clear of the header and the mobile bar.
 *
 * The first value comes from the ResizeObserver's first notification, which the browser delivers
 * after its next layout and before that frame is painted, not from a measurement inside the
 * commit: reading the height there forced a synchronous layout of the whole page in the middle of
 * the shell's first commit (~80 ms at 4x CPU on a cold /feed, before the live cards reached the
 * DOM), which the frame then laid out again. Without ResizeObserver it measures at once, as before.
 */
export function usePublishedHeight(ref: RefObject<HTMLElement>, variable: string, extra = 0): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(variable, `${Math.round(element.getBoundingClientRect().height + extra)}px`);
    if (typeof ResizeObserver !== 'function') {
      publish();
      return () => root.style.removeProperty(variable);
    }
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable, extra]);
}
