/**
 * The whole wish on the card: texts of 120, 350 and 700 characters, with their line breaks and
 * sign-off, drawn whole in every format and theme, at no less than 28 px on og and 36 px on square
 * and story; the lines are read back from the renderer. Beyond what fits, a clean ending on a word
 * with "…" (and a public wish's address), never a cut inside a word.
 */
import sharp from 'sharp';
import { CARD_FORMATS } from '@wishes/kit-contract/api';
import { renderCardWithLayout } from './card';
import { CARD_THEMES } from './card-themes';
import { MIN_BODY_PX, normaliseCardText, wrapLines, textWidth } from './card-layout';

const T120 = 'Dear Anna,\n\nHappy birthday! I hope the day brings you rest, sea air and lemon cake.\n\nWith love,\nSam';
const T350 =
  "Dear Anna,\n\nHappy birthday! I hope the day brings you time to rest, a long walk by the sea and a slice of the lemon cake you love. You taught me to bake bread, and I've carried that with me ever since. Here's to a year as bright, brave and kind as you are, full of salt air and good friends.\n\nWith love,\nSam";
const T700 =
  "Dear Anna,\n\nHappy birthday! I hope the day brings you time to rest, a long walk by the sea and a slice of the lemon cake you love. You taught me to bake bread, and I've carried that with me ever since; every loaf I make is a little bit yours.\n\nThis year you started learning to surf, and I can't wait to hear how the waves treat you. Here's to a year as bright, brave and kind as you are, full of salt air, good friends and more cake than anyone needs. May every morning bring you something to smile about, may the evenings be long and warm, and may the sea be gentle with you as you paddle out. Thank you for every kind word and every cup of tea you've made me over the years.\n\nWith all my love,\nSam";
const TEXTS = { 120: T120, 350: T350, 700: T700 };

/**
 * The drawn lines hold the text: its words in order, and every line of it starts a drawn line (the
 * empty line between paragraphs may go when space is tight; the break itself stays).
 */
function holdsWhole(lines: string[], text: string) {
  const flat = (s: string) => s.replace(/\s+/gu, ' ').trim();
  expect(flat(lines.join(' '))).toBe(flat(text));
  let at = 0;
  for (const hard of normaliseCardText(text).split('\n').filter(Boolean)) {
    const found = lines.findIndex((line, i) => i >= at && line !== '' && hard.startsWith(line));
    expect({ hard, starts: found >= 0 }).toEqual({ hard, starts: true });
    at = found + 1;
  }
}

describe('the whole wish on the card', () => {
  it('the texts are about 120, 350 and 700 characters', () => {
    expect(T120.length).toBeGreaterThan(90);
    expect(T120.length).toBeLessThanOrEqual(120);
    expect(T350.length).toBeGreaterThan(300);
    expect(T350.length).toBeLessThanOrEqual(350);
    expect(T700.length).toBeGreaterThan(680);
    expect(T700.length).toBeLessThanOrEqual(700);
  });

  it.each(Object.keys(CARD_FORMATS) as Array<keyof typeof CARD_FORMATS>)('%s: 120, 350 and 700 characters whole in every theme, line breaks and sign-off kept', async (format) => {
    for (const theme of CARD_THEMES) {
      for (const [size, text] of Object.entries(TEXTS)) {
        const { png, layout } = await renderCardWithLayout(text, 'Sam Taylor', 'Wishes', { format, theme: theme.name });
        expect({ theme: theme.name, size, whole: layout.whole }).toEqual({ theme: theme.name, size, whole: true });
        expect(layout.px).toBeGreaterThanOrEqual(MIN_BODY_PX[format]);
        holdsWhole(layout.lines, text);
        expect(layout.lines.at(-1)).toBe('Sam');
        expect(layout.lines.at(-2)).toMatch(/^With (?:all my )?love,$/u);
        const meta = await sharp(png).metadata();
        expect([meta.width, meta.height]).toEqual([CARD_FORMATS[format].width, CARD_FORMATS[format].height]);
      }
    }
  }, 600_000);

  it('beyond what fits: ends on a whole word with "…", then a public wish\'s address', async () => {
    const long = `${T700}\n\n${T700}\n\n${T700}`;
    for (const format of ['og', 'square', 'story'] as const) {
      const { layout } = await renderCardWithLayout(long, 'Sam Taylor', 'Wishes', { format, address: 'wishes.example/wish/42' });
      expect(layout.whole).toBe(false);
      expect(layout.px).toBe(MIN_BODY_PX[format]);
      expect(layout.lines.at(-1)).toBe('wishes.example/wish/42');
      const ending = layout.lines.at(-2)!;
      expect(ending).toMatch(/…$/u);
      // The words before "…" are the text's own, ending where a word ends.
      const before = layout.lines.slice(0, -1).join(' ').replace(/…$/u, '').replace(/\s+/gu, ' ');
      const flat = long.replace(/\s+/gu, ' ');
      expect(flat.startsWith(before)).toBe(true);
      expect(flat.charAt(before.length)).toMatch(/[\s,;:.!?]/u);
    }
  }, 300_000);

  it('a private wish too long for the card ends with "…" alone', async () => {
    const { layout } = await renderCardWithLayout(`${T700} ${T700} ${T700}`, 'Sam', 'Wishes', { format: 'og' });
    expect(layout.lines.at(-1)).toMatch(/\p{L}…$/u);
  }, 120_000);

  it('lays out by the font\'s own widths: no line wider than the box', () => {
    for (const line of wrapLines(normaliseCardText(T700), 28, 1080)) expect(textWidth(line, 28)).toBeLessThanOrEqual(1080);
  });
});
