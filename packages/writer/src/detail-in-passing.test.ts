/**
 * The detail taken up in passing rather than said
 * back at the head of the card; lines that fit the relationship (nothing second hand from the
 * people closest, no "colleague" for a boss, no "a friend like you" to a couple, no love verse on a
 * work anniversary); nothing said twice in other words; no timing or acquaintance that contradicts
 * the details; and a middle from the world a detail names.
 */
import options from './testing/offered.json';
import { seededRandom } from './testing/random';
import { FRAMES } from './corpus';
import { EVAL_PROMPTS } from './eval/score';
import { conceptRepeats, HEARSAY, quickSentences, timingClash } from './grammar';
import { composeDraft, worldOf, type DraftLength } from './template';
import { detailToWeave } from './weave';

const { styles, topics } = options.greeting_config_params;
const bodyOf = (draft: string) => draft.split('\n\n').slice(1, -1).join('\n');
const LENGTHS: DraftLength[] = ['short', 'medium', 'long'];

describe('the detail taken up in passing', () => {
  it('few drafts open by saying the detail back ("You led the department for 22 years…, and…")', () => {
    const random = seededRandom(5);
    let leading = 0;
    let total = 0;
    for (const prompt of EVAL_PROMPTS) {
      const woven = detailToWeave(prompt.details, prompt.name);
      if (!woven || !/^(?:you|your)\b/iu.test(woven.clause)) continue;
      for (const length of LENGTHS) {
        const first = (quickSentences(bodyOf(composeDraft(prompt, length, random)))[0] ?? '').toLowerCase().replace(/^so /u, '');
        total++;
        if (first.startsWith(woven.clause.toLowerCase().slice(0, 24))) leading++;
      }
    }
    expect(total).toBeGreaterThan(150);
    expect(leading / total).toBeLessThanOrEqual(0.2);
  });

  it('most good-news, shared and thanks frames lead with the feeling, not the detail', () => {
    for (const kind of ['past', 'shared'] as const) {
      for (const register of ['warm', 'work', 'formal'] as const) {
        const frames = FRAMES.detailFrames.good[kind]![register]!;
        const leading = frames.filter((f) => f.startsWith('{d}') || f.startsWith('So {d}'));
        expect({ kind, register, leading: leading.length <= frames.length / 2 }).toEqual({ kind, register, leading: true });
      }
    }
  });
});

