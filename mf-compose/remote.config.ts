/**
 * mf-compose's declaration: its federation name, dev port, exposed modules, routes with their titles
 * and sign-in rule, navigation and menu entries, and the modules it consumes from other remotes.
 * This file is the one place they are written: the build ships it in the release (release.json →
 * declaration), and the shell and the server take it from the active release.
 */
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

export default {
  key: 'compose',
  name: 'mf_compose',
  folder: 'mf-compose',
  devPort: 3002,
  exposes: {
    ComposePage: './src/compose/ComposePage.tsx',
    BusinessPage: './src/business/BusinessPage.tsx',
  },
  routes: [
    { path: '/compose', expose: 'ComposePage', title: 'Compose Wish', signIn: true },
    { path: '/compose/:topic', expose: 'ComposePage', title: 'Compose Wish', signIn: true },
    { path: '/business', expose: 'BusinessPage', title: 'Business', signIn: true },
  ],
  nav: [
    { to: '/business', label: 'Business', icon: 'business', visibility: 'members', order: 20, pinned: true },
    { to: '/compose', label: 'Compose Wish', shortLabel: 'Compose', icon: 'compose', visibility: 'members', order: 40, pinned: true },
  ],
} as const satisfies RemoteDeclaration;
