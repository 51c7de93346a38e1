/**
 * Every fact the sender gives reaches the draft: details written the natural way (clauses joined by
 * commas, "and" or ";", in the first or third person) are split into facts, and medium and long
 * drafts carry each of them (every noun, proper noun and number, lemmatised), short ones at least
 * one; nothing from another topic's lines.
 */
import { composeDraft } from './template';
import { contentWordsOf, factsOf, missingWords } from './facts';
import { seededRandom } from './testing/random';

const SEEDS = [1, 2, 3, 4, 5, 6];
const BOSS = { style: 'Formal', audience: 'Boss', topic: 'Retirement', name: 'David', details: 'He led the engineering team for 22 years, always had time for juniors, and plans to sail around Scotland' };
const NEIGHBOUR = { style: 'Casual', audience: 'Neighbor', topic: 'Get Well', name: 'Tom', details: 'Knee surgery on Tuesday; he feeds our cat Pixel when we travel' };

describe('the facts of what was typed', () => {
  it('splits sentences, ";" parts and clauses joined by commas or "and", carrying the subject over', () => {
    expect(factsOf(BOSS.details)).toEqual(['He led the engineering team for 22 years', 'He always had time for juniors', 'He plans to sail around Scotland']);
    expect(factsOf(NEIGHBOUR.details)).toEqual(['Knee surgery on Tuesday', 'he feeds our cat Pixel when we travel']);
    expect(factsOf('They signed the contract in May and we celebrated with cake, then she flew to Rome')).toEqual([
      'They signed the contract in May',
      'we celebrated with cake',
      'she flew to Rome',
    ]);
  });

  it('does not split what is one thing ("Max and Ruby", "hiking, baking and books")', () => {
    expect(factsOf('Max and Ruby were born on Monday')).toEqual(['Max and Ruby were born on Monday']);
    expect(factsOf('She loves hiking, baking and books')).toHaveLength(1);
  });

  it('reads content words as lemmas: nouns, proper nouns and numbers', () => {
    expect(contentWordsOf('He led the engineering team for 22 years')).toEqual(expect.arrayContaining(['team', '22', 'year']));
    expect(missingWords('Twenty-two years of leading the engineering team.', 'He led the engineering team for 22 years')).toEqual([]);
    expect(missingWords('Happy retirement!', 'He plans to sail around Scotland')).toEqual(['scotland']);
  });
});

describe('every fact reaches the draft', () => {
  it.each(['medium', 'long'] as const)('the retiring boss: the team, the 22 years, the juniors and Scotland, in every %s draft', (length) => {
    for (const seed of SEEDS) {
      const draft = composeDraft(BOSS, length, seededRandom(seed));
      for (const fact of factsOf(BOSS.details)) expect({ fact, missing: missingWords(draft, fact, ['David']), draft }).toEqual({ fact, missing: [], draft });
      expect(draft).toMatch(/juniors/u);
      expect(draft).toMatch(/Scotland/u);
    }
  });

  it.each(['medium', 'long'] as const)('the neighbour: the knee surgery on Tuesday and Pixel the cat, in every %s draft, and no kitchen', (length) => {
    for (const seed of SEEDS) {
      const draft = composeDraft(NEIGHBOUR, length, seededRandom(seed));
      expect(draft).toMatch(/knee surgery on Tuesday/iu);
      expect(draft).toMatch(/\bcat Pixel\b/u);
      expect(draft).not.toMatch(/\b(?:kitchen|oven)\b/iu);
    }
  });

  it('a short draft carries at least one fact', () => {
    for (const request of [BOSS, NEIGHBOUR]) {
      for (const seed of SEEDS) {
        const draft = composeDraft(request, 'short', seededRandom(seed));
        expect(factsOf(request.details).some((fact) => missingWords(draft, fact, [request.name]).length === 0)).toBe(true);
      }
    }
  });

  it('keeps the greeting first, the sign-off last and the closing wish before it', () => {
    const draft = composeDraft(BOSS, 'medium', seededRandom(1));
    const paragraphs = draft.split('\n\n');
    expect(paragraphs[0]).toBe('Dear David,');
    expect(paragraphs.at(-1)).toMatch(/,$/u);
    expect(paragraphs.at(-2)).not.toMatch(/(?:juniors|Scotland)\.$/u);
  });
});
