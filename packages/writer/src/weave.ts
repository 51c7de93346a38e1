/**
 * Turns the sender's details ("broke her ankle skiing last week") into words addressed to the
 * person ("you broke your ankle skiing last week"), with the tense the draft needs to frame them
 * ("I heard …" for something past, "I hear …" for something coming). The part-of-speech tagging
 * and verb forms come from the compromise NLP library; this file only decides who "you" is.
 */
import nlp from 'compromise';
import { AUDIENCE_KEYWORDS } from './keys';
import { FRAMES, type DetailKind, type DetailMood, type Register } from './corpus';
import { verbsOf } from './grammar';

/** When the details happen, as far as their first verb tells. */
export type DetailTense = 'past' | 'present' | 'ongoing' | 'future' | 'none';
/** Who the first clause is about once rewritten: the reader, the sender (I/we) or something else. */
export type DetailSubject = 'you' | 'me' | 'other';

export interface WovenDetail {
  /** The first sentence rewritten for the reader, starting in lower case (unless "I" or a proper noun), no end punctuation. */
  clause: string;
  /** Any further sentences, rewritten the same way, each a full sentence. */
  more: string[];
  subject: DetailSubject;
  tense: DetailTense;
}

interface Term {
  text: string;
  pre: string;
  post: string;
  normal: string;
  tags: string[];
}

const is = (term: Term | undefined, tag: string) => !!term?.tags.includes(tag);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Words that say the person is the subject ("my little sister", "our boss"). */
const RELATION_WORDS = new Set(
  AUDIENCE_KEYWORDS.flatMap(([, words]) => words)
    .filter((w) => !w.includes(' '))
    .concat(['mum', 'mom', 'dad', 'sister', 'brother', 'wife', 'husband', 'grandma', 'grandpa', 'nan', 'nana', 'granny']),
);

const TITLE = /^(mr|mrs|ms|miss|mx|dr|prof|professor|coach|sir|dame|aunt|auntie|uncle|grandma|grandpa|granny|nana|papa|mama)\.?$/iu;

/** The recipient's name as words to recognise in the details ("Mr. Okafor" → okafor). */
function nameWords(name: string): string[] {
  const words = squash(name)
    .toLowerCase()
    .split(/[\s,]+/u)
    .filter((w) => w && !TITLE.test(w) && !['and', '&', 'the'].includes(w));
  return words.length === 1 ? words : [];
}

/** Third-person forms of "be/have/do" and their second-person twins. */
const AGREEMENT: Record<string, string> = {
  is: 'are',
  was: 'were',
  has: 'have',
  does: 'do',
  "isn't": "aren't",
  "wasn't": "weren't",
  "hasn't": "haven't",
  "doesn't": "don't",
  "'s": "'re",
};

/** "loves" → "love": the verb's infinitive is its second-person present form. */
function secondPersonVerb(term: Term): string | null {
  const lower = term.text.toLowerCase();
  if (lower in AGREEMENT) return AGREEMENT[lower];
  if (!is(term, 'PresentTense') || is(term, 'Gerund') || is(term, 'Infinitive') || !/s$/u.test(lower)) return null;
  const forms = nlp(`she ${lower}`).verbs().conjugate()[0] as { Infinitive?: string; PresentTense?: string } | undefined;
  if (!forms?.Infinitive || forms.PresentTense !== lower) return null;
  return forms.Infinitive;
}

/** Words that can stand between "and" and the verb it joins ("and now wants", "and still walks"), however the tagger reads them. */
const JOIN_FILLERS = /^(?:now|still|also|then|just|even|always|never|often|usually|really|already|soon|sometimes)$/u;

/** Is term i a word after "and"/"but"/"or" (and fillers like "now", "still") that follows a verb? */
function joinedToLastVerb(terms: Term[], i: number): boolean {
  let k = i - 1;
  while (k > 0 && (is(terms[k], 'Adverb') || JOIN_FILLERS.test(terms[k]?.normal ?? ''))) k--;
  return /^(?:and|but|or)$/u.test(terms[k]?.normal ?? '') && k < i;
}

