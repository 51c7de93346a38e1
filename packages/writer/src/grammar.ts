/**
 * Checks a careful writer makes on every sentence the offline generator puts together, shared by
 * the composer (template.ts), the rewrites (improve.ts, instructions.ts) and the evaluation
 * (eval/score.ts): sentence splitting, content words repeated in the next sentence, clauses left
 * without a verb, and words that break a formal register. The grammar comes from compromise.
 */
import nlp from 'compromise';

/**
 * Texts already split, so a draft's sentences are parsed once: the composer, its own checks and
 * the evaluation ask again for the same text, and compromise's parse is most of their time.
 * Bounded: emptied when full.
 */
const splitCache = new Map<string, readonly string[]>();
const SPLIT_CACHE_MAX = 5000;

/** Sentences of one paragraph or line, as compromise splits them. */
export function sentencesIn(text: string): string[] {
  let sentences = splitCache.get(text);
  if (!sentences) {
    sentences = (nlp(text).sentences().out('array') as string[]).map((s) => s.trim()).filter(Boolean);
    if (splitCache.size >= SPLIT_CACHE_MAX) splitCache.clear();
    splitCache.set(text, sentences);
  }
  // A copy: callers may change the array they get.
  return [...sentences];
}

/** Every sentence of a wish, its greeting and sign-off lines included, in order. */
export function sentencesOfText(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n+/u)
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap(sentencesIn);
}

/** Words that carry no content of their own: a repeat of these is not a repeat. */
const STOP = new Set(
  `a about above after again all also always am an and any are as at be because been before being both but by can
  could did do does doing done during each even ever every for from further had has have having he her here hers him
  his how i if in into is it its itself just let me more most much must my no nor not now of off on once only or
  other our ours out over own same she should so some such than that the their them then there these they this those
  through to too under until up very was we were what when where which while who whom why will with would yet you
  your yours yourself yourselves you're you've you'll you'd i'm i've i'll i'd it's that's there's here's let's
  don't can't won't isn't aren't wasn't weren't didn't doesn't haven't hasn't couldn't wouldn't shouldn't one two
  get got gets make makes made many lot lots little well way things thing something anything everything really
  still just back may might shall new good`.split(/\s+/u),
);

