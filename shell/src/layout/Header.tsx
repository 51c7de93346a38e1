import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, buttonClassName, Icon, signOut, siteName, updateSessionUser, useOptions, useSessionUser } from '@wishes/shared';
import { NavIcons } from './NavIcons';
import { navItemsFor } from './navItems';
import { NotificationBell } from '../notifications/NotificationBell';

/** Fetches the signed-in user's avatar once (mf-profile updates it live after an upload). */
function useOwnAvatar(): string | null {
  const user = useSessionUser();
  const userId = user?.userId ?? null;
  const known = user?.avatarThumbnail;
  useEffect(() => {
    if (userId === null || known !== undefined) return;
    let cancelled = false;
    api
      .getProfile(userId)
      .then((profile) => {
        if (!cancelled) updateSessionUser({ avatarThumbnail: profile?.avatar_thumbnail ?? profile?.avatar_url ?? null });
      })
      .catch((error: unknown) => {
        // The header works without an avatar; keep null so it is not requested again and again.
        console.warn('[wishes] could not load own profile for the header avatar', error);
        if (!cancelled) updateSessionUser({ avatarThumbnail: null });
      });
    return () => {
      cancelled = true;
    };
  }, [userId, known]);
  return known ?? null;
}

export function Header({ showNav }: { showNav: boolean }) {
  const options = useOptions();
  const user = useSessionUser();
  const avatar = useOwnAvatar();
  const navigate = useNavigate();
  const name = options?.site_name || siteName();

  const onSignOut = () => {
    signOut();
    navigate('/');
  };

  return (
    <header className="shell-header">
      <div className="shell-header__inner">
        <Link to="/" className="shell-header__brand">
          {name}
        </Link>
        {showNav ? (
          <nav aria-label="Main" className="shell-nav">
            <NavIcons items={navItemsFor(user)} variant="header" />
          </nav>
        ) : null}
        <div className="shell-header__account">
          {user ? (
            <>
              {showNav ? <NotificationBell variant="header" /> : null}
              {avatar ? <img className="shell-header__avatar" src={avatar} alt="Your avatar" width={32} height={32} /> : null}
              <button type="button" className={buttonClassName('rounded-rect', 'normal', 'secondary', 'shell-header__signout')} onClick={onSignOut} title="Sign out">
                <Icon name="logout" />
                <span className="shell-header__username">{user.username}</span>
                <span className="w-visually-hidden"> (sign out)</span>
              </button>
            </>
          ) : (
            <Link to="/auth/sign_in" className={buttonClassName('rounded-rect', 'normal', 'primary')}>
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
