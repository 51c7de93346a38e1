/**
 * The offline generator's corpus: complete wishes written for each topic × style × register
 * (corpus/<topic>.json), and the frames around them (corpus/frames.json: greeting and sign-off
 * lines, the sentences a detail is woven into, rhyming couplets, and the lines the rewrites add).
 * Pure data, reviewed like copy: corpus.test.ts holds it to its rules.
 *
 * One wish is four parts, so that it reads as a whole card at every length:
 * short = open + wish; medium = open + middle + wish; long = open + middle, then more + wish.
 */
import anniversary from './corpus/anniversary.json';
import birthday from './corpus/birthday.json';
import frames from './corpus/frames.json';
import generic from './corpus/generic.json';
import getWell from './corpus/getWell.json';
import goodLuck from './corpus/goodLuck.json';
import graduation from './corpus/graduation.json';
import holidays from './corpus/holidays.json';
import newBaby from './corpus/newBaby.json';
import newHome from './corpus/newHome.json';
import newJob from './corpus/newJob.json';
import retirement from './corpus/retirement.json';
import thankYou from './corpus/thankYou.json';
import wedding from './corpus/wedding.json';
import type { AudienceKey, StyleKey, TopicKey } from './keys';

export interface CorpusWish {
  open: string;
  middle: string;
  more: string;
  wish: string;
  /** The relationships the wish is written for, when its words say so (see fitsOf); absent: every one its register allows. */
  fits?: Relationship[];
}

/**
 * Who the sender is to the person, as far as the words of a wish are concerned: a line about the
 * desk or the team is for a colleague or a boss, "you believed in me" for a mentor or family, a
 * joke about "my friendship" for a friend.
 */
export const RELATIONSHIPS = ['work', 'family', 'friend', 'neighbour', 'partner', 'mentor', 'client'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

const AUDIENCE_RELATIONSHIP: Record<AudienceKey, Relationship> = {
  friend: 'friend',
  generic: 'friend',
  colleague: 'work',
  boss: 'work',
  client: 'client',
  teacher: 'mentor',
  parent: 'family',
  child: 'family',
  sibling: 'family',
  grandparent: 'family',
  partner: 'partner',
  neighbor: 'neighbour',
};
export const relationshipOf = (audience: AudienceKey): Relationship => AUDIENCE_RELATIONSHIP[audience];

/** Words that assume an office: such a line is for a colleague or a boss only. */
export const OFFICE_WORDS = /\b(?:desk|inbox|emails?|office|workday|workplace|meetings?|busy weeks|appraisal|printer|colleague|the team|team's)\b/iu;
const MENTOR_WORDS = /\b(?:believed in me|courage to keep going)\b/iu;
const FRIEND_WORDS = /\b(?:my friendship|a friend like you|friends like you)\b/iu;

/** The relationships a wish fits: its own "fits" tag, else what its words assume. */
export function fitsOf(wish: CorpusWish): readonly Relationship[] {
  if (wish.fits) return wish.fits;
  const text = [wish.open, wish.middle, wish.more, wish.wish].join(' ');
  if (OFFICE_WORDS.test(text)) return ['work'];
  if (FRIEND_WORDS.test(text)) return ['friend'];
  if (MENTOR_WORDS.test(text)) return RELATIONSHIPS.filter((r) => r !== 'neighbour' && r !== 'client');
  return RELATIONSHIPS;
}

/** Does a line (a wish, a greeting or sign-off) fit the relationship? */
export const fitsRelationship = (wish: CorpusWish, relationship: Relationship) => fitsOf(wish).includes(relationship);

/**
 * Who the wish is written for. warm: family, friends, a partner, a neighbour; work: a colleague,
 * boss, client or teacher (no love, hugs or kisses); formal: the formal style, for anyone.
 */
export type Register = 'warm' | 'work' | 'formal';
/** The corpus keeps the formal style's wishes under "work"; both are written without endearments. */
export type CorpusTone = 'warm' | 'work';

export type TopicCorpus = Partial<Record<StyleKey, Partial<Record<CorpusTone, CorpusWish[]>>>>;

export const CORPUS: Record<TopicKey, TopicCorpus> = {
  birthday,
  wedding,
  anniversary,
  newBaby,
  graduation,
  newJob,
  retirement,
  getWell,
  newHome,
  holidays,
  thankYou,
  goodLuck,
  generic,
} as Record<TopicKey, TopicCorpus>;

/** What a detail is, for the sentence it is woven into. */
export type DetailKind = 'past' | 'shared' | 'coming' | 'trait' | 'mine' | 'since' | 'thing' | 'hobby' | 'toast';
export type DetailMood = 'good' | 'sorry' | 'thanks';

type ByTone = Partial<Record<CorpusTone, string[]>>;
type ByRegister = Partial<Record<Register, string[]>>;

export interface Frames {
  greetings: Record<StyleKey, ByTone>;
  signoffs: Record<StyleKey, ByTone>;
  detailFrames: Record<DetailMood, Partial<Record<DetailKind, ByRegister>>>;
  couplets: Record<TopicKey, Record<CorpusTone, string[]>>;
  warmer: Record<CorpusTone, { lines: string[]; signoffs: string[] }>;
  funnier: Record<CorpusTone, { lines: string[]; signoffs: string[] }>;
  /** Sentences for a thing the chat asks to mention ("the cake"), by register. */
  mentionThing: Record<Register, string[]>;
}

export const FRAMES = frames as unknown as Frames;

/** Every wish of the corpus with where it belongs, for the corpus's own tests. */
export function allWishes(): Array<{ topic: TopicKey; style: StyleKey; tone: CorpusTone; wish: CorpusWish }> {
  const out: Array<{ topic: TopicKey; style: StyleKey; tone: CorpusTone; wish: CorpusWish }> = [];
  for (const [topic, styles] of Object.entries(CORPUS) as Array<[TopicKey, TopicCorpus]>) {
    for (const [style, tones] of Object.entries(styles) as Array<[StyleKey, Partial<Record<CorpusTone, CorpusWish[]>>]>) {
      for (const [tone, wishes] of Object.entries(tones) as Array<[CorpusTone, CorpusWish[]]>) {
        for (const wish of wishes) out.push({ topic, style, tone, wish });
      }
    }
  }
  return out;
}
