/**
 * Scores an offline wish writer on the evaluation set (prompts.json): does it weave the sender's
 * details into a whole sentence (never pasted back, never without its verb), address the person as
 * "you", keep the register (no love or hugs for a boss, in drafts and in every rewrite), look back
 * in the right tense, avoid repeating a word in the next sentence, keep the frame in its rewrites,
 * honour the length setting and vary? Used by `npm run eval -w @wishes/writer` (prints the
 * table) and by eval.test.ts (thresholds). The writer is passed in, so an older one can be scored
 * with the same measures.
 */
import nlp from 'compromise';
import type { GenerateRequest, ImproveInstruction } from '@wishes/kit-contract/api';
import prompts from './prompts.json';
import variety from './variety.json';
import { fragmentErrors, registerBreaks, repeatsInNextSentence, sameOpenings, sentencesOfText, verbsOf } from '../grammar';
import { seededRandom } from '../testing/random';
import { audienceKeyOf, cleanName, styleKeyOf, STYLE_KEYS } from '../keys';
import { factsOf, missingWords } from '../facts';
import { instructionParts } from '../instructions';
import factPrompts from './facts.json';
import instructionCases from './instructions.json';
import { contradictsRecipient } from '../template';

export type DraftLength = 'short' | 'medium' | 'long';
export const LENGTHS: DraftLength[] = ['short', 'medium', 'long'];

export interface EvalPrompt extends GenerateRequest {
  /** Grammatical person of the details as typed: about the sender, the reader, or a third person. */
  person: 'first' | 'second' | 'third';
}

export const EVAL_PROMPTS = prompts as EvalPrompt[];

/** The generator under test: one draft for a request at a length, drawing from `random`. */
export type ComposeFn = (request: GenerateRequest, length: DraftLength, random: () => number) => string;


const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const normalise = (s: string) => squash(s).toLowerCase().replace(/[.!?…]+$/u, '');

/**
 * The details were pasted back as typed: they stand as their own sentence (after the start, a
 * sentence end, a colon or "P.S.") word for word, instead of being woven into one.
 */
export function pastedVerbatim(draft: string, details: string): boolean {
  // Each sentence of the details on its own too: "…to surf. We have been friends since school."
  const parts = (nlp(details).sentences().out('array') as string[]).filter((s) => s.split(/\s+/u).length >= 4);
  if (parts.length > 1 && parts.some((part) => pastedOne(draft, part))) return true;
  return pastedOne(draft, details);
}

function pastedOne(draft: string, details: string): boolean {
  const needle = normalise(details);
  if (!needle) return false;
  const haystack = draft.toLowerCase();
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    const before = haystack.slice(0, at).trimEnd();
    if (before === '' || /[.!?:\n]$/u.test(before) || /p\.s\.$/u.test(before)) return true;
    from = at + 1;
  }
}

/**
 * Details with third-person pronouns copied unchanged anywhere in the draft ("... broke her
 * ankle ..."): the reader is spoken of, not to.
 */
export function keptThirdPerson(draft: string, prompt: EvalPrompt): boolean {
  return /\b(he|she|him|his|her|hers|they|them|their)\b/iu.test(prompt.details) && draft.toLowerCase().includes(normalise(prompt.details));
}

const THIRD_PERSON = new Set(['he', 'she', 'him', 'his', 'her', 'hers', 'himself', 'herself']);

/**
 * Pronoun and agreement errors found with the compromise tagger: the reader spoken of in the
 * third person, "you" with a third-person verb ("you loves", "you is"), or "I" with a wrong form.
 */
