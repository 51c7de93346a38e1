import { useEffect, type RefObject } from 'react';
import { useKeyedState } from '@wishes/kit-ui';

/**
 * How far the footer's top edge is above the bottom of the viewport, so a fixed bottom bar can
 * sit just above it instead of covering the footer links near the end of the page.
 */
export function useFooterLift(footerRef: RefObject<HTMLElement>, active: boolean): number {
  // 0 again whenever the bar is switched on or off; measured while it is on.
  const [lift, setLift] = useKeyedState(active, 0);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const footer = footerRef.current;
      if (!footer) return;
      // Sit just above the footer's top edge once it scrolls into view.
      const visible = Math.round(window.innerHeight - footer.getBoundingClientRect().top);
      setLift(Math.min(Math.max(0, visible), window.innerHeight));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Content loading (infinite feed) moves the footer without a scroll event.
    const observer = typeof IntersectionObserver !== 'undefined' && footerRef.current ? new IntersectionObserver(schedule, { threshold: [0, 0.25, 0.5, 0.75, 1] }) : null;
    if (observer && footerRef.current) observer.observe(footerRef.current);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [footerRef, active, setLift]);
  return lift;
}
