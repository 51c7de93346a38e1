/**
 * Sign-offs and light lines go where they fit: keyed by hand to the occasion and the relationship
 * (frames.json `signoffFits`, the `fits` of each funny wish and of each "funnier" line), so no
 * "Cheers," closes a get-well card, no "With love," goes to a colleague and no joke lands in a
 * formal note or in a get-well card that was not asked to be funny.
 */
import options from './testing/offered.json';
import { seededRandom } from './testing/random';
import { allWishes, CORPUS, fitsContext, fitsOf, FRAMES } from './corpus';
import { frameOf, improveText } from './improve';
import { followOffline } from './instructions';
import { audienceKeyOf, topicKeyOf } from './keys';
import { composeDraft, composeVariants, planOf, type DraftLength } from './template';

const { styles, audiences, topics } = options.greeting_config_params;
const topicNames = topics.map((t) => t.topic);
const PROFESSIONAL = new Set(['Colleague', 'Boss', 'Client', 'Teacher']);
const lastLine = (text: string) => text.trim().split('\n').at(-1)!.trim();

/** Every sentence of every funny-style wish: the jokes. */
const JOKES = new Set(
  allWishes()
    .filter((w) => w.style === 'funny')
    .flatMap(({ wish }) => [wish.open, wish.middle, wish.more, wish.wish]),
);

function everyDraft(each: (request: { style: string; audience: string; name: string; topic: string; details: string }, text: string, length: DraftLength) => void) {
  let seed = 1;
  for (const topic of topicNames) {
    for (const audience of audiences) {
      for (const style of styles) {
        const request = { style, audience, name: 'Sam', topic, details: '' };
        for (const length of ['medium', 'long'] as const) each(request, composeDraft(request, length, seededRandom(seed++)), length);
      }
    }
  }
}

describe('sign-offs keyed to the occasion and the relationship', () => {
  it('every sign-off a draft closes with fits its tags, for every occasion × audience × style', () => {
    const wrong: string[] = [];
    everyDraft((request, text) => {
      const plan = planOf(request);
      const signoff = lastLine(text);
      if (!fitsContext(FRAMES.signoffFits[signoff], plan)) wrong.push(`${request.topic}/${request.audience}/${request.style}: ${signoff}`);
    });
    expect(wrong).toEqual([]);
  });

  it('no "Cheers," or joke sign-off on a get-well card; no love to a colleague, boss, client or teacher; a colleague in crime only for a colleague; no "Onwards" on a thank-you', () => {
    const wrong: string[] = [];
    everyDraft((request, text) => {
      const signoff = lastLine(text);
      const say = () => wrong.push(`${request.topic}/${request.audience}/${request.style}: ${signoff}`);
      if (request.topic === 'Get Well' && /^(?:Cheers|Love \(and snacks\)|Your favourite person|Onwards|High fives|Stay awesome)/u.test(signoff)) say();
      if (PROFESSIONAL.has(request.audience) && /\b(?:love|hugs?|kisses)\b/iu.test(signoff)) say();
      if (request.audience !== 'Colleague' && /colleague in crime/iu.test(signoff)) say();
      if (request.topic === 'Thank You' && /^(?:Onwards|Cheering)/u.test(signoff)) say();
      if (request.audience !== 'Partner' && /^(?:Yours, always|Forever yours|All my love)/u.test(signoff)) say();
      if (request.topic === 'Get Well' && /^Cheers/u.test(signoff)) say();
    });
    expect(wrong).toEqual([]);
  });

  it('every tag names a sign-off the frames have, an occasion and a relationship the writer knows', () => {
    const lines = new Set(Object.values(FRAMES.signoffs).flatMap((t) => [...(t.warm ?? []), ...(t.work ?? [])]));
    for (const [line, fits] of Object.entries(FRAMES.signoffFits)) {
      expect({ line, known: lines.has(line) }).toEqual({ line, known: true });
      for (const topic of fits.occasions ?? []) expect(Object.keys(CORPUS)).toContain(topic);
    }
  });
});

