import { useRef } from 'react';
import { NavIcons } from './NavIcons';
import type { NavItem } from './navItems';
import { usePublishedHeight } from './usePublishedHeight';
import { NotificationBell } from '../notifications/NotificationBell';

/** The bottom icon bar on narrow screens; `lift` raises it above the visible part of the footer. */
export function MobileBar({ items, lift }: { items: NavItem[]; lift: number }) {
  const barRef = useRef<HTMLElement>(null);
  // Toasts sit above the bar wherever it is, also when it is lifted above the footer.
  usePublishedHeight(barRef, '--shell-mobile-bar-height', lift);
  return (
    <nav ref={barRef} aria-label="Main" className="shell-mobile-bar" style={{ bottom: lift }} data-testid="mobile-bar">
      <NavIcons items={items} variant="mobile" />
      <NotificationBell variant="mobile" />
    </nav>
  );
}
