/** Business constants of docs/product.md#9-constants) and the API contract's limits, each defined once. */
export declare const SESSION: {
    /** Refresh the access token when fewer than this many seconds of life remain. */
    readonly refreshThresholdSeconds: 120;
    /** How often the session checks whether a refresh is due. */
    readonly refreshCheckIntervalMs: 60000;
    readonly storageKeys: {
        readonly access: "access_token";
        readonly refresh: "refresh_token";
        readonly username: "username";
    };
    /** Local-storage keys under this prefix belong to the signed-in person (e.g. a compose draft); sign-out removes them. */
    readonly userDataPrefix: "wishes.user.";
};
export declare const LAYOUT: {
    /** Screens this wide or narrower show the bottom mobile bar. */
    readonly mobileBreakpointPx: 430;
    /** Modals stack on a base layer of 1000 plus 2 per level. */
    readonly modalBaseZIndex: 1000;
    readonly modalZIndexStep: 2;
};
export declare const FEED: {
    readonly firstPage: 1;
    readonly pageSize: 10;
    readonly homeRecentCount: 3;
    /** Load the next page when the user is within this many px of the bottom. */
    readonly infiniteScrollThresholdPx: 200;
    /** If the feed is still empty after this long, page 1 is requested again. */
    readonly emptyRetryMs: 1000;
};
export declare const SEARCH: {
    readonly minChars: 3;
};
export declare const TIMING: {
    readonly copiedFeedbackMs: 2000;
    readonly redirectAfterResetMs: 1500;
    readonly redirectAfterOfferMs: 800;
    readonly toastAutoCloseMs: 5000;
    readonly toastMinMs: 500;
    readonly toastMaxMs: 5000;
    readonly rippleRemoveMs: 300;
};
export declare const UI: {
    readonly rippleSizePx: 300;
    readonly iconSize: 24;
    readonly iconViewBox: "0 0 24 24";
};
export declare const DEFAULT_VOTE_TYPE: "upvote";
export declare const LIMITS: {
    readonly avatarMaxBytes: number;
    readonly passwordMin: 8;
    readonly generateFieldMax: 100;
    readonly detailsMax: 1000;
    /** Most drafts one generate_text call may ask for. */
    readonly generateVariantsMax: 3;
    /** Longest instruction in a wish's chat. */
    readonly chatMessageMax: 500;
    readonly wishTextMax: 2000;
    readonly searchQueryMax: 200;
    readonly offerMessageMax: 5000;
};
export declare const DEFAULT_SITE_NAME = "Wishes";
export declare const ANONYMOUS = "Anonymous";
/** Paging of `GET /api/wish/{id}/voters/` (contract/schemas.ts VotersResultSchema). */
export declare const VOTERS_PAGE: {
    /** What the voters modal asks for, first page and each "load more": enough to fill the modal. */
    readonly modalLimit: 50;
    /** Largest `limit`, and the page size when none is given (the v1 list's cap). */
    readonly maxLimit: 1000;
};
/** Sending a wish to someone (docs/deliveries.md): the note's length, how far ahead, the card formats. */
export declare const DELIVERY: {
    readonly noteMax: 300;
    readonly maxDaysAhead: 366;
};
