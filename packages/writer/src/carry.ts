/**
 * Every fact the sender gave reaches the draft. The composer (template.ts) weaves one detail into
 * the card with care; the other facts of what was typed (facts.ts) used to be dropped. Here each
 * fact the draft does not yet carry gets a sentence of its own: its kind's own lines or a proven
 * frame when they fit and keep every content word, else said plainly ("I know you feed our cat
 * Pixel when we travel."), never dropped silently. Medium and long drafts carry every fact (up to
 * three), a short one at least one. A single fact stays the composer's (its safe path may leave it out). The sentences go before the closing wish, so the card still
 * ends on it (or before the closing couplet of a poetic card).
 */
import type { DraftLength } from '@wishes/kit-contract/api';
import type { DetailMood, Register } from './corpus';
import { FRAMES } from './corpus';
import { contentWordsOf, factsOf, missingWords } from './facts';
import { quickSentences, registerBreaks } from './grammar';
import type { AudienceKey, TopicKey } from './keys';
import { kindSentences } from './kinds';
import { frameSafe, moodFor, SAD } from './safe';
import { detailToWeave, weaveDetails, wovenSentences } from './weave';

type Random = () => number;
const pick = <T>(items: readonly T[], random: Random): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))];

export interface CarryContext {
  details: string;
  name: string;
  topic: TopicKey;
  audience: AudienceKey;
  register: Register;
  mood: DetailMood;
  funny: boolean;
  length: DraftLength;
}

/**
 * Plain sentences for a fact no frame takes safely: the fact as the reader would hear it, with the
 * plainest feeling that fits it (glad, or sorry for something sad), never told back as news they
 * know ("I hear you…", "I have not forgotten that…").
 */
const PLAIN: Record<'glad' | 'sorry' | 'thing' | 'thingSorry' | 'span', Record<Register, string[]>> = {
  glad: {
    warm: ["I'm so glad {c}.", "It's lovely to think {c}."],
    work: ["I'm really glad {c}.", "It's great to think {c}."],
    formal: ['I am very glad {c}.', 'It is a pleasure to think {c}.'],
  },
  sorry: {
    warm: ["I'm so sorry {c}.", "I'm thinking of you, because {c}."],
    work: ["I'm so sorry {c}.", 'My thoughts are with you, as {c}.'],
    formal: ['I was very sorry to learn that {c}.', 'My thoughts are with you, as {c}.'],
  },
  thing: FRAMES.mentionThing as Record<Register, string[]>,
  thingSorry: {
    warm: ["I'm thinking of you and {c}.", 'You and {c} are in my thoughts.'],
    work: ['My thoughts are with you and {c}.', 'You and {c} are in my thoughts.'],
    formal: ['My thoughts are with you and {c}.', 'You and {c} are in my thoughts.'],
  },
  // A span of time ("the 40 years married to Mum"): celebrated, not hoped to "bring joy".
  span: {
    warm: ["Here's to {c}.", 'What a thing to celebrate: {c}.'],
    work: ["Here's to {c}.", 'What a thing to celebrate: {c}.'],
    formal: ['It is a pleasure to mark {c}.', 'I raise a glass to {c}.'],
  },
};

