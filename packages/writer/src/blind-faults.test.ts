/**
 * The faults the blind reading of every-fact drafts named in the carried sentences (docs/generator.md,
 * "Blind reading"): a clause with a bare verb read as a thing ("I hope the you turn 60 brings you
 * plenty of joy", "And I couldn't leave out the you turn 35") and a span of time read as a clause
 * ("I'm so glad 40 years married to Mum.", "It's lovely to think ten years since we met in Lisbon.").
 */
import { sentenceCarrying, type CarryContext } from './carry';
import { composeDraft } from './template';
import { seededRandom } from './testing/random';
import prompts from './eval/blind.json';

const context = (topic: CarryContext['topic'], audience: CarryContext['audience']): CarryContext => ({ details: '', name: 'Sam', topic, audience, register: 'warm', mood: 'good', funny: false, length: 'medium' });
const THING_OF_A_CLAUSE = /\b(?:the|leave out) (?:you|we|he|she|they) /iu;
const SPAN_AS_CLAUSE = /\b(?:glad|think|that) (?:\d+|ten|twenty|thirty|forty|fifty|sixty) years\b/iu;

describe('the carried sentences the blind reading named', () => {
  it.each([
    ['she turns 35', 'birthday', 'sibling'],
    ['he turns 40', 'birthday', 'friend'],
    ['they still dance in the kitchen', 'anniversary', 'parent'],
  ] as const)('"%s" is said as a clause, never "the you …"', (fact, topic, audience) => {
    for (const seed of [1, 2, 3, 4]) {
      const line = sentenceCarrying(fact, context(topic, audience), seededRandom(seed));
      expect(line).not.toMatch(THING_OF_A_CLAUSE);
      expect(line).toMatch(/\byou (?:turn|still dance)\b/u);
    }
  });

  it.each([
    ['40 years married to Mum', 'anniversary', 'parent'],
    ['ten years since we met in Lisbon', 'anniversary', 'partner'],
  ] as const)('"%s" is a span of time to celebrate, not a clause', (fact, topic, audience) => {
    for (const seed of [1, 2, 3, 4]) {
      const line = sentenceCarrying(fact, context(topic, audience), seededRandom(seed));
      expect(line).not.toMatch(SPAN_AS_CLAUSE);
      expect(line).toMatch(/^(?:Here's to|What a thing to celebrate:) the (?:40|ten) years\b/u);
    }
  });

  it('no draft of the blind prompts says a clause as a thing or a span as a clause', () => {
    for (const [index, request] of prompts.entries()) {
      for (const length of ['medium', 'long'] as const) {
        const draft = composeDraft(request, length, seededRandom(index + 1));
        expect({ index, draft, thing: THING_OF_A_CLAUSE.test(draft), span: SPAN_AS_CLAUSE.test(draft) }).toEqual({ index, draft, thing: false, span: false });
      }
    }
  });
});
