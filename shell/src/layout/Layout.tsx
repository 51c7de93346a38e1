import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useSessionUser } from '@wishes/kit-client';
import { Header } from './Header';
import { Footer } from './Footer';
import { MobileBar } from './MobileBar';
import { mobileBarLayout } from './navItems';
import { ownProfilePath } from '../account/accountMenuItems';
import { useIsMobile } from './useMediaQuery';
import { useFooterLift } from './useFooterLift';
import './layout.css';

function barLayout(user: Parameters<typeof ownProfilePath>[0]) {
  const { bar, more } = mobileBarLayout(user, ownProfilePath(user));
  return { items: bar, more };
}

/** With <base href="/">, a bare "#main" link would navigate to /#main; move focus in place instead. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.();
}

/**
 * Skip link, header, main landmark, footer and (on narrow screens, signed in) the bottom bar.
 * Signed out on a narrow screen there is no bar (docs/product.md#2-screens-and-routes), so the header keeps its one entry, Feed.
 */
export function Layout({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const mobile = useIsMobile();
  const footerRef = useRef<HTMLElement>(null);
  const showMobileBar = mobile && Boolean(user);
  const lift = useFooterLift(footerRef, showMobileBar);

  return (
    <div className={`shell-app${showMobileBar ? ' has-mobile-bar' : ''}`}>
      <a className="shell-skip-link" href="#main" onClick={skipToMain}>
        Skip to main content
      </a>
      <Header showNav={!mobile || !user} />
      <main id="main" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <Footer ref={footerRef} />
      {showMobileBar ? <MobileBar {...barLayout(user)} lift={lift} /> : null}
    </div>
  );
}
