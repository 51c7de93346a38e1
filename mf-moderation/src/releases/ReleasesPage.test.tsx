import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { RemoteRelease, RemoteState } from '@wishes/kit-contract';
import { renderAt, resetSharedState, signInForTest } from '@wishes/kit-test';
import ReleasesPage, { RELEASES_TEXTS } from './ReleasesPage';
import { answer, refuse } from '../test/http';

const feedState: RemoteState = {
  remote: 'mf-feed',
  name: 'mf_feed',
  registered: true,
  active: '1.1.0-bbbbbbbbbbbb',
  canary: { release: '1.2.0-cccccccccccc', percent: 50, started_by: 'team:feed-team', started_at: '2026-12-07T10:00:00.000Z', loads: 4, errors: 1, error_rate: 0.25 },
  releases: [],
  history: [
    { id: 3, remote: 'mf-feed', action: 'canary', release_id: '1.2.0-cccccccccccc', previous_release_id: '1.1.0-bbbbbbbbbbbb', actor: 'team:feed-team', created_at: '2026-12-07T10:00:00.000Z', percent: 50, reason: null },
    { id: 2, remote: 'mf-feed', action: 'auto-rollback', release_id: '1.1.0-bbbbbbbbbbbb', previous_release_id: '1.0.0-aaaaaaaaaaaa', actor: 'server (canary of team:feed-team)', created_at: '2026-12-06T10:00:00.000Z', percent: null, reason: 'errors from 3 of 3 loading addresses' },
  ],
};
const release = (id: string, state: RemoteRelease['state'], notes: string | null, extra: Partial<RemoteRelease> = {}): RemoteRelease => ({
  release: id,
  version: id.split('-')[0],
  commit: null,
  branch: null,
  notes,
  built_at: null,
  tests_skipped: false,
  published_at: '2026-12-05T10:00:00.000Z',
  published_by: 'team:feed-team',
  state,
  ...extra,
});

beforeEach(() => {
  resetSharedState();
  signInForTest(1);
});

describe("the admins' Releases page", () => {
  it('shows each remote: the active release, the canary with its live loads and error rate, the releases and the history, axe-clean', async () => {
    answer('listRemotes', { body: { remotes: [feedState] } });
    answer('listRemoteReleases', {
      body: {
        releases: [
          release('1.2.0-cccccccccccc', 'canary', 'Canary <img src=x onerror=alert(1)>', { commit: 'a1b2c3d4e5f60718', branch: 'main', tests_skipped: true }),
          release('1.1.0-bbbbbbbbbbbb', 'active', 'Stable'),
          release('1.0.0-aaaaaaaaaaaa', 'rolled-back', null, { published_by: 'user:1' }),
        ],
      },
    });
    const { container } = renderAt(<ReleasesPage />, { path: '/moderation/releases' });
    expect(await screen.findByText(RELEASES_TEXTS.loading)).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: /mf-feed/ });
    expect(within(section).getByText(/for 50 % of browsers, started by team feed-team: 4 live loads, 1 with errors, error rate 25 %/)).toBeInTheDocument();
    // The team's notes are text: the markup shows as written and nothing is inserted.
    expect(within(section).getByText('Canary <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(within(section).getByText(RELEASES_TEXTS.testsSkipped)).toBeInTheDocument();
    expect(within(section).getByText('a1b2c3d4e5f6')).toBeInTheDocument();
    expect(within(section).getAllByText('rolled-back')).toHaveLength(1);
    expect(within(section).getByText(/by admin #1/)).toBeInTheDocument();
    expect(within(section).getByText('errors from 3 of 3 loading addresses')).toBeInTheDocument();
    expect(within(section).getByText(/auto-rollback/).closest('li')).toHaveTextContent('auto-rollback of 1.0.0-aaaaaaaaaaaa, back to 1.1.0-bbbbbbbbbbbb by server (canary of team:feed-team)');
    expect(document.title).toMatch(/Releases/);
    expect((await axe(container)).violations.map((v) => v.id)).toEqual([]);
  });

  it('shows the not-allowed page to a member who is not an admin', async () => {
    answer('listRemotes', refuse(403, 'Only admins can manage remote releases.'));
    renderAt(<ReleasesPage />, { path: '/moderation/releases' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });

  it('shows the error with Retry, then the remotes', async () => {
    answer('listRemotes', refuse(500, 'Server error.'), { body: { remotes: [{ ...feedState, canary: null, history: [] }] } });
    answer('listRemoteReleases', { body: { releases: [] } });
    renderAt(<ReleasesPage />, { path: '/moderation/releases' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error.');
    await userEvent.click(screen.getByRole('button', { name: RELEASES_TEXTS.retry }));
    expect(await screen.findByText(RELEASES_TEXTS.noCanary)).toBeInTheDocument();
    expect(screen.getByText(RELEASES_TEXTS.noReleases)).toBeInTheDocument();
  });
});
