/**
 * The failures a usability walk quoted from the offline writer, each as a test on a writer
 * (failures.test.ts runs them on the current one). Before the corpus rewrite, every one of them
 * failed on the old sentence-template writer (docs/generator.md has the run).
 */
import { seededRandom } from '../testing/random';
import { registerBreaks, repeatsInNextSentence } from '../grammar';
import { addedSentences, closingCouplet, intimateFrame, keptFrame, LENGTHS, loveToClient, officeLine, pastedVerbatim, presentLookBack, statesDetailBack, wellFormed, wrongRelationship, type Writer } from './score';

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

  describe(`${label}: the faults the blind reading named`, () => {
    const BLIND = [
      { style: 'Inspirational', audience: 'Sibling', name: 'Jake', topic: 'Birthday', details: 'he is turning 30 and still thinks he is 19' },
      { style: 'Poetic', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'She loves hiking and has two dogs' },
      { style: 'Poetic', audience: 'Partner', name: 'Alex', topic: 'Birthday', details: 'You always make me laugh when I am grumpy' },
      { style: 'Formal', audience: 'Boss', name: 'Richard', topic: 'Retirement', details: 'led the engineering department for 22 years and hired me as an intern' },
      { style: 'Formal', audience: 'Client', name: 'Mrs. Haddad', topic: 'Holidays', details: 'her company has worked with us for six years' },
      { style: 'Heartfelt', audience: 'Neighbor', name: 'Walter', topic: 'Retirement', details: 'he plans to spend his days in the garden' },
      { style: 'Funny', audience: 'Friend', name: 'DJ', topic: 'New Job', details: 'starts as head chef at a new restaurant in Leeds next month' },
      { style: 'Heartfelt', audience: 'Colleague', name: 'Bob', topic: 'Retirement', details: 'I will miss our coffee breaks and his terrible puns' },
      { style: 'Funny', audience: 'Grandparent', name: 'Grandpa Joe', topic: 'Birthday', details: 'taught me to fish when I was six' },
      { style: 'Inspirational', audience: 'Grandparent', name: 'Grandma Rose', topic: 'Get Well', details: 'She is recovering from hip surgery' },
      { style: 'Funny', audience: 'Parent', name: 'Mum', topic: 'Birthday', details: 'I still remember the cakes you baked for every birthday of mine' },
      { style: 'Funny', audience: 'Friend', name: 'Ana-María', topic: 'New Baby', details: 'You just had twins!' },
    ];
    const drafts = (requests: typeof BLIND) =>
      requests.flatMap((request) => SEEDS.flatMap((seed) => LENGTHS.map((length) => ({ request, draft: writer.compose(request, length, seededRandom(seed)) }))));

    it('a detail is reacted to, never told back ("I hear you…", "It\'s so good to know that…", "I recall with gratitude that…")', () => {
      for (const { draft } of drafts(BLIND)) expect({ draft, statedBack: statesDetailBack(draft) }).toEqual({ draft, statedBack: null });
    });

    it('no office line for family, friends, neighbours or a partner, and no line from another relationship', () => {
      const audiences = ['Friend', 'Parent', 'Sibling', 'Grandparent', 'Neighbor', 'Partner', 'Child'];
      const topics = ['Birthday', 'New Job', 'New Home', 'New Baby', 'Thank You', 'Retirement', 'Holidays', 'Good Luck', 'Get Well', 'Anniversary'];
      const styles = ['Heartfelt', 'Funny', 'Casual', 'Inspirational', 'Poetic', 'Formal'];
      for (const audience of audiences) {
        for (const topic of topics) {
          for (const style of styles) {
            for (const seed of SEEDS.slice(0, 4)) {
              const request = { style, audience, name: 'Sam', topic, details: '' };
              const draft = writer.compose(request, 'long', seededRandom(seed));
              expect({ draft, office: officeLine(draft), wrong: wrongRelationship(draft, audience) }).toEqual({ draft, office: null, wrong: null });
            }
          }
        }
      }
    });

    it('no "Dearest" or "With all my love" to a teacher, coach, professor, colleague or boss, and no love wished to a client', () => {
      const people = [
        ['Teacher', 'Mrs. Lindqvist'],
        ['Coach', 'Coach Miller'],
        ['Professor', 'Professor Adeyemi'],
        ['Colleague', 'Bob'],
        ['Boss', 'Ms. Rivera'],
        ['Client', 'Mrs. Haddad'],
      ];
      for (const [audience, name] of people) {
        for (const style of ['Heartfelt', 'Romantic', 'Poetic', 'Funny', 'Casual', 'Inspirational', 'Formal']) {
          for (const topic of ['Birthday', 'Thank You', 'Holidays', 'Retirement', 'New Baby', 'Anniversary']) {
            const draft = writer.compose({ style, audience, name, topic, details: '' }, 'medium', seededRandom(7));
            expect({ draft, intimate: intimateFrame(draft) }).toEqual({ draft, intimate: null });
            if (audience === 'Client') expect({ draft, love: loveToClient(draft) }).toEqual({ draft, love: null });
          }
        }
      }
    });
  });
}
