/**
 * The whole wish on the card. The card used to flatten the text and cut it at 280 characters, so a
 * medium birthday wish ended "…may this year b…" without its sign-off. Now the text keeps its line
 * breaks and sign-off, and the type is fitted to the box: from the format's own size down to the
 * smallest that still reads on a phone (MIN_BODY_PX: 28 px on og, 36 px on square and story). The
 * writer's longest draft and any text up to 700 characters fit whole at that size (a test holds
 * every format and theme to it); beyond that the text ends cleanly on a word with "…" (and, for a
 * public wish, its address on a line of its own), never cut inside a word.
 *
 * The lines are laid out here, with DejaVu Sans's advance widths (measured from Pango itself), and
 * drawn by Pango as laid out: the renderer can say exactly which lines it drew (card.ts checks that
 * Pango did not have to wrap them again, and lays out smaller if it did).
 */
import type { CardFormat } from '@wishes/kit-contract/api';

/** The body's smallest size on each format, in px. */
export const MIN_BODY_PX: Record<CardFormat, number> = { og: 28, square: 36, story: 36 };
/** The size a short text is drawn at. */
export const START_BODY_PX: Record<CardFormat, number> = { og: 44, square: 48, story: 54 };
/** Extra space between lines at `px`, px (Pango's `spacing`): a little air, less as the type gets smaller. */
export const lineSpacing = (px: number) => Math.round(px * 0.12);

/** DejaVu Sans advance widths in em, as Pango draws them (measured: width of 30 minus 10 repeats, over 20). */
const ADVANCE: Record<string, number> = {"0":0.64,"1":0.64,"2":0.64,"3":0.64,"4":0.64,"5":0.64,"6":0.64,"7":0.64,"8":0.64,"9":0.64," ":0.32,"!":0.4,"\"":0.46,"#":0.84,"$":0.64,"%":0.95,"&":0.78,"'":0.27,"(":0.39,")":0.39,"*":0.5,"+":0.84,",":0.32,"-":0.36,".":0.32,"/":0.34,":":0.34,";":0.34,"<":0.84,"=":0.84,">":0.84,"?":0.53,"@":1,"A":0.71,"B":0.69,"C":0.7,"D":0.77,"E":0.63,"F":0.58,"G":0.77,"H":0.75,"I":0.29,"J":0.29,"K":0.66,"L":0.56,"M":0.86,"N":0.75,"O":0.79,"P":0.6,"Q":0.79,"R":0.69,"S":0.63,"T":0.59,"U":0.73,"V":0.68,"W":0.99,"X":0.69,"Y":0.61,"Z":0.69,"[":0.39,"\\":0.34,"]":0.39,"^":0.84,"_":0.5,"`":0.5,"a":0.61,"b":0.63,"c":0.55,"d":0.63,"e":0.62,"f":0.345,"g":0.63,"h":0.63,"i":0.28,"j":0.28,"k":0.58,"l":0.28,"m":0.97,"n":0.63,"o":0.61,"p":0.63,"q":0.63,"r":0.39,"s":0.52,"t":0.39,"u":0.63,"v":0.59,"w":0.82,"x":0.59,"y":0.59,"z":0.52,"{":0.64,"|":0.34,"}":0.64,"~":0.84,"’":0.32,"‘":0.32,"“":0.52,"”":0.52,"…":1,"—":1,"–":0.5,"é":0.62,"€":0.64,"£":0.64};
/** Any other character is taken as wide as the widest (an emoji, a CJK ideograph): a line may fall short, never overflow. */
const OTHER = 1.05;

/** The width of `text` at `px`, in px. Combining marks take no room of their own. */
export function textWidth(text: string, px: number): number {
  // Pango's hinting puts each glyph on whole pixels: an advance is rounded up, not summed in fractions.
  let width = 0;
  for (const char of text) width += /\p{M}/u.test(char) ? 0 : Math.ceil((ADVANCE[char] ?? (/\p{L}/u.test(char) && char.charCodeAt(0) < 0x0250 ? 0.75 : OTHER)) * px);
  return width;
}

/** The height of `lines` lines at `px`: Pango's line is 1.19 em on whole pixels (measured), with the spacing between lines. */
export function blockHeight(lines: number, px: number): number {
  return lines * Math.ceil(px * 1.19) + Math.max(0, lines - 1) * lineSpacing(px);
}

/** The text as it is drawn: Windows line ends, tabs and runs of spaces made plain, at most one empty line in a row. */
export function normaliseCardText(text: string): string {
  return text
    .replace(/\r\n?/gu, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/gu, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

/** Greedy word wrap of each line of `text` into `width` px; a word wider than a line (a long address) is broken where it must be. */
export function wrapLines(text: string, px: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (!paragraph) {
      out.push('');
      continue;
    }
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, px) <= width) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      line = '';
      let rest = word;
      while (textWidth(rest, px) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(rest.slice(0, cut), px) > width) cut--;
        out.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    out.push(line);
  }
  return out;
}

export interface CardTextLayout {
  /** The lines drawn, in order ('' for an empty line between paragraphs). */
  lines: string[];
  /** The body's font size, px. */
  px: number;
  /** False when the text was too long for the box at the smallest size and ends with "…". */
  whole: boolean;
}

export interface CardTextBox {
  width: number;
  height: number;
  format: CardFormat;
  /** A public wish's address, drawn after "…" when the text is too long to be drawn whole. */
  address?: string;
}

/**
 * The lines of `text` for `box`: whole at the largest size from the format's own down to its
 * minimum at which they fit; else as many words as fit at the minimum, then "…" (and the address).
 */
export function layoutCardText(text: string, box: CardTextBox, startPx = START_BODY_PX[box.format]): CardTextLayout {
  const minPx = MIN_BODY_PX[box.format];
  const clean = normaliseCardText(text);
  const fits = (lines: string[], px: number) => blockHeight(lines.length, px) <= box.height;
  for (let px = Math.max(startPx, minPx); px >= minPx; px -= 1) {
    const lines = wrapLines(clean, px, box.width);
    if (fits(lines, px)) return { lines, px, whole: true };
  }
  // Still too tall at the smallest size: paragraphs keep their own lines but lose the empty line between them.
  const tight = clean.replace(/\n\n/gu, '\n');
  const lines = wrapLines(tight, minPx, box.width);
  if (fits(lines, minPx)) return { lines, px: minPx, whole: true };
  // Too long even at the smallest size: the most words that fit, ending on a whole word with "…".
  const words = [...tight.matchAll(/\S+/gu)];
  const cutAt = (count: number) => {
    const end = count > 0 ? words[count - 1].index! + words[count - 1][0].length : 0;
    // "properly…", not "properly.…": the full stop of a cut sentence gives way to the ellipsis.
    const kept = tight.slice(0, end).replace(/[\s,;:.–—-]+$/u, '');
    return `${kept}…${box.address ? `\n${box.address}` : ''}`;
  };
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(wrapLines(cutAt(mid), minPx, box.width), minPx)) low = mid;
    else high = mid - 1;
  }
  return { lines: wrapLines(cutAt(low), minPx, box.width), px: minPx, whole: false };
}
