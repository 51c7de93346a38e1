import { defaultManifest, fetchRemotesManifest, MANIFEST_ELEMENT_ID, readInlineManifest, setUpRemotes } from './manifest';
import { registered } from '../test/federationRuntime';

const json = (body: unknown, status = 200) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

afterEach(() => jest.restoreAllMocks());

describe('runtime remote manifest', () => {
  it('reads /mf/remotes.json', async () => {
    const manifest = { remotes: [{ name: 'mf_feed', entry: 'http://cdn.example/mf-feed/remoteEntry.js' }] };
    const fetchImpl = jest.fn().mockResolvedValue(json(manifest));
    await expect(fetchRemotesManifest(fetchImpl)).resolves.toEqual(manifest);
    expect(fetchImpl).toHaveBeenCalledWith('/mf/remotes.json', expect.anything());
  });

  it("falls back to the shell's own pages when the manifest is unavailable or malformed", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchRemotesManifest(jest.fn().mockResolvedValue(json({}, 500)))).resolves.toEqual(defaultManifest());
    await expect(fetchRemotesManifest(jest.fn().mockResolvedValue(json({ remotes: 'no' })))).resolves.toEqual(defaultManifest());
    await expect(fetchRemotesManifest(jest.fn().mockRejectedValue(new TypeError('offline')))).resolves.toEqual(defaultManifest());
    // The shell knows no remote of its own accord: without a manifest it has only its own pages.
    expect(defaultManifest()).toEqual({ remotes: [] });
  });

  it('registers the fallback plugin and the remotes', async () => {
    const manifest = { remotes: [{ name: 'mf_auth', entry: '/mf/mf-auth/remoteEntry.js' }] };
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn().mockResolvedValue(json(manifest));
    try {
      await setUpRemotes();
    } finally {
      globalThis.fetch = original;
    }
    expect(registered.plugins).toEqual([expect.objectContaining({ name: 'wishes-remote-fallback' })]);
    expect(registered.remotes).toEqual(manifest.remotes);
  });

  it('uses the manifest the server inlined in the page, without a request', async () => {
    const manifest = { remotes: [{ name: 'mf_feed', entry: 'https://cdn.example/mf-feed/remoteEntry.js' }] };
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = MANIFEST_ELEMENT_ID;
    element.textContent = JSON.stringify(manifest);
    document.head.appendChild(element);
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn();
    try {
      expect(readInlineManifest()).toEqual(manifest);
      await setUpRemotes();
      expect(globalThis.fetch).not.toHaveBeenCalled();
      expect(registered.remotes).toEqual(manifest.remotes);
      element.textContent = '{"remotes": 5}';
      expect(readInlineManifest()).toBeNull();
    } finally {
      globalThis.fetch = original;
      element.remove();
    }
  });
});
