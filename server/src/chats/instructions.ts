/**
 * The instructions the offline generator follows in a wish's chat, and what it answers:
 * - the four rewrites of improve.ts ("make it warmer", "shorter please", "funnier", "more formal");
 * - "mention …" (a sentence about it joins the last paragraph);
 * - "add a line about …" (a sentence about it as a paragraph of its own);
 * - "make it rhyme" (a rhyming couplet joins the end; a whole rhyming rewrite needs a model).
 * Anything else leaves the text as it is, and the reply says so and lists what works offline.
 * The mentioned thing is rewritten for the reader with weave.ts ("her new job" → "your new job",
 * "she passed her exam" → "you passed your exam"), never pasted back as typed where that can be avoided.
 */
import type { ImproveInstruction } from '@wishes/shared/contract';
import { improveText } from '../generator/improve';
import type { Random } from '../generator/template';
import { weaveDetails } from '../generator/weave';

export type OfflineInstruction =
  | { kind: 'improve'; instruction: ImproveInstruction }
  | { kind: 'mention'; subject: string }
  | { kind: 'addLine'; subject: string }
  | { kind: 'rhyme' }
  | { kind: 'unsupported' };

export interface ChatTurnResult {
  /** What the assistant says about the new version. */
  reply: string;
  /** The new version (the same text when nothing changed). */
  text: string;
  /** False when the instruction could not be followed and the text is unchanged. */
  changed: boolean;
}

export const OFFLINE_HELP =
  'Offline I can: make it warmer, shorter, funnier or more formal; "mention …" something; "add a line about …" something; or "make it rhyme".';

export const CHAT_REPLIES = {
  improve: (instruction: ImproveInstruction) => `I made it ${instruction === 'more formal' ? 'more formal' : instruction}.`,
  mention: (subject: string) => `I mentioned ${subject}.`,
  addLine: (subject: string) => `I added a line about ${subject}.`,
  /** For something that happens ("you passed your test"), quoting the new sentence reads better than "about you passed …". */
  added: (sentence: string) => `I added: “${sentence}”`,
  rhyme: 'I added a rhyming couplet at the end. A whole rhyming rewrite needs the AI model, which is not switched on here.',
  unsupported: `Sorry, I can't follow that instruction offline, so the text is unchanged. ${OFFLINE_HELP}`,
} as const;

const REWRITES: Array<[ImproveInstruction, RegExp]> = [
  ['more formal', /\b(more formal|formal|professional|polite|politer|more polite)\b/u],
  ['warmer', /\b(warmer|warm|more heartfelt|heartfelt|kinder|more loving|loving|sweeter|more affectionate)\b/u],
  ['shorter', /\b(shorter|short|shorten|briefer|brief|concise|more concise|trim it|cut it down|less long)\b/u],
  ['funnier', /\b(funnier|funny|more fun|humou?r|humorous|a joke|jokier|lighter)\b/u],
];

const POLITE = /^(?:(?:please|pls|can you|could you|would you|will you|kindly|now|and|also|maybe|ok|okay)[\s,]+)+/u;
const TRAILING = /[\s.!?…]+$/u;

/** Which offline instruction `message` is; `unsupported` when none fits. */
export function parseInstruction(message: string): OfflineInstruction {
  const raw = message.replace(/\s+/g, ' ').trim().replace(TRAILING, '');
  const lower = raw.toLowerCase().replace(POLITE, '');
  const cut = raw.length - lower.length;
  const original = raw.slice(cut);

  const addLine = /^(?:add|write|include|put in|throw in)\s+(?:a |one |another )?(?:line|sentence|word|bit|note|something|paragraph)\s+(?:about|on|for|mentioning|regarding)\s+(.+)$/u.exec(lower);
  if (addLine) return { kind: 'addLine', subject: original.slice(lower.length - addLine[1].length) };
  const mention = /^(?:mention|mentioning|include|talk about|say something about|refer to|bring up|don't forget|do not forget)\s+(.+)$/u.exec(lower);
  if (mention) return { kind: 'mention', subject: original.slice(lower.length - mention[1].length) };
  if (/\b(rhyme|rhymes|rhyming|poem|poetic|in verse)\b/u.test(lower)) return { kind: 'rhyme' };
  // Only a short "make it …" style request is a rewrite: "make it shorter and add her dog" is more than we can do.
  if (lower.split(' ').length <= 6 && !/\b(and|but|then|also)\b/u.test(lower)) {
    for (const [instruction, pattern] of REWRITES) if (pattern.test(lower)) return { kind: 'improve', instruction };
  }
  return { kind: 'unsupported' };
}

const pick = <T>(items: readonly T[], random: Random): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))];
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Frames for something that happens (a clause with a verb), by tense; `{}` is the clause. */
const EVENT_FRAMES: Record<'past' | 'now' | 'coming', string[]> = {
  past: ['I was so glad to hear {}.', 'I still smile when I think that {}.', 'And I have not forgotten that {}.'],
  now: ['I love that {}.', 'It makes me smile that {}.', 'And I know {}.'],
  coming: ['I am so excited that {}.', 'I can hardly wait: {}.', 'And I am cheering you on, because {}.'],
};

