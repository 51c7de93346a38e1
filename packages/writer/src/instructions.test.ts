import { CHAT_REPLIES, followOffline, parseInstruction } from './instructions';

const DRAFT = 'Dear Anna,\n\nHappy birthday! I hope your day is full of sunshine and that you get everything you wish for. You deserve the very best, and so much more.\n\nWith love,';
const fixed = () => 0.3;

describe('the offline instruction set of a wish chat', () => {
  it.each([
    ['make it shorter', { kind: 'improve', instruction: 'shorter' }],
    ['Please make it warmer!', { kind: 'improve', instruction: 'warmer' }],
    ['funnier', { kind: 'improve', instruction: 'funnier' }],
    ['Could you make it more formal?', { kind: 'improve', instruction: 'more formal' }],
    ['mention the cake', { kind: 'mention', subject: 'the cake' }],
    ['Please mention Her New Job.', { kind: 'mention', subject: 'Her New Job' }],
    ['add a line about the dog', { kind: 'addLine', subject: 'the dog' }],
    ['make it rhyme', { kind: 'rhyme' }],
    ['translate it to French', { kind: 'unsupported' }],
    ['make it shorter and add the dog', { kind: 'unsupported' }],
  ])('reads %j', (message, expected) => {
    expect(parseInstruction(message)).toEqual(expected);
  });

  it('rewrites with improve.ts and says what it did', () => {
    const result = followOffline(DRAFT, 'make it shorter', 'Anna', fixed);
    expect(result.changed).toBe(true);
    expect(result.reply).toBe('I made it shorter.');
    expect(result.text.length).toBeLessThan(DRAFT.length);
  });

  it('mentions a thing in a sentence of its own words, before the closing line', () => {
    const result = followOffline(DRAFT, 'mention the cake', 'Anna', fixed);
    expect(result.reply).toBe('I mentioned the cake.');
    expect(result.text).toMatch(/the cake/);
    expect(result.text).not.toMatch(/\bmention\b/i);
    expect(result.text.trim().endsWith('With love,')).toBe(true);
  });

  it('turns what was said about the person into the second person, never the words as typed', () => {
    const job = followOffline(DRAFT, 'mention her new job', 'Anna', fixed);
    expect(job.text).toMatch(/your new job/);
    expect(job.text).not.toMatch(/her new job/);
    const test = followOffline(DRAFT, 'add a line about she passed her driving test last week', 'Anna', fixed);
    expect(test.text).toMatch(/you passed your driving test last week/iu);
    expect(test.text).not.toMatch(/she passed/);
    expect(test.reply).toMatch(/^I added: “.*you passed your driving test/iu);
    // A line of its own: a new paragraph before the closing line.
    expect(test.text.split('\n\n')).toHaveLength(4);
  });

  it('makes it rhyme with a couplet naming the person, and says that a full rewrite needs a model', () => {
    const result = followOffline(DRAFT, 'make it rhyme', 'Anna', fixed);
    expect(result.changed).toBe(true);
    expect(result.text).toMatch(/Anna/);
    expect(result.reply).toBe(CHAT_REPLIES.rhyme);
  });

  it('leaves the text unchanged and says plainly what it can do instead', () => {
    const result = followOffline(DRAFT, 'translate it to French', 'Anna', fixed);
    expect(result).toEqual({ text: DRAFT, changed: false, reply: CHAT_REPLIES.unsupported });
    expect(result.reply).toMatch(/can't follow that instruction offline/);
    expect(result.reply).toMatch(/warmer, shorter, funnier, more formal or less formal/);
    expect(result.reply).toMatch(/mention …/);
    expect(result.reply).toMatch(/add a line about …/);
    expect(result.reply).toMatch(/make it rhyme/);
  });

  it('keeps the frame: "shorter" on a body of one sentence leaves it as it is and says so', () => {
    const text = 'Dear Anna,\n\nHappy birthday, and enjoy every minute of it!\n\nWith love,';
    expect(followOffline(text, 'make it shorter', 'Anna', fixed)).toEqual({ text, changed: false, reply: CHAT_REPLIES.alreadyShort });
  });

  it('stays in the register of the settings: "warmer" for a boss gains warmth, never love or hugs', () => {
    const note = 'Dear Richard,\n\nPlease accept my warmest congratulations on your retirement. It has been an honour to have worked with you.\n\nKind regards,';
    const settings = { style: 'Formal', audience: 'Boss', topic: 'Retirement', name: 'Richard', details: 'x' };
    for (const random of [() => 0, () => 0.5, () => 0.99]) {
      const result = followOffline(note, 'make it warmer', 'Richard', random, settings);
      expect(result.changed).toBe(true);
      expect(result.text).toMatch(/^Dear Richard,\n\n/);
      expect(result.text).not.toMatch(/\b(love|loved|hugs?|kisses|dearest)\b/i);
    }
  });

  it('"make it rhyme" rewrites the closing sentence as a couplet for the occasion, the sign-off kept', () => {
    const settings = { style: 'Heartfelt', audience: 'Friend', topic: 'Birthday', name: 'Anna', details: 'x' };
    const result = followOffline(DRAFT, 'make it rhyme', 'Anna', fixed, settings);
    expect(result.text).not.toContain('You deserve the very best, and so much more.');
    expect(result.text).toMatch(/birthday|candles|cake|year/i);
    expect(result.text.trim().endsWith('With love,')).toBe(true);
    expect(result.text.split('\n\n')[0]).toBe('Dear Anna,');
  });
});
