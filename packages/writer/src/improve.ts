/**
 * Offline rewrites of an existing wish ("warmer", "shorter", "funnier", "more formal"). The text
 * may be the user's own, so each rewrite keeps its frame: the greeting line and the sign-off line
 * are kept character for character by "shorter", and every rewrite stays in the wish's register
 * (a note to a boss made warmer gains warmth, never "love" or hugs). Sentence splitting and
 * contractions come from the compromise NLP library.
 */
import nlp from 'compromise';
import type { ImproveInstruction } from '@wishes/kit-contract/api';
import { fitsContext, FRAMES, type CorpusTone, type Register, type TaggedLine } from './corpus';
import { topicKeyOf, type AudienceKey, type TopicKey } from './keys';
import { INTIMATE_WORDS, registerBreaks, sentencesIn, sharedContentWords } from './grammar';
import type { Random } from './template';

const pick = <T>(items: readonly T[], random: Random): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))];

/**
 * A wish split into its frame and its body, by character offsets into the original text, so the
 * greeting and sign-off can be put back exactly as they were (spacing included).
 */
export interface WishFrame {
  /** The greeting and what separates it from the body ("Dear Anna,\n\n"); '' when there is none. */
  head: string;
  body: string;
  /** What separates the body from the sign-off, and the sign-off ("\n\nWith love,\nSam"); '' when there is none. */
  tail: string;
  greeting: string | null;
  signoff: string | null;
}

const GREETING_WORDS = /^(?:dear|dearest|my dear|my darling|hi|hey|hello|to|for|happy|greetings|good (?:morning|afternoon|evening))\b/iu;
/** Does the line hold more than one sentence? Titles ("Dr. Patel", "Mr. Dubois") do not end one. */
const sentenceBreak = (line: string) => /[.!?]\s+\S/u.test(line.replace(/\b(?:Mr|Mrs|Ms|Mx|Dr|Prof|St|Jr|Sr|Rev|Capt)\./gu, (title) => title.slice(0, -1)));

/** Finds the greeting line, the sign-off line(s) and the body between them. */
export function frameOf(text: string): WishFrame {
  const source = text.replace(/\r\n/g, '\n');
  let headEnd = 0;
  let greeting: string | null = null;
  const firstLine = /^[ \t]*([^\n]*)(\n[ \t]*)+/u.exec(source);
  if (firstLine) {
    const line = firstLine[1].trim();
    if (line.length <= 60 && !sentenceBreak(line) && (/[,:]$/u.test(line) || (GREETING_WORDS.test(line) && /[!.]$/u.test(line)))) {
      greeting = line;
      headEnd = firstLine[0].length;
    }
  }
  if (!greeting) {
    // A greeting typed on the same line as the first sentence ("Dear Anna, happy birthday!").
    const inline = /^(?:dear|dearest|my dear|hi|hey|hello)\s+(?:(?:mr|mrs|ms|mx|dr|prof)\.\s+)?[^,!.\n]{1,40}[,!]\s+(?=\S)/iu.exec(source);
    if (inline && source.slice(inline[0].length).trim()) {
      greeting = inline[0].trim();
      headEnd = inline[0].length;
    }
  }
  let tailStart = source.length;
  let signoff: string | null = null;
  const paragraphs = [...source.matchAll(/\n[ \t]*\n\s*/gu)];
  const lastBreak = paragraphs.at(-1);
  if (lastBreak && lastBreak.index! >= headEnd) {
    const last = source.slice(lastBreak.index! + lastBreak[0].length).trim();
    const lines = last.split('\n').map((l) => l.trim());
    if (last && lines.length <= 3 && lines.every((l) => l.length <= 60 && !sentenceBreak(l)) && source.slice(headEnd, lastBreak.index).trim()) {
      signoff = last;
      tailStart = lastBreak.index!;
    }
  }
  return { head: source.slice(0, headEnd), body: source.slice(headEnd, tailStart).trim(), tail: source.slice(tailStart).trimEnd(), greeting, signoff };
}

const paragraphsOf = (body: string) => body.split(/\n\s*\n/u).map((p) => p.replace(/\s*\n\s*/gu, ' ').trim()).filter(Boolean);

/**
 * The register a wish is written in when nothing else says so: warm if it already speaks of love
 * or hugs, otherwise the one that is safe for a boss or a client.
 */
export function registerOfText(text: string): Register {
  if (registerBreaks(text).length) return 'warm';
  const { greeting, signoff } = frameOf(text);
  if (/\b(?:regards|sincerely|faithfully|respectfully)\b/iu.test(signoff ?? '') && !/\b(?:hi|hey)\b/iu.test(greeting ?? '')) return 'formal';
  return 'work';
}

