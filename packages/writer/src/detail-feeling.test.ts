/**
 * A detail given only a feeling that fits it, held for every prompt: a detail
 * given a feeling that does not fit it ("I love that this is our first Christmas apart"), the
 * person's own news announced back ("Oh, we…!", "I heard you…"), "may your little one" for twins,
 * a new job called a promotion, "Good luck today" for a race on Sunday, personal thanks to a
 * client. And the safe path behind them (safe.ts): a detail goes in through its kind's own
 * sentences or a frame proven for its shape of clause, or it is left out.
 */
import { seededRandom } from './testing/random';
import type { GenerateRequest } from '@wishes/kit-contract/api';
import { FRAMES } from './corpus';
import { kindSentences } from './kinds';
import { detailTimeOf, frameSafe, moodFor, PERSONAL_THANKS, timingMisfit } from './safe';
import { composeDraft } from './template';
import { detailToWeave } from './weave';

type Req = GenerateRequest;
const req = (topic: string, audience: string, style: string, name: string, details: string) => ({ topic, audience, style, name, details }) as unknown as Req;
const drafts = (r: Req, n = 9) => {
  const random = seededRandom(8);
  return Array.from({ length: n }, (_, i) => composeDraft(r, (['short', 'medium', 'long'] as const)[i % 3], random));
};
const STYLES = ['Heartfelt', 'Casual', 'Funny', 'Formal', 'Poetic', 'Inspirational', 'Romantic'];
const AUDIENCES = ['Friend', 'Partner', 'Parent', 'Sibling', 'Child', 'Grandparent', 'Neighbor', 'Colleague', 'Boss', 'Client', 'Teacher'];

