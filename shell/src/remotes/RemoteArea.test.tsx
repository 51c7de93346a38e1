import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component } from 'react';
import { preloadPage, RemoteArea } from './RemoteArea';
import { REMOTE_FAILURE_MESSAGE, RemoteFailure } from './RemoteFailure';
import { fallbackPlugin, FAILED_REMOTE } from './fallback-plugin';
import { loadCalls, setRemoteLoader, stubPage } from '../test/federationRuntime';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('RemoteArea', () => {
  it('shows a spinner, then the remote page', async () => {
    let resolve!: (value: unknown) => void;
    setRemoteLoader('mf_feed/FeedPage', () => new Promise((r) => (resolve = r)));
    render(<RemoteArea module="mf_feed/FeedPage" loadingLabel="Loading feed..." />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading feed...');
    await act(async () => resolve({ default: stubPage('mf_feed/FeedPage') }));
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_feed/FeedPage');
  });

  it('shows the failure message when the remote is down, and Retry really loads it again', async () => {
    let attempts = 0;
    setRemoteLoader('mf_feed/FeedPage', async (id) => {
      attempts += 1;
      if (attempts === 1) throw new Error('ScriptExternalLoadError: remoteEntry.js 503');
      return { default: stubPage(id) };
    });
    render(<RemoteArea module="mf_feed/FeedPage" />);
    expect(await screen.findByText(REMOTE_FAILURE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(REMOTE_FAILURE_MESSAGE);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_feed/FeedPage');
    expect(loadCalls.filter((id) => id === 'mf_feed/FeedPage')).toHaveLength(2);
    expect(screen.queryByText(REMOTE_FAILURE_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows the failure after 10 s when the remote hangs', async () => {
    jest.useFakeTimers();
    setRemoteLoader('mf_auth/SignInPage', () => new Promise(() => {}));
    render(<RemoteArea module="mf_auth/SignInPage" />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(9_999);
    });
    expect(screen.queryByText(REMOTE_FAILURE_MESSAGE)).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByText(REMOTE_FAILURE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('contains a remote that throws while rendering', async () => {
    let broken = true;
    function Flaky(): JSX.Element {
      if (broken) throw new Error('render failure');
      return <p>recovered</p>;
    }
    setRemoteLoader('mf_profile/ProfilePage', async () => ({ default: Flaky }));
    render(
      <>
        <p>outside the area</p>
        <RemoteArea module="mf_profile/ProfilePage" />
      </>,
    );
    expect(await screen.findByText(REMOTE_FAILURE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('outside the area')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('recovered')).toBeInTheDocument();
  });

  it('retries through the context when the runtime plugin answered with the fallback module', async () => {
    let attempts = 0;
    setRemoteLoader('mf_compose/ComposePage', async (id) => {
      attempts += 1;
      return attempts === 1 ? { default: RemoteFailure } : { default: stubPage(id) };
    });
    render(<RemoteArea module="mf_compose/ComposePage" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_compose/ComposePage');
  });

  it('passes props to the exposed component', async () => {
    setRemoteLoader('mf_feed/WishList', async () => ({ default: ({ wishes }: { wishes: string[] }) => <p>{wishes.length} wishes</p> }));
    render(<RemoteArea module="mf_feed/WishList" props={{ wishes: ['a', 'b'] }} />);
    expect(await screen.findByText('2 wishes')).toBeInTheDocument();
  });
});

describe('RemoteArea with a page preloaded at start-up', () => {
  it('renders a page already loaded at once, without a loading state, and loads it only once', async () => {
    setRemoteLoader('mf_feed/FeedPage', async (id) => ({ default: stubPage(id) }));
    preloadPage('mf_feed/FeedPage');
    await act(async () => {}); // the load settles
    render(<RemoteArea module="mf_feed/FeedPage" page loadingLabel="Loading feed..." />);
    // Synchronously: the first render is the page, not the spinner.
    expect(screen.getByTestId('remote-page')).toHaveTextContent('mf_feed/FeedPage');
    expect(screen.queryByText('Loading feed...')).not.toBeInTheDocument();
    expect(loadCalls.filter((id) => id === 'mf_feed/FeedPage')).toHaveLength(1);
  });

  it('waits for a preload still under way instead of starting another', async () => {
    let resolve!: (value: unknown) => void;
    setRemoteLoader('mf_profile/ProfilePage', () => new Promise((r) => (resolve = r)));
    preloadPage('mf_profile/ProfilePage');
    render(<RemoteArea module="mf_profile/ProfilePage" page loadingLabel="Loading profile..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    await act(async () => {}); // the runtime has been asked
    await act(async () => resolve({ default: stubPage('mf_profile/ProfilePage') }));
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_profile/ProfilePage');
    expect(loadCalls.filter((id) => id === 'mf_profile/ProfilePage')).toHaveLength(1);
  });

  it('shows the failure notice when the preload failed, and Retry loads again', async () => {
    let attempts = 0;
    setRemoteLoader('mf_compose/BusinessPage', async (id) => {
      attempts += 1;
      if (attempts === 1) throw new Error('ScriptExternalLoadError: remoteEntry.js 503');
      return { default: stubPage(id) };
    });
    preloadPage('mf_compose/BusinessPage');
    await act(async () => {});
    render(<RemoteArea module="mf_compose/BusinessPage" page />);
    expect(await screen.findByText(REMOTE_FAILURE_MESSAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('mf_compose/BusinessPage');
    expect(attempts).toBe(2);
  });

  it('serves one mount: the next visit to the page loads it afresh', async () => {
    setRemoteLoader('mf_moderation/ModerationPage', async (id) => ({ default: stubPage(id) }));
    preloadPage('mf_moderation/ModerationPage');
    await act(async () => {});
    const first = render(<RemoteArea module="mf_moderation/ModerationPage" page />);
    expect(screen.getByTestId('remote-page')).toBeInTheDocument();
    first.unmount();
    render(<RemoteArea module="mf_moderation/ModerationPage" page />);
    expect(await screen.findByTestId('remote-page')).toBeInTheDocument();
    expect(loadCalls.filter((id) => id === 'mf_moderation/ModerationPage')).toHaveLength(2);
  });
});

describe('fallback runtime plugin', () => {
  const origin = {} as never;

  it('answers a failed module load with the failure component and logs once', async () => {
    const log = jest.fn();
    const plugin = fallbackPlugin(log);
    const error = new Error('down');
    const result = (await plugin.errorLoadRemote!({ id: 'mf_feed/FeedPage', error, from: 'runtime', lifecycle: 'onLoad', origin })) as Record<string | symbol, unknown>;
    expect(result.default).toBe(RemoteFailure);
    expect(result[FAILED_REMOTE]).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('mf_feed/FeedPage'), error);
  });

  it('does not answer other lifecycle steps (they expect other shapes)', async () => {
    const plugin = fallbackPlugin(jest.fn());
    await expect(Promise.resolve(plugin.errorLoadRemote!({ id: 'x/y', error: new Error('no'), from: 'runtime', lifecycle: 'beforeRequest', origin }))).resolves.toBeUndefined();
  });

  it('renders the failure component outside an area with a Retry that reloads', () => {
    class Probe extends Component {
      render() {
        return <RemoteFailure />;
      }
    }
    render(<Probe />);
    expect(screen.getByRole('alert')).toHaveTextContent(REMOTE_FAILURE_MESSAGE);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
