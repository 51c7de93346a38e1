/**
 * The PNG card of a wish (og:image 1200×630, square 1080², story 1080×1920): the whole wish text
 * and its author on the site's colours, drawn by sharp (libvips). The text keeps its line breaks
 * and sign-off; card-layout.ts lays out its lines at the largest size that fits the box (never below
 * 28 px on og, 36 px on square and story) and Pango draws them as laid out. The background is an
 * SVG. Every piece of user text is escaped for the markup it goes into (Pango markup / SVG are XML).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { clampToBox, limitMarks } from './card-text';
import { blockHeight, layoutCardText, lineSpacing, type CardTextLayout } from './card-layout';
import { CARD_FORMATS, type CardFormat } from '@wishes/kit-contract/api';
import { formatSize, themeStyle, type ThemeStyle } from './card-themes';
import type { RenderQueue } from './render-queue';

export const CARD_WIDTH = CARD_FORMATS.og.width;
export const CARD_HEIGHT = CARD_FORMATS.og.height;
const FONT = 'DejaVu Sans, Liberation Sans, sans-serif';

/** Escapes text for XML (SVG and Pango markup): the five special characters, and strips control characters. */
export function escapeXml(text: string): string {
  return text
    // Control characters are exactly what this strips (SVG and Pango reject them).
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** What a card looks like beyond its text: theme and format (card-themes.ts). */
export interface CardLook {
  theme?: string | null;
  format?: CardFormat;
  /** A public wish's address, drawn after "…" when its text is too long to be drawn whole. */
  address?: string;
}

/**
 * The panel, text box and byline places of a format. The text box takes all the panel's height
 * but the footer: on og the byline shares the footer row with the site name (right-aligned), so
 * that 700 characters fit at 28 px; on square and story it sits above the site name.
 */
function layoutOf(format: CardFormat) {
  const { width, height } = formatSize(format);
  const margin = format === 'og' ? 16 : format === 'square' ? 30 : 60;
  const pad = format === 'og' ? 44 : format === 'square' ? 60 : 100;
  const textTop = format === 'story' ? 240 : format === 'square' ? 64 : 34;
  const siteTop = height - margin - (format === 'og' ? 18 : 38);
  const bylineTop = format === 'og' ? siteTop - 30 : siteTop - 80;
  const textBottom = format === 'og' ? siteTop - 36 : bylineTop - 20;
  return { width, height, margin, pad, textTop, textHeight: textBottom - textTop, bylineTop, siteTop, footerByline: format === 'og' };
}

const panel = (l: ReturnType<typeof layoutOf>, style: ThemeStyle, siteName: string, withGradient: boolean) => `<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}" height="${l.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.gradient[0]}"/><stop offset="1" stop-color="${style.gradient[1]}"/></linearGradient></defs>
  ${withGradient ? '<rect width="100%" height="100%" fill="url(#g)"/>' : ''}
  <rect x="${l.margin}" y="${l.margin}" width="${l.width - 2 * l.margin}" height="${l.height - 2 * l.margin}" rx="28" fill="#ffffff" fill-opacity="${withGradient ? 1 : 0.92}"/>
  <text x="${l.pad}" y="${l.siteTop}" font-family="${FONT}" font-size="30" font-weight="bold" fill="${style.accent}">${escapeXml(siteName)}</text>
</svg>`;

/** The backdrop: the theme's topic image (cover-cropped to the format) or its gradient. */
async function backdrop(l: ReturnType<typeof layoutOf>, style: ThemeStyle, siteName: string): Promise<Buffer> {
  if (style.image) {
    try {
      const image = await sharp(style.image).resize(l.width, l.height, { fit: 'cover' }).png().toBuffer();
      return sharp(image).composite([{ input: Buffer.from(panel(l, style, siteName, false)), top: 0, left: 0 }]).png().toBuffer();
    } catch {
      // A missing or broken image: the theme's gradient still makes a card.
    }
  }
  return sharp(Buffer.from(panel(l, style, siteName, true))).png().toBuffer();
}

/** The text box of a format, in px. */
export function cardTextBox(format: CardFormat = 'og') {
  const l = layoutOf(format);
  return { width: l.width - 2 * l.pad, height: l.textHeight };
}

const bodyMarkup = (lines: string[]) => `<span foreground="#1f2937">${escapeXml(lines.join('\n')) || ' '}</span>`;

/**
 * Lays out and draws the body: the lines of card-layout.ts, drawn by Pango with the box's width. Had
 * Pango needed to wrap a line again (a font wider than measured), the block would be taller than
 * laid out: then it is laid out again a size smaller, so the lines returned are the lines drawn.
 */
async function drawBody(text: string, format: CardFormat, address?: string): Promise<{ image: { data: Buffer; info: sharp.OutputInfo }; layout: CardTextLayout }> {
  const box = { ...cardTextBox(format), format, address };
  let layout = layoutCardText(limitMarks(text), box);
  for (;;) {
    const image = await sharp({ text: { text: bodyMarkup(layout.lines), font: `${FONT.split(',')[0]} ${layout.px}`, width: box.width, rgba: true, wrap: 'word', spacing: lineSpacing(layout.px) } })
      .png()
      .toBuffer({ resolveWithObject: true });
    const rewrapped = image.info.height > blockHeight(layout.lines.length, layout.px) + layout.px * 0.5;
    if (!rewrapped || layout.px <= 8) return { image, layout };
    layout = layoutCardText(limitMarks(text), box, layout.px - 2);
  }
}

/** Renders a card: the whole `text` (wrapped, sized to fit), `byline` under it, in the theme and format asked for. */
export async function renderCard(text: string, byline: string, siteName: string, look: CardLook = {}): Promise<Buffer> {
  return (await renderCardWithLayout(text, byline, siteName, look)).png;
}

/** renderCard, and the lines it drew at which size (tests read the card back from them). */
export async function renderCardWithLayout(text: string, byline: string, siteName: string, look: CardLook = {}): Promise<{ png: Buffer; layout: CardTextLayout }> {
  const format = look.format ?? 'og';
  const l = layoutOf(format);
  const style = themeStyle(look.theme);
  const box = cardTextBox(format);
  const { image: body, layout } = await drawBody(text, format, look.address);
  const bylineWidth = l.footerByline ? Math.round(box.width * 0.6) : box.width;
  const author = await sharp({
    text: { text: `<span foreground="${style.accent}">${escapeXml(limitMarks(byline))}</span>`, font: `${FONT.split(',')[0]} Bold ${l.footerByline ? 26 : 30}`, width: bylineWidth, rgba: true, wrap: 'word', align: l.footerByline ? 'right' : 'left' },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const authorBox = { width: bylineWidth, height: l.footerByline ? 40 : l.height - l.bylineTop - l.margin - 50 };
  const authorPng = await clampToBox(author, authorBox);
  const authorWidth = (await sharp(authorPng).metadata()).width ?? 0;
  // A short text sits in the middle of its box, not at its top.
  const bodyTop = l.textTop + Math.max(0, Math.floor((box.height - body.info.height) / 2));
  // Every block clamped to its box (card-text.ts): nothing drawn can outgrow the card.
  const png = await sharp(await backdrop(l, style, siteName))
    .composite([
      { input: await clampToBox(body, box), top: bodyTop, left: l.pad },
      { input: authorPng, top: l.footerByline ? l.siteTop - 28 : l.bylineTop, left: l.footerByline ? l.width - l.pad - authorWidth : l.pad },
    ])
    .removeAlpha()
    .png(pngOptions(style))
    .toBuffer();
  return { png, layout };
}

/**
 * How a card is encoded (the bytes sent are most of a served card's cost). Every card is
 * opaque, so no alpha channel, and a 256-colour palette: a card is flat colours, antialiased text and
 * one backdrop. A gradient backdrop is not dithered (dithering is noise that compresses badly) and is
 * quantised at quality 90: no steps visible at 1×, faint ones at 2× zoom (quality 80 saves ~9 % more
 * but its steps show), the text's antialiasing crisp; an og card ~20-25 KB instead of ~55-65 KB, most
 * of it the text. A topic image (a soft photo) keeps libimagequant's default dithering at full
 * quality, without which its shades posterise into visible contours (~55 KB instead of ~110 KB).
 */
function pngOptions(style: ThemeStyle): sharp.PngOptions {
  return style.image
    ? { palette: true, colours: 256, quality: 100, effort: 10, compressionLevel: 9 }
    : { palette: true, colours: 256, quality: 90, dither: 0, effort: 10, compressionLevel: 9 };
}

/** Part of every card's identity: a change to how cards are drawn or encoded names every card anew (new ETag, new file). */
const CARD_VERSION = 4;

/** What a card's cache entry and ETag are named by: everything drawn (text, author, site name, theme, format) and CARD_VERSION. */
export function cardIdentity(key: string, text: string, byline: string, siteName: string, look: CardLook = {}) {
  const theme = themeStyle(look.theme).name;
  const format = look.format ?? 'og';
  const hash = createHash('sha256').update(JSON.stringify([CARD_VERSION, text, byline, siteName, theme, format, look.address ?? ''])).digest('hex').slice(0, 20);
  return { fileKey: `${key}-${theme}-${format}`, hash, etag: `"${hash}"`, theme, format };
}

/** Bounds of the in-memory cards: whichever is reached first evicts the least recently served. */
export const CARD_MEMORY = { entries: 512, bytes: 32 * 1024 * 1024 };

/**
 * Cards on disk, one file per wish, theme and format, named by a hash of what is drawn (text,
 * author, site name, theme, format): an edited text or a new author name is a new name, so the old
 * card is never served again and is removed when the new one is written. The cards served last
 * are also kept in memory (at most CARD_MEMORY: 512 cards and 32 MiB; an og card is ~20-25 KB on a
 * gradient and ~55 KB on a topic image, a story card ~35-110 KB), so a repeat request is a map lookup, not a disk read.
 */
export function createCardCache(dir: string, memoryLimits = CARD_MEMORY, queue?: RenderQueue) {
  const inFlight = new Map<string, Promise<Buffer>>();
  const memory = new Map<string, Buffer>();
  let memoryBytes = 0;
  const forget = (file: string) => {
    const png = memory.get(file);
    if (png) memoryBytes -= png.length;
    memory.delete(file);
  };
  const remember = (file: string, png: Buffer) => {
    forget(file);
    if (png.length > memoryLimits.bytes) return;
    memory.set(file, png);
    memoryBytes += png.length;
    while (memory.size > memoryLimits.entries || memoryBytes > memoryLimits.bytes) forget(memory.keys().next().value!);
  };
  /**
   * `render` (a visitor's request): `admit` runs only when this card must be drawn now (the
   * per-address throttle), and a full render queue refuses it (503); without it the render waits.
   */
  const cardFor = async function cardFor(key: string, text: string, byline: string, siteName: string, look: CardLook = {}, render?: { admit: () => Promise<void> }): Promise<{ png: Buffer; etag: string }> {
    const { fileKey, hash, etag, theme, format } = cardIdentity(key, text, byline, siteName, look);
    const file = path.join(dir, `${fileKey}-${hash}.png`);
    const cached = memory.get(file);
    if (cached) {
      // Map order is insertion order: re-insert to keep the most recently served last.
      memory.delete(file);
      memory.set(file, cached);
      return { png: cached, etag };
    }
    try {
      const png = await readFile(file);
      remember(file, png);
      return { png, etag };
    } catch {
      // Not rendered yet (or removed): render once, even when many unfurlers ask at the same moment.
    }
    let pending = inFlight.get(file);
    if (!pending && render) {
      await render.admit();
      pending = inFlight.get(file); // started by another request meanwhile: share it
    }
    if (!pending) {
      const draw = () => renderCard(text, byline, siteName, { theme, format, address: look.address });
      pending = (async () => {
        const png = await (queue ? queue.run(draw, Boolean(render)) : draw());
        await mkdir(dir, { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, png);
        await rename(temporary, file);
        for (const name of await readdir(dir)) {
          if (name.startsWith(`${fileKey}-`) && name.endsWith('.png') && path.join(dir, name) !== file) {
            forget(path.join(dir, name));
            await unlink(path.join(dir, name)).catch(() => undefined);
          }
        }
        remember(file, png);
        return png;
      })().finally(() => inFlight.delete(file));
      inFlight.set(file, pending);
    }
    return { png: await pending, etag };
  };
  /** The cache's memory use (tests, metrics). */
  cardFor.memory = () => ({ entries: memory.size, bytes: memoryBytes });
  return cardFor;
}
