import { Link } from 'react-router-dom';

export const NOT_ALLOWED_TEXTS = {
  title: 'Not allowed',
  body: 'This page is for moderators. Your account does not have access to it.',
  admins: 'This page is for admins. Your account does not have access to it.',
} as const;

/** What a member without the role sees at /moderation, /moderation/log or /moderation/offers. */
export function NotAllowed({ adminsOnly = false }: { adminsOnly?: boolean }) {
  return (
    <section className="mod-not-allowed" aria-labelledby="mod-not-allowed-title">
      <h1 id="mod-not-allowed-title">{NOT_ALLOWED_TEXTS.title}</h1>
      <p>{adminsOnly ? NOT_ALLOWED_TEXTS.admins : NOT_ALLOWED_TEXTS.body}</p>
      <p>
        <Link to="/feed">Back to the feed</Link>
      </p>
    </section>
  );
}