/** Frames for a thing (a noun phrase: "the cake", "your new puppy"). */
const THING_FRAMES = [
  'And of course, {}: it makes the day even better.',
  'I could not write this without a word about {}.',
  'Here is to {}, too!',
  'And {} deserves a special mention.',
];

const SENDER_FRAMES = ['And {}.', 'Also, {}.'];

/**
 * One sentence about `subject`, addressed to the reader: "the cake" stays a thing; "her new job"
 * becomes "your new job"; "she passed her exam" becomes "you passed your exam".
 */
export function sentenceAbout(subject: string, name: string, random: Random = Math.random): { sentence: string; subject: string; thing: boolean } {
  const woven = weaveDetails(subject.replace(/^that\s+/iu, ''), name);
  const clause = woven.clause || subject.trim();
  let frame: string;
  if (woven.subject === 'me') frame = pick(SENDER_FRAMES, random);
  else if (woven.tense === 'none') frame = pick(THING_FRAMES, random);
  else if (woven.tense === 'past') frame = pick(EVENT_FRAMES.past, random);
  else if (woven.tense === 'future' || woven.tense === 'ongoing') frame = pick(EVENT_FRAMES.coming, random);
  else frame = pick(EVENT_FRAMES.now, random);
  const sentence = capitalise(frame.replace('{}', clause)).replace(/([.!?])\.$/u, '$1');
  const extra = woven.more.length ? ` ${woven.more.join(' ')}` : '';
  return { sentence: sentence + extra, subject: clause, thing: woven.tense === 'none' && woven.subject !== 'me' };
}

/** Couplets that rhyme; `{name}` is the reader. */
const COUPLETS = [
  'So here is a rhyme, {name}, to brighten your day:\nmay joy and good fortune be coming your way.',
  'Roses are red and the sky can be blue,\nbut nothing is brighter, {name}, than you.',
  'A toast and a cheer and a hug sent from me,\n{name}, you are the best that a person can be.',
  'With laughter and love and a sky full of stars,\nthe world is much kinder, {name}, for being ours.',
];

/** Paragraphs of a wish, and whether its last one is a short closing line ("With love,"). */
function paragraphsOf(text: string) {
  const paragraphs = text.replace(/\r\n/g, '\n').split(/\n\s*\n/u).map((p) => p.trim()).filter(Boolean);
  const last = paragraphs[paragraphs.length - 1] ?? '';
  const closer = paragraphs.length > 1 && last.length <= 60 && !/[.!?]\s+\S/u.test(last) ? paragraphs.pop()! : null;
  return { paragraphs, closer };
}

const joinParagraphs = (paragraphs: string[], closer: string | null) => [...paragraphs, ...(closer ? [closer] : [])].join('\n\n');

function mention(text: string, sentence: string): string {
  const { paragraphs, closer } = paragraphsOf(text);
  if (!paragraphs.length) return sentence;
  paragraphs[paragraphs.length - 1] = `${paragraphs[paragraphs.length - 1]} ${sentence}`;
  return joinParagraphs(paragraphs, closer);
}

function addParagraph(text: string, paragraph: string): string {
  const { paragraphs, closer } = paragraphsOf(text);
  return joinParagraphs([...paragraphs, paragraph], closer);
}

/** The name to write in a couplet: the settings' name without titles, or "friend". */
const shortName = (name: string) => name.replace(/\s+/g, ' ').trim() || 'friend';

/** Follows one instruction on `text` offline. */
export function followOffline(text: string, message: string, name: string, random: Random = Math.random): ChatTurnResult {
  const parsed = parseInstruction(message);
  switch (parsed.kind) {
    case 'improve': {
      const out = improveText(text, parsed.instruction, random);
      return { reply: CHAT_REPLIES.improve(parsed.instruction), text: out, changed: out !== text };
    }
    case 'mention': {
      const about = sentenceAbout(parsed.subject, name, random);
      return { reply: about.thing ? CHAT_REPLIES.mention(about.subject) : CHAT_REPLIES.added(about.sentence), text: mention(text, about.sentence), changed: true };
    }
    case 'addLine': {
      const about = sentenceAbout(parsed.subject, name, random);
      return { reply: about.thing ? CHAT_REPLIES.addLine(about.subject) : CHAT_REPLIES.added(about.sentence), text: addParagraph(text, about.sentence), changed: true };
    }
    case 'rhyme': {
      const fresh = COUPLETS.map((c) => c.replace('{name}', shortName(name))).filter((c) => !text.includes(c));
      if (!fresh.length) return { reply: CHAT_REPLIES.unsupported, text, changed: false };
      return { reply: CHAT_REPLIES.rhyme, text: addParagraph(text, pick(fresh, random)), changed: true };
    }
    default:
      return { reply: CHAT_REPLIES.unsupported, text, changed: false };
  }
}