export interface RewriteContext {
  /** The register of the wish, from its settings; inferred from the text when absent. */
  register?: Register;
  /** The occasion (from the settings, else read from the text) and the audience when known: a light line must fit both. */
  topic?: TopicKey;
  audience?: AudienceKey;
}

const toneOf = (register: Register): CorpusTone => (register === 'warm' ? 'warm' : 'work');

/** A line from `pool` that the text does not have yet and that repeats no content word of `previous`. */
function freshLine(pool: readonly string[], text: string, previous: string, random: Random): string | null {
  const unused = pool.filter((line) => !text.includes(line));
  const fitting = unused.filter((line) => !sharedContentWords(previous, line).length);
  return fitting.length ? pick(fitting, random) : unused.length ? pick(unused, random) : null;
}

const lastSentence = (paragraph: string) => sentencesIn(paragraph).at(-1) ?? paragraph;

function withSignoff(frame: WishFrame, body: string[], signoff: string | null): string {
  const head = frame.head || '';
  const tail = signoff ? `\n\n${signoff}` : '';
  return `${head}${body.join('\n\n')}${tail}`;
}

/** Keeps the greeting and sign-off exactly and about half of the body: its first and last sentences and those that speak to the reader most. */
function shorter(frame: WishFrame): string | null {
  const all = paragraphsOf(frame.body).flatMap((p) => sentencesIn(p));
  if (all.length <= 1) return null;
  const keep = Math.max(1, Math.ceil(all.length / 2) - (all.length > 3 ? 1 : 0));
  const personal = (s: string) => (s.match(/\b(you|your|yours)\b/giu) ?? []).length;
  const chosen = new Set<number>([0]);
  if (keep > 1) chosen.add(all.length - 1);
  const middle = all
    .map((text, index) => ({ text, index }))
    .slice(1, -1)
    .sort((a, b) => personal(b.text) - personal(a.text));
  for (const { index } of middle) {
    if (chosen.size >= keep) break;
    chosen.add(index);
  }
  const body = all.filter((_, i) => chosen.has(i)).join(' ');
  return `${frame.head}${body}${frame.tail}`;
}

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
  [/\bcongrats\b/giu, 'congratulations'],
];

const keepInitialCase = (original: string, replacement: string) =>
  /^[A-Z]/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;

function formalGreeting(greeting: string): string {
  const casual = /^(?:hey|hi|hello|yo|well, hello|dearest|my dear|my darling)(?: there)?,?\s+(.+?)[!,.]*$/iu.exec(greeting);
  return casual ? `Dear ${casual[1]},` : greeting.replace(/!$/u, ',');
}

const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;
const FORMAL_SIGNOFFS = ['Kind regards,', 'With best regards,', 'Yours sincerely,'];

function moreFormal(frame: WishFrame, random: Random): string {
  const rewrite = (p: string) => {
    // Endearments have no place in a formal note: their sentences go, while some of the body stays.
    const sentences = sentencesIn(p);
    const kept = sentences.filter((s) => !INTIMATE_WORDS.test(s));
    let out = nlp((kept.length ? kept : sentences).join(' ')).contractions().expand().all().text();
    for (const [re, word] of FORMAL_WORDS) out = out.replace(re, (m) => keepInitialCase(m, word));
    return out.replace(EMOJI, '').replace(/!+/gu, '.').replace(/\.{2,}/gu, '.').replace(/[ \t]{2,}/gu, ' ').trim();
  };
  const body = paragraphsOf(frame.body).map(rewrite).filter(Boolean);
  const greeting = frame.greeting ? `${formalGreeting(frame.greeting)}\n\n` : '';
  return withSignoff({ ...frame, head: greeting }, body, pick(FORMAL_SIGNOFFS.filter((c) => c !== frame.signoff), random));
}