describe('a detail is given only a feeling that fits it', () => {
  it('"our first Christmas apart" is missed, never a favourite thing or a joy', () => {
    for (const style of STYLES) {
      for (const audience of ['Partner', 'Parent', 'Friend', 'Colleague']) {
        for (const draft of drafts(req('Holidays', audience, style, 'Sam', 'This is our first Christmas apart'), 6)) {
          expect(draft).not.toMatch(/favourite things?|suits you|I love that|couldn't be happier|could not be happier|wonderful news|so happy|delighted|smiling/iu);
        }
      }
    }
    const lines = kindSentences(detailToWeave('This is our first Christmas apart', 'Sam')!.clause, { topic: 'holidays', audience: 'partner', register: 'warm', funny: false });
    expect(lines?.join(' ')).toMatch(/apart this Christmas/u);
  });

  it('sad or hard news on a cheerful card is left out rather than cheered', () => {
    const sad = ['She lost her job in March', 'He is going through a divorce', 'They had a really hard year', 'Her dog died last month', 'He misses his family in Poland'];
    for (const details of sad) {
      for (const style of ['Heartfelt', 'Casual', 'Funny', 'Formal']) {
        for (const draft of drafts(req('Birthday', 'Friend', style, 'Robin', details), 6)) {
          expect(draft).not.toMatch(/lost your job|going through a divorce|hard year|dog died|misses? your family/iu);
        }
      }
    }
  });

  it('cheering is for something to be cheered: a race or a talk, not Christmas abroad', () => {
    expect(frameSafe('you are running your first half marathon on Sunday', 'coming', 'good', 'goodLuck')).toBe(true);
    expect(frameSafe('you are presenting to the board tomorrow', 'coming', 'good', 'goodLuck')).toBe(true);
    expect(frameSafe('you are spending Christmas in Australia this year', 'coming', 'good', 'holidays')).toBe(false);
    for (const style of STYLES) {
      for (const draft of drafts(req('Holidays', 'Sibling', style, 'Callum', 'He is spending Christmas in Australia this year'), 6)) {
        expect(draft).not.toMatch(/cheer(?:ing)? (?:you on|louder)|proud face|you'll be brilliant/iu);
      }
    }
  });

  it('a detail no kind matches and no safe frame fits is left out', () => {
    expect(frameSafe('this is our first Christmas apart', 'trait', 'good', 'holidays')).toBe(false);
    expect(frameSafe('the weather has been awful', 'trait', 'good', 'birthday')).toBe(false);
    expect(frameSafe('we are expecting our second child', 'mine', 'good', 'newBaby')).toBe(false);
    expect(frameSafe("I can't wait to meet the baby", 'mine', 'good', 'newBaby')).toBe(true);
    expect(frameSafe('you make the best pizza in town', 'trait', 'good', 'birthday')).toBe(true);
    expect(frameSafe('you have a new car', 'trait', 'good', 'birthday')).toBe(false);
    expect(frameSafe('the surgery went well', 'past', 'sorry', 'getWell')).toBe(false);
    for (const details of ['The weather has been awful', 'Our car broke down again', 'Traffic was terrible on Monday']) {
      for (const draft of drafts(req('Birthday', 'Friend', 'Heartfelt', 'Ana', details), 6)) expect(draft).not.toMatch(/weather|car broke|traffic/iu);
    }
  });
});

describe('the feeling is the detail\'s own, not the occasion\'s alone', () => {
  it('a thank-you card thanks for a deed and congratulates news; a get-well card is sorry only for an illness', () => {
    expect(moodFor('you fixed my bike twice this year', 'thanks')).toBe('thanks');
    expect(moodFor('you recommended us to three other firms', 'thanks')).toBe('thanks');
    expect(moodFor('you build tiny ships in bottles', 'thanks')).toBe('good');
    expect(moodFor('you broke your ankle skiing', 'sorry')).toBe('sorry');
    expect(moodFor('you love hiking and have two dogs', 'sorry')).toBeNull();
    for (const style of ['Formal', 'Heartfelt', 'Casual']) {
      for (const draft of drafts(req('Thank You', 'Client', style, 'Ms. Lee', 'She builds tiny ships in bottles'), 6)) {
        expect(draft).not.toMatch(/grateful that you build|appreciate that you build|thank you[^.]*ships/iu);
      }
      for (const draft of drafts(req('Get Well', 'Friend', style, 'Ms. Lee', 'She loves hiking'), 6)) expect(draft).not.toMatch(/sorry[^.]*hiking|strength while you love/iu);
    }
  });
});

describe("the person's own news is not announced back to them", () => {
  it('no detail frame opens by exclaiming the detail ("So {d}!", "{d}!") or says "I heard"', () => {
    for (const kinds of Object.values(FRAMES.detailFrames)) {
      for (const [kind, registers] of Object.entries(kinds)) {
        for (const frame of Object.values(registers ?? {}).flat()) {
          // "Oh, {d}!" is the sender's own feeling ("Oh, I can't wait to meet the baby!"), which frameSafe alone lets in.
          expect(frame).not.toMatch(kind === 'mine' ? /I heard\b/u : /^(?:So |Oh, )?\{d\}!|I heard\b|ever since I heard/u);
        }
      }
    }
  });

  it('"We are expecting our second child" to a partner: never "Oh, we…!" and never welcomed as born', () => {
    for (const style of STYLES) {
      for (const draft of drafts(req('New Baby', 'Partner', style, 'Sam', 'We are expecting our second child'), 6)) {
        expect(draft).not.toMatch(/Oh, we\b|we are expecting|welcome to the world|has arrived|first days|just got bigger/iu);
      }
    }
  });

  it('a baby still due is looked forward to, in every style and for everyone', () => {
    for (const style of STYLES) {
      for (const audience of ['Friend', 'Neighbor', 'Colleague', 'Sibling']) {
        for (const draft of drafts(req('New Baby', audience, style, 'Jo', 'She is expecting her first baby in April'), 3)) {
          expect(draft).not.toMatch(/welcome to the world|welcome, little one|has arrived|new arrival|first days|safe arrival|nappies|cuddles?/iu);
        }
      }
    }
  });

  it('no "I hear you…" or "I heard you…" for anyone, in kinds or frames', () => {
    const details = ['He took up golf', 'His son Oscar was born on Monday', 'She passed her driving test', 'He got promoted to head chef'];
    for (const d of details) {
      for (const audience of AUDIENCES) {
        for (const style of ['Funny', 'Casual', 'Heartfelt']) {
          for (const draft of drafts(req(/born/u.test(d) ? 'New Baby' : 'Birthday', audience, style, 'Lee', d), 3)) expect(draft).not.toMatch(/\bI hear(?:d)? (?:that )?you\b/u);
        }
      }
    }
  });
});

describe('twins, jobs and times', () => {
  it('twins are never "little one", in a couplet either', () => {
    for (const audience of AUDIENCES) {
      for (const draft of drafts(req('New Baby', audience, 'Poetic', 'Ana', 'Her twins Leo and Mia were born last week'), 6)) {
        expect(draft).not.toMatch(/little one|your baby\b|a new baby/iu);
      }
    }
  });

  it('a new job is never called a promotion unless the details say so', () => {
    for (const details of ['He starts as a data analyst at Monzo next month', 'She got a job as a park ranger', 'He is joining a law firm in Leeds', 'She accepted an offer from the BBC']) {
      for (const style of STYLES) {
        for (const audience of ['Friend', 'Colleague', 'Boss', 'Parent']) {
          for (const draft of drafts(req('New Job', audience, style, 'Raj', details), 3)) expect(draft).not.toMatch(/promot/iu);
        }
      }
    }
    // A promotion is still congratulated as one.
    expect(drafts(req('New Job', 'Friend', 'Casual', 'Raj', 'He got promoted to head chef'), 3).join(' ')).toMatch(/head chef/u);
  });

  it('a job outside an office gets no office jokes', () => {
    for (const draft of drafts(req('New Job', 'Friend', 'Funny', 'Marcus', 'He got a job as a park ranger'), 12)) {
      expect(draft).not.toMatch(/passwords?|printer|desk|inbox|meetings?|spreadsheets?|toilets/iu);
    }
  });

  it('"today" only when the detail happens today: a race on Sunday, a test on Friday, a talk tomorrow', () => {
    expect(detailTimeOf('She is running her first half marathon on Sunday')).toBe('later');
    expect(detailTimeOf('He ran a marathon on Sunday')).toBeNull();
    expect(detailTimeOf('Her interview is today')).toBe('today');
    expect(timingMisfit('She is running a race on Sunday', 'goodLuck')?.test('Good luck today!')).toBe(true);
    expect(timingMisfit('She is turning 60 this week', 'birthday')?.test('Today is all about you.')).toBeFalsy();
    const later = ['She is running her first half marathon on Sunday', 'He has his driving test on Friday', 'She is presenting to the board tomorrow', 'He is sitting his finals next week'];
    for (const details of later) {
      for (const style of STYLES) {
        for (const audience of ['Friend', 'Sibling', 'Colleague', 'Boss']) {
          for (const draft of drafts(req('Good Luck', audience, style, 'Kate', details), 3)) {
            expect(draft).not.toMatch(/\btoday\b|\btonight\b/iu);
            if (!/weekend|Saturday|Sunday/u.test(details)) expect(draft).not.toMatch(/this weekend/iu);
          }
        }
      }
    }
  });

  it('"is moving to Toronto next month" has not moved yet', () => {
    for (const style of STYLES) {
      for (const draft of drafts(req('Good Luck', 'Friend', style, 'Kemi', 'She is moving to Toronto next month'), 6)) {
        expect(draft).not.toMatch(/treating you well|settling into|settling well|settling happily/iu);
      }
    }
  });
});

describe('register and wording', () => {
  it('a client is thanked as a client: no "meant the world", "you\'re a star", "in my life"', () => {
    for (const details of ['He recommended us to three other firms', 'Her firm has been our client for eight years', 'They paid every invoice early', '']) {
      for (const style of STYLES) {
        for (const draft of drafts(req('Thank You', 'Client', style, 'Mr. Hale', details), 6)) expect(draft).not.toMatch(PERSONAL_THANKS);
      }
    }
  });

  it('"since we met … five years ago" loses its "ago"', () => {
    for (const draft of drafts(req('Anniversary', 'Partner', 'Romantic', 'Elena', 'We met at a bus stop in the rain five years ago'), 9)) {
      expect(draft).not.toMatch(/since [^.]*\bago\b/iu);
    }
  });

  it('a formal card to someone close says its detail in full forms', () => {
    for (const [topic, details] of [['Thank You', 'He drove me to the airport at 4 am'], ['New Home', 'He downsized to a bungalow in Whitby'], ['Wedding', 'She is marrying her best friend in Lisbon']]) {
      for (const draft of drafts(req(topic, 'Parent', 'Formal', 'Dad', details), 6)) expect(draft).not.toMatch(/\b(?:I'm|you're|can't|I've|it's|won't)\b/u);
    }
  });

  it('new kinds keep the detail: an age with a lifelong habit, an illness by name, years as a client, a holiday abroad, a gathering', () => {
    const cases: Array<[string, string, string, string, RegExp]> = [
      ['Birthday', 'Grandparent', 'Grandma Rose', 'She is turning 90 and still does the crossword in pen', /Ninety, and still doing the crossword in pen/u],
      ['Get Well', 'Child', 'Ollie', 'He has chickenpox and is missing school', /chickenpox/u],
      ['Thank You', 'Client', 'Ms. Duarte', 'Her firm has been our client for eight years', /eight years/u],
      ['Holidays', 'Sibling', 'Callum', 'He is spending Christmas in Australia this year', /Christmas in Australia/u],
      ['Holidays', 'Grandparent', 'Nana Joan', 'We will all be at her house for Christmas dinner', /Christmas dinner/u],
      ['New Home', 'Parent', 'Dad', 'He downsized to a bungalow in Whitby', /bungalow in Whitby/u],
      ['New Baby', 'Neighbor', 'the Okafors', 'They are expecting their first baby in April', /April/u],
    ];
    for (const [topic, audience, name, details, expected] of cases) {
      for (const draft of drafts(req(topic, audience, 'Heartfelt', name, details), 3)) expect(draft).toMatch(expected);
    }
  });
});
