import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Icon, type SessionUser } from '@wishes/shared';
import { accountMenuEntries } from './accountMenuItems';

/**
 * The account menu on the username (disclosure pattern: a button with aria-expanded that shows a
 * list of links and the Sign out button). Opening moves focus to the first entry; Up/Down/Home/End
 * move between entries; Escape closes and returns focus to the button; a click outside, Tab out
 * of the list or a new page closes it.
 */
export function AccountMenu({ user, hasAvatar, onSignOut }: { user: SessionUser; hasAvatar: boolean; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const location = useLocation();
  const entries = accountMenuEntries(user);

  const entryElements = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-account-entry]') ?? []);

  // A new page closes the menu (e.g. after "Your profile").
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    entryElements()[0]?.focus();
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (!open) return;
    const elements = entryElements();
    const current = elements.findIndex((element) => element === document.activeElement);
    const moveTo = (index: number) => elements[(index + elements.length) % elements.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(current + 1);
    else if (event.key === 'ArrowUp') moveTo(current < 0 ? elements.length - 1 : current - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(elements.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div
      className="shell-account"
      ref={rootRef}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tab (or anything else) moving focus out of the menu closes it.
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="shell-account__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        title={user.username}
      >
        {hasAvatar ? null : <Icon name="user" size={20} />}
        <span className="w-visually-hidden">Account menu, </span>
        <span className="shell-account__username">{user.username}</span>
        <Icon name="chevronDown" size={18} className="shell-account__chevron" />
      </button>
      <ul id={listId} className="shell-account__list" hidden={!open}>
        {entries.map((entry) => (
          <li key={entry.id}>
            {'to' in entry ? (
              <Link to={entry.to} className="shell-account__entry" data-account-entry onClick={() => setOpen(false)}>
                <Icon name={entry.icon} size={18} />
                {entry.label}
              </Link>
            ) : (
              <button
                type="button"
                className="shell-account__entry shell-account__entry--signout"
                data-account-entry
                onClick={() => {
                  setOpen(false);
                  onSignOut();
                }}
              >
                <Icon name={entry.icon} size={18} />
                {entry.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
