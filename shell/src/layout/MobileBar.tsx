import { useRef } from 'react';
import { NavIcons } from './NavIcons';
import type { NavItem } from './navItems';
import { usePublishedHeight } from './usePublishedHeight';
import { MoreMenu } from './MoreMenu';

/**
 * The bottom icon bar on narrow screens: the five pinned entries and More (everything else, see
 * navItems.mobileBarLayout); `lift` raises it above the visible part of the footer.
 */
export function MobileBar({ items, more, lift }: { items: NavItem[]; more: NavItem[]; lift: number }) {
  const barRef = useRef<HTMLElement>(null);
  // Toasts sit above the bar wherever it is, also when it is lifted above the footer.
  usePublishedHeight(barRef, '--shell-mobile-bar-height', lift);
  return (
    <nav ref={barRef} aria-label="Main" className="shell-mobile-bar" style={{ bottom: lift }} data-testid="mobile-bar">
      <NavIcons items={items} variant="mobile" trailing={<MoreMenu items={more} />} />
    </nav>
  );
}
