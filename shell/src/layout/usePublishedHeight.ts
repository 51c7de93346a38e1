import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes an element's height (plus `extra` px, e.g. how far the mobile bar is lifted above the
 * footer) as a CSS variable on <html> (e.g. --shell-header-height) so fixed layers outside the
 * layout — the toasts — can keep clear of the header and the mobile bar.
 */
export function usePublishedHeight(ref: RefObject<HTMLElement>, variable: string, extra = 0): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(variable, `${Math.round(element.getBoundingClientRect().height + extra)}px`);
    publish();
    if (typeof ResizeObserver !== 'function') return () => root.style.removeProperty(variable);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable, extra]);
}
