import type { RemotesManifest } from '@wishes/kit-contract';
import { applyOverrides, OVERRIDE_STORAGE_KEY, planOverrides } from './override';

const REMOTES = [
  { name: 'mf_feed', folder: 'mf-feed', entry: '/mf/mf-feed/remoteEntry.js', release: 'dist' },
  { name: 'mf_moderation', folder: 'mf-moderation', entry: '/mf/mf-moderation/remoteEntry.js', release: 'dist' },
];
const ON: RemotesManifest = { remotes: REMOTES, remote_overrides: { origins: ['http://localhost:*', 'http://127.0.0.1:*'] } };
const OFF: RemotesManifest = { remotes: REMOTES };
const ENTRY = 'http://127.0.0.1:3005/remoteEntry.js';
const page = (query = '') => `https://wishes.example/moderation${query}`;

beforeEach(() => sessionStorage.clear());

describe('?mf_override=', () => {
  it('with the mode off, is ignored and drops anything stored earlier', () => {
    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ 'mf-moderation': ENTRY }));
    const plan = planOverrides(OFF, page(`?mf_override=mf-moderation@${ENTRY}`));
    expect(plan).toEqual({ enabled: false, active: [], cleanUrl: page(`?mf_override=mf-moderation@${ENTRY}`), hadParam: false });
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('asks for confirmation before anything loads, then applies what the tab confirmed', () => {
    const plan = planOverrides(ON, page(`?x=1&mf_override=mf-moderation@${encodeURIComponent(ENTRY)}`));
    expect(plan.pending).toEqual({ folder: 'mf-moderation', url: ENTRY, origin: 'http://127.0.0.1:3005' });
    expect(plan.active).toEqual([]);
    expect(plan.cleanUrl).toBe(page('?x=1'));
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();

    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ 'mf-moderation': ENTRY }));
    const later = planOverrides(ON, page());
    expect(later.pending).toBeUndefined();
    expect(later.active).toEqual([{ folder: 'mf-moderation', url: ENTRY, origin: 'http://127.0.0.1:3005' }]);
    expect(applyOverrides(ON, later.active).remotes[1]).toEqual({ ...REMOTES[1], entry: ENTRY, release: 'override' });
    expect(applyOverrides(ON, later.active).remotes[0]).toEqual(REMOTES[0]);
  });

  it('@off clears it', () => {
    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ 'mf-moderation': ENTRY }));
    const plan = planOverrides(ON, page('?mf_override=mf-moderation@off'));
    expect(plan.active).toEqual([]);
    expect(plan.hadParam).toBe(true);
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('refuses origins outside the list, unknown remotes and malformed values', () => {
    const refused = (value: string) => planOverrides(ON, page(`?mf_override=${encodeURIComponent(value)}`));
    expect(refused('mf-moderation@https://evil.example/remoteEntry.js')).toMatchObject({ pending: undefined, refused: expect.stringContaining('https://evil.example is not an allowed origin') });
    expect(refused('mf-moderation@http://localhost.evil.example:3005/remoteEntry.js').refused).toContain('not an allowed origin');
    expect(refused('mf-moderation@http://user:pw@localhost:3005/remoteEntry.js').refused).toContain('no user name or password');
    expect(refused('mf-moderation@javascript:alert(1)').refused).toContain('http://');
    expect(refused('mf-nope@http://localhost:3005/remoteEntry.js').refused).toBe(
      'mf_override: this site has no live remote "mf-nope". A remote not yet live can be overridden only in a browser holding its preview: open its preview link here first.',
    );
    expect(refused('nothing').refused).toContain('<folder>@');
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('overrides a remote not yet live only in a browser holding its preview (its manifest lists the pinned release)', () => {
    const hello = { name: 'mf_hello', folder: 'mf-hello', entry: '/mf/releases/mf-hello/0.1.0-abc/remoteEntry.js', release: '0.1.0-abc', preview: true };
    const previewing: RemotesManifest = { ...ON, remotes: [...REMOTES, hello] };
    const ask = `?mf_override=mf-hello@${encodeURIComponent(ENTRY)}`;
    expect(planOverrides(previewing, page(ask))).toMatchObject({ pending: { folder: 'mf-hello', url: ENTRY }, refused: undefined });
    // Without the preview the site serves no mf-hello to this browser: the red line says why.
    expect(planOverrides(ON, page(ask))).toMatchObject({ pending: undefined, refused: expect.stringContaining('open its preview link here first') });

    // Confirmed while previewing; once the preview ends, the stored override is dropped, saying why (once).
    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ 'mf-hello': ENTRY }));
    expect(planOverrides(previewing, page()).active).toEqual([{ folder: 'mf-hello', url: ENTRY, origin: 'http://127.0.0.1:3005' }]);
    expect(applyOverrides(previewing, [{ folder: 'mf-hello', url: ENTRY, origin: 'http://127.0.0.1:3005' }]).remotes[2]).toEqual({ ...hello, entry: ENTRY, release: 'override' });
    const ended = planOverrides(ON, page());
    expect(ended).toMatchObject({ active: [], refused: expect.stringContaining('no live remote "mf-hello"') });
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    expect(planOverrides(ON, page()).refused).toBeUndefined();
    // Turning it off needs no preview.
    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ 'mf-hello': ENTRY }));
    expect(planOverrides(ON, page('?mf_override=mf-hello@off'))).toMatchObject({ active: [], refused: undefined, hadParam: true });
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('drops a stored override whose origin is no longer allowed', () => {
    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ 'mf-moderation': 'https://evil.example/remoteEntry.js', 'mf-feed': 5 }));
    expect(planOverrides(ON, page()).active).toEqual([]);
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });
});
