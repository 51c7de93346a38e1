/**
 * The instructions the offline generator follows in a wish's chat, and what it answers:
 * - the four rewrites of improve.ts ("make it warmer", "shorter please", "funnier", "more formal");
 * - "mention …" (a sentence about it joins the last paragraph);
 * - "add a line about …" (a sentence about it as a paragraph of its own);
 * - "make it rhyme" (the closing sentence becomes a couplet written for the occasion and register;
 *   a whole rhyming rewrite needs a model).
 * Anything else leaves the text as it is, and the reply says so and lists what works offline.
 * The mentioned thing is rewritten for the reader with weave.ts ("her new job" → "your new job",
 * "she passed her exam" → "you passed your exam") and always lands in a whole sentence with its
 * verb. Every rewrite keeps the wish's greeting and sign-off and its register (from the chat's
 * settings): a note to a boss is never given "love" or hugs.
 */
import type { GenerateRequest, ImproveInstruction } from '@wishes/kit-contract/api';
import { FRAMES, type Register } from './corpus';
import { sentencesIn, sharedContentWords } from './grammar';
import { frameOf, improveText, lessFormal, registerOfText } from './improve';
import { audienceKeyOf, squash, styleKeyOf, topicKeyOf, type TopicKey } from './keys';
import { registerOf, toneOf, type Random } from './template';
import { detailToWeave, wovenSentences } from './weave';

export type OfflineInstruction =
  | { kind: 'improve'; instruction: ImproveInstruction }
  | { kind: 'lessFormal' }
  /** Understood, but not something the offline writer can do ("longer", "less funny", "end with a toast"). */
  | { kind: 'notOffline'; what: string }
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
  'Offline I can: make it warmer, shorter, funnier, more formal or less formal; "mention …" something; "add a line about …" something; or "make it rhyme".';

