/**
 * The shell's canary side (releaseWatch.ts): errors attributed to the remote whose code threw and
 * reported once per remote per load with the load id; at a navigation, a changed manifest reloads
 * the page and an unchanged one (304 to its ETag) does not. fetch is the boundary (the network).
 */
import { CONSUMER_ERROR_EVENT } from '@wishes/kit-ui';
import { fallbackPlugin } from './fallback-plugin';
import { checkForSwitch, remoteOfStack, reportRemoteError, reportRemoteMounted, resetReleaseWatch, setLoadedManifest, watchRuntimeErrors } from './releaseWatch';

/** A minimal fetch answer (jsdom has no Response). */
const answer = (status: number, body?: unknown, etag?: string) => ({ status, ok: status < 400, json: async () => body, headers: { get: (name: string) => (name === 'ETag' ? (etag ?? null) : null) } });

const MANIFEST = {
  load_id: 'load-1',
  etag: '"e1"',
  remotes: [
    { name: 'mf_feed', folder: 'mf-feed', release: '1.0.0-aaaaaaaaaaaa', canary: true, entry: '/mf/releases/mf-feed/1.0.0-aaaaaaaaaaaa/remoteEntry.js' },
    { name: 'mf_profile', folder: 'mf-profile', release: 'dist', entry: '/mf/mf-profile/remoteEntry.js' },
  ],
};

describe('releaseWatch', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    resetReleaseWatch();
    setLoadedManifest(MANIFEST);
    fetchMock = jest.fn(async () => answer(204));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('attributes a stack to the remote whose files threw first', () => {
    const stack = 'Error: x\n    at a (http://localhost/mf/mf-profile/chunk.js:1:2)\n    at b (http://localhost/mf/releases/mf-feed/1.0.0-aaaaaaaaaaaa/page.js:3:4)';
    expect(remoteOfStack(stack)?.folder).toBe('mf-profile');
    expect(remoteOfStack('Error\n    at shell (http://localhost/main.js:1:1)')).toBeUndefined();
  });

  it('reports once per remote per load, with the load id and release; runtime errors only from a remote', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at a (http://localhost/mf/releases/mf-feed/1.0.0-aaaaaaaaaaaa/page.js:3:4)';
    reportRemoteError('render', error, 'mf_profile/ProfilePage');
    reportRemoteError('runtime', error);
    reportRemoteError('runtime', new Error('shell code'));
    reportRemoteError('load', new Error('no entry'), 'mf_profile/ProfilePage');
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));
    expect(bodies).toEqual([
      expect.objectContaining({ load_id: 'load-1', remote: 'mf-feed', release: '1.0.0-aaaaaaaaaaaa', kind: 'render', message: 'boom' }),
      expect.objectContaining({ load_id: 'load-1', remote: 'mf-profile', release: 'dist', kind: 'load', message: 'no entry' }),
    ]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/client-errors/');
  });

  it("reports a consumed module its provider does not expose against the consumer, never the provider", () => {
    const target = new EventTarget() as unknown as Window;
    watchRuntimeErrors(target);
    const missing = new Error('[ Federation Runtime ]: Module mf_feed/WishList does not exist in container (RUNTIME-004)');
    missing.stack = 'Error\n    at x (http://localhost/mf/releases/mf-feed/1.0.0-aaaaaaaaaaaa/remoteEntry.js:1:1)';
    // The federation hook sees the provider's id: it reports nothing for a missing module.
    const hook = fallbackPlugin(() => undefined).errorLoadRemote as unknown as (args: { id: string; error: unknown; lifecycle: string }) => unknown;
    hook({ id: 'mf_feed/WishList', error: missing, lifecycle: 'onLoad' });
    expect(fetchMock).not.toHaveBeenCalled();
    // The kit's loadRemoteModule names the consumer.
    target.dispatchEvent(new CustomEvent(CONSUMER_ERROR_EVENT, { detail: { consumer: 'mf-profile', error: new Error('mf-profile consumes ./WishList of mf-feed, which its release does not expose') } }));
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));
    expect(bodies).toEqual([expect.objectContaining({ remote: 'mf-profile', kind: 'load', message: 'mf-profile consumes ./WishList of mf-feed, which its release does not expose' })]);
  });

  it('reports a canary module that mounted, once per load; never a remote that is not a canary', () => {
    reportRemoteMounted('mf_feed/FeedPage');
    reportRemoteMounted('mf_feed/WishList');
    reportRemoteMounted('mf_profile/ProfilePage');
    expect(fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse((init as RequestInit).body as string)])).toEqual([
      ['/api/client-loads/', { load_id: 'load-1', remote: 'mf-feed', release: '1.0.0-aaaaaaaaaaaa' }],
    ]);
  });

  it('at a navigation: a 304 keeps the page; a changed manifest reloads it', async () => {
    const reload = jest.fn();
    fetchMock.mockResolvedValueOnce(answer(304));
    await checkForSwitch(reload);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ headers: { 'If-None-Match': '"e1"' } });
    expect(reload).not.toHaveBeenCalled();
    const switched = { ...MANIFEST, remotes: [{ ...MANIFEST.remotes[0], entry: '/mf/releases/mf-feed/1.0.1-bbbbbbbbbbbb/remoteEntry.js' }, MANIFEST.remotes[1]] };
    fetchMock.mockResolvedValueOnce(answer(200, switched, '"e2"'));
    await checkForSwitch(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a navigation a moment after a check that found nothing still sees a switch made in between', async () => {
    const reload = jest.fn();
    fetchMock.mockResolvedValueOnce(answer(304));
    await checkForSwitch(reload);
    expect(reload).not.toHaveBeenCalled();
    // The switch happens now; the person navigates again half a second later.
    const switched = { ...MANIFEST, remotes: [{ ...MANIFEST.remotes[0], entry: '/mf/releases/mf-feed/1.0.1-bbbbbbbbbbbb/remoteEntry.js' }, MANIFEST.remotes[1]] };
    fetchMock.mockResolvedValueOnce(answer(200, switched, '"e2"'));
    await checkForSwitch(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('navigations in a burst share one revalidation', async () => {
    let answerNow: (value: unknown) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerNow = resolve)));
    const first = checkForSwitch(jest.fn());
    const second = checkForSwitch(jest.fn());
    answerNow(answer(304));
    await Promise.all([first, second]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
