/**
 * /page/{pageName}: only terms and privacy_policy exist; their markdown is fetched and rendered
 * (headings, bold, italic, lists, paragraphs; links open in a new tab).
 */
import { useEffect, type AnchorHTMLAttributes } from 'react';
import { useParams } from 'react-router-dom';
import Markdown from 'react-markdown';
import { ErrorState, Spinner } from '@wishes/kit-ui';
import { fetchStaticPage, queryKeys, useDocumentTitle, useQuery } from '@wishes/kit-client';
import { toast } from '@wishes/kit-session';

export const STATIC_PAGES: Record<string, string> = {
  terms: 'Terms and Conditions',
  privacy_policy: 'Privacy Policy',
};

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
  const { data: markdown, error, isFetching, refetch } = useQuery({ queryKey: queryKeys.staticPage(name), queryFn: () => fetchStaticPage(name) });
  const failed = error !== null && !isFetching;

  useEffect(() => {
    if (!error) return;
    console.error(`[wishes] static page ${name} failed to load`, error);
    toast.error(`Could not load ${title} page content`);
  }, [error, name, title]);

  return (
    <article className="shell-page">
      <h1>{title}</h1>
      {markdown === undefined && !failed ? <Spinner label={`Loading ${title}...`} /> : null}
      {failed ? <ErrorState message={`Could not load ${title} page content`} onRetry={() => void refetch()} /> : null}
      {markdown !== undefined && !failed ? (
        <div className="shell-markdown">
          <Markdown components={MARKDOWN_COMPONENTS}>{withoutLeadingTitle(markdown)}</Markdown>
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