/** "walks" → "walk" when the word is a third-person present verb whatever it was tagged; else null. */
function presentFormOf(word: string): string | null {
  if (!/^[a-z]+s$/u.test(word) || word.endsWith('ss')) return null;
  const forms = nlp(`she ${word}`).verbs().conjugate()[0] as { Infinitive?: string; PresentTense?: string } | undefined;
  return forms?.Infinitive && forms.PresentTense === word ? forms.Infinitive : null;
}

const keepCase = (original: string, replacement: string) =>
  /^[A-Z]/u.test(original) && replacement !== 'I' ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;

/** Does the sentence start with its verb ("broke her ankle", "just bought a flat")? Then the person is its subject. */
function lacksSubject(sentence: string): boolean {
  const terms = nlp(`she ${sentence}`).json()[0]?.terms as Term[] | undefined;
  if (!terms || terms.length < 2) return false;
  let i = 1;
  while (is(terms[i], 'Adverb') && i < terms.length - 1) i++;
  return is(terms[i], 'Verb') && !is(terms[i], 'Gerund');
}

/**
 * "Just moved to a new city" typed in sentence case: a capital on a leading verb or adverb makes
 * the tagger read it as a name and the subject as someone else ("I heard just moved …").
 */
function lowerLeadingVerb(sentence: string): string {
  const match = /^([A-Z][a-z]+)(.*)$/su.exec(sentence);
  if (!match || match[1] === 'I') return sentence;
  const lowered = match[1].toLowerCase() + match[2];
  const first = (nlp(lowered).json()[0]?.terms ?? [])[0] as Term | undefined;
  return first && (is(first, 'Verb') || is(first, 'Adverb')) ? lowered : sentence;
}

