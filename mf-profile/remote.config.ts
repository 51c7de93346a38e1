/**
 * mf-profile's declaration: its federation name, dev port, exposed modules, routes with their titles
 * and sign-in rule, navigation and menu entries, and the modules it consumes from other remotes.
 * This file is the one place they are written: the build ships it in the release (release.json →
 * declaration), and the shell and the server take it from the active release.
 */
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

export default {
  key: 'profile',
  name: 'mf_profile',
  folder: 'mf-profile',
  devPort: 3003,
  exposes: {
    ProfilePage: './src/profile/ProfilePage.tsx',
    SubscriptionsPage: './src/subscriptions/SubscriptionsPage.tsx',
    MyReportsPage: './src/reports/MyReportsPage.tsx',
    // The social layer: notifications (the shell's bell leads here) and account settings.
    NotificationsPage: './src/notifications/NotificationsPage.tsx',
    SettingsPage: './src/settings/SettingsPage.tsx',
    // Wishes sent to people by email, with cancel (docs/deliveries.md).
    DeliveriesPage: './src/deliveries/DeliveriesPage.tsx',
    // The people the member writes for, their dates and reminders (docs/people.md).
    PeoplePage: './src/people/PeoplePage.tsx',
  },
  routes: [
    // A profile lists its wishes with mf-feed's WishList.
    { path: '/user/:uid', expose: 'ProfilePage', title: 'Profile', preload: ['mf_feed/WishList'] },
    { path: '/user/:uid/:page', redirectTo: '/user/:uid' },
    { path: '/subscriptions', expose: 'SubscriptionsPage', title: 'Subscriptions', signIn: true },
    // The reporter's reports and their outcomes (docs/api.md, "Own wishes and moderation": GET /api/complaints/my/).
    { path: '/my/reports', expose: 'MyReportsPage', title: 'My reports', signIn: true },
    { path: '/notifications', expose: 'NotificationsPage', title: 'Notifications', signIn: true },
    { path: '/settings', expose: 'SettingsPage', title: 'Settings', signIn: true },
    { path: '/deliveries', expose: 'DeliveriesPage', title: 'Sent wishes', signIn: true },
    { path: '/people', expose: 'PeoplePage', title: 'People', signIn: true },
  ],
  consumes: [{ remote: 'mf-feed', module: './WishList' }],
  // Notifications, Sent wishes and Settings are not nav entries but account-menu entries (the
  // bell next to the menu also leads to Notifications), which keeps the 1280 px header within its width.
  menu: [
    { to: '/notifications', label: 'Notifications', icon: 'bell', order: 10 },
    { to: '/deliveries', label: 'Sent wishes', icon: 'share', order: 20 },
    { to: '/people', label: 'People', icon: 'subscriptions', order: 25 },
    { to: '/settings', label: 'Settings', icon: 'settings', order: 30 },
  ],
  nav: [
    { to: '/subscriptions', label: 'Subscriptions', icon: 'subscriptions', visibility: 'members', order: 50, pinned: true },
  ],
} as const satisfies RemoteDeclaration;
