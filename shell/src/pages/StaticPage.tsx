/**
 * /page/{pageName}: only terms and privacy_policy exist; their markdown is fetched and rendered
 * (headings, bold, italic, lists, paragraphs; links open in a new tab).
 */
import { useCallback, useEffect, useState, type AnchorHTMLAttributes } from 'react';
import { useParams } from 'react-router-dom';
import Markdown from 'react-markdown';
import { api, ErrorState, Spinner, toast, useDocumentTitle, useKeyedState } from '@wishes/shared';

export const STATIC_PAGES: Record<string, string> = {
  terms: 'Terms and Conditions',
  privacy_policy: 'Privacy Policy',
};

type LoadState = { status: 'loading' } | { status: 'ready'; markdown: string } | { status: 'error' };

function NewTabLink({ node: _node, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown }) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const MARKDOWN_COMPONENTS = { a: NewTabLink };

/** The page shows its title as its <h1>; a document that opens with its own title would repeat it. */
export function withoutLeadingTitle(markdown: string): string {
  return markdown.replace(/^\s*#[ \t]+[^\n]*\n?/, '');
}

function KnownStaticPage({ name, title }: { name: string; title: string }) {
  useDocumentTitle(title);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useKeyedState<LoadState>([name, title, attempt], { status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    api
      .getStaticPage(name)
      .then((markdown) => {
        if (!cancelled) setState({ status: 'ready', markdown });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error(`[wishes] static page ${name} failed to load`, error);
        toast.error(`Could not load ${title} page content`);
        setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [name, title, attempt, setState]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <article className="shell-page">
      <h1>{title}</h1>
      {state.status === 'loading' ? <Spinner label={`Loading ${title}...`} /> : null}
      {state.status === 'error' ? <ErrorState message={`Could not load ${title} page content`} onRetry={retry} /> : null}
      {state.status === 'ready' ? (
        <div className="shell-markdown">
          <Markdown components={MARKDOWN_COMPONENTS}>{withoutLeadingTitle(state.markdown)}</Markdown>
        </div>
      ) : null}
    </article>
  );
}

function UnknownStaticPage({ name }: { name: string }) {
  useDocumentTitle('Page Not Found');
  const message = `Page "${name}" not found`;
  useEffect(() => {
    toast.error(message);
  }, [message]);
  return (
    <div className="shell-page">
      <h1>Page Not Found</h1>
      <ErrorState message={message} />
    </div>
  );
}

export function StaticPage() {
  const { pageName = '' } = useParams();
  const title = Object.prototype.hasOwnProperty.call(STATIC_PAGES, pageName) ? STATIC_PAGES[pageName] : undefined;
  return title ? <KnownStaticPage key={pageName} name={pageName} title={title} /> : <UnknownStaticPage name={pageName} />;
}
