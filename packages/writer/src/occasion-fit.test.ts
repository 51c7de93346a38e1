/**
 * Lines that fit the occasion and the person, held for many prompts: a
 * heartfelt thank-you to a teacher in appraisal words, a child's get-well card in an adult's
 * register, a new parent told their own news, a wedding's venue made the cause of the joy, exam
 * lines on a good-luck card for a move, a client thanked for custom as for help, a boss's leaving
 * for a new post unfelt, an operation named clinically on a formal card, a thin holiday card to a client.
 */
import { seededRandom } from './testing/random';
import type { GenerateRequest } from '@wishes/kit-contract/api';
import { composeDraft } from './template';

type Req = GenerateRequest;
const req = (topic: string, audience: string, style: string, name: string, details: string) => ({ topic, audience, style, name, details }) as unknown as Req;
const drafts = (r: Req, n = 9) => {
  const random = seededRandom(9);
  return Array.from({ length: n }, (_, i) => composeDraft(r, (['short', 'medium', 'long'] as const)[i % 3], random));
};
const bodyOf = (draft: string) => draft.split('\n\n').slice(1, -1).join('\n\n');
const signoffOf = (draft: string) => draft.split('\n\n').at(-1)!;

describe('heartfelt thanks to a teacher or a mentor', () => {
  it('is warm and personal, never appraisal language or "Kind regards"', () => {
    const cases = [
      req('Thank You', 'Teacher', 'Heartfelt', 'Mrs. Byrne', 'You helped me find my confidence in maths'),
      req('Thank You', 'Teacher', 'Inspirational', 'Mr. Hale', 'He taught our daughter to read'),
      req('Thank You', 'Teacher', 'Casual', 'Ms. Grey', 'She ran the school choir'),
      req('Thank You', 'Boss', 'Heartfelt', 'Dr. Ferreira', 'She mentored me through my first year'),
    ];
    for (const r of cases) {
      for (const draft of drafts(r)) {
        expect(bodyOf(draft)).not.toMatch(/hasn't gone unnoticed|much appreciated|truly appreciated|outstanding support|invaluable|the outcome|good work into great work/iu);
        expect(signoffOf(draft)).not.toMatch(/regards|^Best,|All the best/u);
      }
    }
  });
});

describe('a child', () => {
  it('gets simple, warm lines on a get-well card: no doubt cast on carers, no adult idioms', () => {
    for (const style of ['Heartfelt', 'Casual', 'Funny', 'Poetic', 'Inspirational']) {
      for (const details of ['He has chickenpox and is missing school', 'She broke her arm at the park', 'He has tonsillitis']) {
        for (const draft of drafts(req('Get Well', 'Child', style, 'Ollie', details), 6)) {
          expect(draft).not.toMatch(/looked after properly|everything you need|here whenever you need me|take care of yourself|swift and full recovery/iu);
        }
      }
    }
  });
});

describe('a new parent', () => {
  it('is welcomed with the baby by name, never told their own news', () => {
    for (const style of ['Heartfelt', 'Casual', 'Poetic', 'Inspirational']) {
      for (const [details, name] of [['His daughter Isla was born on Thursday', 'Isla'], ['Her son Yusuf was born last night', 'Yusuf']]) {
        for (const draft of drafts(req('New Baby', 'Sibling', style, 'Tom', details), 6)) {
          expect(draft).not.toMatch(/your (?:daughter|son) \w+ was born/iu);
          if (draft.includes(name)) expect(draft).toMatch(new RegExp(`(?:Welcome[^.!]*|Hello and welcome, )${name}|${name}'s|${name} has arrived`, 'u'));
        }
      }
    }
  });

  it('of twins is never congratulated on "the new baby" or a delivery still to come', () => {
    for (const style of ['Formal', 'Heartfelt', 'Casual']) {
      for (const draft of drafts(req('New Baby', 'Colleague', style, 'Mr. Petrov', 'His wife had twin girls on Monday'), 6)) {
        expect(draft).not.toMatch(/new baby|your child\b|three of you|new arrival\b|delivery/iu);
      }
    }
  });
});

describe('a wedding venue or date', () => {
  it('is mentioned lightly, never the cause of the joy', () => {
    const venues = ['They are getting married in a barn in Devon in September', 'She is getting married at a castle in Scotland in May', 'He is getting married on a beach in Cornwall'];
    for (const style of ['Heartfelt', 'Poetic', 'Casual', 'Formal', 'Funny']) {
      for (const audience of ['Friend', 'Colleague', 'Neighbor']) {
        for (const details of venues) {
          for (const draft of drafts(req('Wedding', audience, style, 'Hannah', details), 3)) {
            expect(draft).not.toMatch(/(?:happier|happy|delighted|thrilled|joy)[^.]*(?:getting married|marrying) (?:in|at|on) /iu);
          }
        }
      }
    }
    const one = drafts(req('Wedding', 'Friend', 'Heartfelt', 'Hannah and Joe', venues[0]), 9).join('\n');
    expect(one).toMatch(/A barn in Devon in September sounds|the sound of a barn in Devon in September/u);
  });
});

describe('good luck on a move or a leaving', () => {
  it('speaks of the new place and missing them, not of an exam', () => {
    const moves = ['She is moving to Toronto next month', 'He is leaving us to move to New Zealand', 'They are emigrating to Australia'];
    for (const style of ['Heartfelt', 'Casual', 'Inspirational', 'Formal']) {
      for (const audience of ['Friend', 'Colleague', 'Sibling']) {
        for (const details of moves) {
          for (const draft of drafts(req('Good Luck', audience, style, 'Kemi', details), 3)) {
            expect(draft).not.toMatch(/prepared so well|how it goes|whatever happens|deep breath|exam|ace it/iu);
          }
        }
      }
    }
  });
});

describe('a client', () => {
  it('is thanked for custom as custom, not as for help', () => {
    for (const style of ['Formal', 'Heartfelt', 'Casual']) {
      for (const details of ['Her firm has been our client for eight years', 'He has ordered from our bakery every week', 'They have been loyal customers since we opened']) {
        for (const draft of drafts(req('Thank You', 'Client', style, 'Ms. Duarte', details), 6)) {
          expect(draft).not.toMatch(/assistance|your support|your help|made a (?:considerable|real) difference|stepping in/iu);
        }
      }
    }
  });

  it('gets a casual holiday card that says something of the year together', () => {
    // A short card is a few lines; a medium or long one says something of the year.
    for (const draft of drafts(req('Holidays', 'Client', 'Casual', 'Mr. Bauer', 'We finished the office refit together this year'), 6).filter((_, i) => i % 3 !== 0)) {
      expect(draft).toMatch(/working with you|year together|brilliant year|every project/iu);
      expect(draft).not.toMatch(/switch off your laptop/iu);
    }
  });
});

describe('a boss', () => {
  it('leaving for a new post is told they will be missed, and the post is named', () => {
    for (const style of ['Formal', 'Heartfelt', 'Inspirational']) {
      for (const [details, post] of [['He is leaving to run the Leeds branch', 'run the Leeds branch'], ['She is leaving the company to become a director', 'become a director']]) {
        const all = drafts(req('New Job', 'Boss', style, 'Mr. Ahmed', details), 6);
        expect(all.filter((d) => d.includes(post) && /missed|departure|leaving|without you/iu.test(d)).length).toBeGreaterThan(0);
      }
    }
  });

  it('on a formal or work get-well card hears of "your operation", never the organ removed', () => {
    for (const style of ['Formal', 'Heartfelt', 'Casual']) {
      for (const audience of ['Boss', 'Client', 'Colleague']) {
        for (const details of ['She had her gallbladder removed last week', 'He is recovering from a hip replacement', 'She had knee surgery on Monday']) {
          for (const draft of drafts(req('Get Well', audience, style, 'Mrs. Novak', details), 3)) {
            expect(draft).not.toMatch(/gallbladder|hip replacement|knee surgery/iu);
          }
        }
      }
    }
  });
});