export function pronounErrors(draft: string): string[] {
  const errors: string[] = [];
  const doc = nlp(draft);
  for (const term of doc.terms().json() as Array<{ text: string; terms: Array<{ normal: string; tags: string[] }> }>) {
    const t = term.terms[0];
    if (t && t.tags.includes('Pronoun') && THIRD_PERSON.has(t.normal)) errors.push(`third person: ${term.text}`);
  }
  const agreement: Array<[string, RegExp]> = [['I + wrong form', /\bI (?:is|are|were|has|does|isn't|aren't|doesn't|hasn't)\b/gu]];
  for (const [label, re] of agreement) for (const m of draft.matchAll(re)) errors.push(`${label}: ${m[0]}`);
  // "you loves", "you keeps": a third-person verb right after "you" as a subject. After a
  // preposition or a verb ("a friend like you makes", "Loving you is") "you" is an object.
  for (const sentence of doc.json() as Array<{ terms: Array<{ text: string; normal: string; tags: string[] }> }>) {
    const terms = sentence.terms;
    for (let i = 0; i < terms.length; i++) {
      if (terms[i].normal !== 'you') continue;
      const before = terms[i - 1];
      const subjectSlot =
        !before || before.tags.includes('Conjunction') || ['that', 'how', 'when', 'if', 'because', 'so', 'while', 'as'].includes(before.normal) || (before.tags.includes('Verb') && !before.tags.includes('Gerund'));
      if (!subjectSlot) continue;
      let j = i + 1;
      while (terms[j]?.tags.includes('Adverb')) j++;
      const verb = terms[j];
      if (!verb || !verb.tags.includes('Verb') || verb.tags.includes('Gerund')) continue;
      const word = verb.normal;
      const wrong = ['is', 'was', 'has', 'does', "isn't", "wasn't", "hasn't", "doesn't"].includes(word) || (verb.tags.includes('PresentTense') && /[^s]s$/u.test(word) && thirdPersonForm(word));
      if (wrong) errors.push(`you + third-person verb: ${terms.slice(i, j + 1).map((t) => t.text).join(' ')}`);
    }
  }
  return errors;
}

/** Is the word a verb's third-person singular present form ("loves", not "love" or "kiss")? */
const thirdPersonForms = new Map<string, boolean>();
function thirdPersonForm(word: string): boolean {
  const known = thirdPersonForms.get(word);
  if (known !== undefined) return known;
  const forms = nlp(`she ${word}`).verbs().conjugate()[0] as { Infinitive?: string; PresentTense?: string } | undefined;
  const result = !!forms && forms.PresentTense === word && forms.Infinitive !== word;
  thirdPersonForms.set(word, result);
  return result;
}

/** Sentences of a draft (compromise's splitter), normalised for comparison. */
export function sentencesOf(draft: string): string[] {
  return (nlp(draft).sentences().out('array') as string[]).map((s) => normalise(s)).filter((s) => s.split(' ').length > 2);
}

export function repeatedSentence(draft: string): boolean {
  const seen = new Set<string>();
  for (const sentence of sentencesOf(draft)) {
    if (seen.has(sentence)) return true;
    seen.add(sentence);
  }
  return false;
}

export const wordCount = (draft: string) => draft.split(/\s+/u).filter(Boolean).length;

const trigrams = (draft: string) => {
  const words = draft.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
};

/** 1 − Jaccard similarity of word trigrams: 0 for identical drafts, 1 for nothing shared. */
export function distinctness(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const g of ta) if (tb.has(g)) shared++;
  const union = ta.size + tb.size - shared;
  return union === 0 ? 0 : 1 - shared / union;
}

/** The details are in the draft: their longest word is (the rest may be rewritten for the reader). */
export function detailWoven(draft: string, details: string): boolean {
  // The two longest words, since a woven verb may change its form ("presenting at the conference" → "as you present at the conference").
  const longest = (details.toLowerCase().match(/[\p{L}]{4,}/gu) ?? []).sort((a, b) => b.length - a.length).slice(0, 2);
  return !longest.length || longest.some((word) => draft.toLowerCase().includes(word));
}

/** A wish writer as the evaluation drives it: drafts, variants, the four rewrites and the chat's instructions. */
export interface Writer {
  compose: ComposeFn;
  variants?: VariantsFn;
  improve(text: string, instruction: ImproveInstruction, prompt: GenerateRequest, random: () => number): string;
  chat(text: string, message: string, prompt: GenerateRequest, random: () => number): { text: string; reply: string; changed: boolean };
}

/** Several drafts for one request, as `variants: 3` asks for. */
export type VariantsFn = (request: GenerateRequest, length: DraftLength, count: number, random: () => number) => string[];

export const IMPROVE_INSTRUCTIONS: ImproveInstruction[] = ['warmer', 'shorter', 'funnier', 'more formal'];
/** What the evaluation asks the chat to mention: things and events, about the reader and the sender. */
export const MENTIONS = ['her garden', 'the cake', 'his new puppy', 'she passed her driving test last week', 'we met at school', 'the trip to Rome', 'Her New Job', 'our coffee breaks'];
const UNSUPPORTED = 'translate it to French';

/** The register the issue names: the formal style, or a boss, client or teacher. */
export const isReserved = (p: GenerateRequest) => /formal/iu.test(p.style) || /^(boss|client|teacher)$/iu.test(p.audience);

