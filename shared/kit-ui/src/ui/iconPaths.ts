/**
 * The icon set's path data, apart from the React component so that code without React (the
 * server's first paint, firstPaint.ts) draws the same glyphs.
 * Simple 24×24 outline glyphs; each is one or more SVG path strings.
 */
export const ICON_PATHS: Record<string, string[]> = {
  feed: ['M4 5h16v4H4z', 'M4 11h16v4H4z', 'M4 17h10v2H4z'],
  business: ['M3 8h18v11H3z', 'M9 8V5h6v3', 'M3 13h18'],
  search: ['M10.5 4a6.5 6.5 0 1 1 0 13a6.5 6.5 0 0 1 0-13z', 'M15.5 15.5L20 20'],
  compose: ['M4 20h4L19 9l-4-4L4 16z', 'M13.5 6.5l4 4'],
  subscriptions: ['M8 11a3 3 0 1 0 0-6a3 3 0 0 0 0 6z', 'M2 20c0-3.3 2.7-6 6-6s6 2.7 6 6', 'M16 5a3 3 0 0 1 0 6', 'M18 14c2.3.6 4 2.7 4 6'],
  upvote: ['M12 4l7 8h-4v8H9v-8H5z'],
  downvote: ['M12 20l-7-8h4V4h6v8h4z'],
  more: ['M12 5.5a1 1 0 1 0 0 .1z', 'M12 12a1 1 0 1 0 0 .1z', 'M12 18.5a1 1 0 1 0 0 .1z'],
  share: ['M18 8a3 3 0 1 0 0-6a3 3 0 0 0 0 6z', 'M6 15a3 3 0 1 0 0-6a3 3 0 0 0 0 6z', 'M18 22a3 3 0 1 0 0-6a3 3 0 0 0 0 6z', 'M8.6 10.5l6.8-4', 'M8.6 13.5l6.8 4'],
  report: ['M5 21V4', 'M5 4h12l-2 4l2 4H5'],
  view: ['M2 12s3.5-7 10-7s10 7 10 7s-3.5 7-10 7S2 12 2 12z', 'M12 15a3 3 0 1 0 0-6a3 3 0 0 0 0 6z'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  user: ['M12 12a4 4 0 1 0 0-8a4 4 0 0 0 0 8z', 'M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8'],
  logout: ['M10 4H5v16h5', 'M15 8l4 4l-4 4', 'M9 12h10'],
  upload: ['M12 16V4', 'M7 9l5-5l5 5', 'M4 20h16'],
  sparkle: ['M12 3l2 6l6 2l-6 2l-2 6l-2-6l-6-2l6-2z'],
  check: ['M5 12l5 5L20 7'],
  trash: ['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13', 'M10 11v6', 'M14 11v6'],
  lock: ['M6 11h12v9H6z', 'M8 11V8a4 4 0 0 1 8 0v3'],
  unlock: ['M6 11h12v9H6z', 'M8 11V8a4 4 0 0 1 7.5-2'],
  shield: ['M12 3l8 3v6c0 4.5-3.4 8.3-8 9c-4.6-.7-8-4.5-8-9V6z'],
  chevronDown: ['M6 9l6 6l6-6'],
  hidden: ['M3 3l18 18', 'M10.6 6.1A9.8 9.8 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.8', 'M6.6 7.6C3.8 9.4 2 12 2 12s3.5 6 10 6a9.6 9.6 0 0 0 4.4-1.1', 'M9.9 9.9a3 3 0 0 0 4.2 4.2'],
  bell: ['M6 17V11a6 6 0 0 1 12 0v6l2 2H4z', 'M10 21h4'],
  settings: ['M12 15a3 3 0 1 0 0-6a3 3 0 0 0 0 6z', 'M12 2v3', 'M12 19v3', 'M2 12h3', 'M19 12h3', 'M4.9 4.9l2.1 2.1', 'M17 17l2.1 2.1', 'M4.9 19.1L7 17', 'M17 7l2.1-2.1'],
};
