import { useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Icon, useMenu } from '@wishes/kit-ui';
import { type SessionUser } from '@wishes/kit-session';
import { accountMenuEntries } from './accountMenuItems';

/**
 * The account menu on the username (disclosure pattern: a button with aria-expanded that shows a
 * list of links and the Sign out button). Opening moves focus to the first entry; Up/Down/Home/End
 * move between entries; Escape closes and returns focus to the button; a click outside, Tab out
 * of the list or a new page closes it.
 */
export function AccountMenu({ user, hasAvatar, onSignOut }: { user: SessionUser; hasAvatar: boolean; onSignOut: () => void }) {
  const { open, toggle, close, rootRef, buttonRef } = useMenu({ itemSelector: '[data-account-entry]' });
  const listId = useId();
  const location = useLocation();
  const entries = accountMenuEntries(user);

  // A new page closes the menu (e.g. after "Your profile").
  useEffect(() => close(), [location.key, close]);

  return (
    <div className="shell-account" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="shell-account__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
        title={user.username}
      >
        {hasAvatar ? null : <Icon name="user" size={20} />}
        <span className="w-visually-hidden">Account menu, </span>
        <span className="shell-account__username">{user.username}</span>
        <Icon name="chevronDown" size={18} className="shell-account__chevron" />
      </button>
      <ul id={listId} className="shell-account__list" hidden={!open}>
        {/* The whole username, readable however narrow the button had to cut it. */}
        <li className="shell-account__heading" data-testid="account-heading">
          Signed in as <strong>{user.username}</strong>
        </li>
        {entries.map((entry) => (
          <li key={entry.id}>
            {'to' in entry ? (
              <Link to={entry.to} className="shell-account__entry" data-account-entry onClick={() => close()}>
                <Icon name={entry.icon} size={18} />
                {entry.label}
              </Link>
            ) : (
              <button
                type="button"
                className="shell-account__entry shell-account__entry--signout"
                data-account-entry
                onClick={() => {
                  close();
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
