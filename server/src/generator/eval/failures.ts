/**
 * The failures a usability walk quoted from the offline writer, each as a test on a writer
 * (failures.test.ts runs them on the current one). Before the corpus rewrite, every one of them
 * failed on the old sentence-template writer (docs/generator.md has the run).
 */
import { seededRandom } from '../../../test/kit/random';
import { registerBreaks, repeatsInNextSentence } from '../grammar';
import { addedSentences, closingCouplet, keptFrame, LENGTHS, pastedVerbatim, presentLookBack, wellFormed, type Writer } from './score';

const SEEDS = Array.from({ length: 12 }, (_, i) => i + 1);

const RETIREMENT = { style: 'Formal', audience: 'Boss', name: 'Richard', topic: 'Retirement', details: 'led the engineering department for 22 years and hired me as an intern' };
const SURF = { style: 'Heartfelt', audience: 'Friend', name: 'Lena', topic: 'Birthday', details: 'She started learning to surf. We have been friends since school.' };
const BIRTHDAY = { style: 'Heartfelt', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'she loves her garden' };

export function describeFailures(label: string, writer: Writer) {
  describe(`${label}: the failures the usability walk quoted`, () => {
    it('"mention her garden" adds a whole sentence with its verb, not "I love that your garden."', () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed);
        const draft = writer.compose(BIRTHDAY, 'medium', random);
        const out = writer.chat(draft, 'mention her garden', BIRTHDAY, random);
        const added = addedSentences(draft, out.text);
        expect(added.join(' ')).toMatch(/your garden/);
        for (const sentence of added) expect({ sentence, ok: wellFormed(sentence) }).toEqual({ sentence, ok: true });
      }
    });

    it('a Heartfelt draft never pastes the details back word for word ("…to surf. We have been friends since school.")', () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed);
        for (const length of LENGTHS) {
          const draft = writer.compose(SURF, length, random);
          expect({ draft, pasted: pastedVerbatim(draft, SURF.details) }).toEqual({ draft, pasted: false });
        }
      }
    });

    it('a formal retirement note to a boss looks back ("to have worked") and never repeats a word in the next sentence', () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed);
        for (const length of LENGTHS) {
          const draft = writer.compose(RETIREMENT, length, random);
          expect({ draft, presentTense: presentLookBack(draft), repeats: repeatsInNextSentence(draft, ['Richard']) }).toEqual({ draft, presentTense: false, repeats: [] });
        }
      }
    });

    it('"make it warmer" on that note stays within the register: no love, hugs or "all my love"', () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed);
        const draft = writer.compose(RETIREMENT, 'medium', random);
        const improved = writer.improve(draft, 'warmer', RETIREMENT, random);
        const chatted = writer.chat(draft, 'make it warmer', RETIREMENT, random).text;
        expect({ improved, breaks: registerBreaks(improved) }).toEqual({ improved, breaks: [] });
        expect({ chatted, breaks: registerBreaks(chatted) }).toEqual({ chatted, breaks: [] });
        expect(improved).not.toBe(draft);
      }
    });

    it('"make it shorter" keeps the greeting line and the sign-off line exactly, never gluing the greeting on', () => {
      const texts = [
        'Dear Dr. Patel,\n\nHappy birthday! I hope the day brings you rest. Thank you for all your help this year. Enjoy the cake.\n\nKind regards,\nMaya',
        'Hi Mr. Okafor!\n\nMay your holiday lights untangle on the first try. Thanks for the borrowed sugar. Have a lovely break.\n\nCheers,',
        ...SEEDS.map((seed) => writer.compose(RETIREMENT, 'long', seededRandom(seed))),
      ];
      for (const text of texts) {
        const out = writer.improve(text, 'shorter', RETIREMENT, seededRandom(1));
        expect({ out, kept: keptFrame(text, out) }).toEqual({ out, kept: true });
        expect(out.split('\n')[1]).toBe('');
      }
    });

    it('"mention the cake" adds a real sentence, not "the cake: it makes the day even better."', () => {
      for (const seed of SEEDS) {
        const random = seededRandom(seed);
        const draft = writer.compose(BIRTHDAY, 'medium', random);
        const added = addedSentences(draft, writer.chat(draft, 'mention the cake', BIRTHDAY, random).text);
        expect(added.join(' ')).toMatch(/the cake/);
        for (const sentence of added) expect({ sentence, ok: wellFormed(sentence) }).toEqual({ sentence, ok: true });
      }
    });

    it('"make it rhyme" rewrites the closing as a couplet that fits the occasion, the sign-off kept', () => {
      for (const request of [RETIREMENT, BIRTHDAY, { ...SURF, topic: 'Get Well', details: 'broke her ankle skiing' }]) {
        for (const seed of SEEDS.slice(0, 4)) {
          const random = seededRandom(seed);
          const draft = writer.compose(request, 'medium', random);
          const out = writer.chat(draft, 'make it rhyme', request, random).text;
          expect({ out, couplet: closingCouplet(draft, out, request.topic) }).toEqual({ out, couplet: true });
        }
      }
    });
  });
}
