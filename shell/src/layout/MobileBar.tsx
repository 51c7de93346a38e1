import { NavIcons } from './NavIcons';
import type { NavItem } from './navItems';
import { NotificationBell } from '../notifications/NotificationBell';

/** The bottom icon bar on narrow screens; `lift` raises it above the visible part of the footer. */
export function MobileBar({ items, lift }: { items: NavItem[]; lift: number }) {
  return (
    <nav aria-label="Main" className="shell-mobile-bar" style={{ bottom: lift }} data-testid="mobile-bar">
      <NavIcons items={items} variant="mobile" />
      <NotificationBell variant="mobile" />
    </nav>
  );
}
