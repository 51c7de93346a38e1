import { useEffect, useId } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon, useMenu } from '@wishes/kit-ui';
import type { NavItem } from './navItems';
import { BELL_TEXTS } from '../notifications/NotificationBell';
import { useUnreadCount } from '../notifications/useUnreadCount';

export const MORE_TEXTS = {
  label: 'More',
  unread: (n: number) => `, ${n} unread notifications`,
} as const;

/**
 * The mobile bar's last slot: a More button (disclosure pattern, like the account menu) opening a
 * list above the bar with every entry that is not one of the bar's five — Moderation, entries new
 * remotes declare, one's profile — and Notifications with its unread count, which the button also
 * shows as a badge. The list scrolls within the screen's height, so any number of entries fits.
 */
export function MoreMenu({ items }: { items: NavItem[] }) {
  const { open, toggle, close, rootRef, buttonRef } = useMenu({ itemSelector: '[data-more-entry]', closeOnTab: true });
  const listId = useId();
  const location = useLocation();
  const unread = useUnreadCount() ?? 0;
  const badge = unread > 99 ? '99+' : String(unread);
  const active = [...items.map((item) => item.to), '/notifications'].some((to) => location.pathname === to || location.pathname.startsWith(`${to}/`));

  // A new page closes the menu.
  useEffect(() => close(), [location.key, close]);

  return (
    <div className="shell-more" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`shell-nav__link shell-more__button${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
        data-testid="more-button"
      >
        <span className="shell-more__icon">
          <Icon name="more" />
          {unread > 0 ? (
            <span className="shell-bell__count shell-more__count" aria-hidden="true" data-testid="more-count">
              {badge}
            </span>
          ) : null}
        </span>
        <span className="shell-nav__label">{MORE_TEXTS.label}</span>
        {unread > 0 ? <span className="w-visually-hidden">{MORE_TEXTS.unread(unread)}</span> : null}
      </button>
      <ul id={listId} className="shell-more__list" hidden={!open} aria-label="More">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className={({ isActive }) => `shell-more__entry${isActive ? ' is-active' : ''}`} data-more-entry onClick={() => close()}>
              <Icon name={item.icon} size={20} />
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink
            to="/notifications"
            className={({ isActive }) => `shell-more__entry${isActive ? ' is-active' : ''}`}
            aria-label={unread > 0 ? BELL_TEXTS.unread(unread) : BELL_TEXTS.label}
            data-more-entry
            data-testid="bell-mobile"
            onClick={() => close()}
          >
            <Icon name="bell" size={20} />
            {BELL_TEXTS.label}
            {unread > 0 ? (
              <span className="shell-more__entry-count" aria-hidden="true" data-testid="bell-count">
                {badge}
              </span>
            ) : null}
          </NavLink>
        </li>
      </ul>
    </div>
  );
}
