/**
 * The corpus is copy: these are the rules its review holds it to. Every wish reads as a whole
 * card at every length, in British spelling, without a word repeated in the next sentence; the
 * wishes for work and the formal style never speak of love; retirement looks back.
 */
import { allWishes, CORPUS, FRAMES } from './corpus';
import { quickSentences, registerBreaks, repeatsInNextSentence, sameOpenings, verbsOf } from './grammar';
import { STYLE_KEYS, TOPIC_KEYS } from './keys';
import { closingCouplet, presentLookBack } from './eval/score';

const wishes = allWishes();
const AMERICAN = /\b(?:colors?|favors?|favorite|honors?|honored|neighbors?|centers?|organized?|realized?|apologized?|traveled|jewelry|mom|catalog|theaters?|gray)\b/iu;
const partsAt = {
  short: (w: (typeof wishes)[number]['wish']) => [w.open, w.wish],
  medium: (w: (typeof wishes)[number]['wish']) => [w.open, w.middle, w.wish],
  long: (w: (typeof wishes)[number]['wish']) => [w.open, w.middle, w.more, w.wish],
};

describe('the corpus of whole wishes', () => {
  it('has hundreds of wishes, for every topic × style, in the registers that make sense', () => {
    expect(wishes.length).toBeGreaterThanOrEqual(250);
    for (const topic of TOPIC_KEYS) {
      for (const style of STYLE_KEYS) {
        const tones = CORPUS[topic][style];
        if (style === 'formal') expect(tones?.work?.length).toBeGreaterThanOrEqual(2);
        else if (style === 'romantic') expect(tones?.warm?.length).toBeGreaterThanOrEqual(2);
        else {
          expect(tones?.warm?.length).toBeGreaterThanOrEqual(2);
          expect(tones?.work?.length).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });

  it('every part is a finished sentence with nothing left to fill in', () => {
    for (const { wish } of wishes) {
      for (const part of [wish.open, wish.middle, wish.more, wish.wish]) {
        expect(part).toMatch(/^[A-Z“"']/u);
        expect(part).toMatch(/[.!?]$/u);
        expect(part).not.toMatch(/[{}]| {2}/u);
      }
    }
  });

  it('is written in British spelling throughout', () => {
    const text = JSON.stringify(CORPUS) + JSON.stringify(FRAMES);
    expect(text.match(AMERICAN)).toBeNull();
  });

  it('repeats no content word in the next sentence, at every length', () => {
    const found: string[] = [];
    for (const { topic, style, tone, wish } of wishes) {
      for (const [length, parts] of Object.entries(partsAt)) {
        const repeats = repeatsInNextSentence(parts(wish).join(' '), [], quickSentences);
        if (repeats.length) found.push(`${topic}/${style}/${tone}/${length}: ${repeats[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('opens no two sentences of a wish the same way: one blessing ("May…", "Wishing…", "With…") a card, no "I hope…" twice', () => {
    const found: string[] = [];
    for (const { topic, style, tone, wish } of wishes) {
      const same = sameOpenings(partsAt.long(wish).join(' '));
      if (same.length) found.push(`${topic}/${style}/${tone}: ${same[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('never speaks of love, hugs or kisses in the wishes for work and for the formal style', () => {
    for (const { topic, style, tone, wish } of wishes) {
      if (tone === 'work') expect({ topic, style, breaks: registerBreaks(Object.values(wish).join(' ')) }).toEqual({ topic, style, breaks: [] });
    }
    const workFrames = [
      ...Object.values(FRAMES.greetings).flatMap((t) => t.work ?? []),
      ...Object.values(FRAMES.signoffs).flatMap((t) => t.work ?? []),
      ...Object.values(FRAMES.detailFrames).flatMap((kinds) => Object.values(kinds).flatMap((r) => [...(r?.work ?? []), ...(r?.formal ?? [])])),
      ...Object.values(FRAMES.couplets).flatMap((t) => t.work),
      ...FRAMES.warmer.work.lines,
      ...FRAMES.warmer.work.signoffs,
      ...[...FRAMES.funnier.work.lines, ...FRAMES.funnier.work.signoffs, ...FRAMES.funnier.formal.lines, ...FRAMES.funnier.formal.signoffs].map((l) => l.line),
      ...FRAMES.mentionThing.work,
      ...FRAMES.mentionThing.formal,
    ];
    expect(workFrames.filter((line) => registerBreaks(line).length)).toEqual([]);
  });

  it('looks back when someone retires ("to have worked with you")', () => {
    for (const { topic, wish } of wishes) if (topic === 'retirement') expect(presentLookBack(Object.values(wish).join(' '))).toBe(false);
  });

  it('frames every detail as a whole sentence around its clause', () => {
    for (const kinds of Object.values(FRAMES.detailFrames)) {
      for (const registers of Object.values(kinds)) {
        for (const frame of Object.values(registers ?? {}).flat()) {
          expect(frame).toContain('{d}');
          expect(frame).toMatch(/^[A-Z{].*[.!?]$/u);
          expect(verbsOf(frame.replace('{d}', 'you won')).length).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });

  it('has couplets that rhyme and fit their occasion, for every topic and register', () => {
    const names: Record<string, string> = { birthday: 'Birthday', wedding: 'Wedding', anniversary: 'Anniversary', newBaby: 'New Baby', graduation: 'Graduation', newJob: 'New Job', retirement: 'Retirement', getWell: 'Get Well', newHome: 'New Home', holidays: 'Holidays', thankYou: 'Thank You', goodLuck: 'Good Luck', generic: 'Generic' };
    for (const topic of TOPIC_KEYS) {
      for (const couplet of [...FRAMES.couplets[topic].warm, ...FRAMES.couplets[topic].work]) {
        const before = 'Dear Ann,\n\nHello there. Goodbye now.\n\nBest,';
        expect({ couplet, ok: closingCouplet(before, `Dear Ann,\n\nHello there.\n\n${couplet}\n\nBest,`, names[topic]) }).toEqual({ couplet, ok: true });
      }
    }
  });
});
