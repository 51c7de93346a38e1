import { act, render, screen, waitFor } from '@testing-library/react';
import { RemoteArea } from './RemoteArea';
import { adoptFirstPaint } from './firstPaint';
import { FAILED_REMOTE } from './fallback-plugin';
import { RemoteFailure } from './RemoteFailure';
import { setRemoteLoader, stubPage } from '../test/federationRuntime';

/** The server's first paint as the page arrives: inside #root, before React renders there. */
function serverFirstPaint(path: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = `<div class="boot__bar"></div><div id="first-paint" data-path="${path}"><article class="feed-card">Drawn by the server</article></div>`;
  document.body.appendChild(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the first paint as the loading state', () => {
  it('stays on screen while the page loads, gives way to the live page, and is used once', async () => {
    window.history.replaceState(null, '', '/feed');
    const root = serverFirstPaint('/feed');
    adoptFirstPaint();
    let resolve!: (value: unknown) => void;
    setRemoteLoader('mf_feed/FeedPage', () => new Promise((r) => (resolve = r)));
    const view = render(<RemoteArea module="mf_feed/FeedPage" page />, { container: root });
    // React emptied #root and put the same element back where the page goes (no spinner).
    expect(root.querySelector('.boot__bar')).toBeNull();
    expect(screen.getByText('Drawn by the server')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(root.querySelector('#first-paint')).not.toHaveClass('first-paint--stale');
    await waitFor(() => expect(resolve).toBeDefined());
    await act(async () => resolve({ default: stubPage('mf_feed/FeedPage') }));
    expect(await screen.findByTestId('remote-page')).toBeInTheDocument();
    expect(screen.queryByText('Drawn by the server')).toBeNull();
    view.unmount();
    // A second visit shows the usual spinner.
    setRemoteLoader('mf_feed/FeedPage', () => new Promise(() => {}));
    render(<RemoteArea module="mf_feed/FeedPage" page />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Drawn by the server')).toBeNull();
  });

  it('stays when the remote cannot be loaded, with the failure notice beside it', async () => {
    window.history.replaceState(null, '', '/feed');
    const root = serverFirstPaint('/feed');
    adoptFirstPaint();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setRemoteLoader('mf_feed/FeedPage', () => Promise.reject(new Error('remote unreachable')));
    render(<RemoteArea module="mf_feed/FeedPage" page />, { container: root });
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of Wishes could not be loaded.');
    expect(screen.getByText('Drawn by the server')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // Its drawn controls will never come alive: marked so the first paint's CSS hides them.
    expect(root.querySelector('#first-paint')).toHaveClass('first-paint--stale');
  });

  it('stays when the federation runtime answers a dead remote with the failure module', async () => {
    window.history.replaceState(null, '', '/feed');
    const root = serverFirstPaint('/feed');
    adoptFirstPaint();
    setRemoteLoader('mf_feed/FeedPage', async () => ({ default: RemoteFailure, [FAILED_REMOTE]: true }));
    render(<RemoteArea module="mf_feed/FeedPage" page />, { container: root });
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of Wishes could not be loaded.');
    expect(screen.getByText('Drawn by the server')).toBeInTheDocument();
    expect(root.querySelector('#first-paint')).toHaveClass('first-paint--stale');
  });

  it('is not used for another page', () => {
    window.history.replaceState(null, '', '/wish/5');
    const root = serverFirstPaint('/feed');
    adoptFirstPaint();
    setRemoteLoader('mf_feed/WishPage', () => new Promise(() => {}));
    render(<RemoteArea module="mf_feed/WishPage" page />, { container: root });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Drawn by the server')).toBeNull();
  });
});