export const CHAT_REPLIES = {
  improve: (instruction: ImproveInstruction) => `I made it ${instruction === 'more formal' ? 'more formal' : instruction}.`,
  lessFormal: 'I made it less formal.',
  notOffline: (what: string) => `I can't ${what} offline, so I left that part out.`,
  mention: (subject: string) => `I mentioned ${subject}.`,
  addLine: (subject: string) => `I added a line about ${subject}.`,
  /** For something that happens ("you passed your test"), quoting the new sentence reads better than "about you passed …". */
  added: (sentence: string) => `I added: “${sentence}”`,
  rhyme: 'I rewrote the closing as a rhyming couplet. A whole rhyming rewrite needs the AI model, which is not switched on here.',
  alreadyShort: 'It is already as short as I can make it without losing the greeting or the sign-off, so I left it as it is.',
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

/** What opens an instruction of its own: "…and make it end with a toast", "…, then shorter". */
const INSTRUCTION_START =
  /^(?:please\s+|also\s+|now\s+|maybe\s+)*(?:make|add|mention|include|put|write|end|finish|close|start|open|turn|use|keep|change|remove|drop|say|give|shorten|cut|sign|rhyme|talk|bring|throw|refer|don't|do not|no|less|more|not|warmer|shorter|funnier|longer|briefer|friendlier|lighter|softer|simpler)\b/iu;

/**
 * A message of several instructions, part by part: "mention the sailing trip around Scotland and
 * make it end with a toast" is two. It splits on "and", "then", ";" and commas only where an
 * instruction of its own follows, so "mention her dog and her cat" stays one.
 */
export function instructionParts(message: string): string[] {
  const raw = message.replace(/\s+/g, ' ').trim();
  const pieces = raw.split(/(\s*;\s*|\s*,\s*(?:and\s+|then\s+|and then\s+)?|\s+and then\s+|\s+then\s+|\s+and\s+)/iu);
  const parts: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = pieces[i].trim();
    if (!piece) continue;
    if (parts.length && !INSTRUCTION_START.test(piece)) parts[parts.length - 1] += `${pieces[i - 1]}${piece}`;
    else parts.push(piece);
  }
  return parts.length ? parts : [raw];
}

/** "less formal", "not so long", "more casual": negations and comparatives, read before the plain words match. */
const NEGATED: Array<[RegExp, OfflineInstruction]> = [
  [/\b(?:less|not (?:so|as|too)|too|way too) (?:casual|informal|chatty|jokey)\b|\bmore (?:serious|professional|polite)\b/u, { kind: 'improve', instruction: 'more formal' }],
  [/\b(?:less|not (?:so|as|too)|too|way too|overly) (?:formal|stiff|stuffy|serious|businesslike|official|posh)\b|\b(?:more )?(?:casual|relaxed|informal|laid[- ]back|chatty|chattier|friendlier)\b|\bnot formal\b|\bless of a (?:business )?letter\b/u, { kind: 'lessFormal' }],
  [/\b(?:less|not (?:so|as|too)|too|way too) (?:long|wordy)\b|\bnot as much\b|\bfewer words\b/u, { kind: 'improve', instruction: 'shorter' }],
  [/\b(?:less|not (?:so|as|too)|too|way too) (?:cold|stiff and cold|distant|dry)\b/u, { kind: 'improve', instruction: 'warmer' }],
  [/\b(?:less|not (?:so|as|too)|too|way too) (?:funny|silly|jokey|cheesy)\b|\bno jokes?\b|\bwithout (?:the )?jokes?\b/u, { kind: 'notOffline', what: 'take the jokes out' }],
  [/\b(?:less|not (?:so|as|too)|too|way too) (?:warm|soppy|sentimental|mushy|emotional|gushing)\b/u, { kind: 'notOffline', what: 'tone the feeling down' }],
  [/\b(?:longer|less short|not (?:so|as|too) short|too short|more detail|expand|lengthen)\b/u, { kind: 'notOffline', what: 'make it longer' }],
];

/** Which offline instruction `message` is; `unsupported` when none fits. One instruction: see instructionParts. */
export function parseInstruction(message: string): OfflineInstruction {
  const raw = message.replace(/\s+/g, ' ').trim().replace(TRAILING, '');
  const lower = raw.toLowerCase().replace(POLITE, '');
  const cut = raw.length - lower.length;
  const original = raw.slice(cut);
  // A subject that is itself an instruction ("…and make it end with a toast") is never mentioned in the wish.
  const notInstruction = (subject: string) => !/\b(?:make (?:it|the|this)|end (?:it )?with|start (?:it )?with|sign (?:it )?off|more formal|less formal|shorter|funnier|warmer)\b/iu.test(subject);

  const addLine = /^(?:add|write|include|put in|throw in)\s+(?:a |one |another )?(?:line|sentence|word|bit|note|something|paragraph)\s+(?:about|on|for|mentioning|regarding)\s+(.+)$/u.exec(lower);
  if (addLine && notInstruction(addLine[1])) return { kind: 'addLine', subject: original.slice(lower.length - addLine[1].length) };
  const mention = /^(?:mention|mentioning|include|talk about|say something about|refer to|bring up|don't forget|do not forget)\s+(.+)$/u.exec(lower);
  if (mention && notInstruction(mention[1])) return { kind: 'mention', subject: original.slice(lower.length - mention[1].length) };
  if (/\b(rhyme|rhymes|rhyming|poem|poetic|in verse)\b/u.test(lower)) return { kind: 'rhyme' };
  // "don't make it so long" is "not so long".
  const negated = lower.replace(/\b(?:don't|do not|dont) make it (so|too|as)\b/u, 'not $1');
  if (negated.split(' ').length <= 8) for (const [pattern, instruction] of NEGATED) if (pattern.test(negated)) return instruction;
  // Only a short "make it …" style request is a rewrite: "make it shorter and add her dog" is more than we can do.
  if (lower.split(' ').length <= 6 && !/\b(and|but|then|also)\b/u.test(lower)) {
    for (const [instruction, pattern] of REWRITES) if (pattern.test(lower)) return { kind: 'improve', instruction };
  }
  return { kind: 'unsupported' };
}

const pick = <T>(items: readonly T[], random: Random): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))];

/** The register and occasion of the wish: from the chat's settings, else read from the text. */
function contextOf(text: string, settings?: Partial<GenerateRequest>): { register: Register; topic: TopicKey } {
  const register = settings?.style && settings.audience ? registerOf(styleKeyOf(settings.style), audienceKeyOf(settings.audience)) : registerOfText(text);
  const topic = topicKeyOf(settings?.topic ?? text);
  return { register, topic };
}

/**
 * One sentence about `subject`, addressed to the reader: "the cake" stays a thing ("I hope the
 * cake brings you plenty of joy."); "her new job" becomes "your new job"; "she passed her exam"
 * becomes "you passed your exam", inside a sentence that says how the sender feels about it.
 */
export function sentenceAbout(
  subject: string,
  name: string,
  random: Random = Math.random,
  register: Register = 'warm',
  topic: TopicKey = 'generic',
): { sentence: string; subject: string; thing: boolean } {
  const cleaned = squash(subject).replace(/^that\s+/iu, '');
  const detail = detailToWeave(cleaned, name);
  if (detail && detail.kind !== 'thing') {
    const mood = topic === 'getWell' ? 'sorry' : topic === 'thankYou' ? 'thanks' : 'good';
    return { sentence: pick(wovenSentences(detail, mood, register), random), subject: detail.clause, thing: false };
  }
  // A thing: the words as the reader would say them ("her garden" → "your garden").
  const thing = detail?.clause ?? cleaned.replace(/[.!?]+$/u, '');
  const sentence = pick(FRAMES.mentionThing[register], random).replace('{d}', () => thing);
  return { sentence: sentence.charAt(0).toUpperCase() + sentence.slice(1), subject: thing, thing: true };
}

/** The body paragraphs of a wish and what stays around them (see improve.ts frameOf). */
function bodyParagraphs(text: string) {
  const frame = frameOf(text);
  const paragraphs = frame.body.split(/\n\s*\n/u).map((p) => p.trim()).filter(Boolean);
  return { frame, paragraphs };
}

const rebuild = (frame: ReturnType<typeof frameOf>, paragraphs: string[]) => `${frame.head}${paragraphs.join('\n\n')}${frame.tail}`;

function mention(text: string, sentence: string): string {
  const { frame, paragraphs } = bodyParagraphs(text);
  if (!paragraphs.length) return `${text.trim()}\n\n${sentence}`.trim();
  paragraphs[paragraphs.length - 1] = `${paragraphs[paragraphs.length - 1]} ${sentence}`;
  return rebuild(frame, paragraphs);
}

function addParagraph(text: string, paragraph: string): string {
  const { frame, paragraphs } = bodyParagraphs(text);
  return rebuild(frame, [...paragraphs, paragraph]);
}

/**
 * The closing sentence of the body rewritten as a couplet for the occasion and register; null when
 * every couplet is already in the text.
 */
function rhyme(text: string, register: Register, topic: TopicKey, random: Random): string | null {
  const couplets = FRAMES.couplets[topic]?.[toneOf(register)] ?? FRAMES.couplets.generic[toneOf(register)];
  const fresh = couplets.filter((c) => !text.includes(c));
  if (!fresh.length) return null;
  const { frame, paragraphs } = bodyParagraphs(text);
  const last = paragraphs.length ? sentencesIn(paragraphs[paragraphs.length - 1]) : [];
  const before = last.length > 1 || paragraphs.length > 1 ? last.slice(0, -1) : last;
  const kept = [...paragraphs.slice(0, -1), before.join(' ')].filter(Boolean);
  const previous = sentencesIn(kept.at(-1) ?? '').at(-1) ?? '';
  const fitting = fresh.filter((c) => !sharedContentWords(previous, c).length);
  return rebuild(frame, [...kept, pick(fitting.length ? fitting : fresh, random)]);
}

/**
 * Follows `message` on `text` offline, part by part ("mention X and make it shorter" is two
 * instructions): each part done, or named as not possible offline; an instruction is never written
 * into the wish. `settings` are the wish's compose settings when known.
 */
export function followOffline(text: string, message: string, name: string, random: Random = Math.random, settings?: Partial<GenerateRequest>): ChatTurnResult {
  const parts = instructionParts(message);
  if (parts.length === 1) return followOne(text, parts[0], name, random, settings);
  let current = text;
  const replies: string[] = [];
  const notDone: string[] = [];
  for (const part of parts) {
    const result = followOne(current, part, name, random, settings);
    if (result.changed) {
      current = result.text;
      replies.push(result.reply);
    } else if (result.reply === CHAT_REPLIES.unsupported) {
      notDone.push(`“${part.replace(TRAILING, '')}”`);
    } else replies.push(result.reply);
  }
  if (notDone.length) replies.push(`I can't do ${notDone.join(' or ')} offline, so that part is left out. ${OFFLINE_HELP}`);
  return { reply: replies.join(' '), text: current, changed: current !== text };
}

function followOne(text: string, message: string, name: string, random: Random, settings?: Partial<GenerateRequest>): ChatTurnResult {
  const parsed = parseInstruction(message);
  const { register, topic } = contextOf(text, settings);
  switch (parsed.kind) {
    case 'improve': {
      const out = improveText(text, parsed.instruction, random, { register, topic, audience: settings?.audience ? audienceKeyOf(settings.audience) : undefined });
      if (out === text.trim() && parsed.instruction === 'shorter') return { reply: CHAT_REPLIES.alreadyShort, text, changed: false };
      return { reply: CHAT_REPLIES.improve(parsed.instruction), text: out, changed: out !== text };
    }
    case 'lessFormal': {
      const out = lessFormal(text, register, random);
      return { reply: CHAT_REPLIES.lessFormal, text: out, changed: out !== text.trim() };
    }
    case 'notOffline':
      return { reply: CHAT_REPLIES.notOffline(parsed.what), text, changed: false };
    case 'mention': {
      const about = sentenceAbout(parsed.subject, name, random, register, topic);
      return { reply: about.thing ? CHAT_REPLIES.mention(about.subject) : CHAT_REPLIES.added(about.sentence), text: mention(text, about.sentence), changed: true };
    }
    case 'addLine': {
      const about = sentenceAbout(parsed.subject, name, random, register, topic);
      return { reply: about.thing ? CHAT_REPLIES.addLine(about.subject) : CHAT_REPLIES.added(about.sentence), text: addParagraph(text, about.sentence), changed: true };
    }
    case 'rhyme': {
      const out = rhyme(text, register, topic, random);
      if (!out) return { reply: CHAT_REPLIES.unsupported, text, changed: false };
      return { reply: CHAT_REPLIES.rhyme, text: out, changed: true };
    }
    default:
      return { reply: CHAT_REPLIES.unsupported, text, changed: false };
  }
}
