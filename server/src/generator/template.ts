import type { GenerateRequest } from '@wishes/shared/contract';
import {
  AUDIENCE_KEYWORDS,
  AUDIENCES,
  CLOSERS,
  DETAIL_LEADS,
  DETAIL_POSTSCRIPTS,
  GREETINGS,
  STYLE_KEYWORDS,
  TOPIC_KEYWORDS,
  TOPICS,
  type AudienceKey,
  type StyleKey,
  type TopicKey,
  type TopicPhrases,
} from './phrases';

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
    merged.wishes = [...merged.wishes, `I hope you have a wonderful ${titled}.`, `Wishing you a truly happy ${titled}.`];
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

/** Composes one wish; every call draws new choices, so repeated calls differ. */
export function composeWish(request: GenerateRequest, random: Random = Math.random): string {
  const style = styleKeyOf(request.style);
  const audience = audienceKeyOf(request.audience);
  const topic = topicPhrases(topicKeyOf(request.topic), audience, request.topic);
  const name = cleanName(request.name);
  const details = cleanDetails(request.details);
  const vars = { name, headline: pick(topic.headlines, random) };

  const styleLines = topic.lines[style] ?? topic.lines.heartfelt;
  const opener = pick(styleLines, random);

  const audiencePhrases = AUDIENCES[audience];
  const audienceLines =
    style === 'formal' ? audiencePhrases.formal : style === 'funny' ? (audiencePhrases.funny ?? audiencePhrases.warm) : audiencePhrases.warm;

  const middle: string[] = [pick(audienceLines, random)];
  if (random() < 0.75) middle.push(pick(topic.wishes, random));
  // The funny style earns a second joke now and then, when the topic has one to spare.
  const spare = styleLines.filter((line) => line !== opener);
  if (style === 'funny' && spare.length && random() < 0.5) middle.push(pick(spare, random));

  const voice = (text: string) => (CONTRACTED_STYLES.has(style) ? contract(text) : text);
  // Contract the phrase bank's text before the name goes in, so user text is never rewritten.
  const body = voice([opener, ...shuffle(middle, random)].join(' '));
  const paragraphs = [fill(voice(pick(GREETINGS[style], random)), vars), fill(body, vars)];

  const asPostscript = details && random() < 0.3;
  if (details && !asPostscript) paragraphs.push(`${voice(pick(DETAIL_LEADS[style], random))} ${details}`);
  paragraphs.push(voice(pick(CLOSERS[style], random)));
  if (asPostscript) paragraphs.push(`${pick(DETAIL_POSTSCRIPTS, random)}${details}`);

  return paragraphs.map((p) => p.replace(/[ \t]{2,}/g, ' ').trim()).join('\n\n');
}
