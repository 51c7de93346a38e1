/**
 * "Give me 3" gives three drafts that differ in every style: different bodies and different
 * opening sentences, not one body three times with only the sign-off changed.
 */
import { composeVariants } from './template';
import { seededRandom } from './testing/random';
import { STYLE_KEYS } from './keys';

const bodyOf = (draft: string) => draft.split(/\n\s*\n/u).slice(1, -1).join('\n\n');
const openingOf = (draft: string) => bodyOf(draft).split(/(?<=[.!?])\s+/u)[0];

describe('three drafts that differ', () => {
  it('"Give me 3" in Formal: three bodies, three openings', () => {
    for (const seed of [1, 2, 3]) {
      const drafts = composeVariants({ style: 'Formal', audience: 'Colleague', topic: 'Birthday', name: 'Anna', details: '' }, 'medium', 3, seededRandom(seed));
      expect(new Set(drafts.map(bodyOf)).size).toBe(3);
      expect(new Set(drafts.map(openingOf)).size).toBe(3);
    }
  });

  it.each(STYLE_KEYS.map((style) => [style]))('in the %s style, for several occasions and people', (style) => {
    const audience = style === 'romantic' ? 'Partner' : 'Friend';
    for (const topic of ['Birthday', 'Retirement', 'Get Well', 'Thank You']) {
      for (const details of ['', 'she loves gardening and has two cats']) {
        const drafts = composeVariants({ style, audience, topic, name: 'Sam', details }, 'medium', 3, seededRandom(7));
        expect({ topic, details, bodies: new Set(drafts.map(bodyOf)).size }).toEqual({ topic, details, bodies: 3 });
      }
    }
  });

  // The runs that gave one body twice: cards whose details rule out all but one or two wishes of the
  // register (a first job: no "promotion"; a get-well detail that takes the opening's place).
  it.each([
    { style: 'Heartfelt', audience: 'Colleague', name: 'Kenji', topic: 'New Job', details: 'She is starting her first job as a software developer' },
    { style: 'Funny', audience: 'Colleague', name: 'the design team', topic: 'Get Well', details: 'you hurt your back moving the sofa' },
    { style: 'Formal', audience: 'Partner', name: 'Chris', topic: 'Get Well', details: 'you hurt your back moving the sofa' },
    { style: 'Casual', audience: 'Child', name: 'Aisha', topic: 'Get Well', details: 'broke her ankle skiing last week' },
    { style: 'Formal', audience: 'Colleague', name: 'Kenji', topic: 'Get Well', details: 'has the flu and is stuck at home' },
    { style: 'Poetic', audience: 'Teacher', name: 'Mrs. Lindqvist', topic: 'Retirement', details: 'taught chemistry at our school for 35 years' },
  ])('three bodies where few wishes fit: $style, $audience, $topic', (request) => {
    for (const length of ['short', 'medium', 'long'] as const) {
      for (const seed of [1, 2, 3, 4, 5]) {
        const drafts = composeVariants(request, length, 3, seededRandom(seed));
        expect({ length, seed, bodies: new Set(drafts.map(bodyOf)).size }).toEqual({ length, seed, bodies: 3 });
      }
    }
  });
});
