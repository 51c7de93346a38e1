/**
 * Offline rewrites of an existing wish ("warmer", "shorter", "funnier", "more formal"). The text
 * may be the user's own, so each rewrite changes as little as it can: it works sentence by
 * sentence, and the contractions come from the compromise NLP library.
 */
import nlp from 'compromise';
import type { ImproveInstruction } from '@wishes/shared/contract';
import type { Random } from './template';

const pick = <T>(items: readonly T[], random: Random): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))];

/** A wish as the composer writes it: a greeting line, body paragraphs, a closing line. */
interface Shape {
  greeting: string | null;
  body: string[];
  closer: string | null;
}

const isShortLine = (p: string) => p.length <= 60 && !/[.!?]\s+\S/u.test(p);

function shapeOf(text: string): Shape {
  const paragraphs = text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/u)
    .map((p) => p.trim())
    .filter(Boolean);
  const greeting = paragraphs.length > 1 && isShortLine(paragraphs[0]) && /[,!:.]$/u.test(paragraphs[0]) ? paragraphs.shift()! : null;
  const closer = paragraphs.length > 1 && isShortLine(paragraphs[paragraphs.length - 1]) ? paragraphs.pop()! : null;
  return { greeting, body: paragraphs, closer };
}

const join = (shape: Shape) => [shape.greeting, ...shape.body, shape.closer].filter((p): p is string => !!p && p.trim() !== '').join('\n\n');

export const sentences = (paragraph: string) => (nlp(paragraph).sentences().out('array') as string[]).map((s) => s.trim()).filter(Boolean);

const WARM_LINES = [
  'You mean more to me than I can ever say.',
  'I am so lucky to have you in my life.',
  'Thinking of you with a full and grateful heart.',
  'Please know how much you are loved.',
];
const WARM_CLOSERS = ['With all my love.', 'Sending you the biggest hug.', 'With love, always.'];

const FUNNY_LINES = [
  'Consider this message a hug with extra words.',
  'I would have baked you a cake, but we both know how that ends.',
  'Please rate this message five stars. My self-esteem depends on it.',
  'I tried to fit all my good wishes in here, but the internet ran out of space.',
];
const FUNNY_CLOSERS = ['Stay awesome, and hide the cake.', 'High fives all round!', 'Cheers, and try to behave. A little.'];

const FORMAL_CLOSERS = ['With kind regards.', 'With my sincere best wishes.', 'Warmest regards.'];

/** Words that read as casual, and what a formal letter says instead. */
const FORMAL_WORDS: Array<[RegExp, string]> = [
  [/\bawesome\b/giu, 'excellent'],
  [/\bsuper\b/giu, 'very'],
  [/\bgonna\b/giu, 'going to'],
  [/\bwanna\b/giu, 'want to'],
  [/\bkids\b/giu, 'children'],
  [/\bguys\b/giu, 'everyone'],
  [/\bhuge\b/giu, 'great'],
  [/\bcool\b/giu, 'wonderful'],
  [/\bthanks\b/giu, 'thank you'],
];

const keepInitialCase = (original: string, replacement: string) =>
  /^[A-Z]/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;

function formalGreeting(greeting: string): string {
  const casual = /^(?:hey|hi|hello|yo|well, hello)(?: there)?,?\s+(.+?)[!,.]*$/iu.exec(greeting);
  return casual ? `Dear ${casual[1]},` : greeting.replace(/!$/u, ',');
}

const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;

function moreFormal(shape: Shape, random: Random): Shape {
  const rewrite = (p: string) => {
    let out = nlp(p).contractions().expand().all().text();
    for (const [re, word] of FORMAL_WORDS) out = out.replace(re, (m) => keepInitialCase(m, word));
    return out.replace(EMOJI, '').replace(/!+/gu, '.').replace(/\.{2,}/gu, '.').replace(/[ \t]{2,}/gu, ' ').trim();
  };
  return {
    greeting: shape.greeting && formalGreeting(shape.greeting),
    body: shape.body.map(rewrite),
    closer: pick(FORMAL_CLOSERS.filter((c) => c !== shape.closer), random),
  };
}

function warmer(shape: Shape, random: Random): Shape {
  const body = shape.body.map((p) => nlp(p).contract().all().text());
  const fresh = WARM_LINES.filter((line) => !shape.body.join(' ').includes(line));
  if (fresh.length) body[body.length - 1] = `${body[body.length - 1]} ${pick(fresh, random)}`.trim();
  const greeting = shape.greeting?.replace(/^Dear\b/u, 'Dearest').replace(/^(Hi|Hey)\b/u, 'Dear') ?? null;
  return { greeting, body, closer: pick(WARM_CLOSERS.filter((c) => c !== shape.closer), random) };
}

function funnier(shape: Shape, random: Random): Shape {
  const fresh = FUNNY_LINES.filter((line) => !shape.body.join(' ').includes(line));
  const body = [...shape.body];
  if (fresh.length) body[body.length - 1] = `${body[body.length - 1]} ${pick(fresh, random)}`.trim();
  return { greeting: shape.greeting, body, closer: pick(FUNNY_CLOSERS.filter((c) => c !== shape.closer), random) };
}

/**
 * Keeps about half of the body: the first sentence, then the sentences that speak to the reader
 * most ("you", "your"), in their original order. A one-sentence body loses its closing line instead.
 */
function shorter(shape: Shape): Shape {
  const all = shape.body.flatMap((p, paragraph) => sentences(p).map((text, index) => ({ text, paragraph, index })));
  if (all.length <= 1) return { ...shape, closer: null, greeting: shape.closer ? shape.greeting : null };
  const keep = Math.max(1, Math.ceil(all.length / 2) - (all.length > 3 ? 1 : 0));
  const personal = (s: string) => (s.match(/\b(you|your|yours)\b/giu) ?? []).length;
  const ranked = all.slice(1).sort((a, b) => personal(b.text) - personal(a.text));
  const chosen = new Set([all[0], ...ranked.slice(0, keep - 1)]);
  const body = [all.filter((s) => chosen.has(s)).map((s) => s.text).join(' ')];
  return { ...shape, body };
}

/** Rewrites `text` as asked; the result is never empty. */
export function improveText(text: string, instruction: ImproveInstruction, random: Random = Math.random): string {
  const shape = shapeOf(text);
  if (!shape.body.length) return text.trim();
  const rewritten =
    instruction === 'shorter' ? shorter(shape) : instruction === 'more formal' ? moreFormal(shape, random) : instruction === 'warmer' ? warmer(shape, random) : funnier(shape, random);
  const out = join(rewritten).trim();
  return out || text.trim();
}
