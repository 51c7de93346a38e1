/**
 * The icon set's path data, apart from the React component so that code without React (the
 * server's first paint, firstPaint.ts) draws the same glyphs.
 * Simple 24×24 outline glyphs; each is one or more SVG path strings.
 */
export declare const ICON_PATHS: Record<string, string[]>;
