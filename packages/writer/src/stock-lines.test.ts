/**
 * More kinds of detail with their own sentences (an operation
 * named, an ankle, a move abroad, a child's age and passion, a long marriage, a shop opened), and
 * the stock lines it named from another occasion or register ("long overdue", "do yourself
 * justice", "Cheers" to a child, "Ten suits you beautifully", love to a teacher or a boss).
 */
import { seededRandom } from './testing/random';
import type { GenerateRequest } from '@wishes/kit-contract/api';
import { kindSentences } from './kinds';
import { composeDraft } from './template';
import { detailToWeave } from './weave';

type Req = GenerateRequest;
const req = (topic: string, audience: string, style: string, name: string, details: string) => ({ topic, audience, style, name, details }) as unknown as Req;
const drafts = (r: Req, n = 12) => {
  const random = seededRandom(7);
  return Array.from({ length: n }, (_, i) => composeDraft(r, (['short', 'medium', 'long'] as const)[i % 3], random));
};
const STYLES = ['Heartfelt', 'Casual', 'Funny', 'Formal', 'Poetic', 'Inspirational', 'Romantic'];

describe('more details of a known kind take their own sentences', () => {
  const cases: Array<[string, string, string, RegExp]> = [
    ['Get Well', 'He had a knee operation', 'Dad', /knee operation/u],
    ['Get Well', 'She had her hip replaced', 'Gran', /hip operation/u],
    ['Get Well', 'He sprained his ankle playing rugby', 'Callum', /ankle/u],
    ['Good Luck', 'She is moving to Singapore', 'Jo', /Singapore/u],
    ['Birthday', 'He is turning 10 and loves dinosaurs', 'Jack', /dinosaurs/u],
    ['Anniversary', 'They have been married for 30 years', 'Mum and Dad', /Thirty years/u],
    ['New Job', 'She opened a bakery in York', 'Amira', /bakery in York/u],
  ];
  it.each(cases)('%s: %s', (topic, details, name, expected) => {
    const woven = detailToWeave(details, name);
    expect(woven).not.toBeNull();
    const audience = /dinosaurs/u.test(details) ? 'child' : 'friend';
    const lines = kindSentences(woven!.clause, { topic: topic.toLowerCase(), audience, register: 'warm', funny: false });
    expect(lines?.join(' ')).toMatch(expected);
    for (const draft of drafts(req(topic, audience === 'child' ? 'Child' : 'Friend', 'Heartfelt', name, details), 6)) expect(draft).toMatch(expected);
  });

  it('twins named in any of the usual ways are never "little one" or "your baby"', () => {
    for (const details of ['Her twin girls were born on Monday', 'The twins were born last night', 'Her two baby boys were born on Friday']) {
      for (const style of ['Heartfelt', 'Formal', 'Funny']) {
        for (const draft of drafts(req('New Baby', 'Colleague', style, 'Ruth', details), 6)) expect(draft).not.toMatch(/little one|your baby\b|a new baby/iu);
      }
    }
  });
});

describe('stock lines only where they fit', () => {
  it('a friend abroad is not told "long overdue" nor "let the rest of us spoil you"', () => {
    for (const draft of drafts(req('Birthday', 'Friend', 'Heartfelt', 'Zara', 'She moved to Canada last spring'), 24)) {
      expect(draft).not.toMatch(/long overdue|let the rest of us spoil you/u);
    }
  });

  it('a move to another office gets no exam lines', () => {
    for (const style of STYLES) {
      for (const draft of drafts(req('Good Luck', 'Colleague', style, 'Mr. Lewis', 'He is moving to our Singapore office'), 9)) {
        expect(draft).not.toMatch(/preparation|do yourself justice|revision|exam/iu);
      }
    }
  });

  it('a promotion is never thanked for the laughs; no "Cheers, really."', () => {
    for (const style of STYLES) {
      for (const draft of drafts(req('New Job', 'Friend', style, 'Nadia', 'She was promoted to head of marketing'), 9)) expect(draft).not.toMatch(/for the laughs/iu);
      for (const draft of drafts(req('Thank You', 'Neighbor', style, 'Mr. Byrne', 'He fed our cat while we were in Spain'), 9)) expect(draft).not.toMatch(/Cheers, really/u);
    }
  });

  it('a short thank-you card says its thanks once', () => {
    for (const style of STYLES.filter((s) => s !== 'Romantic')) {
      for (const audience of ['Colleague', 'Friend', 'Neighbor']) {
        for (const draft of drafts(req('Thank You', audience, style, 'Priya', 'She covered my shifts while I was on holiday'), 9).filter((_, i) => i % 3 === 0)) {
          expect(draft.match(/\b(?:thank you|thanks)\b/giu)?.length ?? 0).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('a first job is not a promotion', () => {
    for (const style of STYLES.filter((s) => s !== 'Romantic')) {
      for (const draft of drafts(req('New Job', 'Child', style, 'Amelia', 'She got her first job at a bookshop'), 9)) expect(draft).not.toMatch(/new position|recognised|promotion/iu);
    }
  });

  it('a child is never spoken to as an adult', () => {
    for (const style of STYLES.filter((s) => s !== 'Romantic')) {
      for (const details of ['He is turning 10 and loves dinosaurs', 'She is turning 8', '']) {
        for (const draft of drafts(req('Birthday', 'Child', style, 'Jack', details), 9)) expect(draft).not.toMatch(/suits you beautifully|^Cheers,$/mu);
      }
    }
  });
});

describe('register', () => {
  it('a teacher or a boss is never signed off, nor greeted, with love', () => {
    for (const [audience, topic, details] of [['Teacher', 'Thank You', 'He taught me to love maths'], ['Boss', 'Retirement', 'She mentored me when I first joined the team']]) {
      for (const style of STYLES) {
        for (const draft of drafts(req(topic, audience, style, 'Janet', details), 9)) {
          expect(draft).not.toMatch(/^Dearest|^With love|^With all my love|^All my love|^Love always|^Lots of love|^Forever yours/mu);
        }
      }
    }
  });

  it('the hearsay openers are gone', () => {
    const cases = [req('Get Well', 'Parent', 'Heartfelt', 'Dad', 'He is recovering from a hip operation'), req('Get Well', 'Friend', 'Casual', 'Callum', 'He sprained his ankle playing rugby'), req('New Home', 'Parent', 'Heartfelt', 'Mum', 'She has moved to a bungalow near the sea'), req('Get Well', 'Sibling', 'Heartfelt', 'Lily', 'She broke her arm falling off her bike')];
    for (const r of cases) for (const draft of drafts(r, 12)) expect(draft).not.toMatch(/I know you (?:are|have)|Word reached me|top of my thoughts/u);
  });
});
