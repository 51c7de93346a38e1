import { NavLink } from 'react-router-dom';
import { useSessionUser } from '@wishes/shared';

/** The moderation area's own tabs: queue, log and (admins) offers. */
export function ModerationNav() {
  const user = useSessionUser();
  const links = [
    { to: '/moderation', label: 'Reports' },
    { to: '/moderation/log', label: 'Log' },
    ...(user?.role === 'admin' ? [{ to: '/moderation/offers', label: 'Business offers' }] : []),
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

/** Previous / next page buttons for a list whose response says whether more exist. */
export function Pager({ page, hasNext, onPage }: { page: number; hasNext: boolean; onPage: (page: number) => void }) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav className="mod-pager" aria-label="Pages">
      <button type="button" className="w-btn w-btn--rounded-rect w-btn--normal w-btn--secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" className="w-btn w-btn--rounded-rect w-btn--normal w-btn--secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
