// mf_profile: the profile page (avatar upload, subscribe) and the signed-in user's subscriptions.
module.exports = {
  name: 'mf_profile',
  port: 3003,
  exposes: {
    './ProfilePage': './src/profile/ProfilePage.tsx',
    './SubscriptionsPage': './src/subscriptions/SubscriptionsPage.tsx',
    './NotificationsPage': './src/notifications/NotificationsPage.tsx',
    './SettingsPage': './src/settings/SettingsPage.tsx',
  },
};
