/**
 * mf-feed's declaration: its federation name, dev port, exposed modules, routes with their titles
 * and sign-in rule, navigation and menu entries, and the modules it consumes from other remotes.
 * This file is the one place they are written: the build ships it in the release (release.json →
 * declaration), and the shell and the server take it from the active release.
 */
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

export default {
  key: 'feed',
  name: 'mf_feed',
  folder: 'mf-feed',
  devPort: 3001,
  exposes: {
    HomePage: './src/home/HomePage.tsx',
    FeedPage: './src/feed/FeedPage.tsx',
    WishPage: './src/wish/WishPage.tsx',
    SearchPage: './src/search/SearchPage.tsx',
    WishList: './src/wish/WishList.tsx',
    WishCard: './src/wish/WishCard.tsx',
  },
  routes: [
    { path: '/', expose: 'HomePage', title: 'Home' },
    { path: '/feed', expose: 'FeedPage', title: 'Feed' },
    { path: '/feed/:n', redirectTo: '/feed' },
    { path: '/wish/:id', expose: 'WishPage', title: 'Wish' },
    { path: '/search', expose: 'SearchPage', title: 'Search' },
  ],
  nav: [
    { to: '/feed', label: 'Feed', icon: 'feed', visibility: 'everyone', order: 10, pinned: true },
    { to: '/search', label: 'Search', icon: 'search', visibility: 'members', order: 30, pinned: true },
  ],
} as const satisfies RemoteDeclaration;
