/**
 * Details kept rather than left out, and lines that fit, held for many prompts: a parent's
 * thanks for what a teacher did for their child written as if the sender had been taught; details
 * left out so that the card read generic (a career by trade, years of working together, a year's
 * result at work); a funny new-job card with no joke; a birthday age read as a trait; a baby spoken
 * to and then about; a career's start for a parent, a farewell on a holiday card, a client thanked
 * like staff, "becoming a parent" for a second child.
 */
import { seededRandom } from './testing/random';
import type { GenerateRequest } from '@wishes/kit-contract/api';
import { composeDraft } from './template';

type Req = GenerateRequest;
const req = (topic: string, audience: string, style: string, name: string, details: string) => ({ topic, audience, style, name, details }) as unknown as Req;
const drafts = (r: Req, n = 9) => {
  const random = seededRandom(10);
  return Array.from({ length: n }, (_, i) => composeDraft(r, (['short', 'medium', 'long'] as const)[i % 3], random));
};
const bodyOf = (draft: string) => draft.split('\n\n').slice(1, -1).join('\n\n');

describe('thanks for what was done for the sender\'s child', () => {
  it('thanks the teacher for the child, never as if the sender had been taught', () => {
    const cases: Array<[Req, RegExp]> = [
      [req('Thank You', 'Teacher', 'Heartfelt', 'Mr. Haddad', 'He helped our daughter find her confidence in science this term'), /our daughter find her confidence in science/u],
      [req('Thank You', 'Teacher', 'Heartfelt', 'Coach Reid', 'He coached my son at football for three seasons'), /coaching my son/iu],
      [req('Thank You', 'Teacher', 'Casual', 'Ms. Amos', 'She helped our son settle into his new school'), /our son settle into his new school/u],
      [req('Thank You', 'Teacher', 'Formal', 'Mrs. Idowu', 'She supported our twins through their first year'), /supporting our twins/iu],
    ];
    for (const [r, said] of cases) {
      for (const draft of drafts(r)) {
        expect(bodyOf(draft)).not.toMatch(/stayed with me|taught me|believed in me|your lessons|before anyone else did|find your confidence|my favourite subject/iu);
        expect(bodyOf(draft)).toMatch(said);
      }
    }
  });
});

describe('a detail of a common kind is said warmly, not left out', () => {
  it('says a career by trade with its years', () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['Retirement', 'Neighbor', 'He is retiring after forty years as a postman', /Forty years (?:of rounds|as a postman)/u],
      ['Retirement', 'Friend', 'She is retiring after thirty years as a nurse', /Thirty years (?:of caring for others|as a nurse)/u],
      ['Retirement', 'Parent', 'He is retiring after 25 years as a bus driver', /Twenty-five years (?:behind the wheel|as a bus driver)/u],
      ['Retirement', 'Colleague', 'She has been a librarian for twenty years', /Twenty years (?:among the shelves|as a librarian)/u],
    ];
    for (const [topic, audience, details, said] of cases) {
      for (const style of ['Heartfelt', 'Formal', 'Casual', 'Funny']) {
        for (const draft of drafts(req(topic, audience, style, 'Mr. Pryce', details), 3)) expect(bodyOf(draft)).toMatch(said);
      }
    }
  });

  it('says years at the head of a team in its own sentence, not "not least because you led our team"', () => {
    for (const details of ['She is retiring after twenty years running our finance team', 'She led our team for fifteen years']) {
      for (const style of ['Heartfelt', 'Formal', 'Funny']) {
        for (const draft of drafts(req('Retirement', 'Boss', style, 'Alan', details), 3)) {
          expect(bodyOf(draft)).toMatch(/(?:Twenty|Fifteen) years (?:at the head of|running) the (?:finance )?team/u);
          expect(draft).not.toMatch(/not least because/u);
        }
      }
    }
  });

  it('says years of working together with a client', () => {
    for (const [topic, details] of [['Thank You', 'Thank you for four years of working together'], ['Anniversary', 'We have worked together for nine years'], ['Holidays', "We've worked together for 6 years"]]) {
      for (const draft of drafts(req(topic, 'Client', 'Formal', 'Ms. Novak', details), 6)) {
        expect(bodyOf(draft)).toMatch(/(?:four|nine|six) years of (?:partnership|working with you)/iu);
        expect(draft).not.toMatch(/I have always appreciated that you thank you/u);
      }
    }
  });

  it("says a year's result at work on a holiday or thank-you card", () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['Holidays', 'Boss', 'We had our best year ever and launched the new website', /our best yet, with the new website launched as well/u],
      ['Holidays', 'Colleague', 'We had a record year', /a record one/u],
      ['Thank You', 'Colleague', 'We shipped the new checkout together this year', /Shipping the new checkout together was a highlight of the year/u],
    ];
    for (const [topic, audience, details, said] of cases) {
      for (const style of ['Formal', 'Casual', 'Heartfelt']) {
        for (const draft of drafts(req(topic, audience, style, 'Mr. Osei', details), 3)) {
          expect(bodyOf(draft)).toMatch(said);
          expect(draft).not.toMatch(/I often think back to when we had/u);
        }
      }
    }
  });

  it('says a birthday age as a milestone, never as a trait', () => {
    for (const details of ['She turns 45 this week', 'He turns sixty on Saturday']) {
      for (const style of ['Formal', 'Heartfelt', 'Casual']) {
        for (const draft of drafts(req('Birthday', 'Boss', style, 'Ms. Adeyemi', details), 3)) {
          expect(draft).not.toMatch(/appreciated that you turn|that you turn \w+ (?:this|on)/u);
          expect(bodyOf(draft)).toMatch(/(?:Forty-five|Sixty)(?: is|!) /u);
        }
      }
    }
  });
});

