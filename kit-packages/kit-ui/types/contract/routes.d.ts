/**
 * GENERATED from the operation table (operations.ts) by `npm run openapi`; do not edit.
 * The client's copy of every operation's method and path, without the schemas, so the browser
 * loads no TypeBox. shared/src/contract/routes.test.ts fails when it is out of date.
 */
export declare const API_ROUTES: {
    readonly getOptions: {
        readonly method: "GET";
        readonly path: "/api/base/options";
    };
    readonly createUser: {
        readonly method: "POST";
        readonly path: "/api/base/create_user/";
    };
    readonly getAccount: {
        readonly method: "GET";
        readonly path: "/api/account/";
    };
    readonly updateAccount: {
        readonly method: "PATCH";
        readonly path: "/api/account/";
    };
    readonly deleteAccount: {
        readonly method: "DELETE";
        readonly path: "/api/account/";
    };
    readonly changePassword: {
        readonly method: "POST";
        readonly path: "/api/account/password/";
    };
    readonly signOutEverywhere: {
        readonly method: "POST";
        readonly path: "/api/account/sign_out_everywhere/";
    };
    readonly verifyEmail: {
        readonly method: "POST";
        readonly path: "/api/account/verify_email/";
    };
    readonly exportAccount: {
        readonly method: "GET";
        readonly path: "/api/account/export/";
    };
    readonly obtainToken: {
        readonly method: "POST";
        readonly path: "/api/token/";
    };
    readonly refreshToken: {
        readonly method: "POST";
        readonly path: "/api/token/refresh/";
    };
    readonly requestPasswordReset: {
        readonly method: "POST";
        readonly path: "/api/password/reset/";
    };
    readonly confirmPasswordReset: {
        readonly method: "POST";
        readonly path: "/api/password/reset/confirm/";
    };
    readonly createChat: {
        readonly method: "POST";
        readonly path: "/api/base/chats/";
    };
    readonly getChat: {
        readonly method: "GET";
        readonly path: "/api/base/chats/{id}/";
    };
    readonly postChatMessage: {
        readonly method: "POST";
        readonly path: "/api/base/chats/{id}/messages/";
    };
    readonly getWishChat: {
        readonly method: "GET";
        readonly path: "/api/base/wish/{id}/chat/";
    };
    readonly saveWish: {
        readonly method: "POST";
        readonly path: "/api/base/save_wish/";
    };
    readonly getWish: {
        readonly method: "GET";
        readonly path: "/api/base/wish/{id}/";
    };
    readonly updateWish: {
        readonly method: "PATCH";
        readonly path: "/api/base/wish/{id}/";
    };
    readonly deleteWish: {
        readonly method: "DELETE";
        readonly path: "/api/base/wish/{id}/";
    };
    readonly getFeed: {
        readonly method: "GET";
        readonly path: "/api/base/feed/";
    };
    readonly getFeedPage: {
        readonly method: "GET";
        readonly path: "/api/base/feed/{page}/";
    };
    readonly getFollowingFeed: {
        readonly method: "GET";
        readonly path: "/api/base/feed/following/";
    };
    readonly getFollowingFeedPage: {
        readonly method: "GET";
        readonly path: "/api/base/feed/following/{page}/";
    };
    readonly getUserWishes: {
        readonly method: "GET";
        readonly path: "/api/base/user/{id}/wishes/";
    };
    readonly getUserWishesPage: {
        readonly method: "GET";
        readonly path: "/api/base/user/{id}/wishes/{page}/";
    };
    readonly search: {
        readonly method: "POST";
        readonly path: "/api/base/search/";
    };
    readonly searchPage: {
        readonly method: "POST";
        readonly path: "/api/base/search/{page}/";
    };
    readonly generateText: {
        readonly method: "POST";
        readonly path: "/api/base/generate_text/";
    };
    readonly streamGeneratedText: {
        readonly method: "POST";
        readonly path: "/api/base/generate_text/stream/";
    };
    readonly improveText: {
        readonly method: "POST";
        readonly path: "/api/base/improve_text/";
    };
    readonly voteOnWish: {
        readonly method: "POST";
        readonly path: "/api/wish/{id}/vote/";
    };
    readonly removeVote: {
        readonly method: "DELETE";
        readonly path: "/api/wish/{id}/vote/";
    };
    readonly listVoters: {
        readonly method: "GET";
        readonly path: "/api/wish/{id}/voters/";
    };
    readonly getProfile: {
        readonly method: "GET";
        readonly path: "/api/profile/{id}/";
    };
    readonly getProfileSubscriptions: {
        readonly method: "GET";
        readonly path: "/api/profile/{id}/subscriptions/";
    };
    readonly getMySubscriptions: {
        readonly method: "GET";
        readonly path: "/api/profile/my/subscriptions/";
    };
    readonly subscribe: {
        readonly method: "POST";
        readonly path: "/api/profile/{id}/subscribe/";
    };
    readonly unsubscribe: {
        readonly method: "DELETE";
        readonly path: "/api/profile/{id}/subscribe/";
    };
    readonly uploadAvatar: {
        readonly method: "POST";
        readonly path: "/api/profile/my/avatar/upload/";
    };
    readonly submitComplaint: {
        readonly method: "POST";
        readonly path: "/api/complaints/submit/";
    };
    readonly listMyReports: {
        readonly method: "GET";
        readonly path: "/api/complaints/my/";
    };
    readonly submitOffer: {
        readonly method: "POST";
        readonly path: "/api/offer/submit/";
    };
    readonly getReportQueue: {
        readonly method: "GET";
        readonly path: "/api/moderation/reports/";
    };
    readonly moderateWish: {
        readonly method: "POST";
        readonly path: "/api/moderation/wish/{id}/";
    };
    readonly moderateUser: {
        readonly method: "POST";
        readonly path: "/api/moderation/user/{id}/";
    };
    readonly getModerationLog: {
        readonly method: "GET";
        readonly path: "/api/moderation/log/";
    };
    readonly getOfferInbox: {
        readonly method: "GET";
        readonly path: "/api/moderation/offers/";
    };
    readonly listNotifications: {
        readonly method: "GET";
        readonly path: "/api/notifications/";
    };
    readonly markNotificationsRead: {
        readonly method: "POST";
        readonly path: "/api/notifications/read/";
    };
    readonly streamUnreadCount: {
        readonly method: "GET";
        readonly path: "/api/notifications/stream/";
    };
    readonly getWishCard: {
        readonly method: "GET";
        readonly path: "/api/base/wish/{id}/card.png";
    };
    readonly listCardThemes: {
        readonly method: "GET";
        readonly path: "/api/base/card-themes/";
    };
    readonly getSiteCard: {
        readonly method: "GET";
        readonly path: "/api/base/card.png";
    };
    readonly sendWish: {
        readonly method: "POST";
        readonly path: "/api/base/wish/{id}/send/";
    };
    readonly listDeliveries: {
        readonly method: "GET";
        readonly path: "/api/base/deliveries/";
    };
    readonly cancelDelivery: {
        readonly method: "DELETE";
        readonly path: "/api/base/deliveries/{id}/";
    };
    readonly getReceivedWish: {
        readonly method: "GET";
        readonly path: "/api/base/deliveries/received/{token}/";
    };
    readonly openReceivedWish: {
        readonly method: "POST";
        readonly path: "/api/base/deliveries/received/{token}/opened/";
    };
    readonly unsubscribeRecipient: {
        readonly method: "POST";
        readonly path: "/api/base/deliveries/received/{token}/unsubscribe/";
    };
    readonly notMeRecipient: {
        readonly method: "POST";
        readonly path: "/api/base/deliveries/received/{token}/not_me/";
    };
    readonly getReceivedCard: {
        readonly method: "GET";
        readonly path: "/api/base/deliveries/received/{token}/card.png";
    };
    readonly listRemotes: {
        readonly method: "GET";
        readonly path: "/api/admin/remotes/";
    };
    readonly activateRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/activate/";
    };
    readonly rollbackRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/rollback/";
    };
    readonly promoteRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/promote/";
    };
    readonly previewRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/preview/";
    };
    readonly confirmPreview: {
        readonly method: "POST";
        readonly path: "/api/preview/";
    };
    readonly endPreview: {
        readonly method: "DELETE";
        readonly path: "/api/preview/";
    };
    readonly listRemoteErrors: {
        readonly method: "GET";
        readonly path: "/api/admin/remotes/{remote}/errors/";
    };
    readonly reportClientError: {
        readonly method: "POST";
        readonly path: "/api/client-errors/";
    };
    readonly reportClientLoad: {
        readonly method: "POST";
        readonly path: "/api/client-loads/";
    };
    readonly publishRelease: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/releases/";
    };
    readonly createRemoteToken: {
        readonly method: "POST";
        readonly path: "/api/admin/remotes/{remote}/tokens/";
    };
    readonly listRemoteTokens: {
        readonly method: "GET";
        readonly path: "/api/admin/remotes/{remote}/tokens/";
    };
    readonly revokeRemoteToken: {
        readonly method: "DELETE";
        readonly path: "/api/admin/remotes/{remote}/tokens/{token_id}/";
    };
};
export type ApiOperationId = keyof typeof API_ROUTES;
/** The operation's path with `{name}` parameters filled in (URL-encoded). */
export declare function apiPath(id: ApiOperationId, params?: Record<string, string | number>): string;
