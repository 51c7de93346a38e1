import { act, screen, within } from '@testing-library/react';
import { updateSessionUser } from '@wishes/kit-session';
import { composeSite, navItemsFor, setSiteComposition } from './composition';
import { siteManifest } from '../test/siteManifest';
import { accountMenuEntries } from '../account/accountMenuItems';
import { renderApp, resetSessionAndOptions, signInAs } from '../test/render';
import { mockViewportWidth } from '../test/viewport';

/** A remote the shell was never built with: it arrives only through the runtime manifest. */
const HELLO = {
  name: 'mf_hello',
  entry: '/mf/releases/mf-hello/0.0.1-abcdef12/remoteEntry.js',
  folder: 'mf-hello',
  release: '0.0.1-abcdef12',
  routes: [{ path: '/hello/:who', expose: 'HelloPage', title: 'Hello' }],
  nav: [{ to: '/hello/world', label: 'Hello', icon: 'sparkle', visibility: 'members' as const, order: 45 }],
};
const MODERATION_ENTRY = { to: '/moderation', label: 'Moderation', icon: 'report', visibility: { roles: ['moderator', 'admin'] }, order: 90 };

beforeEach(() => {
  resetSessionAndOptions();
  mockViewportWidth(1024);
});
afterEach(() => {
  setSiteComposition(siteManifest());
  jest.restoreAllMocks();
});

const mainNav = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));

describe('site composition from the runtime manifest', () => {
  it('routes a path a new remote declares, with its nav entry in order, and nothing else changes', async () => {
    setSiteComposition({ remotes: [...siteManifest().remotes, HELLO] });
    signInAs();
    renderApp('/hello/world');
    // The first lazy page of a cold test file can take over a second on a busy machine.
    expect(await screen.findByTestId('remote-page', {}, { timeout: 5000 })).toHaveTextContent('mf_hello/HelloPage');
    expect(mainNav()).toEqual(['Feed', 'Business', 'Search', 'Compose Wish', 'Hello', 'Subscriptions']);
  });

  it('puts the account-menu entries a remote declares between Your profile and Sign out, in order', () => {
    const manifest = siteManifest();
    manifest.remotes.push({ ...HELLO, menu: [{ to: '/hello/inbox', label: 'Hello inbox', icon: 'bell', order: 15 }] });
    const labels = accountMenuEntries({ username: 'ada@example.com', userId: 7 } as Parameters<typeof accountMenuEntries>[0], composeSite(manifest)).map((entry) => entry.label);
    expect(labels).toEqual(['Your profile', 'Notifications', 'Hello inbox', 'Sent wishes', 'People', 'Group wishes', 'Settings', 'Sign out']);
  });

  it('keeps the not-found page for paths no remote declares', () => {
    setSiteComposition({ remotes: [...siteManifest().remotes, HELLO] });
    renderApp('/hello');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('routes nothing for a remote listed without declarations: the shell knows no remote of its own accord', () => {
    const composed = composeSite({ remotes: [{ name: 'mf_feed', entry: 'https://cdn.example/remoteEntry.js' }] });
    expect(composed.routes).toEqual([]);
    expect(composed.nav).toEqual([]);
  });

  it('lets the first remote keep a path two remotes claim', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const composed = composeSite({ remotes: [...siteManifest().remotes, { ...HELLO, routes: [{ path: '/feed', expose: 'HelloPage' }] }] });
    expect(composed.routes.filter((r) => r.path === '/feed').map((r) => r.module)).toEqual(['mf_feed/FeedPage']);
  });

  it('shows a role-only entry to that role alone', () => {
    const composition = composeSite({ remotes: [{ ...HELLO, nav: [...HELLO.nav, MODERATION_ENTRY] }] });
    expect(navItemsFor(null, composition).map((n) => n.label)).toEqual([]);
    expect(navItemsFor({ userId: 1 }, composition).map((n) => n.label)).toEqual(['Hello']);
    expect(navItemsFor({ userId: 1, role: 'user' }, composition).map((n) => n.label)).toEqual(['Hello']);
    expect(navItemsFor({ userId: 1, role: 'moderator' }, composition).map((n) => n.label)).toEqual(['Hello', 'Moderation']);
  });

  it('shows the moderation entry in the header once the session says moderator', async () => {
    // mf-moderation's own registry entry (shared/kit-contract/src/registry.ts) brings it, for moderators and admins only.
    setSiteComposition(siteManifest());
    signInAs();
    renderApp('/feed');
    await screen.findByTestId('remote-page', {}, { timeout: 5000 });
    expect(mainNav()).not.toContain('Moderation');
    // The role comes from the access token's `role` claim; the nav reads it when present.
    act(() => updateSessionUser({ role: 'moderator' } as never));
    expect(await screen.findByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/moderation');
  });
});
