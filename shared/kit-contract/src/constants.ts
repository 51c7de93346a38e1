/** Business constants of docs/product.md#9-constants) and the API contract's limits, each defined once. */

export const SESSION = {
  /** Refresh the access token when fewer than this many seconds of life remain. */
  refreshThresholdSeconds: 120,
  /** How often the session checks whether a refresh is due. */
  refreshCheckIntervalMs: 60_000,
  storageKeys: { access: 'access_token', refresh: 'refresh_token', username: 'username' },
  /** Local-storage keys under this prefix belong to the signed-in person (e.g. a compose draft); sign-out removes them. */
  userDataPrefix: 'wishes.user.',
} as const;

export const LAYOUT = {
  /** Screens this wide or narrower show the bottom mobile bar. */
  mobileBreakpointPx: 430,
  /** Modals stack on a base layer of 1000 plus 2 per level. */
  modalBaseZIndex: 1000,
  modalZIndexStep: 2,
} as const;

export const FEED = {
  firstPage: 1,
  pageSize: 10,
  homeRecentCount: 3,
  /** Load the next page when the user is within this many px of the bottom. */
  infiniteScrollThresholdPx: 200,
  /** If the feed is still empty after this long, page 1 is requested again. */
  emptyRetryMs: 1000,
} as const;

export const SEARCH = { minChars: 3 } as const;

export const TIMING = {
  copiedFeedbackMs: 2000,
  redirectAfterResetMs: 1500,
  redirectAfterOfferMs: 800,
  toastAutoCloseMs: 5000,
  toastMinMs: 500,
  toastMaxMs: 5000,
  rippleRemoveMs: 300,
} as const;

export const UI = {
  rippleSizePx: 300,
  iconSize: 24,
  iconViewBox: '0 0 24 24',
} as const;

export const DEFAULT_VOTE_TYPE = 'upvote' as const;

export const LIMITS = {
  avatarMaxBytes: 5 * 1024 * 1024,
  passwordMin: 8,
  generateFieldMax: 100,
  detailsMax: 1000,
  /** Most drafts one generate_text call may ask for. */
  generateVariantsMax: 3,
  /** Longest instruction in a wish's chat. */
  chatMessageMax: 500,
  wishTextMax: 2000,
  searchQueryMax: 200,
  offerMessageMax: 5000,
} as const;

export const DEFAULT_SITE_NAME = 'Wishes';
export const ANONYMOUS = 'Anonymous';

/** Paging of `GET /api/wish/{id}/voters/` (contract/schemas.ts VotersResultSchema). */
export const VOTERS_PAGE = {
  /** What the voters modal asks for, first page and each "load more": enough to fill the modal. */
  modalLimit: 50,
  /** Largest `limit`, and the page size when none is given (the v1 list's cap). */
  maxLimit: 1000,
} as const;

/** Sending a wish to someone (docs/deliveries.md): the note's length, how far ahead, the card formats. */
export const DELIVERY = { noteMax: 300, maxDaysAhead: 366, replyMax: 1000, repliesPerLinkHour: 5 } as const;
/** Replies under public wishes. */
export const WISH_REPLY = { textMax: 500, pageSize: 20 } as const;