const nameWordsOf = (name: string) => name.split(/[\s,&]+/u).filter((w) => w.length > 1 && !/^(?:and|mr|mrs|ms|dr|the)$/iu.test(w));
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const VERB = /\b(?:is|are|was|were|am|has|have|had|will|would|can|could|do|does|did|'s|'re|'ve|\w+ed|\w+s)\b/iu;

/** A thing said as part of a sentence: "Knee surgery on Tuesday" → "the knee surgery on Tuesday" ("your" on a get-well card). */
function asThing(clause: string, topic: TopicKey): string {
  const bare = clause.replace(/[.!?]+$/u, '');
  if (/^(?:the|your|a|an|my|our|his|her|their)\b/iu.test(bare)) return bare.charAt(0).toLowerCase() + bare.slice(1);
  const lowered = /^[A-Z][a-z]/u.test(bare) && !/^[A-Z][a-z]+\s+[A-Z]/u.test(bare) ? bare.charAt(0).toLowerCase() + bare.slice(1) : bare;
  return `${topic === 'getWell' ? 'your' : 'the'} ${lowered}`;
}

/** One sentence that carries `fact` whole, in the card's register. */
export function sentenceCarrying(fact: string, ctx: CarryContext, random: Random): string {
  const ignore = nameWordsOf(ctx.name);
  const keeps = (line: string) => missingWords(line, fact, ignore).length === 0;
  const fits = (line: string) => keeps(line) && (ctx.register === 'warm' || !registerBreaks(line).length);
  const detail = detailToWeave(fact, ctx.name);
  if (detail) {
    const own = kindSentences(detail.clause, { topic: ctx.topic, audience: ctx.audience, register: ctx.register, funny: ctx.funny });
    const mood = moodFor(detail.clause, ctx.mood);
    const framed = own ?? (mood && detail.kind !== 'thing' && frameSafe(detail.clause, detail.kind, mood, ctx.topic) ? wovenSentences(detail, mood, ctx.register, ctx.funny) : []);
    const typed = fact.toLowerCase().replace(/[.!?]+$/u, '');
    const usable = framed.filter((line) => fits(line) && !line.toLowerCase().startsWith(typed));
    if (usable.length) return pick(usable, random);
  }
  const woven = weaveDetails(fact, ctx.name);
  const clause = (detail?.kind !== 'thing' && detail?.clause) || woven.clause || fact;
  // A clause with its subject first is a sentence even when its verb is bare ("you turn 35", "you
  // still dance in the kitchen"): never "the you turn 35". One that opens on a number is a span of
  // time, not a sentence ("40 years married to Mum", "ten years since we met"): said as a thing.
  const subjectFirst = /^(?:you|we|i|he|she|they)\s+\S/iu.test(clause);
  const numberFirst = /^(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred)\b)/iu.test(clause);
  const hasVerb = subjectFirst || (!numberFirst && woven.tense !== 'none' && VERB.test(clause));
  const table = !hasVerb ? (ctx.mood === 'sorry' ? PLAIN.thingSorry : numberFirst ? PLAIN.span : PLAIN.thing) : SAD.test(clause) ? PLAIN.sorry : PLAIN.glad;
  const said = hasVerb ? clause.replace(/[.!?,;:]+$/u, '') : asThing(clause, ctx.topic);
  const lines = table[ctx.register].map((frame) => capitalise(frame.replace('{c}', () => said).replace('{d}', () => said)));
  return pick(lines.filter(fits).length ? lines.filter(fits) : lines, random);
}

/** The facts of the details that `text` does not carry yet, in the order typed. */
export function factsMissing(text: string, details: string, name: string): string[] {
  const ignore = nameWordsOf(name);
  return factsOf(details).filter((fact) => contentWordsOf(fact, ignore).length > 0 && missingWords(text, fact, ignore).length > 0);
}

/**
 * `text` with a sentence for every fact of the details it lacks (medium and long), or for the first
 * when it carries none (short). The greeting and sign-off stay where they are.
 */
export function carryFacts(text: string, ctx: CarryContext, random: Random): string {
  const facts = factsOf(ctx.details);
  // One fact typed alone is the composer's to weave or, when no frame is safe for it (sad news on a
  // cheerful card, a baby's birth told back to its parents), to leave out; what was dropped was the
  // second and third fact of details written the natural way.
  if (facts.length < 2 && !/[,;]|\s(?:and|then)\s/u.test(ctx.details)) return text;
  const missing = factsMissing(text, ctx.details, ctx.name);
  if (!missing.length) return text;
  const ignore = nameWordsOf(ctx.name);
  const carriedAny = facts.some((fact) => contentWordsOf(fact, ignore).length > 0 && missingWords(text, fact, ignore).length === 0);
  const wanted = ctx.length === 'short' ? (carriedAny ? [] : missing.slice(0, 1)) : missing;
  if (!wanted.length) return text;
  const sentences = wanted.map((fact) => sentenceCarrying(fact, ctx, random));
  const paragraphs = text.split(/\n\s*\n/u);
  if (paragraphs.length < 3) return `${text.trim()} ${sentences.join(' ')}`;
  // The body is between the greeting and the sign-off; a closing couplet (lines within one paragraph) stays last.
  let target = paragraphs.length - 2;
  if (paragraphs[target].includes('\n') && target > 1) {
    target -= 1;
    paragraphs[target] = `${paragraphs[target]} ${sentences.join(' ')}`;
    return paragraphs.join('\n\n');
  }
  const body = quickSentences(paragraphs[target]);
  if (body.length <= 1) paragraphs[target] = `${paragraphs[target]} ${sentences.join(' ')}`;
  else paragraphs[target] = [...body.slice(0, -1), ...sentences, body.at(-1)].join(' ');
  return paragraphs.join('\n\n');
}