/** A crude stem, enough to see "work" in "worked" and "wish" in "wishes". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/[’']s$/u, '').replace(/[’']/gu, "'");
  if (w.length > 5) w = w.replace(/(ingly|edly|ings|ing|ied|ies|ed|es|ly|s)$/u, (m) => (m === 'ied' || m === 'ies' ? 'y' : ''));
  else if (w.length > 3) w = w.replace(/s$/u, '');
  return w;
}

/** The content words of a sentence, stemmed; `ignore` are words that may repeat (the person's name). */
export function contentWords(sentence: string, ignore: readonly string[] = []): Set<string> {
  const skip = new Set(ignore.map((w) => stem(w)));
  const out = new Set<string>();
  for (const word of sentence.toLowerCase().match(/[\p{L}][\p{L}'’-]*/gu) ?? []) {
    const plain = word.replace(/’/gu, "'");
    if (plain.length < 3 || STOP.has(plain)) continue;
    const s = stem(plain);
    if (!skip.has(s)) out.add(s);
  }
  return out;
}

/**
 * A fast splitter for text whose sentences are known to be well punctuated (the corpus and its
 * frames): a break after . ! or ? followed by a capital, and at every line break.
 */
export function quickSentences(text: string): string[] {
  return text
    .split(/\n+/u)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=["“‘(]?[\p{Lu}\p{N}])/u))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Content words a sentence shares with the one before it. */
export function sharedContentWords(previous: string, next: string, ignore: readonly string[] = []): string[] {
  const before = contentWords(previous, ignore);
  return [...contentWords(next, ignore)].filter((w) => before.has(w));
}

/** Every pair of neighbouring sentences that share a content word, as "word: sentence → sentence". */
export function repeatsInNextSentence(text: string, ignore: readonly string[] = [], split: (text: string) => string[] = sentencesOfText): string[] {
  const sentences = split(text);
  const found: string[] = [];
  for (let i = 1; i < sentences.length; i++) {
    const shared = sharedContentWords(sentences[i - 1], sentences[i], ignore);
    if (shared.length) found.push(`${shared.join(', ')}: “${sentences[i - 1]}” → “${sentences[i]}”`);
  }
  return found;
}

/** The verbs compromise finds in a clause or sentence. */
export const verbsOf = (text: string): string[] => nlp(text).verbs().out('array') as string[];

/** Verbs and adjectives that take a "that" clause ("I love that …", "so glad that …"). */
const FEELING_VERBS = 'love|loved|know|knew|hope|glad|sorry|proud|happy|believe|heard|hear|see|think|remember|forget|smile|smiles|grateful|admire|admired|excited|thrilled|delighted';

/**
 * A clause left without its verb: "I love that your garden." (a "that"/"how" with only a noun
 * after it) or "the cake: it makes the day…" (a bare noun phrase glued on with a colon).
 */
export function fragmentErrors(sentence: string): string[] {
  const errors: string[] = [];
  const tail = new RegExp(`\\b(?:${FEELING_VERBS})\\s+(?:that|how)\\s+([^,;:!?.]+)[.!?]*$`, 'iu').exec(sentence.trim());
  if (tail && !verbsOf(`and ${tail[1]}`).length && !/(?:'|’)(?:s|re)\b|\b(?:is|are|was|were)\b/iu.test(tail[1])) errors.push(`no verb after “that”: ${sentence}`);
  const glued = /^(?:and of course,\s*)?((?:the|your|my|our|his|her|their|a|an)(?:\s[\p{L}'’-]+){1,3}):\s/iu.exec(sentence.trim());
  if (glued && !verbsOf(glued[1]).length) errors.push(`noun phrase glued on with a colon: ${sentence}`);
  return errors;
}

/**
 * Words a formal note, or one to a boss, client or teacher, never uses, however warm it is meant
 * to be: love in every form, hugs, kisses, darling.
 */
export const INTIMATE_WORDS = /\b(?:love[sd]?|loving|lovingly|hugs?|hugging|kiss(?:es)?|xoxo|xx+|darling|sweetheart|dearest|cuddles?)\b/iu;

/** The words of `text` that break a formal or professional register. */
export function registerBreaks(text: string): string[] {
  return [...text.matchAll(new RegExp(INTIMATE_WORDS.source, 'giu'))].map((m) => m[0]);
}

/** Sentence openings that bless or close ("May your…", "Wishing you…", "With warm wishes…"): one a card is enough. */
const BLESSING = /^(?:may|wishing|with|sending|here'?s to|every (?:happiness|good wish)|all the best|best wishes|warm(?:est)? wishes)\b/iu;
/** Short first words whose next word says what the sentence does ("I hope" and "I was" are different openings). */
const LEAD_WORDS = new Set(['i', "i'm", "i've", "i'll", "i'd", 'you', "you're", "you've", "you'll", 'it', "it's", 'we', "we're", "we'll", 'this', "that's", "there's", 'what', 'so', 'and', 'but', 'the', 'a', 'your', 'my']);

/**
 * What a sentence opens with, as a reader hears a pattern: every blessing ("May…", "Wishing…",
 * "With…") is one pattern; "I hope…" and "I was…" are two; otherwise its first word.
 */
function openingOf(sentence: string): string {
  // "And may…" is the same blessing as "May…"; "Happy birthday, and may…" is one too.
  const plain = sentence.trim().replace(/^["“‘(]+/u, '').replace(/’/gu, "'").toLowerCase().replace(/^(?:and|but|so),?\s+(?=may\b|wishing\b|with\b)/u, '');
  if (BLESSING.test(plain) || /^happy\b[^.!?]*,\s*and may\b|[:;]\s*may\b/u.test(plain)) return 'blessing';
  const [first, second] = plain.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  if (!first) return '';
  return LEAD_WORDS.has(first) && second ? `${first} ${second}` : first;
}

/** Pairs of sentences of a body (no greeting or sign-off lines) that open the same way, anywhere in it. */
export function sameOpenings(body: string, split: (text: string) => string[] = quickSentences): string[] {
  const seen = new Map<string, string>();
  const found: string[] = [];
  for (const sentence of split(body)) {
    const opening = openingOf(sentence);
    if (!opening) continue;
    const earlier = seen.get(opening);
    if (earlier !== undefined) found.push(`${opening}: “${earlier}” … “${sentence}”`);
    else seen.set(opening, sentence);
  }
  return found;
}

/**
 * Content words of five letters or more said more than once anywhere in the body ("recovery"
 * three times, "happy" in the first line and the last): a person writing a card hears those.
 * `ignore` are words that may repeat (the person's name).
 */
export function repeatsInDraft(body: string, ignore: readonly string[] = [], split: (text: string) => string[] = quickSentences): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const sentence of split(body)) {
    for (const word of contentWords(sentence, ignore)) {
      if (word.length < 5) continue;
      if (seen.has(word)) repeated.push(word);
      else seen.add(word);
    }
  }
  return repeated;
}

/**
 * Things a card can say in other words: a reader hears "so happy for you" and "over the moon for
 * you", or "You got promoted!" and "A promotion!", as the same thing said twice. Each concept
 * counts once a card; a second saying of it is a repeat.
 */
export const CONCEPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['happy for you', /\b(?:(?:so |really |truly )?(?:happy|thrilled|delighted|pleased|glad|excited) for you|over the moon(?: for you)?|couldn't be (?:happier|more pleased)|could not be (?:happier|more pleased))\b/giu],
  ['luck', /\b(?:good luck|best of luck|luck|fingers crossed)\b/giu],
  ['promotion', /\bpromot\w*/giu],
  // "…was born on Tuesday: welcome to the world, Lily!" is one greeting; "was born" beside "the safe arrival" is two.
  ['birth', /\b(?:was born|were born|safe arrival|new arrival|your arrival|little one has arrived|birth of)\b/giu],
  ['proud', /\bproud(?:er|est)?\b/giu],
  ['congratulations', /\bcongrat\w*/giu],
  ['wonderful news', /\b(?:wonderful|great|happy|exciting|fantastic|brilliant|lovely) news\b/giu],
  ['celebrate', /\bcelebrat\w*/giu],
  ['cheering', /\b(?:cheer(?:ing)? (?:you )?on|rooting for you|behind you all the way|cheering (?:for|from))\b/giu],
  // "All that hard work has paid off. Today marks the reward for years of effort."
  ['hard work rewarded', /\b(?:hard work (?:has )?paid off|(?:the |a )?(?:fitting )?reward for (?:years of |all (?:your|that) |your )?(?:effort|hard work|work)|all that hard work)\b/giu],
  // A baby on the way said twice ("expecting your first baby … a little one is on the way").
  ['new home', /\b(?:a new home|new place|(?:your |a )(?:very )?first (?:flat|house|home))\b/giu],
  ['cannot wait', /\b(?:can't|cannot|can not) wait\b/giu],
  ['expecting', /\b(?:expecting|on the way|due in)\b/giu],
];

/** The concepts a body says more than once, in other words or the same ones. */
export function conceptRepeats(body: string): string[] {
  return CONCEPTS.filter(([, re]) => (body.match(re) ?? []).length > 1).map(([name]) => name);
}

/** Looking forward to a day ("counting down the days", "can't wait to celebrate")… */
const AWAITING = /\b(?:counting down the days|can't wait to celebrate|cannot wait to celebrate|until the big day|before the big day|can't wait for the day)\b/iu;
/** …beside words that say the day is here ("today", "on your wedding day"). */
export const ARRIVED = /\b(?:today|tonight|this day|on your (?:wedding |big )?day|the big day is here)\b/iu;

/** A card that waits for a day and says it is today, in one body. */
export function timingClash(body: string): boolean {
  return AWAITING.test(body) && ARRIVED.test(body);
}

/**
 * Lines that say the sender heard the news second hand ("I hear…", "A little bird told me…",
 * "I had to read it twice"): wrong from a parent, a partner, a sibling, who know it first hand.
 */
export const HEARSAY = /\b(?:I hear\b|I heard\b|ever since I heard|a little bird|word (?:reached|has reached) me|I had to read it twice|(?:pleased|delighted|sorry|glad|thrilled) to (?:hear|learn)|to learn of|news reached me|(?:a )?joy to hear|pleasure to hear)/iu;
