/**
 * GENERATED from the operation table (operations.ts) by `npm run openapi`; do not edit.
 * The client's copy of every operation's method and path, without the schemas, so the browser
 * loads no TypeBox. shared/src/contract/routes.test.ts fails when it is out of date.
 */
export const API_ROUTES = {
  getOptions: { method: 'GET', path: '/api/base/options' },
  createUser: { method: 'POST', path: '/api/base/create_user/' },
  getAccount: { method: 'GET', path: '/api/account/' },
  updateAccount: { method: 'PATCH', path: '/api/account/' },
  deleteAccount: { method: 'DELETE', path: '/api/account/' },
  changePassword: { method: 'POST', path: '/api/account/password/' },
  signOutEverywhere: { method: 'POST', path: '/api/account/sign_out_everywhere/' },
  verifyEmail: { method: 'POST', path: '/api/account/verify_email/' },
  exportAccount: { method: 'GET', path: '/api/account/export/' },
  obtainToken: { method: 'POST', path: '/api/token/' },
  refreshToken: { method: 'POST', path: '/api/token/refresh/' },
  requestPasswordReset: { method: 'POST', path: '/api/password/reset/' },
  confirmPasswordReset: { method: 'POST', path: '/api/password/reset/confirm/' },
  createChat: { method: 'POST', path: '/api/base/chats/' },
  getChat: { method: 'GET', path: '/api/base/chats/{id}/' },
  postChatMessage: { method: 'POST', path: '/api/base/chats/{id}/messages/' },
  getWishChat: { method: 'GET', path: '/api/base/wish/{id}/chat/' },
  saveWish: { method: 'POST', path: '/api/base/save_wish/' },
  getWish: { method: 'GET', path: '/api/base/wish/{id}/' },
  updateWish: { method: 'PATCH', path: '/api/base/wish/{id}/' },
  deleteWish: { method: 'DELETE', path: '/api/base/wish/{id}/' },
  getFeed: { method: 'GET', path: '/api/base/feed/' },
  getFeedPage: { method: 'GET', path: '/api/base/feed/{page}/' },
  getFollowingFeed: { method: 'GET', path: '/api/base/feed/following/' },
  getFollowingFeedPage: { method: 'GET', path: '/api/base/feed/following/{page}/' },
  getUserWishes: { method: 'GET', path: '/api/base/user/{id}/wishes/' },
  getUserWishesPage: { method: 'GET', path: '/api/base/user/{id}/wishes/{page}/' },
  search: { method: 'POST', path: '/api/base/search/' },
  searchPage: { method: 'POST', path: '/api/base/search/{page}/' },
  generateText: { method: 'POST', path: '/api/base/generate_text/' },
  streamGeneratedText: { method: 'POST', path: '/api/base/generate_text/stream/' },
  improveText: { method: 'POST', path: '/api/base/improve_text/' },
  voteOnWish: { method: 'POST', path: '/api/wish/{id}/vote/' },
  removeVote: { method: 'DELETE', path: '/api/wish/{id}/vote/' },
  listVoters: { method: 'GET', path: '/api/wish/{id}/voters/' },
  getProfile: { method: 'GET', path: '/api/profile/{id}/' },
  getProfileSubscriptions: { method: 'GET', path: '/api/profile/{id}/subscriptions/' },
  getMySubscriptions: { method: 'GET', path: '/api/profile/my/subscriptions/' },
  subscribe: { method: 'POST', path: '/api/profile/{id}/subscribe/' },
  unsubscribe: { method: 'DELETE', path: '/api/profile/{id}/subscribe/' },
  uploadAvatar: { method: 'POST', path: '/api/profile/my/avatar/upload/' },
  submitComplaint: { method: 'POST', path: '/api/complaints/submit/' },
  listMyReports: { method: 'GET', path: '/api/complaints/my/' },
  submitOffer: { method: 'POST', path: '/api/offer/submit/' },
  getReportQueue: { method: 'GET', path: '/api/moderation/reports/' },
  moderateWish: { method: 'POST', path: '/api/moderation/wish/{id}/' },
  moderateUser: { method: 'POST', path: '/api/moderation/user/{id}/' },
  getModerationLog: { method: 'GET', path: '/api/moderation/log/' },
  getOfferInbox: { method: 'GET', path: '/api/moderation/offers/' },
  listNotifications: { method: 'GET', path: '/api/notifications/' },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read/' },
  streamUnreadCount: { method: 'GET', path: '/api/notifications/stream/' },
  getWishCard: { method: 'GET', path: '/api/base/wish/{id}/card.png' },
  listCardThemes: { method: 'GET', path: '/api/base/card-themes/' },
  getSiteCard: { method: 'GET', path: '/api/base/card.png' },
  sendWish: { method: 'POST', path: '/api/base/wish/{id}/send/' },
  listDeliveries: { method: 'GET', path: '/api/base/deliveries/' },
  cancelDelivery: { method: 'DELETE', path: '/api/base/deliveries/{id}/' },
  getReceivedWish: { method: 'GET', path: '/api/base/deliveries/received/{token}/' },
  openReceivedWish: { method: 'POST', path: '/api/base/deliveries/received/{token}/opened/' },
  unsubscribeRecipient: { method: 'POST', path: '/api/base/deliveries/received/{token}/unsubscribe/' },
  notMeRecipient: { method: 'POST', path: '/api/base/deliveries/received/{token}/not_me/' },
  getReceivedCard: { method: 'GET', path: '/api/base/deliveries/received/{token}/card.png' },
  listRemotes: { method: 'GET', path: '/api/admin/remotes/' },
  activateRelease: { method: 'POST', path: '/api/admin/remotes/{remote}/activate/' },
  rollbackRelease: { method: 'POST', path: '/api/admin/remotes/{remote}/rollback/' },
  promoteRelease: { method: 'POST', path: '/api/admin/remotes/{remote}/promote/' },
  previewRelease: { method: 'POST', path: '/api/admin/remotes/{remote}/preview/' },
  confirmPreview: { method: 'POST', path: '/api/preview/' },
  endPreview: { method: 'DELETE', path: '/api/preview/' },
  listRemoteErrors: { method: 'GET', path: '/api/admin/remotes/{remote}/errors/' },
  reportClientError: { method: 'POST', path: '/api/client-errors/' },
  publishRelease: { method: 'POST', path: '/api/admin/remotes/{remote}/releases/' },
  createRemoteToken: { method: 'POST', path: '/api/admin/remotes/{remote}/tokens/' },
  listRemoteTokens: { method: 'GET', path: '/api/admin/remotes/{remote}/tokens/' },
  revokeRemoteToken: { method: 'DELETE', path: '/api/admin/remotes/{remote}/tokens/{token_id}/' },
} as const;

export type ApiOperationId = keyof typeof API_ROUTES;

/** The operation's path with `{name}` parameters filled in (URL-encoded). */
export function apiPath(id: ApiOperationId, params: Record<string, string | number> = {}): string {
  return API_ROUTES[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