/** Retirement looks back: "it is an honour to work under you" is the wrong tense. */
export function presentLookBack(text: string): boolean {
  return /\b(?:is|it's|has been)\s+(?:an honour|an honor|a privilege|a pleasure|a joy)\s+to\s+(?:work|serve|learn)\b/iu.test(text) || /\bto work (?:with|under|alongside|for) you\b/iu.test(text);
}

const firstLine = (t: string) => t.trim().split('\n')[0].trim();
const lastLine = (t: string) => t.trim().split('\n').at(-1)!.trim();

/** "shorter" kept the greeting line and the sign-off line exactly, and the body got shorter. */
export function keptFrame(before: string, after: string): boolean {
  return firstLine(after) === firstLine(before) && lastLine(after) === lastLine(before) && after.trim().length < before.trim().length;
}

/** Sentences of `after` that `before` did not have. */
export function addedSentences(before: string, after: string): string[] {
  const old = new Set(sentencesOfText(before));
  return sentencesOfText(after).filter((s) => !old.has(s));
}

/** A sentence that stands: it has a verb and no clause without one. */
export const wellFormed = (sentence: string) => verbsOf(sentence).length > 0 && fragmentErrors(sentence).length === 0;

/** Words that say what each occasion is about, for "does the couplet fit the topic". */
export const TOPIC_WORDS: Record<string, RegExp> = {
  Birthday: /birthday|candles|year older|another year|cake/iu,
  Wedding: /wedding|vow|couple|side by side|two hearts|married/iu,
  Anniversary: /years?|anniversary|milestone|hand in hand|page turned/iu,
  'New Baby': /little one|baby|lullab|tiny/iu,
  Graduation: /cap|graduat|hard work|success|chapter|late nights/iu,
  'New Job': /job|role|desk|team|start/iu,
  Retirement: /retire|work years|years you gave|alarms|weekdays|wisdom you shared/iu,
  'Get Well': /heal|mend|recover|rest|well|strength|health/iu,
  'New Home': /home|door|walls|kettle|key|place/iu,
  Holidays: /season|holiday|year|lights|cheer/iu,
  'Thank You': /thank|kindness|help/iu,
  'Good Luck': /luck|test|shine|cheering|moment/iu,
};

const RHYME_SOUNDS: Array<[RegExp, string]> = [
  [/^(?:vow|now|how|bow|wow|allow)$/u, 'au'],
  [/(?:ew|ou|oo|ue|u)$/u, 'oo'],
  [/(?:ere|eer|ear)$/u, 'eer'],
  [/(?:ighs|ies|yes|eyes)$/u, 'ize'],
  [/(?:ight|ite)$/u, 'ite'],
  [/(?:ay|ey)$/u, 'ay'],
  [/(?:owed|oad|ode)$/u, 'ode'],
  [/(?:done|un)$/u, 'un'],
  [/(?:own|one|oan)$/u, 'own'],
  [/(?:anned|and)$/u, 'and'],
  [/(?:iss|is)$/u, 'iss'],
  [/(?:ead|ed)$/u, 'ed'],
  [/(?:ow|oe|o)$/u, 'oh'],
  [/(?:ee|e|ea)$/u, 'ee'],
];
const rhymeKey = (word: string) => {
  const w = word.toLowerCase().replace(/[^a-z]/gu, '');
  for (const [re, key] of RHYME_SOUNDS) if (re.test(w)) return key;
  return w.slice(-3);
};

/** The closing became a couplet: two lines that rhyme, fitting the occasion, before the sign-off kept as it was. */
export function closingCouplet(before: string, after: string, topic: string): boolean {
  const lines = after.trim().split('\n').map((l) => l.trim());
  if (lastLine(after) !== lastLine(before)) return false;
  const couplet = lines.slice(0, -1).filter(Boolean).slice(-2);
  if (couplet.length < 2) return false;
  const ends = couplet.map((l) => l.replace(/[^\p{L}\s]/gu, '').trim().split(/\s+/u).at(-1) ?? '');
  const fits = TOPIC_WORDS[topic]?.test(couplet.join(' ')) ?? true;
  return rhymeKey(ends[0]) === rhymeKey(ends[1]) && fits;
}

export interface EvalReport {
  prompts: number;
  drafts: number;
  /** Share of drafts with the details (or one of their sentences) pasted as a sentence, word for word. */
  verbatimPasteRate: number;
  /** Share of third-person details copied unchanged (still "her", "his", "she ..."). */
  thirdPersonKeptRate: number;
  /** Pronoun/agreement errors per draft. */
  pronounErrorsPerDraft: number;
  /** Share of drafts with a clause left without its verb ("I love that your garden."). */
  verblessRate: number;
  /** Share of drafts in which a sentence repeats a content word of the one before. */
  repeatedWordRate: number;
  /** Share of drafts repeating a whole sentence. */
  repeatedSentenceRate: number;
  /** Share of drafts with two body sentences that open the same way (two blessings, "I hope…" twice). */
  sameOpeningRate: number;
  /** Share of formal/boss/client/teacher texts (drafts and every rewrite) with love, hugs or kisses. */
  registerBreakRate: number;
  /** Share of retirement texts (drafts and "warmer") looking back in the present tense. */
  lookBackTenseRate: number;
  /** Share of "shorter" rewrites keeping the greeting and sign-off lines exactly. */
  shorterKeepsFrameRate: number;
  /** Share of "mention …" rewrites whose added sentences all have their verb. */
  mentionSentenceRate: number;
  /** Share of "make it rhyme" rewrites whose closing is a rhyming couplet for the occasion, sign-off kept. */
  rhymeFitRate: number;
  /** Share of unsupported instructions answered honestly with the text unchanged. */
  unsupportedHonestRate: number;
  /** Share of drafts that name the person. */
  namedRate: number;
  /** Share of drafts that carry the details at all (their longest word), woven rather than left out. */
  detailWovenRate: number;
  /** Mean words per length setting. */
  meanWords: Record<DraftLength, number>;
  /** Per style, the share of "Give me 3" runs whose three bodies all differ. */
  threeBodiesRateByStyle: Record<string, number>;
  /** Mean pairwise distinctness of three variants for the same prompt (0–1). */
  variantDistinctness: number;
  /** Examples of the problems found, for the reader of the table. */
  examples: string[];
}

/**
 * Runs every prompt at every length, every rewrite and chat instruction on its medium draft, and
 * three variants per prompt at medium length.
 */
export function evaluate(writer: Writer, seed = 1, prompts: EvalPrompt[] = EVAL_PROMPTS, maxExamples = 12): EvalReport {
  const random = seededRandom(seed);
  const c = { woven: 0, drafts: 0, pasted: 0, kept: 0, third: 0, pronouns: 0, verbless: 0, repeatedWord: 0, repeated: 0, named: 0, sameOpening: 0 };
  const reserved = { texts: 0, broken: 0 };
  const tense = { texts: 0, wrong: 0 };
  const shorter = { texts: 0, kept: 0 };
  const mention = { texts: 0, ok: 0 };
  const rhyme = { texts: 0, ok: 0 };
  const unsupported = { texts: 0, ok: 0 };
  const words: Record<DraftLength, number[]> = { short: [], medium: [], long: [] };
  const examples: string[] = [];
  const example = (line: string) => {
    if (examples.length < maxExamples) examples.push(line);
  };
  prompts.forEach((prompt, index) => {
    const { person: _person, ...request } = prompt;
    const checkRegister = (text: string, what: string) => {
      if (!isReserved(request)) return;
      reserved.texts++;
      const breaks = registerBreaks(text);
      if (breaks.length) {
        reserved.broken++;
        example(`register (${what}, ${request.style} to ${request.audience}): “${breaks[0]}”`);
      }
    };
    const checkTense = (text: string, what: string) => {
      if (!/retire/iu.test(request.topic)) return;
      tense.texts++;
      if (presentLookBack(text)) {
        tense.wrong++;
        example(`tense (${what}): ${text.replace(/\s+/gu, ' ').slice(0, 120)}`);
      }
    };
    let medium = '';
    for (const length of LENGTHS) {
      const draft = writer.compose(request, length, random);
      if (length === 'medium') medium = draft;
      c.drafts++;
      if (pastedVerbatim(draft, prompt.details)) {
        c.pasted++;
        example(`pasted: ${prompt.details}`);
      }
      if (/\b(he|she|him|his|her|hers|they|them|their)\b/iu.test(prompt.details)) c.third++;
      if (keptThirdPerson(draft, prompt)) c.kept++;
      const errors = pronounErrors(draft);
      c.pronouns += errors.length;
      if (errors.length) example(`${errors[0]} (${prompt.details})`);
      const fragments = sentencesOfText(draft).flatMap(fragmentErrors);
      if (fragments.length) {
        c.verbless++;
        example(fragments[0]);
      }
      const repeats = repeatsInNextSentence(draft, request.name.split(/\s+/u));
      if (repeats.length) {
        c.repeatedWord++;
        example(`repeated word ${repeats[0]}`);
      }
      if (repeatedSentence(draft)) c.repeated++;
      const same = sameOpenings(bodyOf(draft), sentencesOfText);
      if (same.length) {
        c.sameOpening++;
        example(`same opening ${same[0]}`);
      }
      // "Dr. Ingrid Olsen" is greeted "Dr. Olsen": the title with the surname names her too.
      const titled = /^((?:Dr|Mr|Mrs|Ms|Mx|Prof|Professor)\.?)\s+\S+\s+(\S+)$/u.exec(squash(prompt.name));
      const names = [squash(prompt.name), ...(titled ? [`${titled[1]} ${titled[2]}`] : [])].map((n) => n.toLowerCase());
      if (names.some((n) => draft.toLowerCase().includes(n))) c.named++;
      // A detail that cannot be true of the person ("first job" for a grandparent) is left out on purpose: that counts as handled.
      if (detailWoven(draft, prompt.details) || contradictsRecipient(prompt.details, audienceKeyOf(prompt.audience), cleanName(prompt.name))) c.woven++;
      words[length].push(wordCount(draft));
      checkRegister(draft, `${length} draft`);
      checkTense(draft, `${length} draft`);
    }
    for (const instruction of IMPROVE_INSTRUCTIONS) {
      const out = writer.improve(medium, instruction, request, random);
      if (instruction !== 'more formal') checkRegister(out, `“${instruction}”`);
      if (instruction === 'warmer') checkTense(out, '“warmer”');
      if (instruction === 'shorter') {
        shorter.texts++;
        if (keptFrame(medium, out)) shorter.kept++;
        else example(`shorter lost its frame: ${JSON.stringify(out.slice(0, 80))}`);
      }
    }
    const subject = MENTIONS[index % MENTIONS.length];
    const mentioned = writer.chat(medium, `mention ${subject}`, request, random);
    checkRegister(mentioned.text, `“mention ${subject}”`);
    mention.texts++;
    const added = addedSentences(medium, mentioned.text);
    if (added.length && added.every(wellFormed)) mention.ok++;
    else example(`mention ${subject}: ${added.join(' ') || '(nothing added)'}`);
    const rhymed = writer.chat(medium, 'make it rhyme', request, random);
    checkRegister(rhymed.text, '“make it rhyme”');
    rhyme.texts++;
    if (closingCouplet(medium, rhymed.text, request.topic)) rhyme.ok++;
    else example(`rhyme (${request.topic}): ${rhymed.text.trim().split('\n').slice(-4).join(' / ')}`);
    const refused = writer.chat(medium, UNSUPPORTED, request, random);
    unsupported.texts++;
    if (!refused.changed && refused.text === medium && /can't|cannot/iu.test(refused.reply)) unsupported.ok++;
  });
  let distinct = 0;
  let pairs = 0;
  const threeBodies = Object.fromEntries(STYLE_KEYS.map((style) => [style, { runs: 0, ok: 0 }]));
  for (const prompt of prompts) {
    const { person: _person, ...request } = prompt;
    const drafts = writer.variants ? writer.variants(request, 'medium', 3, random) : [0, 1, 2].map(() => writer.compose(request, 'medium', random));
    // "Give me 3": three bodies of their own, not one body with three sign-offs.
    const runs = threeBodies[styleKeyOf(request.style)];
    runs.runs++;
    if (new Set(drafts.map(bodyOf)).size === 3) runs.ok++;
    else example(`3 variants, ${4 - new Set(drafts.map(bodyOf)).size} bodies the same (${request.style}, ${request.topic})`);
    for (let i = 0; i < drafts.length; i++) {
      for (let j = i + 1; j < drafts.length; j++) {
        distinct += distinctness(drafts[i], drafts[j]);
        pairs++;
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const rate = (n: number, d: number) => n / Math.max(1, d);
  return {
    prompts: prompts.length,
    drafts: c.drafts,
    verbatimPasteRate: rate(c.pasted, c.drafts),
    thirdPersonKeptRate: rate(c.kept, c.third),
    pronounErrorsPerDraft: rate(c.pronouns, c.drafts),
    verblessRate: rate(c.verbless, c.drafts),
    repeatedWordRate: rate(c.repeatedWord, c.drafts),
    repeatedSentenceRate: rate(c.repeated, c.drafts),
    sameOpeningRate: rate(c.sameOpening, c.drafts),
    registerBreakRate: rate(reserved.broken, reserved.texts),
    lookBackTenseRate: rate(tense.wrong, tense.texts),
    shorterKeepsFrameRate: rate(shorter.kept, shorter.texts),
    mentionSentenceRate: rate(mention.ok, mention.texts),
    rhymeFitRate: rate(rhyme.ok, rhyme.texts),
    unsupportedHonestRate: rate(unsupported.ok, unsupported.texts),
    namedRate: rate(c.named, c.drafts),
    detailWovenRate: rate(c.woven, c.drafts),
    meanWords: { short: mean(words.short), medium: mean(words.medium), long: mean(words.long) },
    variantDistinctness: distinct / Math.max(1, pairs),
    threeBodiesRateByStyle: Object.fromEntries(Object.entries(threeBodies).map(([style, r]) => [style, rate(r.ok, r.runs)])),
    examples,
  };
}

/** Compound details (facts.json): two and three facts in one sentence, joined by ";" or "and", in every person. */
export const FACT_PROMPTS = factPrompts as EvalPrompt[];

export interface FactsReport {
  drafts: number;
  /** Share of medium and long drafts that carry every fact given (each content word, lemmatised). */
  everyFactRate: number;
  /** Share of short drafts that carry at least one fact. */
  shortOneFactRate: number;
  examples: string[];
}

/** Every fact of compound details reaches the draft: medium and long carry all (up to three), short at least one. */
export function factsCarried(writer: Writer, seed = 1, prompts: EvalPrompt[] = FACT_PROMPTS): FactsReport {
  const random = seededRandom(seed);
  const all = { drafts: 0, ok: 0 };
  const short = { drafts: 0, ok: 0 };
  const examples: string[] = [];
  for (const prompt of prompts) {
    const { person: _person, ...request } = prompt;
    const facts = factsOf(request.details);
    const ignore = cleanName(request.name).split(/\s+/u);
    for (const length of LENGTHS) {
      const draft = writer.compose(request, length, random);
      const missing = facts.map((fact) => missingWords(draft, fact, ignore)).filter((words) => words.length);
      if (length === 'short') {
        short.drafts++;
        if (missing.length < facts.length) short.ok++;
        continue;
      }
      all.drafts++;
      if (!missing.length) all.ok++;
      else if (examples.length < 12) examples.push(`fact left out (${missing.flat().join(', ')}): ${request.details}`);
    }
  }
  return { drafts: all.drafts + short.drafts, everyFactRate: all.ok / Math.max(1, all.drafts), shortOneFactRate: short.ok / Math.max(1, short.drafts), examples };
}

interface InstructionCase {
  message: string;
  /** What the first part does: a rewrite, "mention"/"addLine" (then `subject` is in the text), "rhyme", or "nothing" (no part can be done offline). */
  does: 'lessFormal' | 'shorter' | 'mention' | 'addLine' | 'rhyme' | 'nothing';
  /** A word of a later "mention …" part that must reach the text. */
  subject?: string;
}
/** Compound and negated chat instructions (instructions.json). */
export const INSTRUCTION_CASES = instructionCases as InstructionCase[];

export interface InstructionsReport {
  turns: number;
  /** Share of turns that wrote (part of) the instruction into the wish. */
  pastedRate: number;
  /** Share of turns where every part was done or named as not possible. */
  followedRate: number;
  examples: string[];
}

const STIFF_SIGNOFF = /^(?:Kind regards|Yours sincerely|With best regards|Yours faithfully),$/mu;

/** An instruction (or one of its parts) written into the wish as if it were a detail. */
export function pastedInstruction(before: string, after: string, message: string): boolean {
  const lower = after.toLowerCase();
  const had = before.toLowerCase();
  if (/\b(?:make it|make the|put in|add a line)\b/u.test(lower) && !/\b(?:make it|make the|put in|add a line)\b/u.test(had)) return true;
  return instructionParts(message).some((part) => part.split(/\s+/u).length >= 3 && lower.includes(part.toLowerCase()) && !had.includes(part.toLowerCase()));
}

/** Compound and negated instructions on formal and warm drafts: each part done or named, none pasted. */
export function instructionsFollowed(writer: Writer, seed = 1): InstructionsReport {
  const random = seededRandom(seed);
  const requests: GenerateRequest[] = [
    { style: 'Formal', audience: 'Boss', name: 'David', topic: 'Retirement', details: 'He led the engineering team for 22 years' },
    { style: 'Formal', audience: 'Client', name: 'Ms. Okafor', topic: 'Thank You', details: '' },
    { style: 'Heartfelt', audience: 'Friend', name: 'Maya', topic: 'Birthday', details: 'she started learning to surf' },
  ];
  let turns = 0;
  let pasted = 0;
  let followed = 0;
  const examples: string[] = [];
  for (const request of requests) {
    const draft = writer.compose(request, 'medium', random);
    for (const c of INSTRUCTION_CASES) {
      const result = writer.chat(draft, c.message, request, random);
      turns++;
      if (pastedInstruction(draft, result.text, c.message)) {
        pasted++;
        examples.push(`pasted “${c.message}”: ${result.text.replace(/\s+/gu, ' ').slice(0, 160)}`);
      }
      const words = (text: string) => text.split(/\s+/u).length;
      const done =
        c.does === 'lessFormal'
          ? /less formal/u.test(result.reply) && !/^Dear\b/u.test(result.text) && (!STIFF_SIGNOFF.test(result.text) || STIFF_SIGNOFF.test(draft) === false)
          : c.does === 'shorter'
            ? words(result.text) < words(draft) || /already as short/u.test(result.reply)
            : c.does === 'nothing'
              ? !result.changed && /can't|cannot/iu.test(result.reply)
              : result.changed;
      const subjectIn = !c.subject || result.text.includes(c.subject);
      // A part not done offline is named in the reply, never passed over in silence.
      const named = instructionParts(c.message).length === 1 || result.reply.split(/(?<=[.!])\s+/u).length >= 2;
      if (done && subjectIn && named) followed++;
      else examples.push(`not followed “${c.message}” (${request.style}): ${result.reply}`);
    }
  }
  return { turns, pastedRate: pasted / Math.max(1, turns), followedRate: followed / Math.max(1, turns), examples: examples.slice(0, 12) };
}

export interface VarietyReport {
  drafts: number;
  distinctBodies: number;
  distinctOpenings: number;
}

/** The body of a draft: without its greeting line and its sign-off line. */
export function bodyOf(draft: string): string {
  const lines = draft.trim().split(/\n\s*\n/u);
  return (lines.length > 2 ? lines.slice(1, -1) : lines).join('\n\n').trim();
}

/**
 * 50 drafts for one topic × audience × style (Birthday, Friend, Heartfelt), each for another name
 * with other details (variety.json): how many bodies and how many opening sentences differ.
 */
export function varietyOf(compose: ComposeFn, seed = 1, request: Omit<GenerateRequest, 'name' | 'details'> = { style: 'Heartfelt', audience: 'Friend', topic: 'Birthday' }): VarietyReport {
  const random = seededRandom(seed);
  const drafts = (variety as Array<[string, string]>).map(([name, details]) => compose({ ...request, name, details }, 'medium', random));
  const bodies = drafts.map(bodyOf);
  const openings = bodies.map((b) => normalise(sentencesOfText(b)[0] ?? ''));
  return { drafts: drafts.length, distinctBodies: new Set(bodies).size, distinctOpenings: new Set(openings).size };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The table in docs/generator.md: one column per report. */
export function formatTable(columns: Array<[string, EvalReport, VarietyReport?]>): string {
  const rows: Array<[string, (r: EvalReport, v?: VarietyReport) => string]> = [
    ['Prompts / drafts scored', (r) => `${r.prompts} / ${r.drafts}`],
    ['Details pasted back word for word', (r) => pct(r.verbatimPasteRate)],
    ['Details with he/she/his/her… left unchanged', (r) => pct(r.thirdPersonKeptRate)],
    ['Pronoun/agreement errors per draft', (r) => r.pronounErrorsPerDraft.toFixed(2)],
    ['Drafts with a clause left without its verb', (r) => pct(r.verblessRate)],
    ['Drafts repeating a content word in the next sentence', (r) => pct(r.repeatedWordRate)],
    ['Drafts repeating a whole sentence', (r) => pct(r.repeatedSentenceRate)],
    ['Drafts with two sentences opening the same way (two blessings, “I hope…” twice)', (r) => pct(r.sameOpeningRate)],
    ['Formal/boss/client/teacher texts with love, hugs or kisses (drafts and rewrites)', (r) => pct(r.registerBreakRate)],
    ['Retirement texts looking back in the present tense', (r) => pct(r.lookBackTenseRate)],
    ['“shorter” keeps greeting and sign-off lines exactly', (r) => pct(r.shorterKeepsFrameRate)],
    ['“mention …” adds whole sentences with their verb', (r) => pct(r.mentionSentenceRate)],
    ['“make it rhyme” closes with a couplet for the occasion', (r) => pct(r.rhymeFitRate)],
    ['Unsupported instructions refused honestly, text unchanged', (r) => pct(r.unsupportedHonestRate)],
    ['Drafts naming the person', (r) => pct(r.namedRate)],
    ['Drafts that carry the details (woven, not left out)', (r) => pct(r.detailWovenRate)],
    ['Mean words, short / medium / long', (r) => `${r.meanWords.short.toFixed(0)} / ${r.meanWords.medium.toFixed(0)} / ${r.meanWords.long.toFixed(0)}`],
    ['Distinctness of 3 variants (0–1)', (r) => r.variantDistinctness.toFixed(2)],
    ['“Give me 3” runs with 3 distinct bodies, lowest style', (r) => pct(Math.min(...Object.values(r.threeBodiesRateByStyle ?? { none: 0 })))],
    ['Variety: distinct bodies of 50 drafts', (_r, v) => (v ? String(v.distinctBodies) : '–')],
    ['Variety: distinct opening sentences of 50 drafts', (_r, v) => (v ? String(v.distinctOpenings) : '–')],
  ];
  const head = `| Measure | ${columns.map(([name]) => name).join(' | ')} |`;
  const rule = `|---|${columns.map(() => '---:').join('|')}|`;
  return [head, rule, ...rows.map(([label, f]) => `| ${label} | ${columns.map(([, r, v]) => f(r, v)).join(' | ')} |`)].join('\n');
}

// The blind reading's faults (docs/generator.md → Blind reading), each a predicate the tests hold drafts to.

/** A detail told back to the person as a fact they know ("I hear you…", "It's so good to know that…", "I recall with gratitude that…"). */
const STATED_BACK = /\b(?:I hear (?:that )?you|I heard (?:that )?you|so good to know that|a pleasure to know that|I recall with gratitude|I still think about how|I often think about how|I have not forgotten that|you should know that|I understand (?:that )?you)\b|^(?:Truly|Honestly), I\b/imu;
export const statesDetailBack = (text: string): string | null => STATED_BACK.exec(text)?.[0] ?? null;

/** Lines that assume an office: for a colleague or boss only (unless the sender's own details speak of it: "ran the front desk"). */
const OFFICE_LINE = /\b(?:desk|inbox|emails?|office|workday|workplace|meetings?|busy weeks|appraisal|printer|colleague|the team|team's)\b/giu;
export function officeLine(text: string, details = ''): string | null {
  return [...text.matchAll(OFFICE_LINE)].map((m) => m[0]).find((word) => !details.toLowerCase().includes(word.toLowerCase())) ?? null;
}

/** Lines from another relationship: a mentor's thanks, a friend's joke, said to the wrong person. */
export function wrongRelationship(text: string, audience: string): string | null {
  const a = audience.toLowerCase();
  if (/neighbo|client/u.test(a)) return /believed in me|courage to keep going/iu.exec(text)?.[0] ?? null;
  if (/parent|mum|dad|grand|sibling|partner|child/u.test(a)) return /my friendship|a friend like you/iu.exec(text)?.[0] ?? null;
  return null;
}

/** Greetings and sign-offs for family or a partner, sent to a teacher, coach, professor, colleague, boss or client. */
const INTIMATE_FRAME = /^(?:Dearest|My dear|My darling|.*, my love,)|^(?:With all my love|All my love|Love always|With love|Lots of love|With a big hug|Love \(and snacks\)|Yours, always)/mu;
export function intimateFrame(text: string): string | null {
  const lines = text.split('\n').filter(Boolean);
  return [lines[0], lines[lines.length - 1]].map((l) => INTIMATE_FRAME.exec(l ?? '')?.[0]).find(Boolean) ?? null;
}

/** "love" wished to a client. */
export const loveToClient = (text: string): string | null => /\blov(?:e|es|ed|ing)\b/iu.exec(text)?.[0] ?? null;