/** What a formal letter says, and what a friendly note says instead. */
const CASUAL_PHRASES: Array<[RegExp, string]> = [
  [/\bPlease accept my (?:warmest |sincere |heartfelt )?congratulations on\b/gu, 'Congratulations on'],
  [/\bplease accept my (?:warmest |sincere |heartfelt )?congratulations on\b/gu, 'congratulations on'],
  [/\bOn the occasion of your ([\w' ]+?), I (?:send|offer) (?:you )?my (?:sincere |warmest )?congratulations\b/gu, 'Happy $1'],
  [/\bWith every good wish for\b/gu, 'All the best for'],
  [/\bI wish you a most enjoyable\b/gu, 'Enjoy your'],
  [/\bI am\b/gu, "I'm"],
  [/\bIt is\b/gu, "It's"],
  [/\bsincerely\b/gu, 'really'],
  [/\bmost (?=enjoyable|deserved|welcome)/gu, 'really '],
];
const CASUAL_SIGNOFFS: Record<CorpusTone, string[]> = { warm: ['Warmly,', 'All the best,', 'Take care,'], work: ['All the best,', 'Best wishes,', 'Warm wishes,'] };
const STIFF_SIGNOFFS = new Set(['Kind regards,', 'With best regards,', 'Yours sincerely,', 'Yours faithfully,', 'With kind regards,', 'Respectfully,']);

/**
 * "less formal", "more casual": a friendlier greeting ("Dear Anna," → "Hi Anna,"), contractions,
 * the letter's set phrases in everyday words, a sign-off that is not a business letter's. Never
 * more formal, whatever the register (a note to a boss stays free of love and hugs).
 */
export function lessFormal(text: string, register: Register, random: Random = Math.random): string {
  const frame = frameOf(text);
  if (!frame.body) return text.trim();
  const tone = toneOf(register === 'formal' ? 'work' : register);
  const body = paragraphsOf(frame.body).map((p) => {
    let out = nlp(p).contract().all().text();
    for (const [re, words] of CASUAL_PHRASES) out = out.replace(re, words);
    return out;
  });
  const head = frame.greeting ? frame.head.replace(/^(\s*)(?:Dear|Dearest|To)\s+(?:(?:Mr|Mrs|Ms|Mx|Dr|Prof)\.?\s+)?/u, '$1Hi ') : frame.head;
  const signoffs = CASUAL_SIGNOFFS[tone].filter((c) => c !== frame.signoff);
  const signoff = frame.signoff && !STIFF_SIGNOFFS.has(frame.signoff) ? frame.signoff : pick(signoffs, random);
  return withSignoff({ ...frame, head }, body, frame.signoff || frame.greeting ? signoff : null).trim();
}

function warmer(frame: WishFrame, register: Register, random: Random): string {
  const tone = toneOf(register);
  // Contractions read warmer, but a formal note keeps its full forms.
  const body = paragraphsOf(frame.body).map((p) => (register === 'formal' ? p : nlp(p).contract().all().text()));
  const line = freshLine(FRAMES.warmer[tone].lines, frame.body, lastSentence(body.at(-1) ?? ''), random);
  if (line) body[body.length - 1] = `${body[body.length - 1]} ${line}`.trim();
  let head = frame.head;
  if (frame.greeting && tone === 'warm') head = head.replace(/^(\s*)Dear\b/u, '$1Dearest').replace(/^(\s*)(Hi|Hey)\b/u, '$1Dear');
  const signoffs = FRAMES.warmer[tone].signoffs.filter((c) => c !== frame.signoff);
  return withSignoff({ ...frame, head }, body, frame.signoff || frame.greeting ? pick(signoffs, random) : null);
}

/** The tagged lines that fit the occasion, the register and (when known) the person. */
function fittingLines(pool: readonly TaggedLine[], register: Register, topic: TopicKey, audience?: AudienceKey): string[] {
  return pool.filter((l) => fitsContext(l.fits, { topic, register, audience })).map((l) => l.line);
}

/**
 * A light line and sign-off that fit: a get-well card gets a gentle one, a formal note a dignified
 * smile rather than a joke, the printer stays at the office.
 */
function funnier(frame: WishFrame, register: Register, topic: TopicKey, audience: AudienceKey | undefined, random: Random): string {
  const body = paragraphsOf(frame.body);
  const line = freshLine(fittingLines(FRAMES.funnier[register].lines, register, topic, audience), frame.body, lastSentence(body.at(-1) ?? ''), random);
  if (line) body[body.length - 1] = `${body[body.length - 1]} ${line}`.trim();
  const signoffs = fittingLines(FRAMES.funnier[register].signoffs, register, topic, audience).filter((c) => c !== frame.signoff);
  if (!signoffs.length) signoffs.push(register === 'formal' ? 'Kind regards,' : 'Warmly,');
  return withSignoff(frame, body, frame.signoff || frame.greeting ? pick(signoffs, random) : null);
}

/**
 * Rewrites `text` as asked; the result is never empty. "shorter" on a body of one sentence has
 * nothing to drop and gives the text back unchanged.
 */
export function improveText(text: string, instruction: ImproveInstruction, random: Random = Math.random, context: RewriteContext = {}): string {
  const frame = frameOf(text);
  if (!frame.body) return text.trim();
  const register = context.register ?? registerOfText(text);
  let out: string | null;
  if (instruction === 'shorter') out = shorter(frame);
  else if (instruction === 'more formal') out = moreFormal(frame, random);
  else if (instruction === 'warmer') out = register === 'formal' || register === 'work' ? warmer(frame, register, random) : warmer(frame, 'warm', random);
  else out = funnier(frame, register, context.topic ?? topicKeyOf(text), context.audience, random);
  return out?.trim() || text.trim();
}

