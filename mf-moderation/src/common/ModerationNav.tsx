import { NavLink } from 'react-router-dom';
import { useSessionUser } from '@wishes/kit-client';

/** The moderation area's own tabs: queue, log and (admins) offers and releases. */
export function ModerationNav() {
  const user = useSessionUser();
  const links = [
    { to: '/moderation', label: 'Reports' },
    { to: '/moderation/log', label: 'Log' },
    ...(user?.role === 'admin'
      ? [
          { to: '/moderation/offers', label: 'Business offers' },
          { to: '/moderation/releases', label: 'Releases' },
        ]
      : []),
  ];
  return (
    <nav className="mod-subnav" aria-label="Moderation">
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end className={({ isActive }) => (isActive ? 'mod-subnav__link mod-subnav__link--active' : 'mod-subnav__link')}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
