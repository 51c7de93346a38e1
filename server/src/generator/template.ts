import type { GenerateRequest } from '@wishes/shared/contract';
import {
  AUDIENCE_KEYWORDS,
  AUDIENCES,
  CLOSERS,
  DETAIL_FRAMES,
  GREETINGS,
  STYLE_DETAIL_FRAMES,
  STYLE_KEYWORDS,
  TOPIC_KEYWORDS,
  TOPICS,
  type AudienceKey,
  type DetailKind,
  type DetailMood,
  type StyleKey,
  type TopicKey,
  type TopicPhrases,
} from './phrases';
import { weaveDetails, type WovenDetail } from './weave';

/** How long a draft should be: a few lines, a proper card, or a letter. */
export type DraftLength = 'short' | 'medium' | 'long';

/** Source of randomness in [0, 1); injectable so tests can make the output reproducible. */
export type Random = () => number;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Collapses every run of whitespace (newlines included) to one space. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Maps a free-text value (the API accepts any string) onto a known key by keywords at word starts,
 * so "Best friend" is a friend and "Humorous" is funny, while "skill" is not "ill".
 */
export function matchKey<K extends string>(value: string, table: Array<[K, string[]]>, fallback: K): K {
  const text = squash(value).toLowerCase();
  for (const [key, words] of table) {
    for (const word of words) {
      if (new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}`, 'u').test(text)) return key;
    }
  }
  return fallback;
}

export const styleKeyOf = (style: string): StyleKey => matchKey(style, STYLE_KEYWORDS, 'heartfelt');
export const audienceKeyOf = (audience: string): AudienceKey => matchKey(audience, AUDIENCE_KEYWORDS, 'generic');
export const topicKeyOf = (topic: string): TopicKey => matchKey(topic, TOPIC_KEYWORDS, 'generic');

/** Trims the name and drops stray punctuation around it; an all-lowercase name gets capitals. */
export function cleanName(raw: string): string {
  let name = squash(raw)
    .replace(/^[\s"'“”‘’.,;:!?\-–—]+/u, '')
    .replace(/[\s"'“”‘’,;:!?\-–—]+$/u, '');
  if (!name) name = squash(raw);
  if (name === name.toLowerCase() && name !== name.toUpperCase()) {
    name = name.replace(/(^|[\s\-'])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
  }
  return name;
}

/**
 * Makes the user's details a standalone sentence (or sentences): trimmed, one-line, without wrapping
 * quotes or list dashes, starting with a capital and ending with punctuation.
 */
export function cleanDetails(raw: string): string {
  let text = squash(raw)
    .replace(/^[-–—*•]+\s*/u, '')
    .trim();
  const quoted = /^["“'‘](.*)["”'’]$/u.exec(text);
  if (quoted && !/["“”]/u.test(quoted[1])) text = quoted[1].trim();
  text = text.replace(/[\s,;:]+$/u, '');
  if (!text) return '';
  text = text.charAt(0).toUpperCase() + text.slice(1);
  // Add a full stop unless the text already ends a sentence (or ends in an emoji or other symbol).
  if (/[\p{L}\p{N})\]"'”’]$/u.test(text) && !/[.!?…]["'”’)]?$/u.test(text)) text += '.';
  return text;
}

const pick = <T>(items: readonly T[], random: Random): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))];

function shuffle<T>(items: T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Fills {placeholders} in one pass, so braces inside user text are never expanded again. */
const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => (key in vars ? vars[key] : match));

function topicPhrases(topic: TopicKey, audience: AudienceKey, rawTopic: string): TopicPhrases {
  const base = TOPICS[topic];
  const override = base.byAudience?.[audience];
  const merged: TopicPhrases = {
    headlines: override?.headlines ?? base.headlines,
    lines: { ...base.lines, ...(override?.lines ?? {}) } as TopicPhrases['lines'],
    wishes: override?.wishes ?? base.wishes,
  };
  // An unknown occasion named "... Day" (Mother's Day, Independence Day) still gets its own greeting.
  const label = squash(rawTopic).replace(/^happy\s+/i, '').replace(/[.!?]+$/, '');
  if (topic === 'generic' && /\bday$/i.test(label) && label.length <= 60) {
    const titled = label.charAt(0).toUpperCase() + label.slice(1);
    merged.headlines = [`Happy ${titled}`];
    // Only the day's own wishes, so the occasion is named in every draft (longer drafts borrow generic ones).
    merged.wishes = [`I hope you have a wonderful ${titled}.`, `Wishing you a truly happy ${titled}.`];
  }
  return merged;
}

const CONTRACTIONS: Array<[string, string]> = [
  ['I am', "I'm"],
  ['you are', "you're"],
  ['it is', "it's"],
  ['that is', "that's"],
  ['here is', "here's"],
  ['do not', "don't"],
  ['did not', "didn't"],
  ['does not', "doesn't"],
  ['is not', "isn't"],
  ['cannot', "can't"],
  ['could not', "couldn't"],
  ['would not', "wouldn't"],
  ['I would', "I'd"],
  ['I will', "I'll"],
  ['you will', "you'll"],
  ['you have got', "you've got"],
];
const CONTRACTION_RE = new RegExp(`\\b(${CONTRACTIONS.map(([long]) => long.replace(' ', '\\s')).join('|')})(?= \\p{L})`, 'giu');
const CONTRACTION_MAP = new Map(CONTRACTIONS.map(([long, short]) => [long.toLowerCase(), short]));

/**
 * The phrase bank is written out in full; relaxed styles read more naturally with contractions.
 * Only before a following word, so "who I am, I owe" stays intact. Never applied to user text.
 */
export function contract(text: string): string {
  return text.replace(CONTRACTION_RE, (match: string) => {
    const short = CONTRACTION_MAP.get(match.toLowerCase().replace(/\s+/g, ' '));
    if (!short) return match;
    return /^[A-Z]/.test(match) && short !== "I'm" && !short.startsWith("I'") ? short.charAt(0).toUpperCase() + short.slice(1) : short;
  });
}

const CONTRACTED_STYLES = new Set<StyleKey>(['casual', 'funny', 'heartfelt', 'romantic', 'inspirational']);

/** The occasion sets the mood the details are framed in. */
const moodOf = (topic: TopicKey): DetailMood => (topic === 'getWell' ? 'sorry' : topic === 'thankYou' ? 'thanks' : 'good');

function detailKind(woven: WovenDetail): DetailKind {
  if (woven.subject === 'me') return 'mine';
  if (woven.tense === 'none') return 'thing';
  // Something the sender took part in ("hired me", "helped us") is remembered, not heard about.
  // So is a long stretch of a life ("worked as a firefighter for 30 years").
  if (woven.tense === 'past') return /\b(me|us|our|my|we)\b|\bfor \S+ years\b|\ball year\b/iu.test(woven.clause) ? 'shared' : 'past';
  if (woven.tense === 'future' || woven.tense === 'ongoing') return 'coming';
  return 'trait';
}

function detailFrames(style: StyleKey, mood: DetailMood, kind: DetailKind): string[] {
  const own = STYLE_DETAIL_FRAMES[style]?.[mood]?.[kind] ?? [];
  if (style === 'formal' && own.length) return own;
  return [...own, ...DETAIL_FRAMES[mood][kind]];
}

const sentenceKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N} ]/gu, '').replace(/\s+/g, ' ').trim();
const splitSentences = (text: string) => text.split(/(?<=[.!?)])\s+(?=[A-Z(])/u).filter(Boolean);

/** Draws phrases so that no sentence of the draft appears twice, even across phrase pools. */
class SentencePicker {
  private readonly used = new Set<string>();
  constructor(private readonly random: Random) {}

  /** A random line from the pool none of whose sentences is used yet; null when all are. */
  take(pool: readonly string[]): string | null {
    const fresh = pool.filter((line) => splitSentences(line).every((s) => !this.used.has(sentenceKey(s))));
    if (!fresh.length) return null;
    const line = pick(fresh, this.random);
    this.mark(line);
    return line;
  }

  mark(text: string) {
    for (const s of splitSentences(text)) this.used.add(sentenceKey(s));
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How many sentences of each kind each length asks for. */
const SHAPE: Record<DraftLength, { audience: number; wishes: number; extraStyle: number; paragraphs: 1 | 2 }> = {
  short: { audience: 0, wishes: 0, extraStyle: 0, paragraphs: 1 },
  medium: { audience: 1, wishes: 1, extraStyle: 0, paragraphs: 1 },
  long: { audience: 2, wishes: 3, extraStyle: 1, paragraphs: 2 },
};

/**
 * Composes one draft. The details are rewritten for the reader and framed by the occasion's mood
 * and the style's voice; every call draws new choices, so repeated calls differ.
 */
export function composeDraft(request: GenerateRequest, length: DraftLength = 'medium', random: Random = Math.random): string {
  const style = styleKeyOf(request.style);
  const audience = audienceKeyOf(request.audience);
  const topicKey = topicKeyOf(request.topic);
  const topic = topicPhrases(topicKey, audience, request.topic);
  const name = cleanName(request.name);
  const vars = { name, headline: pick(topic.headlines, random) };
  const shape = SHAPE[length];
  const picker = new SentencePicker(random);
  const voice = (text: string) => (CONTRACTED_STYLES.has(style) ? contract(text) : text);
  const take = (pool: readonly string[]) => picker.take(pool);

  const styleLines = topic.lines[style] ?? topic.lines.heartfelt;
  const audiencePhrases = AUDIENCES[audience];
  const audienceLines =
    style === 'formal' ? audiencePhrases.formal : style === 'funny' ? [...(audiencePhrases.funny ?? []), ...audiencePhrases.warm] : audiencePhrases.warm;

  // The details, rewritten for the reader, inside a frame of the occasion's mood.
  const woven = weaveDetails(request.details, request.name);
  let detailSentence: string | null = null;
  if (woven.clause) {
    const frame = pick(detailFrames(style, moodOf(topicKey), detailKind(woven)), random);
    // Contract the frame before the details go in, so the user's words are never rewritten by it.
    const framed = voice(frame).replace('{d}', () => woven.clause);
    detailSentence = [capitalise(framed), ...woven.more.slice(0, length === 'short' ? 0 : 3)].join(' ');
    picker.mark(detailSentence);
  }

  const opener = take(styleLines);
  const middle: string[] = [];
  for (let i = 0; i < shape.audience; i++) middle.push(take(audienceLines) ?? '');
  for (let i = 0; i < shape.extraStyle; i++) middle.push(take(styleLines) ?? '');
  const wishes: string[] = [];
  for (let i = 0; i < shape.wishes; i++) wishes.push(take(topic.wishes) ?? take(TOPICS.generic.wishes) ?? '');

  // Short: opener and details. Medium: opener, details, a line for who they are, a wish.
  // Long: the same and more, in two paragraphs.
  const body = [opener, detailSentence, ...shuffle(middle.filter(Boolean), random), ...wishes].filter((x): x is string => !!x);
  const voiced = body.map((line) => (line === detailSentence ? line : fill(voice(line), vars)));
  const paragraphs = [fill(voice(pick(GREETINGS[style], random)), vars)];
  if (shape.paragraphs === 2 && voiced.length > 3) {
    const cut = Math.ceil(voiced.length / 2);
    paragraphs.push(voiced.slice(0, cut).join(' '), voiced.slice(cut).join(' '));
  } else {
    paragraphs.push(voiced.join(' '));
  }
  paragraphs.push(voice(take(CLOSERS[style]) ?? pick(CLOSERS[style], random)));
  return paragraphs.map((p) => p.replace(/[ \t]{2,}/g, ' ').trim()).join('\n\n');
}

/** The medium-length draft (the original single-draft call). */
export function composeWish(request: GenerateRequest, random: Random = Math.random): string {
  return composeDraft(request, 'medium', random);
}

/**
 * Several drafts for the same request that really differ: a draft too close to an earlier one
 * (sharing most of its word sequences) is drawn again, a few times at most.
 */
export function composeVariants(request: GenerateRequest, length: DraftLength, count: number, random: Random = Math.random): string[] {
  const drafts: string[] = [];
  for (let i = 0; i < count; i++) {
    let draft = composeDraft(request, length, random);
    for (let attempt = 0; attempt < 6 && drafts.some((d) => overlap(d, draft) > 0.45); attempt++) draft = composeDraft(request, length, random);
    drafts.push(draft);
  }
  return drafts;
}

/** Share of the shorter draft's sentences that the other one also has. */
function overlap(a: string, b: string): number {
  const sa = new Set(splitSentences(a).map(sentenceKey));
  const sb = splitSentences(b).map(sentenceKey);
  const shared = sb.filter((s) => sa.has(s)).length;
  return shared / Math.max(1, Math.min(sa.size, sb.length));
}
