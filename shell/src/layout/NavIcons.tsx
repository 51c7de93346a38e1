import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Icon } from '@wishes/kit-ui';
import type { NavItem } from './navItems';

/**
 * Icon links. Each link's accessible name is its entry's name; the label is visible under the icon
 * in the mobile bar, beside it on wide screens and when the header shows a lone entry (signed out).
 * `trailing` is one more slot at the end (the mobile bar's More menu).
 */
export function NavIcons({ items, variant, trailing }: { items: NavItem[]; variant: 'header' | 'mobile'; trailing?: ReactNode }) {
  const few = variant === 'header' && items.length === 1;
  return (
    <ul className={`shell-nav__list shell-nav__list--${variant}${few ? ' shell-nav__list--few' : ''}`}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.icon === 'user'} className={({ isActive }) => `shell-nav__link${isActive ? ' is-active' : ''}`} aria-label={item.label} title={variant === 'header' ? item.label : undefined}>
            <Icon name={item.icon} />
            <span className="shell-nav__label" aria-hidden="true">
              {variant === 'mobile' ? (item.shortLabel ?? item.label) : item.label}
            </span>
          </NavLink>
        </li>
      ))}
      {trailing ? <li>{trailing}</li> : null}
    </ul>
  );
}
