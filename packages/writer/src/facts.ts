/**
 * The facts in what the sender typed, and whether a draft carries them. People write details the
 * way they talk: "He led the engineering team for 22 years, always had time for juniors, and plans
 * to sail around Scotland", "Knee surgery on Tuesday; he feeds our cat Pixel when we travel". Each
 * clause is a fact of its own; a card that weaves one and drops the rest reads generic, which is the
 * one thing people complain about. So the writer splits the details into facts (sentences, then
 * clauses joined by ";", "and", "then" or commas: compromise's clauses), gives each clause without
 * a subject the subject of the one before ("always had time…" → "he always had time…"), and checks
 * a draft by content words: every noun, proper noun and number of a fact, lemmatised ("years" is
 * "year", "twenty-two" is 22), must be in the draft.
 */
import nlp from 'compromise';

/** At most this many facts are carried: a card is not a list. */
export const MAX_FACTS = 3;

const squash = (s: string) => s.replace(/\s+/gu, ' ').trim();
const LEADING_JOINS = /^(?:and|then|and then|but|also|plus|as well as)\s+/iu;
const EDGE_PUNCTUATION = /^[\s,;:.!?-]+|[\s,;:.!?-]+$/gu;

type Term = { text: string; normal: string; tags: string[] };
const termsOf = (text: string): Term[] => (nlp(text).json() as Array<{ terms: Term[] }>).flatMap((s) => s.terms);
const hasTag = (t: Term | undefined, tag: string) => !!t?.tags.includes(tag);
// "hiking, baking and books" has no verb of its own: an -ing form alone does not make a clause.
const hasVerb = (text: string) => termsOf(text).some((t) => hasTag(t, 'Verb') && !hasTag(t, 'Gerund') && !/ing$/iu.test(t.normal));

/** The subject that leads a clause ("He", "Our neighbour Tom", "She and Ben"), or '' when it opens on its verb. */
function subjectOf(clause: string): string {
  const terms = termsOf(clause);
  const verb = terms.findIndex((t) => hasTag(t, 'Verb'));
  if (verb <= 0) return '';
  const head = terms.slice(0, verb);
  // "always had time": an adverb before the verb is no subject.
  if (head.every((t) => hasTag(t, 'Adverb'))) return '';
  const adverbsAtEnd = [...head].reverse().findIndex((t) => !hasTag(t, 'Adverb'));
  const subject = head.slice(0, head.length - Math.max(0, adverbsAtEnd));
  return subject.map((t) => t.text).join(' ');
}

/** Splits one sentence (or a ";" part) on "and"/"then" where what follows is a clause of its own. */
function splitOnJoins(part: string): string[] {
  const pieces = (nlp(part).clauses().out('array') as string[]).map((p) => squash(p.replace(EDGE_PUNCTUATION, ''))).filter(Boolean);
  const out: string[] = [];
  for (const piece of pieces.length ? pieces : [part]) {
    // "…in May and we celebrated…", "…for 22 years and hired me": split where a verb follows "and"/"then"
    // (directly, or after its own subject), never inside "Max and Ruby" or "hiking and baking".
    const words = piece.split(' ');
    let start = 0;
    for (let i = 1; i < words.length - 1; i++) {
      if (!/^(?:and|then)$/iu.test(words[i])) continue;
      const rest = words.slice(i + 1).join(' ');
      const left = words.slice(start, i).join(' ');
      const next = termsOf(rest);
      // "turns 60" alone reads as a noun; after a subject it is the verb it is.
      const afterSubject = termsOf(`it ${rest}`)[1];
      const opensOnVerb = hasTag(next[0], 'Verb') || (hasTag(next[0], 'Adverb') && hasTag(next[1], 'Verb')) || (hasTag(afterSubject, 'Verb') && !/ing$/iu.test(afterSubject?.normal ?? ''));
      const opensOnSubject = (hasTag(next[0], 'Pronoun') || hasTag(next[0], 'ProperNoun')) && (hasTag(next[1], 'Verb') || (hasTag(next[1], 'Adverb') && hasTag(next[2], 'Verb')));
      if ((opensOnVerb || opensOnSubject) && hasVerb(left)) {
        out.push(left);
        start = i + 1;
      }
    }
    out.push(words.slice(start).join(' '));
  }
  // A piece with no verb of its own ("baking and books") belongs to the clause before it.
  const merged: string[] = [];
  for (const piece of out.map((p) => squash(p.replace(LEADING_JOINS, '').replace(EDGE_PUNCTUATION, ''))).filter(Boolean)) {
    if (merged.length && (!hasVerb(piece) || /^\S+ing\b/iu.test(piece))) merged[merged.length - 1] += `, ${piece}`;
    else merged.push(piece);
  }
  return merged;
}

/**
 * The facts of `details`, in the order typed, at most `max`: each a clause that can stand alone
 * (its subject carried over from the clause before when it had none).
 */
export function factsOf(details: string, max = MAX_FACTS): string[] {
  return remembered(factCache, `${max}\u0000${details}`, () => splitFacts(details, max));
}

/** The same details and drafts are read again for every variant, retry and check: the last few hundred are kept. */
function remembered<T>(cache: Map<string, T>, key: string, make: () => T): T {
  if (cache.has(key)) return cache.get(key)!;
  const value = make();
  if (cache.size >= 500) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}
