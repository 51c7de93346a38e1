import { useQuery } from '@tanstack/react-query';
import { ApiError, call, useDocumentTitle } from '@wishes/kit-client';
import { formatDate } from '@wishes/kit-ui';
import type { RemoteRelease, RemoteStatesResponse } from '@wishes/kit-contract';
import { NotAllowed } from '../common/NotAllowed';
import { ModerationNav } from '../common/ModerationNav';
import '../common/moderation.css';

export const RELEASES_TEXTS = {
  title: 'Releases',
  loading: 'Loading releases...',
  failed: 'Could not load the releases.',
  retry: 'Retry',
  none: 'No remotes yet.',
  noCanary: 'No canary running.',
  noReleases: 'No releases published yet.',
  noSwitches: 'No switches yet.',
  testsSkipped: 'tests skipped',
} as const;

type RemoteState = RemoteStatesResponse['remotes'][number];
interface RemoteView {
  state: RemoteState;
  releases: RemoteRelease[];
}

/** Every remote with its releases (one call for the states, one per remote for its history). */
async function loadReleases(): Promise<RemoteView[]> {
  const { remotes } = await call('listRemotes');
  return Promise.all(remotes.map(async (state) => ({ state, releases: (await call('listRemoteReleases', { params: { remote: state.remote } })).releases })));
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10} %`;

/** "team:feed-team" → "team feed-team"; "user:3" → "admin #3". Never an address: the server sends none. */
function who(actor: string | null): string {
  if (!actor) return 'the site';
  if (actor.startsWith('team:')) return `team ${actor.slice(5)}`;
  if (actor.startsWith('user:')) return `admin #${actor.slice(5)}`;
  return actor;
}

function ReleaseItem({ release }: { release: RemoteRelease }) {
  return (
    <li className="mod-release">
      <div className="mod-item__head">
        <code className="mod-release__id">{release.release}</code>
        <span className={`mod-badge mod-badge--${release.state}`}>{release.state}</span>
      </div>
      <p className="mod-item__meta">
        {release.version}, published by {who(release.published_by)} on <time dateTime={release.published_at}>{formatDate(release.published_at)}</time>
        {release.branch || release.commit ? (
          <>
            {' '}
            from {release.branch ?? 'a detached commit'}
            {release.commit ? (
              <>
                {' '}
                at <code>{release.commit.slice(0, 12)}</code>
              </>
            ) : null}
          </>
        ) : null}
        {release.tests_skipped ? <span className="mod-badge mod-release__skipped">{RELEASES_TEXTS.testsSkipped}</span> : null}
      </p>
      {/* The team's own text: rendered as text, never as markup. */}
      {release.notes ? <p className="mod-item__text">{release.notes}</p> : null}
    </li>
  );
}

function RemoteSection({ view }: { view: RemoteView }) {
  const { state, releases } = view;
  const headingId = `release-${state.remote}`;
  return (
    <section className="mod-item mod-remote" aria-labelledby={headingId}>
      <h2 id={headingId} className="mod-item__title">
        {state.remote} <span className="mod-item__meta">({state.name})</span>
      </h2>
      <dl className="mod-remote__facts">
        <dt>Active</dt>
        <dd>
          <code>{state.active}</code>
        </dd>
        <dt>Canary</dt>
        <dd>
          {state.canary ? (
            <>
              <code>{state.canary.release}</code> for {state.canary.percent} % of browsers, started by {who(state.canary.started_by)}: {state.canary.loads} live loads,{' '}
              {state.canary.errors} with errors, error rate {percent(state.canary.error_rate)}
            </>
          ) : (
            RELEASES_TEXTS.noCanary
          )}
        </dd>
      </dl>
      <h3 className="mod-remote__sub">Releases</h3>
      {releases.length ? <ol className="mod-log">{releases.map((release) => <ReleaseItem key={release.release} release={release} />)}</ol> : <p className="mod-item__meta">{RELEASES_TEXTS.noReleases}</p>}
      <h3 className="mod-remote__sub">History</h3>
      {state.history.length ? (
        <ol className="mod-log">
          {state.history.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.action}</strong>
              {/* A rollback names the release it took off, then the one everyone is back on. */}
              {(entry.action === 'rollback' || entry.action === 'auto-rollback') && entry.previous_release_id ? (
                <>
                  {' '}
                  of <code>{entry.previous_release_id}</code>, back to
                </>
              ) : null}{' '}
              <code>{entry.release_id}</code>
              {entry.percent ? ` (${entry.percent} %)` : ''} by {who(entry.actor)} on <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
              {entry.reason ? <p className="mod-item__text">{entry.reason}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mod-item__meta">{RELEASES_TEXTS.noSwitches}</p>
      )}
    </section>
  );
}

/** /moderation/releases: every remote's active release, its running canary and its history (admins only). */
export default function ReleasesPage() {
  useDocumentTitle(RELEASES_TEXTS.title);
  const query = useQuery({ queryKey: ['remote-releases'], queryFn: loadReleases, retry: false });
  const forbidden = query.error instanceof ApiError && query.error.status === 403;
  if (forbidden) return <NotAllowed adminsOnly />;
  return (
    <div className="mod-page">
      <h1>{RELEASES_TEXTS.title}</h1>
      <ModerationNav />
      {query.isPending ? <p role="status">{RELEASES_TEXTS.loading}</p> : null}
      {query.isError ? (
        <div role="alert">
          <p>{query.error instanceof ApiError ? query.error.message : RELEASES_TEXTS.failed}</p>
          <button type="button" onClick={() => void query.refetch()}>
            {RELEASES_TEXTS.retry}
          </button>
        </div>
      ) : null}
      {query.data ? (
        query.data.length ? (
          <div className="mod-list">{query.data.map((view) => <RemoteSection key={view.state.remote} view={view} />)}</div>
        ) : (
          <p>{RELEASES_TEXTS.none}</p>
        )
      ) : null}
    </div>
  );
}
