import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, call, queryKeys, useQuery, siteName, useOptions, useSessionUser } from '@wishes/kit-client';
import { authPathReturningTo, returnToQuery, signOut, SIGN_IN_PATH, updateSessionUser } from '@wishes/kit-session';
import { buttonClassName } from '@wishes/kit-ui';
import { AccountMenu } from '../account/AccountMenu';
import { focusMainHeadingOfNextPage } from './focusMainHeading';
import { NavIcons } from './NavIcons';
import { navItemsFor } from './navItems';
import { usePublishedHeight } from './usePublishedHeight';
import { NotificationBell } from '../notifications/NotificationBell';

/** Fetches the signed-in user's avatar once (mf-profile updates it live after an upload). */
function useOwnAvatar(): string | null {
  const user = useSessionUser();
  const userId = user?.userId ?? null;
  const known = user?.avatarThumbnail;
  const profile = useQuery({
    queryKey: queryKeys.profile(userId ?? ''),
    queryFn: () => call('getProfile', { params: { id: userId ?? '' } }),
    enabled: userId !== null && known === undefined,
  });
  const { data, error } = profile;
  useEffect(() => {
    if (data) updateSessionUser({ avatarThumbnail: data.avatar_thumbnail ?? data.avatar_url ?? null });
    else if (error) {
      // The header works without an avatar; keep null so it is not requested again and again.
      if (!(error instanceof ApiError && error.status === 404)) console.warn('[wishes] could not load own profile for the header avatar', error);
      updateSessionUser({ avatarThumbnail: null });
    }
  }, [data, error]);
  return known ?? null;
}

/** Where the header's Sign In button goes: sign-in, returning to this page afterwards. */
function signInHref(pathname: string, search: string): string {
  // From sign-up, keep the page sign-up was going to return to.
  if (pathname.startsWith('/auth/')) return `${SIGN_IN_PATH}${returnToQuery(search)}`;
  return authPathReturningTo(pathname + search);
}

export function Header({ showNav }: { showNav: boolean }) {
  const options = useOptions();
  const user = useSessionUser();
  const avatar = useOwnAvatar();
  const navigate = useNavigate();
  const location = useLocation();
  const name = options?.site_name || siteName();
  const headerRef = useRef<HTMLElement>(null);
  const navItems = navItemsFor(user);
  usePublishedHeight(headerRef, '--shell-header-height');
  const onSignInPage = location.pathname === SIGN_IN_PATH || location.pathname === `${SIGN_IN_PATH}/`;

  // docs/product.md#2-screens-and-routes: sign-out clears the tokens and the user, then goes to /. Focus then starts at the
  // home page's heading rather than on <body> (the menu that had it is gone).
  const onSignOut = () => {
    signOut();
    navigate('/');
    focusMainHeadingOfNextPage();
  };

  return (
    <header className="shell-header" ref={headerRef}>
      <div className={`shell-header__inner${navItems.length === 6 ? ' shell-header__inner--six' : ''}${showNav ? '' : ' shell-header__inner--one-row'}`}>
        <Link to="/" className="shell-header__brand">
          {name}
        </Link>
        {showNav ? (
          <nav aria-label="Main" className={`shell-nav${navItems.length === 1 ? ' shell-nav--few' : navItems.length > 5 ? ` shell-nav--many${navItems.length === 6 ? ' shell-nav--six' : ''}` : ''}`}>
            <NavIcons items={navItems} variant="header" />
          </nav>
        ) : null}
        <div className="shell-header__account">
          {user ? (
            <>
              {/* On a phone too: what is new stays one tap away, not folded into More. */}
              <NotificationBell variant="header" />
              {avatar ? <img className="shell-header__avatar" src={avatar} alt="Your avatar" width={32} height={32} /> : null}
              <AccountMenu user={user} hasAvatar={Boolean(avatar)} onSignOut={onSignOut} />
            </>
          ) : onSignInPage ? null : (
            <Link to={signInHref(location.pathname, location.search)} className={buttonClassName('rounded-rect', 'normal', 'primary')}>
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