describe('lines that fit the relationship', () => {
  it('a parent, partner, sibling, child or grandparent never hears the news second hand ("I hear…", "I had to read it twice")', () => {
    let seed = 1;
    const details = ['He got promoted to head chef', 'She is starting her first job as a nurse', 'She passed her driving test', 'He is recovering from knee surgery'];
    for (const audience of ['Parent', 'Partner', 'Sibling', 'Child', 'Grandparent']) {
      for (const { topic } of topics) {
        for (const style of styles) {
          const draft = composeDraft({ style, audience, name: 'Sam', topic, details: details[seed % details.length] }, LENGTHS[seed % 3], seededRandom(seed++));
          expect({ draft, hearsay: HEARSAY.test(draft) }).toEqual({ draft, hearsay: false });
        }
      }
    }
  });

  it('a boss, a client or a teacher is never called a colleague', () => {
    let seed = 100;
    for (const audience of ['Boss', 'Client', 'Teacher']) {
      for (const { topic } of topics) {
        for (const style of styles) {
          for (const length of LENGTHS) {
            const draft = composeDraft({ style, audience, name: 'Mr. Okafor', topic, details: 'He hired me as an intern' }, length, seededRandom(seed++));
            expect({ draft, colleague: /\bcolleagues?\b/iu.test(draft) }).toEqual({ draft, colleague: false });
          }
        }
      }
    }
  });

  it('a couple is never "a friend like you"', () => {
    let seed = 200;
    for (const { topic } of topics) {
      for (const style of styles) {
        const draft = composeDraft({ style, audience: 'Friend', name: 'Hannah and James', topic, details: '' }, 'long', seededRandom(seed++));
        expect(draft).not.toMatch(/\b(?:a friend like you|such a (?:good |great |wonderful )?friend|you're a (?:true |good |great |wonderful )?friend)\b/iu);
      }
    }
  });

  it('a work anniversary in verse takes the work couplets, not a love-anniversary one, whoever it is for', () => {
    const work = new Set(FRAMES.couplets.anniversary.work);
    for (const audience of ['Parent', 'Friend', 'Sibling', 'Colleague']) {
      for (const seed of [1, 2, 3, 4]) {
        const draft = composeDraft({ style: 'Poetic', audience, name: 'Priya', topic: 'Anniversary', details: 'She has been with the company for ten years' }, 'medium', seededRandom(seed));
        const couplet = draft.split('\n\n').at(-2)!;
        expect({ draft, work: work.has(couplet) }).toEqual({ draft, work: true });
      }
    }
  });

  it("a partner's gushing lines stay on romantic occasions", () => {
    for (const topic of ['Good Luck', 'Get Well', 'New Job', 'Thank You', 'Retirement', 'Graduation']) {
      for (const seed of [1, 2, 3]) {
        const draft = composeDraft({ style: 'Romantic', audience: 'Partner', name: 'Alex', topic, details: '' }, 'long', seededRandom(seed));
        expect(draft).not.toMatch(/more than words can say|my whole world|love you more (?:every|each) day/iu);
      }
    }
  });
});

describe('nothing said twice in other words', () => {
  it('hears the same thing said twice', () => {
    expect(conceptRepeats("So you got promoted to head chef! A promotion! Look at you.")).toEqual(['promotion']);
    expect(conceptRepeats("I'm so happy for you. I'm over the moon for you.")).toEqual(['happy for you']);
    expect(conceptRepeats('Your son was born last week. It was a pleasure to learn of the safe arrival of your baby.')).toEqual(['birth']);
    expect(conceptRepeats('Good luck! You will be great. Best of luck.')).toEqual(['luck']);
    expect(conceptRepeats('Your daughter Lily was born on Tuesday: welcome to the world, Lily!')).toEqual([]);
  });

  it('cases that once said a thing twice say it once', () => {
    const cases = [
      { style: 'Funny', audience: 'Friend', name: 'Sam', topic: 'New Job', details: 'He got promoted to head chef' },
      { style: 'Formal', audience: 'Colleague', name: 'Mark', topic: 'New Baby', details: 'His son was born last week' },
      { style: 'Heartfelt', audience: 'Friend', name: 'Sara', topic: 'New Baby', details: 'Her daughter Lily was born on Tuesday' },
      { style: 'Heartfelt', audience: 'Child', name: 'Noah', topic: 'Good Luck', details: 'He has his driving test on Friday' },
    ];
    for (const request of cases) {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        for (const length of LENGTHS) {
          const draft = composeDraft(request, length, seededRandom(seed));
          expect({ draft, twice: conceptRepeats(bodyOf(draft)) }).toEqual({ draft, twice: [] });
        }
      }
    }
  });

  it('across the evaluation set, under 2 % of drafts say a thing twice in other words', () => {
    const random = seededRandom(3);
    let twice = 0;
    for (const prompt of EVAL_PROMPTS) if (conceptRepeats(bodyOf(composeDraft(prompt, 'medium', random))).length) twice++;
    expect(twice / EVAL_PROMPTS.length).toBeLessThan(0.02);
  });
});

describe('timing and acquaintance that agree with the details', () => {
  it('a wedding still to come is neither counted down to nor "today"', () => {
    for (const style of ['Poetic', 'Heartfelt', 'Inspirational', 'Casual', 'Funny']) {
      for (const seed of [1, 2, 3, 4, 5]) {
        for (const length of LENGTHS) {
          const draft = composeDraft({ style, audience: 'Friend', name: 'Hannah and James', topic: 'Wedding', details: 'They are getting married in June by the sea' }, length, seededRandom(seed));
          expect({ draft, today: /\btoday\b|\bthis day\b/iu.test(draft) || timingClash(bodyOf(draft)) }).toEqual({ draft, today: false });
        }
      }
    }
  });

  it('no draft of the evaluation set waits for a day it says is today', () => {
    const random = seededRandom(4);
    for (const prompt of EVAL_PROMPTS) {
      const draft = composeDraft(prompt, 'long', random);
      expect({ draft, clash: timingClash(bodyOf(draft)) }).toEqual({ draft, clash: false });
    }
  });

  it('a client of six years is not thanked for "the past months"', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const topic of ['Holidays', 'Thank You', 'Birthday']) {
        const draft = composeDraft({ style: 'Formal', audience: 'Client', name: 'Ms. Chen', topic, details: 'Her company has worked with us for six years' }, 'medium', seededRandom(seed));
        expect(draft).not.toMatch(/\b(?:past|last|recent|few) (?:few )?months\b/iu);
      }
    }
  });
});

describe('a middle from the world the detail names', () => {
  const cases: Array<[string, string, string, RegExp]> = [
    ['Graduation', 'Poetic', 'She graduated in marine biology', /\b(?:sea|ocean)\b/iu],
    ['New Job', 'Funny', 'He got promoted to head chef', /\b(?:tasting menu|hat|burnt)\b/iu],
    ['New Job', 'Inspirational', 'He is starting his first job as a junior nurse', /\b(?:care|look after|patients)\b/iu],
    ['Retirement', 'Funny', 'He plans to spend his days fishing', /\bfish\b/iu],
    ['Retirement', 'Heartfelt', 'He worked as a firefighter for 30 years', /\bcourage\b/iu],
  ];
  it.each(cases)('%s, %s: "%s" draws a line from its world', (topic, style, details, world) => {
    for (const seed of [1, 2, 3]) {
      const draft = composeDraft({ style, audience: 'Friend', name: 'Sam', topic, details }, 'medium', seededRandom(seed));
      expect(draft).toMatch(world);
    }
  });

  it('a venue is not a world: "by the sea" at a wedding draws no ocean line', () => {
    expect(worldOf('They are getting married in June by the sea', 'wedding')).toBeNull();
    expect(worldOf('She graduated in marine biology', 'graduation')?.name).toBe('sea');
  });

  it('every world line is British, free of love words in work and formal registers, and a whole sentence', () => {
    for (const world of FRAMES.worlds) {
      for (const register of ['work', 'formal'] as const) for (const line of world[register]) expect(line).not.toMatch(/\blov(?:e|ed|ing)\b|hugs?\b|darling/iu);
      for (const line of [...world.warm, ...world.work, ...world.formal, ...world.funny]) {
        expect(line).toMatch(/^[A-Z].*[.!?]$/u);
        expect(line).not.toMatch(/\b(?:color|favorite|honor|neighbor|center|practice you)\b/u);
      }
    }
  });
});