const factCache = new Map<string, string[]>();
const wordCache = new Map<string, string[]>();
const lemmaCache = new Map<string, Set<string>>();

function splitFacts(details: string, max: number): string[] {
  const cleaned = squash(details.replace(/^[-–—*•]+\s*/u, '').replace(/^["“'‘](.*)["”'’]$/u, '$1'));
  if (!cleaned) return [];
  const facts: string[] = [];
  for (const sentence of nlp(cleaned).sentences().out('array') as string[]) {
    for (const part of sentence.split(/;|\s+[–—]\s+/u)) {
      let subject = '';
      for (const clause of splitOnJoins(squash(part))) {
        const own = subjectOf(clause);
        const carried = subject ? `${subject} ${clause.charAt(0).toLowerCase()}${clause.slice(1)}` : '';
        // "plans to sail…" reads as a noun alone; after its subject it is the verb it is.
        const first = termsOf(clause)[0];
        const ownSubject = !!own && (hasTag(first, 'Pronoun') || hasTag(first, 'ProperNoun') || hasTag(first, 'Determiner') || hasTag(first, 'Possessive'));
        const opensOnVerb = !ownSubject && !!carried && !/^(?:I|we|you)\b/iu.test(clause) && hasTag(termsOf(carried).slice(subject.split(' ').length).find((t) => !hasTag(t, 'Adverb')), 'Verb');
        facts.push(opensOnVerb ? carried : clause);
        if (ownSubject) subject = own;
      }
    }
  }
  return facts.filter((f) => contentWordsOf(f).length > 0 || hasVerb(f)).slice(0, max);
}

/**
 * What compromise may read as a number: a digit or a number word (cardinal, ordinal, fraction; a
 * few more than it reads, to be safe). A text with none of them is its own digits form and skips a
 * whole parse: the lemmas of every draft checked for its facts were most of the writer's time.
 */
const MAYBE_NUMBER = /\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w*teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|dozen|half|halves|quarter|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w*teenth|\w*tieth|hundredth|thousandth|millionth|billionth|once|twice|thrice|couple|pair|score)/iu;

/** "22", "twenty-two" and "Twenty Two" are the same number. */
function numbersAsDigits(text: string): string {
  if (!MAYBE_NUMBER.test(text)) return text;
  const doc = nlp(text);
  doc.numbers().toNumber();
  return doc.text();
}

const PRONOUNS = /^(?:i|me|my|mine|we|us|our|ours|you|your|yours|he|him|his|she|her|hers|they|them|their|theirs|it|its|one|someone|everyone|anyone)$/u;
/** Nouns too general to be a fact's own ("time" in "always had time for juniors" is kept: it is how it was said). */
const TOO_GENERAL = /^(?:thing|things|lot|bit|way|day|today)$/u;

/** The content words of `text`: nouns, proper nouns and numbers, lemmatised (singular, numbers as digits). */
export function contentWordsOf(text: string, ignore: readonly string[] = []): string[] {
  return remembered(wordCache, `${ignore.join(' ')}\u0000${text}`, () => readContentWords(text, ignore));
}

function readContentWords(text: string, ignore: readonly string[]): string[] {
  const skip = new Set(ignore.map((w) => w.toLowerCase()));
  const doc = nlp(numbersAsDigits(text));
  doc.compute('root');
  const words = new Set<string>();
  for (const sentence of doc.json() as Array<{ terms: Array<Term & { root?: string }> }>) {
    for (const term of sentence.terms) {
      const isNoun = hasTag(term, 'Noun') && !hasTag(term, 'Pronoun') && !hasTag(term, 'Possessive');
      const isNumber = hasTag(term, 'Value') || /^\d+$/u.test(term.normal);
      if (!isNoun && !isNumber) continue;
      const word = (term.root || term.normal).toLowerCase().replace(/[^\p{L}\p{N}'-]+/gu, '').replace(/'s$/u, '');
      if (!word || PRONOUNS.test(word) || TOO_GENERAL.test(word) || skip.has(word)) continue;
      words.add(lemma(word));
    }
  }
  return [...words];
}

/** A crude lemma for matching only: plural and possessive endings off. */
function lemma(word: string): string {
  if (/^\d/u.test(word)) return word.replace(/\D+$/u, '');
  return word.replace(/(?:ies)$/u, 'y').replace(/(?<=[^s])s$/u, '');
}

/** Every word of `text` as a lemma, for looking content words up in a draft. */
function lemmasOf(text: string): Set<string> {
  return remembered(lemmaCache, text, () => readLemmas(text));
}

function readLemmas(text: string): Set<string> {
  const doc = nlp(numbersAsDigits(text));
  doc.compute('root');
  const out = new Set<string>();
  for (const sentence of doc.json() as Array<{ terms: Array<Term & { root?: string }> }>) {
    for (const term of sentence.terms) {
      for (const form of [term.normal, term.root ?? '']) {
        const word = form.toLowerCase().replace(/[^\p{L}\p{N}'-]+/gu, '').replace(/'s$/u, '');
        if (word) out.add(lemma(word));
      }
    }
  }
  return out;
}

/** The content words of `fact` that `draft` lacks (none: the fact is carried). */
export function missingWords(draft: string, fact: string, ignore: readonly string[] = []): string[] {
  const have = lemmasOf(draft);
  return contentWordsOf(fact, ignore).filter((word) => !have.has(word));
}
