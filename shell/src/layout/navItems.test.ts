/** The mobile bar's split: five pinned entries in the bar, all else in More, for any number of remotes. */
import type { NavDeclaration } from '@wishes/kit-contract';
import { composeSite } from '../remotes/composition';
import { siteManifest } from '../test/siteManifest';
import { mobileBarLayout } from './navItems';

const labels = (items: NavDeclaration[]) => items.map((item) => item.label);

describe('mobileBarLayout', () => {
  it('a member: the five in the bar, Profile in More', () => {
    const { bar, more } = mobileBarLayout({ role: 'user' }, '/user/7', composeSite(siteManifest()));
    expect(labels(bar)).toEqual(['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions']);
    expect(labels(more)).toEqual(['Profile']);
  });

  it('an admin: Moderation folds into More before Profile', () => {
    const { bar, more } = mobileBarLayout({ role: 'admin' }, '/user/1', composeSite(siteManifest()));
    expect(bar).toHaveLength(5);
    expect(labels(more)).toEqual(['Moderation', 'Profile']);
  });

  it('entries of new remotes (even pinned ones beyond five) fold into More, in order; the bar keeps five', () => {
    const manifest = siteManifest();
    const extra: NavDeclaration[] = Array.from({ length: 12 }, (_, i) => ({ to: `/extra/${i}`, label: `Extra ${i}`, icon: 'sparkle', visibility: 'members', order: 100 + i, pinned: i === 0 }));
    manifest.remotes.push({ name: 'mf_extra', entry: '/mf/mf-extra/remoteEntry.js', folder: 'mf-extra', release: 'r1', routes: [], nav: extra });
    const { bar, more } = mobileBarLayout({ role: 'moderator' }, '/user/3', composeSite(manifest));
    expect(labels(bar)).toEqual(['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions']);
    expect(labels(more)).toEqual(['Moderation', ...extra.map((e) => e.label), 'Profile']);
  });

  it("a new remote's pinned entry placed among the five does not push one of them into More", () => {
    const manifest = siteManifest();
    const early: NavDeclaration = { to: '/early', label: 'Early', icon: 'sparkle', visibility: 'members', order: 15, pinned: true };
    manifest.remotes.push({ name: 'mf_early', entry: '/mf/mf-early/remoteEntry.js', folder: 'mf-early', release: 'r1', routes: [], nav: [early] });
    const { bar, more } = mobileBarLayout({ role: 'user' }, '/user/4', composeSite(manifest));
    expect(labels(bar)).toEqual(['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions']);
    expect(labels(more)).toEqual(['Early', 'Profile']);
  });

  it("a release that moves one of the five to another path keeps it pinned in the bar, in its place", () => {
    const manifest = siteManifest();
    for (const remote of manifest.remotes) remote.nav = remote.nav?.map((entry) => (entry.to === '/subscriptions' ? { ...entry, to: '/following' } : entry));
    const { bar } = mobileBarLayout({ role: 'user' }, '/user/4', composeSite(manifest));
    expect(bar.map((item) => item.to)).toEqual(['/feed', '/business', '/search', '/compose', '/following']);
  });

  it('a release declared before `pinned` existed keeps the five spec entries pinned by path', () => {
    const manifest = siteManifest();
    for (const remote of manifest.remotes) remote.nav = remote.nav?.map(({ pinned: _pinned, ...rest }) => rest);
    expect(labels(mobileBarLayout({}, null, composeSite(manifest)).bar)).toEqual(['Feed', 'Business', 'Search', 'Compose Wish', 'Subscriptions']);
  });
});
