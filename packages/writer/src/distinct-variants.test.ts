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
});
