/**
 * Details of the kinds that recur get hand-written sentences
 * chosen by what they are (a move, twins, a wrist, a promotion…), and the specific wrongs it named
 * ("little one" for twins, "not a week goes by" to neighbours, "back on your feet" for a wrist…).
 */
import { seededRandom } from './testing/random';
import type { GenerateRequest } from '@wishes/kit-contract/api';
import { kindSentences } from './kinds';
import { composeDraft } from './template';
import { detailToWeave } from './weave';

type Req = GenerateRequest;
const req = (topic: string, audience: string, style: string, name: string, details: string) => ({ topic, audience, style, name, details }) as unknown as Req;
const drafts = (r: Req, n = 12) => {
  const random = seededRandom(6);
  return Array.from({ length: n }, (_, i) => composeDraft(r, (['short', 'medium', 'long'] as const)[i % 3], random));
};

describe('a detail of a known kind takes its own sentences', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['He moved to Glasgow for a new job', 'Rob', /Glasgow/u],
    ['Her twins Max and Ruby were born on Saturday', 'Claire', /Max and Ruby/u],
    ['Their son Leo was born this morning', 'Tom and Ana', /Leo/u],
    ['He broke his wrist at rock climbing', 'Dev', /wrist/u],
    ['She hurt her back', 'Mrs. Clarke', /back/u],
    ['He is recovering from a hip operation', 'Dad', /hip operation/u],
    ['She taught English at our school for 35 years', 'Mrs. Hughes', /Thirty-five years of teaching English/u],
    ['He taught me to love maths', 'Mr. Ahmed', /maths my favourite subject/u],
    ['She was promoted to head of marketing', 'Nadia', /head of marketing/iu],
    ['She got her first job at a bookshop', 'Amelia', /first job at a bookshop/u],
    ['He passed his accountancy exams', 'Harry', /accountancy exams/u],
    ['He has just taken up golf', 'Sam', /golf/u],
    ['They are getting married on 14 June', 'Grace and Ollie', /14 June/u],
    ['He fed our cat while we were in Spain', 'Mr. Byrne', /our cat while we were in Spain/u],
    ['They moved into their first house in Leeds', 'Lucy and Tom', /first house/u],
  ];
  it.each(cases)('%s', (details, name, expected) => {
    const woven = detailToWeave(details, name);
    expect(woven).not.toBeNull();
    for (const register of ['warm', 'work', 'formal'] as const) {
      const lines = kindSentences(woven!.clause, { topic: 'wedding', audience: 'friend', register, funny: false });
      expect(lines?.length).toBeGreaterThan(0);
      for (const line of lines!) expect(line).toMatch(/^[A-Z0-9].*[.!?]$/u);
      expect(lines!.some((line) => expected.test(line))).toBe(true);
    }
  });

  it('a detail of no known kind gets none', () => {
    expect(kindSentences('you love the colour blue', { topic: 'birthday', audience: 'friend', register: 'warm', funny: false })).toBeNull();
  });
});

describe('lines that misfit a detail\'s kind', () => {
  it('twins are never "the little one" or "a new baby"', () => {
    for (const details of ['Her twins Max and Ruby were born on Saturday', 'Her twin daughters were born on Monday']) {
      for (const [audience, style] of [['Sibling', 'Heartfelt'], ['Colleague', 'Formal'], ['Friend', 'Funny']]) {
        for (const d of drafts(req('New Baby', audience, style, 'Claire', details))) expect(d).not.toMatch(/little one|a new baby|your baby\b/iu);
      }
    }
  });

  it('neighbours get no intimate lines', () => {
    for (const style of ['Heartfelt', 'Casual', 'Poetic']) {
      for (const d of drafts(req('Holidays', 'Neighbor', style, 'the Patels', 'They cleared our drive when it snowed'))) expect(d).not.toMatch(/not a (?:week|day) goes by|owe you/iu);
    }
  });

  it('a move away is never "the best news"', () => {
    for (const style of ['Casual', 'Heartfelt', 'Funny']) {
      for (const d of drafts(req('New Home', 'Sibling', style, 'Rob', 'He moved to Glasgow for a new job'))) {
        expect(d).not.toMatch(/best (?:news )?is that you moved/iu);
        expect(d).toMatch(/Glasgow/u);
      }
    }
  });

  it('a teacher is neither owed "because you taught" nor "worked alongside"', () => {
    for (const style of ['Heartfelt', 'Formal', 'Inspirational']) {
      for (const d of drafts(req('Retirement', 'Teacher', style, 'Mrs. Hughes', 'She taught English at our school for 35 years'))) {
        expect(d).not.toMatch(/owe you[^.]*because you taught/iu);
        expect(d).not.toMatch(/(?:worked|working) (?:alongside|with you)/iu);
      }
    }
  });

  it('a wrist or an arm is not "back on your feet"', () => {
    for (const details of ['He broke his wrist at rock climbing', 'She broke her arm falling off her bike']) {
      for (const style of ['Casual', 'Heartfelt', 'Funny']) {
        for (const d of drafts(req('Get Well', 'Colleague', style, 'Dev', details))) expect(d).not.toMatch(/on your feet/iu);
      }
    }
  });

  it('a teacher who taught the sender to love a subject is thanked for it, without "love" in a note to a teacher', () => {
    for (const style of ['Heartfelt', 'Formal']) {
      for (const d of drafts(req('Thank You', 'Teacher', style, 'Mr. Ahmed', 'He taught me to love maths'))) {
        expect(d).toMatch(/maths/u);
        expect(d).not.toMatch(/\blove/iu);
      }
    }
  });

  it('a named son is never "their"', () => {
    for (const style of ['Poetic', 'Heartfelt', 'Casual']) {
      for (const d of drafts(req('New Baby', 'Friend', style, 'Tom and Ana', 'Their son Leo was born this morning'))) {
        expect(d.split('\n\n').slice(1, -1).join(' ')).not.toMatch(/\btheir\b/iu);
        expect(d).not.toMatch(/Leo, and he/u);
        expect(d).not.toMatch(/A baby!/u);
      }
    }
  });
});
