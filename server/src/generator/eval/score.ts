/**
 * Scores an offline wish generator on the evaluation set (prompts.json): does it weave the
 * sender's details into the letter, address the person as "you" with verbs that agree, avoid
 * repeating itself, honour the length setting and give variants that really differ?
 * Used by `npm run eval:generator -w server` (prints the table) and by eval.test.ts (thresholds).
 */
import nlp from 'compromise';
import type { GenerateRequest } from '@wishes/shared/contract';
import prompts from './prompts.json';
import { seededRandom } from '../../../test/kit/random';

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

export interface EvalReport {
  drafts: number;
  /** Share of drafts with the details pasted as their own sentence, word for word. */
  verbatimPasteRate: number;
  /** Share of third-person details copied unchanged (still "her", "his", "she ..."). */
  thirdPersonKeptRate: number;
  /** Pronoun/agreement errors per draft. */
  pronounErrorsPerDraft: number;
  /** Share of drafts repeating a sentence. */
  repeatedSentenceRate: number;
  /** Share of drafts that name the person. */
  namedRate: number;
  /** Mean words per length setting. */
  meanWords: Record<DraftLength, number>;
  /** Mean pairwise distinctness of three variants for the same prompt (0–1). */
  variantDistinctness: number;
  /** Examples of the problems found, for the reader of the table. */
  examples: string[];
}

/** Several drafts for one request, as `variants: 3` asks for. */
export type VariantsFn = (request: GenerateRequest, length: DraftLength, count: number, random: () => number) => string[];

/**
 * Runs every prompt at every length, plus three variants per prompt at medium length (from
 * `variants` when the generator has it, else three independent drafts).
 */
export function evaluate(compose: ComposeFn, seed = 1, variants?: VariantsFn): EvalReport {
  const random = seededRandom(seed);
  let drafts = 0;
  let pasted = 0;
  let kept = 0;
  let third = 0;
  let pronouns = 0;
  let repeated = 0;
  let named = 0;
  const words: Record<DraftLength, number[]> = { short: [], medium: [], long: [] };
  const examples: string[] = [];
  for (const prompt of EVAL_PROMPTS) {
    const { person: _person, ...request } = prompt;
    for (const length of LENGTHS) {
      const draft = compose(request, length, random);
      drafts++;
      if (pastedVerbatim(draft, prompt.details)) {
        pasted++;
        if (examples.length < 6) examples.push(`pasted: ${prompt.details}`);
      }
      if (/\b(he|she|him|his|her|hers|they|them|their)\b/iu.test(prompt.details)) third++;
      if (keptThirdPerson(draft, prompt)) kept++;
      const errors = pronounErrors(draft);
      pronouns += errors.length;
      if (errors.length && examples.length < 6) examples.push(`${errors[0]} (${prompt.details})`);
      if (repeatedSentence(draft)) repeated++;
      if (draft.toLowerCase().includes(squash(prompt.name).toLowerCase())) named++;
      words[length].push(wordCount(draft));
    }
  }
  let distinct = 0;
  let pairs = 0;
  for (const prompt of EVAL_PROMPTS) {
    const { person: _person, ...request } = prompt;
    const drafts = variants ? variants(request, 'medium', 3, random) : [0, 1, 2].map(() => compose(request, 'medium', random));
    for (let i = 0; i < drafts.length; i++) {
      for (let j = i + 1; j < drafts.length; j++) {
        distinct += distinctness(drafts[i], drafts[j]);
        pairs++;
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    drafts,
    verbatimPasteRate: pasted / drafts,
    thirdPersonKeptRate: kept / Math.max(1, third),
    pronounErrorsPerDraft: pronouns / drafts,
    repeatedSentenceRate: repeated / drafts,
    namedRate: named / drafts,
    meanWords: { short: mean(words.short), medium: mean(words.medium), long: mean(words.long) },
    variantDistinctness: distinct / Math.max(1, pairs),
    examples,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The README table: one column per report. */
export function formatTable(columns: Array<[string, EvalReport]>): string {
  const rows: Array<[string, (r: EvalReport) => string]> = [
    ['Drafts scored', (r) => String(r.drafts)],
    ['Details pasted verbatim as a sentence', (r) => pct(r.verbatimPasteRate)],
    ['Details with he/she/his/her… left unchanged', (r) => pct(r.thirdPersonKeptRate)],
    ['Pronoun/agreement errors per draft', (r) => r.pronounErrorsPerDraft.toFixed(2)],
    ['Drafts repeating a sentence', (r) => pct(r.repeatedSentenceRate)],
    ['Drafts naming the person', (r) => pct(r.namedRate)],
    ['Mean words, short', (r) => r.meanWords.short.toFixed(0)],
    ['Mean words, medium', (r) => r.meanWords.medium.toFixed(0)],
    ['Mean words, long', (r) => r.meanWords.long.toFixed(0)],
    ['Distinctness of 3 variants (0–1)', (r) => r.variantDistinctness.toFixed(2)],
  ];
  const head = `| Measure | ${columns.map(([name]) => name).join(' | ')} |`;
  const rule = `|---|${columns.map(() => '---:').join('|')}|`;
  return [head, rule, ...rows.map(([label, f]) => `| ${label} | ${columns.map(([, r]) => f(r)).join(' | ')} |`)].join('\n');
}
