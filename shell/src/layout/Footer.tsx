import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { siteName, useOptions } from '@wishes/kit-client';

export const Footer = forwardRef<HTMLElement>(function Footer(_props, ref) {
  const options = useOptions();
  return (
    <footer ref={ref} className="shell-footer">
      <ul className="shell-footer__links">
        <li>
          <Link to="/page/terms">Terms</Link>
        </li>
        <li>
          <Link to="/page/privacy_policy">Privacy Policy</Link>
        </li>
      </ul>
      <p className="shell-footer__copy">© {new Date().getFullYear()} {options?.site_name || siteName()}</p>
    </footer>
  );
});