describe('jokes and light lines only where they fit', () => {
  it('every joke of the funny style carries a hand-written "fits" tag', () => {
    const untagged = allWishes().filter((w) => w.style === 'funny' && !w.wish.fits);
    expect(untagged.map((w) => `${w.topic}/${w.tone}: ${w.wish.open}`)).toEqual([]);
  });

  it('no joke lands in a formal wish, or in a get-well card in any style but funny (variants included)', () => {
    const found: string[] = [];
    let seed = 100;
    for (const topic of topicNames) {
      for (const audience of audiences) {
        for (const style of styles) {
          if (style === 'Funny' || (style !== 'Formal' && topic !== 'Get Well')) continue;
          const request = { style, audience, name: 'Sam', topic, details: '' };
          for (const text of composeVariants(request, 'long', 3, seededRandom(seed++))) {
            for (const joke of JOKES) if (text.includes(joke)) found.push(`${topic}/${audience}/${style}: ${joke}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('a funny card draws only on jokes written for that person: no "adult decisions" for a grandparent, no office humour for family', () => {
    const found: string[] = [];
    let seed = 500;
    for (const topic of topicNames) {
      for (const audience of audiences) {
        const request = { style: 'Funny', audience, name: 'Sam', topic, details: '' };
        const plan = planOf(request);
        const jokes = allWishes().filter((w) => w.style === 'funny' && w.topic === topicKeyOf(topic));
        for (const text of composeVariants(request, 'long', 3, seededRandom(seed++))) {
          for (const { wish } of jokes) {
            const who = fitsOf(wish);
            if (text.includes(wish.open) && !who.includes(plan.audience) && !who.some((w) => w === 'family' ? ['parent', 'child', 'sibling', 'grandparent'].includes(plan.audience) : w === 'friend' ? ['friend', 'generic'].includes(plan.audience) : w === 'work' ? ['colleague', 'boss'].includes(plan.audience) : w === 'neighbour' ? plan.audience === 'neighbor' : w === plan.audience)) {
              found.push(`${topic}/${audience}: ${wish.open}`);
            }
          }
        }
        const text = composeDraft({ ...request, audience: 'Grandparent' }, 'long', seededRandom(seed++));
        expect(text).not.toMatch(/adult decisions|adulthood|off the market|relatives' questions/u);
      }
    }
    expect(found).toEqual([]);
  });

  it('"funnier" adds a light line that fits: a dignified smile in a formal note, a gentle one on a get-well card, no printer outside the office', () => {
    const jokes = (register: 'warm' | 'work' | 'formal') => [...FRAMES.funnier.warm.lines, ...FRAMES.funnier.work.lines, ...FRAMES.funnier.formal.lines].filter((l) => !FRAMES.funnier[register].lines.includes(l));
    for (let seed = 1; seed <= 12; seed++) {
      // A formal retirement note: the improve route reads the register from the text.
      const formal = 'Dear Richard,\n\nPlease accept my warmest congratulations on your retirement. It has been an honour to have worked under your leadership.\n\nYours sincerely,';
      const out = improveText(formal, 'funnier', seededRandom(seed));
      for (const line of jokes('formal')) expect(out).not.toContain(line.line);
      expect(out).not.toMatch(/appraisal|printer|self-esteem|hug/iu);
      expect(frameOf(out).signoff).not.toMatch(/Cheers|mind the printer/u);
      // A get-well card to a friend, through the chat that knows the settings.
      const getWell = 'Dear Maya,\n\nI was so sorry to hear you broke your ankle. Rest as much as you can.\n\nWarmly,';
      const chat = followOffline(getWell, 'make it funnier', 'Maya', seededRandom(seed), { style: 'Heartfelt', audience: 'Friend', topic: 'Get Well', name: 'Maya', details: '' }).text;
      const added = FRAMES.funnier.warm.lines.filter((l) => chat.includes(l.line));
      expect(added).toHaveLength(1);
      expect(fitsContext(added[0].fits, { topic: 'getWell', register: 'warm', audience: 'friend' })).toBe(true);
      expect(added[0].fits?.occasions ?? ['getWell']).toContain('getWell');
      expect(chat).not.toMatch(/Cheers|High fives|cake/u);
      // A note to a client: no office jokes.
      const client = followOffline('Hi Mr. Rossi,\n\nThank you for your help this year. It made a real difference.\n\nBest,', 'funnier', 'Mr. Rossi', seededRandom(seed), { style: 'Casual', audience: 'Client', topic: 'Thank You', name: 'Mr. Rossi', details: '' }).text;
      expect(client).not.toMatch(/appraisal|printer|the office/u);
    }
    expect(audienceKeyOf('Client')).toBe('client');
  });
});
