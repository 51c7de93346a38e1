import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { federation, fakeInstance } from '../test/federationRuntime';
import { apiRoutes } from '../test/http';
import { makeWish } from '../test/fixtures';
import { WishList } from './WishList';
import { CONSUMER_ERROR_EVENT, REMOTES_MANIFEST_URL, ensureRemote } from '@wishes/kit-ui';
import { loadFeedWishList } from './loadFeedWishList';

const ensureFeedRemote = () => ensureRemote('mf-feed');
const DEFAULT_FEED_ENTRY = '/mf/mf-feed/remoteEntry.js';

beforeEach(() => federation.reset());
afterEach(() => jest.restoreAllMocks());

const wishes = [makeWish(1, { text: 'Happy birthday, Ada!' }), makeWish(2, { text: 'Good luck tomorrow' })];
const renderList = () =>
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <WishList wishes={wishes} />
    </MemoryRouter>,
  );

describe('WishList wrapper', () => {
  it('falls back to a plain text list with links when mf-feed cannot be loaded, then tries again on the next mount', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    federation.fail = true;
    const first = renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading wishes...');
    expect(await screen.findByTestId('plain-wish-list')).toBeInTheDocument();
    expect(screen.getByText('Happy birthday, Ada!')).toBeInTheDocument();
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', '/wish/1');
    expect(warn).toHaveBeenCalled();
    first.unmount();

    federation.fail = false;
    renderList();
    expect(await screen.findByTestId('remote-wish-list')).toHaveTextContent('Good luck tomorrow');
    expect(federation.loads).toEqual(['mf_feed/WishList', 'mf_feed/WishList']);
  });

  it("keeps showing mf-feed's list once it has loaded", async () => {
    renderList();
    expect(await screen.findByTestId('remote-wish-list')).toHaveTextContent('Happy birthday, Ada!');
  });
});

describe('finding mf_feed', () => {
  it('does nothing when our own instance already knows mf_feed', async () => {
    const self = fakeInstance('mf_profile', [{ name: 'mf_feed', entry: '/mf/mf-feed/remoteEntry.js' }]);
    federation.instances = [self];
    const server = apiRoutes();
    await ensureFeedRemote();
    expect(self.options.remotes).toHaveLength(1);
    expect(server.calls).toHaveLength(0);
  });

  it("borrows the shell's registration of mf_feed", async () => {
    const self = fakeInstance('mf_profile');
    const shell = fakeInstance('shell', [{ name: 'mf_feed', entry: 'http://cdn.example/mf-feed/remoteEntry.js' }]);
    federation.instances = [self, shell];
    const server = apiRoutes();
    await ensureFeedRemote();
    expect(self.options.remotes).toEqual([{ name: 'mf_feed', entry: 'http://cdn.example/mf-feed/remoteEntry.js' }]);
    expect(server.calls).toHaveLength(0);
  });

  it('reads the runtime manifest when no instance knows mf_feed', async () => {
    const self = fakeInstance('mf_profile');
    federation.instances = [self];
    const server = apiRoutes();
    server.on('GET', REMOTES_MANIFEST_URL, { body: { remotes: [{ name: 'mf_feed', folder: 'mf-feed', entry: '/mf/mf-feed/remoteEntry.js' }] } });
    await ensureFeedRemote();
    expect(self.options.remotes).toEqual([{ name: 'mf_feed', entry: '/mf/mf-feed/remoteEntry.js' }]);
  });

  it("falls back to the server's default mf-feed location when the manifest cannot be read", async () => {
    const self = fakeInstance('mf_profile');
    federation.instances = [self];
    const server = apiRoutes();
    server.on('GET', REMOTES_MANIFEST_URL, 'network-error');
    await ensureFeedRemote();
    expect(self.options.remotes).toEqual([{ name: 'mf_feed', entry: DEFAULT_FEED_ENTRY }]);
    expect(DEFAULT_FEED_ENTRY).toBe('/mf/mf-feed/remoteEntry.js');
  });

  it('gives up on a load that hangs', async () => {
    jest.useFakeTimers();
    try {
      federation.hang = true;
      const load = loadFeedWishList(500);
      const settled = expect(load).rejects.toThrow('mf_feed/WishList did not load within 500 ms');
      await jest.advanceTimersByTimeAsync(500);
      await settled;
    } finally {
      jest.useRealTimers();
    }
  });

  it('fails clearly when the manifest does not list mf_feed', async () => {
    federation.instances = [fakeInstance('mf_profile')];
    const server = apiRoutes();
    server.on('GET', REMOTES_MANIFEST_URL, { body: { remotes: [] } });
    await expect(ensureFeedRemote()).rejects.toThrow('mf-feed is not listed in /mf/remotes.json');
  });

  it("reports a module mf-feed does not expose as this remote's own error (the consumer), not mf-feed's", async () => {
    federation.missing = true;
    const seen: Array<{ consumer: string; message: string }> = [];
    const listen = (event: Event) => {
      const detail = (event as CustomEvent<{ consumer: string; error: Error }>).detail;
      seen.push({ consumer: detail.consumer, message: detail.error.message });
    };
    window.addEventListener(CONSUMER_ERROR_EVENT, listen);
    try {
      await expect(loadFeedWishList()).rejects.toThrow('mf-profile consumes ./WishList of mf-feed, which its release does not expose');
    } finally {
      window.removeEventListener(CONSUMER_ERROR_EVENT, listen);
    }
    expect(seen).toEqual([{ consumer: 'mf-profile', message: 'mf-profile consumes ./WishList of mf-feed, which its release does not expose' }]);
  });
});
