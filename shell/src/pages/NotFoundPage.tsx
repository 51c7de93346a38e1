import { Link } from 'react-router-dom';
import { buttonClassName } from '@wishes/kit-ui';
import { useDocumentTitle } from '@wishes/kit-client';

/** A lost paper plane among stars: decorative, but labelled for screen readers. */
function LostIllustration() {
  return (
    <svg viewBox="0 0 320 200" role="img" aria-label="Illustration: a paper plane lost among the stars" xmlns="http://www.w3.org/2000/svg">
      <rect x="0" y="0" width="320" height="200" rx="24" fill="#f3e8ff" />
      <circle cx="60" cy="50" r="4" fill="#a78bfa" />
      <circle cx="250" cy="40" r="3" fill="#a78bfa" />
      <circle cx="280" cy="140" r="5" fill="#c4b5fd" />
      <circle cx="40" cy="150" r="3" fill="#c4b5fd" />
      <path d="M70 140 C 110 60, 200 160, 230 80" fill="none" stroke="#7c3aed" strokeWidth="3" strokeDasharray="8 8" strokeLinecap="round" />
      <path d="M226 60 L286 78 L238 98 L232 120 L222 96 Z" fill="#7c3aed" />
      <path d="M238 98 L286 78 L232 120 Z" fill="#5b21b6" />
      <text x="160" y="185" textAnchor="middle" fontFamily="system-ui, sans-serif" fontSize="28" fontWeight="800" fill="#5b21b6">
        404
      </text>
    </svg>
  );
}

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="shell-not-found" aria-labelledby="not-found-title">
      <LostIllustration />
      <h1 id="not-found-title">Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClassName('rounded-rect', 'large', 'primary')}>
        Go to the home page
      </Link>
    </section>
  );
}
