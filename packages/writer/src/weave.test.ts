import { planOf } from './template';
import { detailToWeave, weaveDetails, wovenSentences } from './weave';

describe('weaveDetails: the details rewritten for the reader', () => {
  it.each([
    ['broke her ankle skiing last week', 'Maya', 'you broke your ankle skiing last week', 'you', 'past'],
    ['led the engineering department for 22 years and hired me as an intern', 'Richard', 'you led the engineering department for 22 years and hired me as an intern', 'you', 'past'],
    ['his inflatable reindeer keeps falling over', 'Mr. Okafor', 'your inflatable reindeer keeps falling over', 'other', 'present'],
    ['She loves hiking and has two dogs', 'Anna', 'you love hiking and have two dogs', 'you', 'present'],
    ['he is turning 30 and still thinks he is 19', 'Jake', 'you are turning 30 and still think you are 19', 'you', 'ongoing'],
    ['is running the Dublin marathon on Sunday', "O'Brien", 'you are running the Dublin marathon on Sunday', 'you', 'future'],
    ['I will miss our coffee breaks and his terrible puns', 'Bob', 'I will miss our coffee breaks and your terrible puns', 'me', 'future'],
    ['my little sister is marrying her best friend', 'Emma', 'you are marrying your best friend', 'you', 'ongoing'],
    ['they have been married for 40 years', 'Mom and Dad', 'you have been married for 40 years', 'you', 'present'],
    ['Anna always lends us her ladder', 'Anna', 'you always lend us your ladder', 'you', 'present'],
    // A verb joined by "and" agrees with "you" whatever the first verb's
    // tense, and after "still"/"now" even when the tagger reads it as a plural noun.
    ['He retired from the railway after 40 years and now wants to build a boat', 'Bill', 'you retired from the railway after 40 years and now want to build a boat', 'you', 'past'],
    ['She is turning 85 and still walks to the market every day', 'Ada', 'you are turning 85 and still walk to the market every day', 'you', 'ongoing'],
    ['He got a new job and starts on Monday', 'Tom', 'you got a new job and start on Monday', 'you', 'past'],
    ['She loves cats and dogs', 'Ada', 'you love cats and dogs', 'you', 'present'],
    ['Her husband works nights and she runs the shop', 'Ada', 'your husband works nights and you run the shop', 'other', 'present'],
    ['You just had twins!', 'Ana-María', 'you just had twins', 'you', 'past'],
  ])('%s (%s)', (details, name, clause, subject, tense) => {
    const woven = weaveDetails(details, name);
    expect(woven.clause).toBe(clause);
    expect(woven.subject).toBe(subject);
    expect(woven.tense).toBe(tense);
  });

  it('rewrites every sentence, not only the first', () => {
    const woven = weaveDetails('She got the job. Her first day is Monday.', 'Lea');
    expect(woven.clause).toBe('you got the job');
    expect(woven.more).toEqual(['Your first day is Monday.']);
  });

  it('gives nothing for blank details', () => {
    expect(weaveDetails('  ', 'Sam').clause).toBe('');
  });

  it('reads details typed in sentence case as the reader\'s, not as a name (e2e found "I heard just moved")', () => {
    expect(weaveDetails('Just moved to a new city.', 'Noor').clause).toBe('you just moved to a new city');
    expect(weaveDetails('Got promoted', 'Noor').clause).toBe('you got promoted');
    expect(weaveDetails('Anna got promoted', 'Noor').clause).toBe('Anna got promoted');
  });
});

describe('detailToWeave and wovenSentences: one detail in one well-formed sentence, or none', () => {
  const { EVAL_PROMPTS, MENTIONS } = jest.requireActual<typeof import('./eval/score')>('./eval/score');
  const { fragmentErrors, verbsOf } = jest.requireActual<typeof import('./grammar')>('./grammar');

  it('parses every woven sentence of the evaluation set and finds its verb', () => {
    let woven = 0;
    for (const prompt of [...EVAL_PROMPTS, ...MENTIONS.map((details) => ({ ...EVAL_PROMPTS[0], details }))]) {
      const detail = detailToWeave(prompt.details, prompt.name);
      if (!detail) continue;
      // A thing ("the cake") or a pastime ("hiking") is a noun phrase; its frame gives the verb.
      if (detail.kind !== 'thing' && detail.kind !== 'hobby') expect({ clause: detail.clause, verbs: verbsOf(detail.clause).length > 0 }).toEqual({ clause: detail.clause, verbs: true });
      // In the mood of its occasion and the register of its settings, as the composer weaves it.
      const mood = prompt.topic === 'Get Well' ? 'sorry' : prompt.topic === 'Thank You' ? 'thanks' : 'good';
      const plan = planOf(prompt);
      {
        {
          for (const sentence of wovenSentences(detail, mood, plan.register)) {
            woven++;
            expect({ sentence, verbs: verbsOf(sentence).length > 0, fragments: fragmentErrors(sentence) }).toEqual({ sentence, verbs: true, fragments: [] });
            expect(sentence).toMatch(/^[A-Z].*[.!?]$/u);
            expect(sentence).not.toMatch(/\b(she|he|her|his|him|they|them|their)\b/u);
          }
        }
      }
    }
    expect(woven).toBeGreaterThan(300);
  });

  it('turns first person into a clause of the sentence and third person into second', () => {
    expect(detailToWeave('we met in first grade', 'Ann')).toEqual({ clause: 'we met in first grade', kind: 'since' });
    expect(wovenSentences(detailToWeave('we met in first grade', 'Ann')!, 'good', 'warm')).toContain("I've been lucky to have you in my life since we met in first grade.");
    expect(detailToWeave('She started learning to surf. We have been friends since school.', 'Lena')).toEqual({
      clause: "you started learning to surf, and it's wonderful that you're always trying something new",
      kind: 'toast',
    });
    expect(detailToWeave('led the engineering department for 22 years and hired me as an intern', 'Richard')?.kind).toBe('shared');
    expect(detailToWeave('her garden', 'Ann')).toEqual({ clause: 'your garden', kind: 'thing' });
  });

  it('leaves out what it cannot weave safely', () => {
    expect(detailToWeave('third attempt', 'Sam')).toBeNull();
    expect(detailToWeave('   ', 'Sam')).toBeNull();
    expect(detailToWeave('x'.repeat(300), 'Sam')).toBeNull();
    expect(detailToWeave(`she ${'really '.repeat(30)}likes cake`, 'Sam')).toBeNull();
  });
});
