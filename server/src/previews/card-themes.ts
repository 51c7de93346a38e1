/**
 * Card themes and formats (docs/deliveries.md#cards). A theme is a backdrop — one of the topic
 * images (server/static/categories) or a gradient — and the colours of the panel's text; a format is
 * the picture's size. The renderer (card.ts) draws any theme in any format.
 */
import path from 'node:path';
import { CARD_FORMATS, type CardFormat, type CardTheme } from '@wishes/kit-contract/api';
import { STATIC_DIR } from '../pages/static-content';

export interface ThemeStyle {
  name: string;
  title: string;
  /** A topic image drawn full-bleed behind the panel; absent: the gradient. */
  image?: string;
  gradient: [string, string];
  /** Colour of the byline and the site name. */
  accent: string;
}

const topic = (name: string, title: string, accent: string, gradient: [string, string]): ThemeStyle => ({
  name,
  title,
  image: path.join(STATIC_DIR, 'categories', `${name}.webp`),
  gradient,
  accent,
});

export const DEFAULT_THEME = 'classic';

export const CARD_THEMES: readonly ThemeStyle[] = [
  { name: 'classic', title: 'Classic', gradient: ['#7c3aed', '#db2777'], accent: '#6b21a8' },
  { name: 'midnight', title: 'Midnight', gradient: ['#0f172a', '#1e3a8a'], accent: '#1e3a8a' },
  topic('birthday', 'Birthday', '#be185d', ['#f472b6', '#f59e0b']),
  topic('wedding', 'Wedding', '#9d174d', ['#fbcfe8', '#e9d5ff']),
  topic('holidays', 'Holidays', '#166534', ['#15803d', '#b91c1c']),
  topic('thank-you', 'Thank you', '#b45309', ['#f59e0b', '#fde68a']),
  topic('get-well', 'Get well', '#0f766e', ['#5eead4', '#a7f3d0']),
  topic('new-baby', 'New baby', '#1d4ed8', ['#bfdbfe', '#fbcfe8']),
  topic('graduation', 'Graduation', '#1e3a8a', ['#1e3a8a', '#f59e0b']),
  topic('good-luck', 'Good luck', '#15803d', ['#22c55e', '#a3e635']),
];

const BY_NAME = new Map(CARD_THEMES.map((t) => [t.name, t]));

export const isCardTheme = (name: string): boolean => BY_NAME.has(name);
export const themeStyle = (name: string | null | undefined): ThemeStyle => BY_NAME.get(name ?? '') ?? BY_NAME.get(DEFAULT_THEME)!;
export const cardThemeList = (): CardTheme[] => CARD_THEMES.map(({ name, title }) => ({ name, title }));

export const formatSize = (format: CardFormat) => CARD_FORMATS[format];
