/**
 * The 1200×630 PNG card of a public wish (og:image): the wish text and its author on the site's
 * colours, drawn by sharp (libvips). The text is laid out by Pango (sharp's `text` input), which
 * wraps words and shrinks the font until the text fits its box; the background is an SVG. Every
 * piece of user text is escaped for the markup it goes into (Pango markup / SVG are XML).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { clampToBox, limitMarks } from './card-text';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Longer texts end with an ellipsis: a card is a teaser, and the font would shrink to unreadable. */
const CARD_TEXT_MAX = 280;
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

export function cardText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= CARD_TEXT_MAX ? flat : `${flat.slice(0, CARD_TEXT_MAX - 1).trimEnd()}…`;
}

const background = (siteName: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="40" y="40" width="${CARD_WIDTH - 80}" height="${CARD_HEIGHT - 80}" rx="28" fill="#ffffff"/>
  <text x="80" y="${CARD_HEIGHT - 78}" font-family="${FONT}" font-size="30" font-weight="bold" fill="#7c3aed">${escapeXml(siteName)}</text>
</svg>`;

/** Renders a card: `text` in the middle (wrapped, shrunk to fit), `byline` under it. */
export async function renderCard(text: string, byline: string, siteName: string): Promise<Buffer> {
  const markup = `<span foreground="#1f2937">${escapeXml(cardText(limitMarks(text)) || ' ')}</span>`;
  const box = { width: CARD_WIDTH - 160, height: 330 };
  const textImage = (height?: number) =>
    sharp({ text: { text: markup, font: `${FONT.split(',')[0]} 44`, width: box.width, ...(height ? { height } : {}), rgba: true, wrap: 'word', spacing: 8 } })
      .png()
      .toBuffer({ resolveWithObject: true });
  // At the normal size first; only a text too tall for the box is re-laid out to fit it (Pango
  // would otherwise also blow a short text up to fill the box).
  let body = await textImage();
  if (body.info.height > box.height || body.info.width > box.width) body = await textImage(box.height);
  const author = await sharp({
    text: { text: `<span foreground="#6b21a8">${escapeXml(limitMarks(byline))}</span>`, font: `${FONT.split(',')[0]} Bold 30`, width: CARD_WIDTH - 160, rgba: true, wrap: 'word' },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  // Every block clamped to its box (card-text.ts): nothing drawn can outgrow the card.
  return sharp(Buffer.from(background(siteName)))
    .composite([
      { input: await clampToBox(body, box), top: 90, left: 80 },
      { input: await clampToBox(author, { width: CARD_WIDTH - 160, height: CARD_HEIGHT - 450 - 90 }), top: 450, left: 80 },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * Cards on disk, one file per wish named by a hash of what is drawn (text, author, site name): a
 * changed text or author name is a new name, so the old card is never served again and is removed
 * when the new one is written.
 */
export function createCardCache(dir: string) {
  const inFlight = new Map<string, Promise<Buffer>>();
  return async function cardFor(key: string, text: string, byline: string, siteName: string): Promise<{ png: Buffer; etag: string }> {
    const hash = createHash('sha256').update(JSON.stringify([text, byline, siteName])).digest('hex').slice(0, 20);
    const file = path.join(dir, `${key}-${hash}.png`);
    const etag = `"${hash}"`;
    try {
      return { png: await readFile(file), etag };
    } catch {
      // Not rendered yet (or removed): render once, even when many unfurlers ask at the same moment.
    }
    let pending = inFlight.get(file);
    if (!pending) {
      pending = (async () => {
        const png = await renderCard(text, byline, siteName);
        await mkdir(dir, { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, png);
        await rename(temporary, file);
        for (const name of await readdir(dir)) {
          if (name.startsWith(`${key}-`) && name.endsWith('.png') && path.join(dir, name) !== file) await unlink(path.join(dir, name)).catch(() => undefined);
        }
        return png;
      })().finally(() => inFlight.delete(file));
      inFlight.set(file, pending);
    }
    return { png: await pending, etag };
  };
}
