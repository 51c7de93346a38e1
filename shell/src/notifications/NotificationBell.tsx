import { NavLink } from 'react-router-dom';
import { Icon } from '@wishes/kit-ui';
import { useUnreadCount } from './useUnreadCount';
import './bell.css';

export const BELL_TEXTS = {
  label: 'Notifications',
  unread: (n: number) => `Notifications, ${n} unread`,
} as const;

/** A link to /notifications with the live unread count (header and mobile bar; members only). */
export function NotificationBell({ variant }: { variant: 'header' | 'mobile' }) {
  const count = useUnreadCount();
  const unread = count ?? 0;
  return (
    <NavLink
      to="/notifications"
      className={({ isActive }) => `shell-bell shell-bell--${variant}${isActive ? ' is-active' : ''}`}
      aria-label={unread > 0 ? BELL_TEXTS.unread(unread) : BELL_TEXTS.label}
      data-testid={`bell-${variant}`}
    >
      <Icon name="bell" />
      {unread > 0 ? (
        <span className="shell-bell__count" aria-hidden="true" data-testid="bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
