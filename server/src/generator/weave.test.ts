import { weaveDetails } from './weave';

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
