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
  /**
   * Who the wish is written for, tagged by hand: relationships ("friend", "family") or audiences
   * ("sibling", "grandparent"); absent, what its words assume (see fitsOf). Every joke of the
   * funny style carries one, so "adult decisions" stay with friends and office humour at work.
   */
  fits?: Who[];
}

/** A relationship, or an audience within one ("grandparent" is family, but not every family joke is for a grandparent). */
export type Who = Relationship | AudienceKey | 'neighbour';

/**
 * Where a light line or a sign-off fits, written by hand beside it: the occasions, who it is for
 * and the registers. An absent list means any. A line that fits nowhere here is never used.
 */
export interface Fits {
  occasions?: TopicKey[];
  who?: Who[];
  registers?: Register[];
}

/** The setting a line is chosen for; the audience is unknown when the improve route gets the text alone. */
interface LineContext {
  topic: TopicKey;
  register: Register;
  audience?: AudienceKey;
}

/** Does a line tagged `fits` fit the setting? With the audience unknown, a line written only for some people is left out. */
export function fitsContext(fits: Fits | undefined, context: LineContext): boolean {
  if (!fits) return true;
  if (fits.occasions && !fits.occasions.includes(context.topic)) return false;
  if (fits.registers && !fits.registers.includes(context.register)) return false;
  if (fits.who) {
    if (!context.audience) return false;
    if (!fits.who.includes(context.audience) && !fits.who.includes(relationshipOf(context.audience))) return false;
  }
  return true;
}

/** A light line of the rewrites, or a sign-off, with where it fits. */
export interface TaggedLine {
  line: string;
  fits?: Fits;
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
export const OFFICE_WORDS = /\b(?:desk|inbox|emails?|office|workday|workplace|meetings?|busy weeks|appraisal|printer|colleague|the team|team's|until your return|matters here)\b/iu;
const MENTOR_WORDS = /\b(?:believed in me|courage to keep going)\b/iu;
const FRIEND_WORDS = /\b(?:my friendship|a friend like you|friends like you)\b/iu;

/** Who a wish fits: its own "fits" tag, else what its words assume. */
export function fitsOf(wish: CorpusWish): readonly Who[] {
  if (wish.fits) return wish.fits;
  const text = [wish.open, wish.middle, wish.more, wish.wish].join(' ');
  if (OFFICE_WORDS.test(text)) return ['work'];
  if (FRIEND_WORDS.test(text)) return ['friend'];
  if (MENTOR_WORDS.test(text)) return RELATIONSHIPS.filter((r) => r !== 'neighbour' && r !== 'client');
  return RELATIONSHIPS;
}

/** Does a line (a wish, a greeting or sign-off) fit the relationship? */
export function fitsRelationship(wish: CorpusWish, relationship: Relationship, audience?: AudienceKey): boolean {
  const who = fitsOf(wish);
  return who.includes(relationship) || (!!audience && who.includes(audience));
}

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
export type DetailKind = 'past' | 'shared' | 'ours' | 'coming' | 'celebration' | 'trait' | 'mine' | 'since' | 'thing' | 'hobby' | 'toast';
export type DetailMood = 'good' | 'sorry' | 'thanks';

type ByTone = Partial<Record<CorpusTone, string[]>>;
/** A detail's frames by register; `funny` are a funny card's own, for people the card is warm to. */
type ByRegister = Partial<Record<Register | 'funny', string[]>>;

export interface Frames {
  greetings: Record<StyleKey, ByTone>;
  signoffs: Record<StyleKey, ByTone>;
  /** Where each sign-off fits (occasion, who, register), by its line; a line without an entry fits everywhere its style and register put it. */
  signoffFits: Record<string, Fits>;
  detailFrames: Record<DetailMood, Partial<Record<DetailKind, ByRegister>>>;
  /** Per occasion and tone; `partner` are for a partner's own wedding or anniversary ("the two of us"). */
  couplets: Record<TopicKey, Record<CorpusTone, string[]> & { partner?: string[] }>;
  warmer: Record<CorpusTone, { lines: string[]; signoffs: string[] }>;
  /** The light lines and sign-offs of "funnier", each tagged with where it fits (a joke about the printer is for the office). */
  funnier: Record<Register, { lines: TaggedLine[]; signoffs: TaggedLine[] }>;
  /** Sentences for a thing the chat asks to mention ("the cake"), by register. */
  mentionThing: Record<Register, string[]>;
  /** Lines from the world a detail names (the sea, a kitchen, a ward): a middle of its own instead of a generic one. */
  worlds: World[];
}

/** A world a detail can name ("a marine biologist", "head chef"), with lines from it by register and for a funny card. */
export interface World {
  name: string;
  /** A regular expression (case-insensitive) over the details. */
  match: string;
  /** Occasions the world's lines would read wrong on ("by the sea" at a wedding is a venue, not a world). */
  notTopics: TopicKey[];
  warm: string[];
  work: string[];
  formal: string[];
  funny: string[];
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
