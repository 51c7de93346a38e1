import { NavLink } from 'react-router-dom';
import { Icon } from '@wishes/shared';
import type { NavItem } from './navItems';

/** Icon links; each link's accessible name is its entry's name (the visible label on wide screens). */
export function NavIcons({ items, variant }: { items: NavItem[]; variant: 'header' | 'mobile' }) {
  return (
    <ul className={`shell-nav__list shell-nav__list--${variant}`}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={({ isActive }) => `shell-nav__link${isActive ? ' is-active' : ''}`} aria-label={item.label}>
            <Icon name={item.icon} />
            <span className="shell-nav__label" aria-hidden="true">
              {item.label}
            </span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
