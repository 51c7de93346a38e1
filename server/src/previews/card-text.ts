/**
 * Text that cannot break a card (security v3): a name of stacked combining marks ("Z" + 147 ×
 * U+0301) made Pango lay out a block taller than the card, and sharp refused to composite it (a
 * 500 on every card of that author).
 *
 * - `limitMarks` normalises to NFC and keeps at most MAX_MARKS combining marks on each base
 *   character (real scripts need one to three; Vietnamese stacks two). Names are stored so at
 *   sign-up and on every change, and every text is passed through it again before drawing (names
 *   stored before the rule).
 * - `clampToBox` shrinks a rendered text block that is still larger than its box so it fits
 *   (never enlarges), so compositing can never fail on size.
 */
import sharp from 'sharp';

export const MAX_MARKS = 3;

/** NFC, then at most MAX_MARKS combining marks (\p{M}) after each base character. */
export function limitMarks(text: string, max = MAX_MARKS): string {
  let run = 0;
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (/\p{M}/u.test(char)) {
      if (++run > max) continue;
    } else {
      run = 0;
    }
    out += char;
  }
  return out;
}

export interface Box {
  width: number;
  height: number;
}

/** The rendered block as it is when it fits `box`, else shrunk (aspect kept) to fit it. */
export async function clampToBox(image: { data: Buffer; info: { width: number; height: number } }, box: Box): Promise<Buffer> {
  if (image.info.width <= box.width && image.info.height <= box.height) return image.data;
  return sharp(image.data).resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
}