function rewriteSentence(raw: string, name: string): { text: string; subject: DetailSubject; tense: DetailTense } {
  let sentence = lowerLeadingVerb(squash(raw).replace(/[.!?…]+$/u, ''));
  const implied = lacksSubject(sentence);
  if (implied) sentence = `she ${sentence}`;
  const terms = (nlp(sentence).json()[0]?.terms ?? []) as Term[];
  const names = nameWords(name);
  const out: string[] = [];
  let subject: DetailSubject | null = null;
  let tense: DetailTense | null = null;
  // Whether the latest subject is the reader, so the verbs that follow must agree with "you".
  let headIsYou = false;
  let lastVerbAgreed = false;

  for (let i = 0; i < terms.length; i++) {
    const term = terms[i];
    const next = terms[i + 1];
    const lower = term.normal || term.text.toLowerCase();
    let text = term.text;
    const beforeVerb = tense === null;

    const joined: boolean = lastVerbAgreed && joinedToLastVerb(terms, i);
    // "… and still walks": the tagger can take a joined verb for a plural noun. Only after a filler
    // ("still", "now"), which a noun does not take ("loves cats and dogs" keeps its dogs).
    const joinedForm = joined && !is(term, 'Verb') && JOIN_FILLERS.test(terms[i - 1]?.normal ?? '') ? presentFormOf(lower) : null;
    if (joinedForm) {
      out.push(term.pre + keepCase(term.text, joinedForm) + term.post);
      continue;
    }
    if (['he', 'she', 'they', 'you'].includes(lower)) {
      text = i === 0 || lower !== 'you' ? 'you' : term.text;
      headIsYou = true;
      if (beforeVerb && !subject) subject = 'you';
    } else if (['him', 'them'].includes(lower)) {
      text = 'you';
    } else if (lower === 'her') {
      text = is(term, 'Possessive') || is(next, 'Noun') || is(next, 'Adjective') || is(next, 'Value') ? 'your' : 'you';
    } else if (lower === 'his' || lower === 'their') {
      text = next && (is(next, 'Noun') || is(next, 'Adjective') || is(next, 'Value')) ? 'your' : 'yours';
    } else if (lower === 'hers' || lower === 'theirs') {
      text = 'yours';
    } else if (lower === 'himself' || lower === 'herself') {
      text = 'yourself';
    } else if (lower === 'themselves') {
      text = 'yourselves';
    } else if (names.length && lower.replace(/['’]s$/u, '') === names[0]) {
      const possessive = /['’]s$/u.test(term.text) || is(term, 'Possessive');
      text = possessive ? 'your' : 'you';
      if (!possessive) headIsYou = true;
      if (beforeVerb && !subject && !possessive) subject = 'you';
    } else if ((lower === 'my' || lower === 'our') && beforeVerb && !subject) {
      // "my little sister is marrying …": the relation named is the reader.
      let j = i + 1;
      while (is(terms[j], 'Adjective') && j < terms.length - 1) j++;
      const head = terms[j];
      if (head && RELATION_WORDS.has(head.normal) && is(terms[j + 1], 'Verb')) {
        // A clause opens in lower case like every other ("I've been smiling ever since you finished…", not "…since You finished").
        out.push(term.pre + (out.length ? keepCase(term.text, 'you') : 'you') + head.post);
        i = j;
        headIsYou = true;
        subject = 'you';
        continue;
      }
    } else if (is(term, 'Verb')) {
      const agreeing: boolean = headIsYou || joined;
      if (agreeing) {
        const form = secondPersonVerb(term);
        if (form) text = keepCase(term.text, form);
      }
      if (tense === null) tense = tenseAt(terms, i);
      // A finite verb of the reader's makes a verb joined to it by "and"/"but"/"or" the reader's
      // too ("you retired … and now want", "you are turning 85 and still walk"), whatever its
      // own tense; a gerund or an infinitive ("love hiking") changes nothing.
      if (!is(term, 'Gerund') && !is(term, 'Infinitive')) lastVerbAgreed = agreeing;
      if (!is(term, 'Auxiliary') && !is(term, 'Modal')) headIsYou = false;
    } else if (is(term, 'Pronoun') && ['i', 'we'].includes(lower)) {
      headIsYou = false;
      if (beforeVerb && !subject) subject = 'me';
    } else if (is(term, 'Noun') && !is(term, 'Date') && !is(term, 'Pronoun')) {
      if (beforeVerb && !subject && !is(term, 'Possessive')) subject = 'other';
      headIsYou = false;
    }
    out.push(term.pre + text + term.post);
  }
  let text = squash(out.join(''));
  // "you are" reads better contracted only when the style wants it; the composer decides.
  if (/^you\b/iu.test(text) === false && /^[A-Z][a-z]/u.test(text) && !is(terms[0], 'ProperNoun') && terms[0]?.text !== 'I') {
    text = text.charAt(0).toLowerCase() + text.slice(1);
  }
  return { text, subject: subject ?? (implied ? 'you' : 'other'), tense: tense ?? 'none' };
}

const FUTURE_WORDS = /\b(tomorrow|next|soon|upcoming|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/iu;

function tenseAt(terms: Term[], i: number): DetailTense {
  const verb = terms[i];
  const rest = terms.slice(i).map((t) => t.normal).join(' ');
  if (['will', 'shall'].includes(verb.normal) || /^(is|are|am) going to\b/u.test(rest)) return 'future';
  if (is(verb, 'PastTense') || ['was', 'were', 'had'].includes(verb.normal)) return 'past';
  // "has been our client for ten years" still holds; "has finished her degree" is news.
  if (['has', 'have'].includes(verb.normal) && terms[i + 1]?.normal === 'been') return 'present';
  if (['has', 'have'].includes(verb.normal) && is(terms[i + 1], 'Verb')) return 'past';
  const phrase = terms.map((t) => t.normal).join(' ');
  if (FUTURE_WORDS.test(phrase) && !/\b(last|ago|yesterday)\b/u.test(phrase)) return 'future';
  if (is(verb, 'Copula') && is(terms[i + 1], 'Gerund')) return 'ongoing';
  return 'present';
}

/** Rewrites the details for the reader; empty details give an empty clause. */
export function weaveDetails(details: string, name: string): WovenDetail {
  // Each fact carried into a draft is woven again for every variant, length and retry: the last
  // few hundred are kept (a copy out, so no caller changes the kept one).
  const key = `${name}\u0000${details}`;
  let woven = rewovenCache.get(key);
  if (!woven) {
    woven = rewriteDetails(details, name);
    if (rewovenCache.size >= 500) rewovenCache.delete(rewovenCache.keys().next().value!);
    rewovenCache.set(key, woven);
  }
  return { ...woven, more: [...woven.more] };
}

const rewovenCache = new Map<string, WovenDetail>();

function rewriteDetails(details: string, name: string): WovenDetail {
  const cleaned = squash(details)
    .replace(/^[-–—*•]+\s*/u, '')
    .replace(/^["“'‘](.*)["”'’]$/u, '$1')
    .trim();
  if (!cleaned) return { clause: '', more: [], subject: 'other', tense: 'none' };
  const sentences = (nlp(cleaned).sentences().out('array') as string[]).map(squash).filter(Boolean);
  const [first, ...rest] = sentences.length ? sentences : [cleaned];
  const head = rewriteSentence(first, name);
  const more = rest.slice(0, 3).map((s) => {
    const ending = /[!?]$/u.test(s) ? s.slice(-1) : '.';
    const text = rewriteSentence(s, name).text;
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${ending}`;
  });
  return { clause: head.text, more, subject: head.subject, tense: head.tense };
}

/** One detail, ready to be woven into a sentence of the draft. */
export interface DetailToWeave {
  /** The clause addressed to the reader ("you broke your ankle skiing last week"). */
  clause: string;
  kind: DetailKind;
}

const NOUN_PHRASE = /^(?:the|your|a|an|my|our)\s+[\p{L}\p{N}'’ -]+$/iu;
const MAX_CLAUSE_WORDS = 24;

/**
 * The one detail worth weaving, or null when none can be woven safely: of the sentences typed,
 * the first about the reader, else the first with a verb, else a short noun phrase ("the cake").
 * A clause without a verb that is not a plain noun phrase ("third attempt") is left out.
 */
export function detailToWeave(details: string, name: string): DetailToWeave | null {
  const key = `${name}\u0000${details}`;
  if (woveCache.has(key)) return woveCache.get(key)!;
  const result = chooseDetail(details, name);
  // The same details are woven again for every variant and every retry: remember the last few hundred.
  if (woveCache.size >= 500) woveCache.delete(woveCache.keys().next().value!);
  woveCache.set(key, result);
  return result;
}

const woveCache = new Map<string, DetailToWeave | null>();

function chooseDetail(details: string, name: string): DetailToWeave | null {
  const cleaned = squash(details).replace(/^[-–—*•]+\s*/u, '').replace(/^["“'‘](.*)["”'’]$/u, '$1').trim();
  if (!cleaned) return null;
  const parts = (nlp(cleaned).sentences().out('array') as string[]).map(squash).filter(Boolean);
  const woven = (parts.length ? parts : [cleaned]).slice(0, 4).map((part) => weaveDetails(part, name));
  const withVerb = woven.filter((w) => w.clause && w.tense !== 'none' && verbsOf(w.clause).length > 0 && w.clause.split(/\s+/u).length <= MAX_CLAUSE_WORDS && w.clause.length <= 160);
  const chosen = withVerb.find((w) => w.subject === 'you') ?? withVerb[0];
  if (chosen) return reactable(chosen.clause.replace(/[,;:]+$/u, '')) ?? { clause: chosen.clause.replace(/[,;:]+$/u, ''), kind: kindOf(chosen) };
  const thing = woven.find((w) => NOUN_PHRASE.test(w.clause) && w.clause.split(/\s+/u).length <= 6);
  return thing ? { clause: thing.clause, kind: 'thing' } : null;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 30 → "thirty", 45 → "forty-five" (up to 99; larger numbers stay figures). */
export function numberWords(n: number): string {
  if (n < 20) return NUMBER_WORDS[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? `-${NUMBER_WORDS[n % 10]}` : '');
  return String(n);
}

/**
 * Details a card reacts to rather than reports: an age ("turning 30 and still thinks he is 19" →
 * "Here's to thirty, and to staying nineteen at heart.") or something the person loves ("loves
 * hiking and has two dogs" → time for "hiking with the dogs"), years together, a plan, the day a
 * couple met: each becomes a sentence of its own (kind "toast"). Null for any other detail.
 */
function reactable(clause: string): DetailToWeave | null {
  const age = /\bturning (\d{1,2})\b/iu.exec(clause);
  if (age) {
    const young = /\bthink (?:you are|you're) (\d{1,2})\b/iu.exec(clause);
    const n = numberWords(Number(age[1]));
    // "turning 10 and loves dinosaurs": the passion is the point of the card, not left out.
    const passion = /\bturning \d{1,2},? and (?:still )?(?:loves?|is mad about|is obsessed with) ([\p{L} ]{2,30})$/iu.exec(clause);
    if (passion && !young) return { clause: `Here's to ${n}, and to a year full of ${passion[1]}`, kind: 'toast' };
    // "turning 90 and still does the crossword in pen": a marvel, said as one.
    const still = /\bturning \d{1,2},? and still ([a-z]+) ([\p{L}\d' ]{2,40})$/iu.exec(clause);
    if (still && !young) {
      const forms = nlp(`she ${still[1].toLowerCase()} it`).verbs().conjugate()[0] as { Gerund?: string } | undefined;
      if (forms?.Gerund && /^[a-z]+$/u.test(forms.Gerund)) return { clause: `${n.charAt(0).toUpperCase()}${n.slice(1)}, and still ${forms.Gerund} ${still[2]}: you're a marvel`, kind: 'toast' };
    }
    return { clause: young ? `${n} suits you, and so does staying ${numberWords(Number(young[1]))} at heart` : `${n} suits you beautifully`, kind: 'toast' };
  }
  const years = /^(you|your [\p{L}'’-]+) ha(?:ve|s) (?:been with|worked with|worked at|worked for) (.+?) for (\w+) years$/iu.exec(clause);
  if (years) {
    const n = /^\d+$/u.test(years[3]) ? numberWords(Number(years[3])) : years[3];
    const together = /^(?:us|me)$/iu.test(years[2]);
    return { clause: together ? `Thank you for ${n} years of working together, and here's to many more` : `I raise a glass to ${n} years with ${years[2]}, and to many more`, kind: 'toast' };
  }
  // "ran the front desk for 30 years" is a career to toast, not something to be grateful for.
  const career = /^you ([a-z]+) (.+?) for (\d{1,2}) years$/iu.exec(clause);
  if (career) {
    const forms = nlp(`she ${career[1].toLowerCase()} it`).verbs().conjugate()[0] as { PastTense?: string; Gerund?: string } | undefined;
    if (forms?.Gerund && forms.PastTense === career[1].toLowerCase() && !/\b(?:me|us|my|our)\b/iu.test(career[2])) {
      const n = numberWords(Number(career[3]));
      return { clause: `${n.charAt(0).toUpperCase()}${n.slice(1)} years of ${forms.Gerund} ${career[2]}: what a record, and how many people are better for it`, kind: 'toast' };
    }
  }
  // "she was a midwife for 40 years" is a career too: "Forty years as a midwife: what a record…".
  const role = /^you (?:were|have been|'ve been) (an? [a-z][a-z -]{1,40}?) for (\d{1,2}) years(?: and .*)?$/iu.exec(clause);
  if (role && !/\b(?:me|us|my|our)\b/iu.test(role[1])) {
    const n = numberWords(Number(role[2]));
    return { clause: `${n.charAt(0).toUpperCase()}${n.slice(1)} years as ${role[1].toLowerCase()}: what a record, and how many people are better for it`, kind: 'toast' };
  }
  // "they have been married for 40 years" is a milestone to marvel at, not a trait.
  const married = /^you(?: have|'ve) been (married|together) for (\d{1,2}|[a-z-]+) years$/iu.exec(clause);
  if (married) {
    const n = /^\d+$/u.test(married[2]) ? numberWords(Number(married[2])) : married[2];
    return { clause: `What a thing it is to have been ${married[1].toLowerCase()} for ${n} years`, kind: 'toast' };
  }
  // "We have been friends since school" is a bond to be glad of, not news.
  const bond = /^we(?: have|'ve) been (friends|neighbours|neighbors|colleagues|together) ((?:since|for) .+)$/iu.exec(clause);
  if (bond) return { clause: `I'm so glad we've been ${bond[1].toLowerCase().replace('neighbors', 'neighbours')} ${bond[2]}`, kind: 'toast' };
  // A new pastime is answered, not reported: "…, and it's wonderful that you're always trying something new".
  if (/^you (?:just |recently )?(?:started|began|took up|have (?:started|taken up)) (?:learning to \w+|[\w-]+ing\b|[\w-]+ lessons\b)/iu.test(clause) && clause.split(/\s+/u).length <= 10) {
    return { clause: `${clause}, and it's wonderful that you're always trying something new`, kind: 'toast' };
  }
  // New neighbours are welcomed.
  const nextDoor = /^you (?:just |have just |recently )?moved in (next door|across the (?:road|street)|downstairs|upstairs|down the (?:road|street))$/iu.exec(clause);
  if (nextDoor) return { clause: `Welcome to the neighbourhood: it's lovely to have you ${nextDoor[1]}`, kind: 'toast' };
  // A baby with a name is welcomed by it.
  const born = /^your (?:new )?(?:baby )?(daughter|son|baby|girl|boy) ([A-Z][\p{L}'-]+) (?:was born|arrived)\b/u.exec(clause);
  if (born) return { clause: `${clause}, and I'm so happy for you all: welcome to the world, ${born[2]}!`, kind: 'toast' };
  const plan = /^you plan to (.+)$/iu.exec(clause);
  if (plan) return { clause: `I hope you get to ${plan[1]}, just as you planned`, kind: 'toast' };
  const met = /^you (?:first )?met (.+)$/iu.exec(clause);
  if (met) return { clause: `I raise a glass to the day you met ${met[1]}`, kind: 'toast' };
  const love = /^you (?:really )?(?:love|enjoy|adore) ((?:\w+ing)(?: \w+ing)?)\b/iu.exec(clause);
  if (love) {
    // The count stays ("two dogs"): it is one of the facts the sender gave.
    const pet = /\bhave (a|an|one|two|three|four|\d+) (?:little |big )?(dogs?|cats?|horses?|puppies|puppy)\b/iu.exec(clause);
    const pets = pet && /^(?:a|an|one)$/iu.test(pet[1]) ? `your ${pet[2]}` : pet ? `your ${pet[1]} ${pet[2]}` : '';
    return { clause: pet ? `${love[1]} with ${pets}` : love[1], kind: 'hobby' };
  }
  return null;
}

const COMING_TIME = /\b(?:tomorrow|tonight|soon|next \w+|this (?:week|weekend|month|summer|autumn|winter|spring|year)|in (?:January|February|March|April|May|June|July|August|September|October|November|December)|on (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday))\b/iu;

function kindOf(woven: WovenDetail): DetailKind {
  if (woven.subject === 'me') {
    if (/^we (?:first )?met\b/iu.test(woven.clause)) return 'since';
    // "we spent Christmas together last year" is a memory to think back on, not news or a confession.
    return woven.tense === 'past' && /^we\b/iu.test(woven.clause) ? 'ours' : 'mine';
  }
  // Something the sender took part in ("hired me", "helped us") is remembered, not heard about;
  // so is a long stretch of a life ("worked as a firefighter for 30 years").
  if (woven.tense === 'past') return /\b(me|us|our|my|we)\b|\bfor \S+ years\b|\ball year\b/iu.test(woven.clause) ? 'shared' : 'past';
  if (woven.tense === 'future' || woven.tense === 'ongoing') return 'coming';
  // "you hurt your back moving the sofa": a verb whose past looks like its present is news, not a trait.
  if (woven.tense === 'present' && /^you (?:hurt|cut|hit|split|bruised|sprained|got)\b/iu.test(woven.clause)) return 'past';
  // "he is getting remarried in June" is something coming, not a trait to love.
  if (/^you(?: are|'re) \w+ing\b/iu.test(woven.clause) && COMING_TIME.test(woven.clause)) return 'coming';
  return 'trait';
}

/** The frames a detail of this kind can be woven into, for the occasion's mood and the register; a funny card takes the funny ones where there are some. */
export function detailFrames(kind: DetailKind, mood: DetailMood, register: Register, funny = false): string[] {
  const own = FRAMES.detailFrames[mood][kind === 'shared' && mood !== 'good' ? 'past' : kind];
  const frames = own ?? FRAMES.detailFrames.good[kind];
  if (funny && register !== 'formal' && frames?.funny?.length) return frames.funny;
  return frames?.[register] ?? frames?.work ?? [];
}

/**
 * The detail woven into each of its frames: whole sentences, addressed to the reader. Most frames
 * state the detail to the person and answer it ("You taught me to bake bread, and I've carried
 * that with me ever since."), rather than recite it behind a stock opener.
 */
export function wovenSentences(detail: DetailToWeave, mood: DetailMood, register: Register, funny = false): string[] {
  // "I'm smiling as I write this, because…" is for a memory, not for "I love your Christmas pudding".
  const memory = /\b(?:remember|think of|thinking of|still)\b/iu.test(detail.clause);
  const frames = detailFrames(detail.kind, mood, register, funny);
  // "I owe you a great deal, not least because…" is for what the person did for the sender ("hired me"), not for their own career.
  const forMe = /\b(?:me|us|my|our)\b/iu.test(detail.clause);
  const fitting = frames.filter((frame) => (memory || !frame.startsWith("I'm smiling as I write this")) && (forMe || !/\bowe you\b/u.test(frame)));
  // "You watered our plants…: it meant more to us than you know."
  const ours = /\b(?:our|us|we)\b/iu.test(detail.clause);
  return (fitting.length ? fitting : frames).map((frame) => {
    // "And just like that, you just bought…" says "just" twice: the frame's is enough.
    const said = /\bjust like that\b/iu.test(frame) ? detail.clause.replace(/^you just /iu, 'you ') : detail.clause;
    // "since we met at a bus stop five years ago": "since" and "ago" do not go together.
    const clause = detail.kind === 'since' ? said.replace(/,?\s+(?:\w+|a|an) (?:years?|months?|weeks?) ago$/iu, '') : said;
    const inner = /\b(?:as|while) \{d\}/iu.test(frame) ? simplePresent(clause) : clause;
    // Said to someone close, "You are getting married" is "You're getting married".
    const spoken = register === 'formal' ? inner : inner.replace(/^you are\b/iu, "you're");
    let sentence = frame.replace('{d}', () => (register === 'formal' && detail.kind === 'toast' ? fullForms(spoken) : spoken));
    if (ours) sentence = sentence.replace(/\bto me\b/u, 'to us');
    // A toast that ends in "!" needs no full stop after it.
    return (sentence.charAt(0).toUpperCase() + sentence.slice(1)).replace(/([!?])\.$/u, '$1');
  });
}

/** A toast said in a formal note keeps the full forms: "it is wonderful that you are…". */
function fullForms(text: string): string {
  const forms: Record<string, string> = { "it's": 'it is', "you're": 'you are', "i'm": 'I am', "i've": 'I have', "we've": 'we have' };
  return text.replace(/\b(?:it's|you're|I'm|I've|we've)\b/giu, (word) => {
    const full = forms[word.toLowerCase()];
    return /^[A-Z]/u.test(word) && full !== 'I am' && full !== 'I have' ? full.charAt(0).toUpperCase() + full.slice(1) : full;
  });
}

/** "as you are starting your first job" reads better as "as you start your first job". */
function simplePresent(clause: string): string {
  const progressive = /^you are (\w+ing)\b(.*)$/iu.exec(clause);
  if (!progressive) return clause;
  const base = nlp(progressive[1]).verbs().toInfinitive().text();
  return base && /^[a-z]+$/u.test(base) ? `you ${base}${progressive[2]}` : clause;
}
