/**
 * mf-moderation's declaration: its federation name, dev port, exposed modules, routes with their titles
 * and sign-in rule, navigation and menu entries, and the modules it consumes from other remotes.
 * This file is the one place they are written: the build ships it in the release (release.json →
 * declaration), and the shell and the server take it from the active release.
 */
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

export default {
  key: 'moderation',
  name: 'mf_moderation',
  folder: 'mf-moderation',
  devPort: 3005,
  exposes: {
    ModerationPage: './src/queue/ModerationPage.tsx',
    ModerationLogPage: './src/log/ModerationLogPage.tsx',
    OffersPage: './src/offers/OffersPage.tsx',
    ReleasesPage: './src/releases/ReleasesPage.tsx',
  },
  // The pages themselves show the not-allowed page to members without the role (the server
  // answers 403); the navigation entry shows only for moderators and admins.
  routes: [
    { path: '/moderation', expose: 'ModerationPage', title: 'Moderation', signIn: true },
    { path: '/moderation/log', expose: 'ModerationLogPage', title: 'Moderation log', signIn: true },
    { path: '/moderation/offers', expose: 'OffersPage', title: 'Business offers', signIn: true },
    { path: '/moderation/releases', expose: 'ReleasesPage', title: 'Releases', signIn: true },
  ],
  nav: [{ to: '/moderation', label: 'Moderation', icon: 'shield', visibility: { roles: ['moderator', 'admin'] }, order: 60 }],
} as const satisfies RemoteDeclaration;
