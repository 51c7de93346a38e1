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
    expect(refused('mf-nope@http://localhost:3005/remoteEntry.js').refused).toContain('no remote "mf-nope"');
    expect(refused('nothing').refused).toContain('<folder>@');
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('drops a stored override whose origin is no longer allowed', () => {
    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ 'mf-moderation': 'https://evil.example/remoteEntry.js', 'mf-feed': 5 }));
    expect(planOverrides(ON, page()).active).toEqual([]);
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });
});
