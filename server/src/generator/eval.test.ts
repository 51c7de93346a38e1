/**
 * The evaluation set as a regression gate: the figures printed in the README (npm run
 * eval:generator -w server) must not get worse than these thresholds.
 */
import { composeDraft, composeVariants } from './template';
import { EVAL_PROMPTS, evaluate, pastedVerbatim, pronounErrors, repeatedSentence } from './eval/score';

describe('offline generator on the evaluation set', () => {
  it('covers every style, audience and topic with details in every person', () => {
    expect(EVAL_PROMPTS.length).toBeGreaterThanOrEqual(60);
    const count = (key: 'style' | 'audience' | 'topic' | 'person') => new Set(EVAL_PROMPTS.map((p) => p[key])).size;
    expect(count('style')).toBe(7);
    expect(count('audience')).toBe(11);
    expect(count('topic')).toBe(12);
    expect(count('person')).toBe(3);
  });

  it('the scorer catches what the old generator did', () => {
    expect(pastedVerbatim('Dear Maya,\n\nP.S. Broke her ankle skiing last week.', 'broke her ankle skiing last week')).toBe(true);
    expect(pastedVerbatim('I heard you broke your ankle skiing last week.', 'broke her ankle skiing last week')).toBe(false);
    expect(pronounErrors('Breaking news: His inflatable reindeer keeps falling over.')).toHaveLength(1);
    expect(pronounErrors('I know you loves hiking and you has two dogs.')).toHaveLength(2);
    expect(pronounErrors('Having a friend like you makes every day better. Loving you is easy.')).toEqual([]);
    expect(repeatedSentence('May every wish come true. Hugs. May every wish come true.')).toBe(true);
  });

  it('meets the thresholds', () => {
    const report = evaluate((request, length, random) => composeDraft(request, length, random), 1, composeVariants);
    expect(report.verbatimPasteRate).toBe(0);
    expect(report.thirdPersonKeptRate).toBe(0);
    expect(report.pronounErrorsPerDraft).toBeLessThanOrEqual(0.02);
    expect(report.repeatedSentenceRate).toBe(0);
    expect(report.namedRate).toBe(1);
    expect(report.meanWords.short).toBeLessThanOrEqual(45);
    expect(report.meanWords.medium).toBeGreaterThanOrEqual(report.meanWords.short + 15);
    expect(report.meanWords.long).toBeGreaterThanOrEqual(report.meanWords.medium + 30);
    expect(report.variantDistinctness).toBeGreaterThanOrEqual(0.74);
  }, 180_000);
});
