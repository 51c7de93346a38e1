/**
 * THE query-key scheme of the whole site (TanStack Query): every cached answer is filed under one
 * of these, so any app can read, invalidate or update what another app fetched. Keys are arrays
 * whose first element names the family; everything that holds wishes starts with 'wishes', so
 * `updateCachedWish` (../query/wishCache.ts) finds every copy of a wish under one prefix.
 * No TypeBox here: this file is part of browser bundles.
 */
import type { ReportStatus, VoteType } from './schemas';
export declare const queryKeys: {
    /** The site options (GET /api/base/options), loaded once per page. */
    readonly options: () => readonly ["options"];
    /** Everything that holds wishes (feeds, a wish, a member's wishes, search). */
    readonly wishes: () => readonly ["wishes"];
    readonly feed: (page: number) => readonly ["wishes", "feed", number];
    /** The infinite public feed (pages fetched as the reader scrolls). */
    readonly feedInfinite: () => readonly ["wishes", "feed", "infinite"];
    readonly followingFeed: (page: number) => readonly ["wishes", "following", number];
    /** The Following feed as it scrolls (pages appended), like `feedInfinite`. */
    readonly followingInfinite: () => readonly ["wishes", "following", "infinite"];
    readonly wish: (id: number) => readonly ["wishes", "detail", number];
    readonly userWishes: (username: string, page: number) => readonly ["wishes", "user", string, number];
    /** A member's wishes as the profile scrolls, by the id its URL uses (beside `userWishes`' pages). */
    readonly userWishesInfinite: (user: string | number) => readonly ["wishes", "user", string, "infinite"];
    readonly search: (query: string, page: number) => readonly ["wishes", "search", string, number];
    /** Search results as "Load More" appends pages. */
    readonly searchInfinite: (query: string) => readonly ["wishes", "search", string, "infinite"];
    /** The chat a wish was written in (its author only). */
    readonly wishChat: (wishId: number) => readonly ["wish-chat", number];
    /** A draft's chat with the assistant, by the chat's id (author only). */
    readonly chat: (chatId: number) => readonly ["chats", number];
    /** The card themes (one list for the compose page and a wish's "Send to…"). */
    readonly cardThemes: () => readonly ["card-themes"];
    /** A wish's card preview; `version` changes with the text, so an edit draws it again. */
    readonly wishCard: (wishId: number, theme: string, format: string, version: string) => readonly ["wish-card", number, string, string, string];
    readonly voters: (wishId: number, filter: VoteType | "all") => readonly ["voters", number, "upvote" | "downvote" | "all"];
    /** A member's profile, by the id or username its URL uses. */
    readonly profile: (user: string | number) => readonly ["profile", string];
    readonly mySubscriptions: () => readonly ["subscriptions", "mine"];
    readonly notifications: (page: number) => readonly ["notifications", number];
    readonly notificationsInfinite: () => readonly ["notifications", "infinite"];
    readonly account: () => readonly ["account"];
    readonly myReports: (page: number) => readonly ["reports", "mine", number];
    readonly reportQueue: (status: ReportStatus, page: number) => readonly ["moderation", "queue", "open" | "resolved", number];
    readonly moderationLog: (page: number) => readonly ["moderation", "log", number];
    readonly offerInbox: (page: number) => readonly ["moderation", "offers", number];
    readonly deliveries: (page: number) => readonly ["deliveries", number];
    readonly deliveriesInfinite: () => readonly ["deliveries", "infinite"];
    readonly staticPage: (name: string) => readonly ["static-page", string];
};
export type QueryKeys = typeof queryKeys;
