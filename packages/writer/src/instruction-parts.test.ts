/**
 * Instructions understood part by part: negations and comparatives ("less formal", "not so long",
 * "more casual"), compound instructions split on "and", "then", ";" and commas, each part done or
 * named as not possible offline, and an instruction never written into the wish.
 */
import { CHAT_REPLIES, followOffline, instructionParts, parseInstruction } from './instructions';
import { composeDraft } from './template';
import { seededRandom } from './testing/random';

const BOSS = { style: 'Formal', audience: 'Boss', topic: 'Retirement', name: 'David', details: 'He led the engineering team for 22 years, always had time for juniors, and plans to sail around Scotland' };
const STIFF = /\b(?:Kind regards|Yours sincerely|With best regards|Yours faithfully),/u;

describe('negations and comparatives', () => {
  it.each([
    ['less formal please', { kind: 'lessFormal' }],
    ['not so formal', { kind: 'lessFormal' }],
    ['more casual', { kind: 'lessFormal' }],
    ['make it more relaxed', { kind: 'lessFormal' }],
    ['not so long', { kind: 'improve', instruction: 'shorter' }],
    ['less casual please', { kind: 'improve', instruction: 'more formal' }],
    ['more formal', { kind: 'improve', instruction: 'more formal' }],
    ['make it longer', { kind: 'notOffline', what: 'make it longer' }],
    ['less funny', { kind: 'notOffline', what: 'take the jokes out' }],
  ])('"%s"', (message, expected) => {
    expect(parseInstruction(message)).toEqual(expected);
  });

  it('"less formal please" makes a formal note less formal, never more (4 of 4 runs)', () => {
    for (const seed of [1, 2, 3, 4]) {
      const draft = composeDraft(BOSS, 'medium', seededRandom(seed));
      const result = followOffline(draft, 'less formal please', 'David', seededRandom(seed), BOSS);
      expect(result.reply).toBe(CHAT_REPLIES.lessFormal);
      expect(result.changed).toBe(true);
      expect(result.text).not.toMatch(STIFF);
      expect(result.text).toMatch(/^Hi David,/u);
      expect(result.text).not.toMatch(/\b(?:love|hugs?)\b/iu); // still a note to a boss
    }
  });
});

describe('compound instructions', () => {
  it('split where an instruction of its own follows, not inside a list of things', () => {
    expect(instructionParts('mention the sailing trip around Scotland and make it end with a toast')).toEqual(['mention the sailing trip around Scotland', 'make it end with a toast']);
    expect(instructionParts('make it shorter, then funnier')).toEqual(['make it shorter', 'funnier']);
    expect(instructionParts('less formal; mention the garden')).toEqual(['less formal', 'mention the garden']);
    expect(instructionParts('mention her dog and her cat')).toEqual(['mention her dog and her cat']);
  });

  it('"mention the sailing trip around Scotland and make it end with a toast": the trip mentioned, the toast named as not possible, nothing pasted', () => {
    const draft = composeDraft(BOSS, 'medium', seededRandom(1));
    const result = followOffline(draft, 'mention the sailing trip around Scotland and make it end with a toast', 'David', seededRandom(1), BOSS);
    expect(result.text).toMatch(/sailing trip around Scotland/u);
    expect(result.text).not.toMatch(/make it|end with a toast/iu);
    expect(result.reply).toMatch(/^I mentioned the sailing trip around Scotland\./u);
    expect(result.reply).toMatch(/can't do “make it end with a toast” offline/u);
  });

  it('does every part it can, in order', () => {
    const draft = composeDraft(BOSS, 'medium', seededRandom(2));
    const result = followOffline(draft, 'less formal and mention the garden', 'David', seededRandom(2), BOSS);
    expect(result.text).toMatch(/^Hi David,/u);
    expect(result.text).toMatch(/garden/u);
    expect(result.reply).toMatch(/less formal/u);
  });

  it('never writes an instruction into the wish', () => {
    const draft = composeDraft(BOSS, 'medium', seededRandom(3));
    for (const message of ['mention make it end with a toast', 'add a line about making it shorter and funnier', 'include that and make it warmer']) {
      const result = followOffline(draft, message, 'David', seededRandom(3), BOSS);
      expect(result.text).not.toMatch(/\bmake it\b|\bmaking it\b/iu);
    }
  });
});
