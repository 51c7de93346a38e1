import fc from 'fast-check';
import options from './testing/offered.json';
import { createGenerator } from './provider';
import { cleanDetails, cleanName, composeWish, audienceKeyOf, styleKeyOf, topicKeyOf } from './template';
import { seededRandom } from './testing/random';

const { styles, audiences, topics } = options.greeting_config_params;

function expectWellFormed(text: string, name: string) {
  expect(text.trim()).not.toBe('');
  expect(text).toContain(name);
  expect(text).not.toMatch(/undefined|null|NaN|\[object/);
  expect(text).not.toMatch(/ {2}/);
  expect(text).not.toMatch(/[{}]/);
  expect(text).not.toMatch(/ [.,!?;:]/);
  expect(text).not.toMatch(/\.\.(?!\.)|,,|!\.|\?\./);
  for (const paragraph of text.split('\n\n')) {
    expect(paragraph).toBe(paragraph.trim());
    expect(paragraph).toMatch(/[.!?,:)]"?$/);
  }
}

describe('template generator', () => {
  it('knows every style, audience and topic offered in options.json', () => {
    for (const s of styles) expect(s.toLowerCase()).toContain(styleKeyOf(s));
    for (const a of audiences) expect(audienceKeyOf(a)).not.toBe('generic');
    for (const t of topics) expect(topicKeyOf(t.topic)).not.toBe('generic');
  });

  it('writes a well-formed wish for every style × audience × topic combination', () => {
    const random = seededRandom(42);
    const details = ['she just ran her first marathon', 'Loves jazz, coffee and long walks!', '  we met in college   twenty years ago  '];
    let i = 0;
    for (const style of styles) {
      for (const audience of audiences) {
        for (const { topic } of topics) {
          const request = { style, audience, topic, name: 'Anna', details: details[i++ % details.length] };
          for (let n = 0; n < 3; n++) expectWellFormed(composeWish(request, random), 'Anna');
        }
      }
    }
  });

  it('reflects the chosen style and topic', () => {
    const random = seededRandom(7);
    const base = { audience: 'Friend', name: 'Leo', details: 'Loves football' };
    const birthday = Array.from({ length: 10 }, () => composeWish({ ...base, style: 'Formal', topic: 'Birthday' }, random)).join(' ');
    expect(birthday).toMatch(/birthday/i);
    expect(birthday).toMatch(/regards|sincere|Dear Leo/);
    const getWell = Array.from({ length: 10 }, () => composeWish({ ...base, style: 'Heartfelt', topic: 'Get Well' }, random)).join(' ');
    expect(getWell).toMatch(/recover|better|heal|strength/i);
    expect(getWell).not.toMatch(/birthday/i);
  });

  it('weaves the details in for the reader, not pasted back', () => {
    const text = composeWish(
      { style: 'Casual', audience: 'Friend', name: 'Mia', topic: 'Birthday', details: '  she finally   adopted a cat ' },
      seededRandom(1),
    );
    expect(text).toMatch(/you finally adopted a cat/iu);
    expect(text).not.toMatch(/she finally/i);
  });

  it('gives different texts on repeated calls', async () => {
    const generator = createGenerator({ provider: 'template' });
    const request = { style: 'Heartfelt', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'She loves hiking.' };
    const texts = await Promise.all(Array.from({ length: 20 }, () => generator.generate(request)));
    expect(new Set(texts).size).toBeGreaterThanOrEqual(10);
  });

  it('degrades gracefully for unknown values', () => {
    const random = seededRandom(3);
    const request = { style: 'Pirate-ish', audience: 'Someone from the gym', name: 'Sam', topic: 'Passing the driving test', details: 'third attempt' };
    for (let n = 0; n < 20; n++) expectWellFormed(composeWish(request, random), 'Sam');
    const day = composeWish({ ...request, topic: "Mother's Day" }, random);
    expect(day).toContain("Mother's Day");
  });

  it('maps free-text synonyms onto known keys', () => {
    expect(styleKeyOf('Humorous')).toBe('funny');
    expect(styleKeyOf('very professional')).toBe('formal');
    expect(audienceKeyOf('Grandmother')).toBe('grandparent');
    expect(audienceKeyOf('my mum')).toBe('parent');
    expect(audienceKeyOf('Business partner')).toBe('client');
    expect(audienceKeyOf('Wife')).toBe('partner');
    expect(topicKeyOf('Skill share')).toBe('generic');
    expect(topicKeyOf('Promotion')).toBe('newJob');
    expect(topicKeyOf('Christmas')).toBe('holidays');
  });

  it('cleans names and details', () => {
    expect(cleanName('  anna   maria, ')).toBe('Anna Maria');
    expect(cleanName('McDonald')).toBe('McDonald');
    expect(cleanName('J.R.')).toBe('J.R.');
    expect(cleanDetails('"we met at a concert"')).toBe('We met at a concert.');
    expect(cleanDetails('loves cake!')).toBe('Loves cake!');
    expect(cleanDetails('- likes tea,')).toBe('Likes tea.');
    expect(cleanDetails('first line\n\nsecond line')).toBe('First line second line.');
    expect(cleanDetails('🎉')).toBe('🎉');
  });

  it('never throws and always names the person, whatever the input', () => {
    const field = fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(field, field, fc.stringMatching(/^[A-Za-z][a-z]{1,15}$/), field, fc.string({ minLength: 1, maxLength: 1000 }).filter((s) => s.trim() !== ''), (style, audience, name, topic, details) => {
        const text = composeWish({ style, audience, name, topic, details });
        expect(text).toContain(cleanName(name));
        expect(text.length).toBeLessThanOrEqual(2000);
      }),
      { numRuns: 300 },
    );
  });
});