describe('a style asked for is met', () => {
  it('gives a funny new-job card a joke that fits the trade', () => {
    const cases: Array<[string, RegExp]> = [
      ['He starts as a dentist in June', /floss/u],
      ['She starts as a zookeeper next week', /messier eaters/u],
      ['He is starting as a firefighter in March', /burn the toast/u],
      ['He starts as a chef at the Ritz', /free pudding/u],
    ];
    for (const [details, joke] of cases) {
      for (const draft of drafts(req('New Job', 'Friend', 'Funny', 'Bea', details), 6)) expect(bodyOf(draft)).toMatch(joke);
    }
  });
});

describe('lines that misfit the person', () => {
  it('speaks to a baby welcomed by name throughout, never "Welcome, Yusuf! I can\'t wait to meet him"', () => {
    for (const details of ['Her son Yusuf was born last night', 'Their daughter Isla arrived on Tuesday']) {
      for (const style of ['Heartfelt', 'Casual', 'Funny']) {
        for (const draft of drafts(req('New Baby', 'Friend', style, 'Amira', details))) expect(draft).not.toMatch(/(?:Welcome|welcome)[^.!]*, (?:Yusuf|Isla)![^.!]*\b(?:him|her|His|Her)\b/u);
      }
    }
  });

  it('never tells the parent of a second child that they are becoming a parent', () => {
    for (const details of ["My sister's second son, Rowan, arrived on Monday", 'Their second son was born on Friday', 'Leo is now a big brother']) {
      for (const style of ['Heartfelt', 'Casual', 'Funny', 'Inspirational', 'Poetic']) {
        for (const draft of drafts(req('New Baby', 'Sibling', style, 'Claire', details))) expect(draft).not.toMatch(/becoming (?:a )?parents?|new parents?|parenthood|first baby/iu);
      }
    }
  });

  it('does not tell a parent or anyone past forty that a big career begins', () => {
    for (const [audience, details] of [['Parent', 'He is starting as a school caretaker'], ['Friend', 'She starts a new job at 58'], ['Grandparent', 'She is starting at the library']]) {
      for (const style of ['Inspirational', 'Heartfelt', 'Casual', 'Formal']) {
        for (const draft of drafts(req('New Job', audience, style, 'Dad', details))) expect(draft).not.toMatch(/big career|career begins|first step|bold step/iu);
      }
    }
  });

  it('keeps a holiday card from farewells and a client from being thanked like staff', () => {
    for (const audience of ['Client', 'Boss', 'Colleague', 'Neighbor', 'Partner']) {
      for (const style of ['Formal', 'Casual', 'Heartfelt']) {
        for (const draft of drafts(req('Holidays', audience, style, 'Mr. Osei', ''))) {
          expect(draft).not.toMatch(/next chapter/iu);
          if (audience === 'Client') expect(draft).not.toMatch(/contribut/iu);
        }
      }
    }
  });
});

describe('a relation named as the subject', () => {
  it('is "you" in lower case inside a sentence, never "ever since You finished"', () => {
    for (const details of ['My brother finished his chemistry degree', 'Our sister passed her driving test']) {
      for (const style of ['Casual', 'Heartfelt', 'Funny', 'Inspirational']) {
        for (const draft of drafts(req('Graduation', 'Sibling', style, 'Josh', details))) expect(draft).not.toMatch(/[a-z,;:] You\b/u);
      }
    }
  });
});

describe('one event per sentence', () => {
  it('says a birthday and a retirement told together in two sentences', () => {
    for (const details of ['He is retiring from teaching after this term and turns 60 this week', 'She is retiring this summer and turns sixty on Friday']) {
      for (const style of ['Formal', 'Heartfelt', 'Casual']) {
        for (const draft of drafts(req('Birthday', 'Teacher', style, 'Mr. Okonkwo', details), 6)) {
          expect(draft).not.toMatch(/retir\w+ [^.!]* and turn/u);
          expect(bodyOf(draft)).toMatch(/Sixty[^.!]*[.!] [^.!]*retirement/u);
        }
      }
    }
  });
});

describe('a move abroad on a farewell', () => {
  it('names the country and never says the move twice', () => {
    for (const details of ['She is moving to Australia with her husband next month', 'He is emigrating to New Zealand in March']) {
      for (const style of ['Casual', 'Heartfelt', 'Formal', 'Inspirational']) {
        for (const draft of drafts(req('Good Luck', 'Colleague', style, 'Sinead', details))) {
          for (const said of [/goes smoothly/gu, /feels? like home/gu]) expect((draft.match(said) ?? []).length).toBeLessThanOrEqual(1);
          expect(draft).not.toMatch(/put in the work|it will go brilliantly/u);
        }
      }
    }
  });
});
