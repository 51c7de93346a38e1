/**
 * mf-groups' declaration: its federation name, dev port, exposed modules, routes with their titles
 * and sign-in rule, and its account-menu entry. Group wishes (docs/groups.md): an organiser starts a
 * wish for one person, others sign it from an invite link (`/g/...`, no account needed).
 * This file is the one place they are written: the build ships it in the release.
 */
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

export default {
  key: 'groups',
  name: 'mf_groups',
  folder: 'mf-groups',
  devPort: 3006,
  exposes: {
    GroupsPage: './src/list/GroupsPage.tsx',
    NewGroupPage: './src/new/NewGroupPage.tsx',
    GroupPage: './src/organise/GroupPage.tsx',
    SignPage: './src/sign/SignPage.tsx',
    ConfirmEmailPage: './src/confirm/ConfirmEmailPage.tsx',
  },
  routes: [
    { path: '/groups', expose: 'GroupsPage', title: 'Group wishes', signIn: true },
    { path: '/groups/new', expose: 'NewGroupPage', title: 'Start a group wish', signIn: true },
    // A signer's address, confirmed from the mail's link (no account needed).
    { path: '/groups/confirm-email', expose: 'ConfirmEmailPage', title: 'Confirm your address' },
    { path: '/groups/:groupId', expose: 'GroupPage', title: 'Group wish', signIn: true },
    // The invite link: signers need no account.
    { path: '/g/:invite', expose: 'SignPage', title: 'Sign a group wish' },
  ],
  // Members only, in the account menu: the 1280 px header and the five-entry mobile bar are full
  // (see mf-profile); a visitor reaches a group through its invite link.
  menu: [{ to: '/groups', label: 'Group wishes', icon: 'subscriptions', order: 27 }],
  nav: [],
} as const satisfies RemoteDeclaration;
