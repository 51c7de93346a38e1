/**
 * The evaluation set as a regression gate: the figures in docs/generator.md (npm run
 * eval -w @wishes/writer) must not get worse than these thresholds.
 */
import { seededRandom } from './testing/random';
import { writer } from './eval/writer';
import { EVAL_PROMPTS, FACT_PROMPTS, INSTRUCTION_CASES, closingCouplet, evaluate, factsCarried, instructionsFollowed, pastedInstruction, keptFrame, pastedVerbatim, presentLookBack, pronounErrors, repeatedSentence, varietyOf, wellFormed } from './eval/score';
import { fragmentErrors, registerBreaks, repeatsInNextSentence } from './grammar';

describe('offline writer on the evaluation set', () => {
  it('covers every style × audience pair that makes sense, every topic, and details in every person', () => {
    expect(EVAL_PROMPTS.length).toBeGreaterThanOrEqual(200);
    const count = (key: 'style' | 'audience' | 'topic' | 'person') => new Set(EVAL_PROMPTS.map((p) => p[key])).size;
    expect(count('style')).toBe(7);
    expect(count('audience')).toBe(11);
    expect(count('topic')).toBe(12);
    expect(count('person')).toBe(3);
    // Romance is for a partner; every other pair is there.
    expect(new Set(EVAL_PROMPTS.map((p) => `${p.style}×${p.audience}`)).size).toBe(6 * 11 + 1);
    // Sentence case, names with titles, couples.
    expect(EVAL_PROMPTS.some((p) => /^[A-Z]/.test(p.details) && p.person === 'third')).toBe(true);
    expect(EVAL_PROMPTS.some((p) => /^(Mr|Mrs|Ms|Dr|Professor|Coach)\.? /.test(p.name))).toBe(true);
    expect(EVAL_PROMPTS.some((p) => / and /.test(p.name))).toBe(true);
  });

  it('the scorer catches what the old writer did', () => {
    expect(pastedVerbatim('Dear Maya,\n\nP.S. Broke her ankle skiing last week.', 'broke her ankle skiing last week')).toBe(true);
    expect(pastedVerbatim('I heard you broke your ankle skiing last week.', 'broke her ankle skiing last week')).toBe(false);
    expect(pastedVerbatim('So you started learning to surf. We have been friends since school.', 'She started learning to surf. We have been friends since school.')).toBe(true);
    expect(pronounErrors('Breaking news: His inflatable reindeer keeps falling over.')).toHaveLength(1);
    expect(pronounErrors('I know you loves hiking and you has two dogs.')).toHaveLength(2);
    expect(repeatedSentence('May every wish come true. Hugs. May every wish come true.')).toBe(true);
    expect(fragmentErrors('I love that your garden.')).toHaveLength(1);
    expect(fragmentErrors('And of course, the cake: it makes the day even better.')).toHaveLength(1);
    expect(wellFormed('I hope the cake brings you plenty of joy.')).toBe(true);
    expect(presentLookBack('It is an honour to work under your leadership.')).toBe(true);
    expect(presentLookBack('It has been an honour to have worked under your leadership.')).toBe(false);
    expect(repeatsInNextSentence('It is an honour to have worked under your leadership. Your leadership is an inspiration.')).toHaveLength(1);
    expect(registerBreaks('Please know how much you are loved. With all my love,')).toEqual(['loved', 'love']);
    expect(keptFrame('Dear Ann,\n\nOne. Two. Three.\n\nWith love,', 'Dear Ann, One. Two.')).toBe(false);
    const before = 'Dear Ann,\n\nHappy birthday. Enjoy it.\n\nWith love,';
    expect(closingCouplet(before, 'Dear Ann,\n\nHappy birthday.\n\nRoses are red and the sky can be blue,\nbut nothing is brighter, Ann, than you.\n\nWith love,', 'Birthday')).toBe(false);
    expect(closingCouplet(before, 'Dear Ann,\n\nHappy birthday.\n\nAnother year older, another year bright,\nmay your birthday be full of laughter and light.\n\nWith love,', 'Birthday')).toBe(true);
  });

  it('meets the thresholds on drafts, rewrites and chat instructions', () => {
    const report = evaluate(writer, 1);
    expect(report.verbatimPasteRate).toBe(0);
    expect(report.thirdPersonKeptRate).toBe(0);
    expect(report.pronounErrorsPerDraft).toBeLessThanOrEqual(0.02);
    expect(report.verblessRate).toBe(0);
    expect(report.repeatedWordRate).toBeLessThanOrEqual(0.01);
    expect(report.repeatedSentenceRate).toBe(0);
    expect(report.sameOpeningRate).toBeLessThanOrEqual(0.02);
    expect(report.registerBreakRate).toBe(0);
    expect(report.lookBackTenseRate).toBe(0);
    expect(report.shorterKeepsFrameRate).toBe(1);
    expect(report.mentionSentenceRate).toBeGreaterThanOrEqual(0.98);
    expect(report.rhymeFitRate).toBe(1);
    expect(report.unsupportedHonestRate).toBe(1);
    expect(report.namedRate).toBe(1);
    expect(report.detailWovenRate).toBeGreaterThanOrEqual(0.9);
    expect(report.meanWords.short).toBeLessThanOrEqual(45);
    expect(report.meanWords.medium).toBeGreaterThanOrEqual(report.meanWords.short + 12);
    expect(report.meanWords.long).toBeGreaterThanOrEqual(report.meanWords.medium + 15);
    expect(report.variantDistinctness).toBeGreaterThanOrEqual(0.74);
    // "Give me 3": three distinct bodies in every run, in every style (also where only two wishes fit the person).
    expect(Object.keys(report.threeBodiesRateByStyle)).toHaveLength(7);
    for (const [style, rate] of Object.entries(report.threeBodiesRateByStyle)) expect({ style, rate }).toEqual({ style, rate: 1 });
  }, 900_000);

  it('compound details: every fact in 100 % of medium and long drafts, at least one in every short one', () => {
    // Two and three facts in one sentence, joined by ";" or "and", in the first, second and third person.
    expect(FACT_PROMPTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(FACT_PROMPTS.map((p) => p.person))).toEqual(new Set(['first', 'second', 'third']));
    expect(FACT_PROMPTS.some((p) => p.details.includes(';'))).toBe(true);
    const report = factsCarried(writer, 1);
    expect(report.examples).toEqual([]);
    expect(report.everyFactRate).toBe(1);
    expect(report.shortOneFactRate).toBe(1);
  }, 300_000);

  it('compound and negated instructions: none pasted into the wish, each part done or named', () => {
    expect(INSTRUCTION_CASES.length).toBeGreaterThanOrEqual(12);
    expect(pastedInstruction('Dear D,\n\nHi.\n\nBest,', 'Dear D,\n\nHi. I have always appreciated that the sailing trip and make it end with a toast.\n\nBest,', 'mention the sailing trip and make it end with a toast')).toBe(true);
    const report = instructionsFollowed(writer, 1);
    expect(report.pastedRate).toBe(0);
    expect(report.examples).toEqual([]);
    expect(report.followedRate).toBe(1);
  }, 300_000);

  it('50 drafts for one topic × audience × style with other names and details do not read as one card', () => {
    const variety = varietyOf(writer.compose, 1);
    expect(variety.drafts).toBe(50);
    expect(variety.distinctBodies).toBe(50);
    expect(variety.distinctOpenings).toBeGreaterThanOrEqual(40);
    // And for a register with few wishes of its own: a formal note to a client.
    const formal = varietyOf(writer.compose, 2, { style: 'Formal', audience: 'Client', topic: 'Thank You' });
    expect(formal.distinctBodies).toBe(50);
    expect(formal.distinctOpenings).toBeGreaterThanOrEqual(40);
  });

  it('is reproducible for a seed', () => {
    const request = { style: 'Casual', audience: 'Friend', name: 'Mia', topic: 'Birthday', details: 'she finally adopted a cat' };
    expect(writer.compose(request, 'medium', seededRandom(9))).toBe(writer.compose(request, 'medium', seededRandom(9)));
  });
});
