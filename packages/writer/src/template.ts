/**
 * The offline ("template") generator: it chooses a complete wish from the corpus written for the
 * occasion, style and register, and adapts it lightly: the name in the greeting, and the one
 * detail worth weaving, rewritten for the reader inside a sentence of its own (weave.ts) or left
 * out. Of the wishes, greetings, sign-offs and frames that fit, it keeps a combination in which no
 * sentence repeats a content word of the one before (grammar.ts).
 */
import type { GenerateRequest } from '@wishes/kit-contract/api';
import nlp from 'compromise';
import { CORPUS, FRAMES, fitsContext, fitsRelationship, relationshipOf, type CorpusTone, type CorpusWish, type DetailKind, type DetailMood, type Register, type World } from './corpus';
import { ARRIVED, conceptRepeats, HEARSAY, quickSentences, registerBreaks, repeatsInDraft, repeatsInNextSentence, sameOpenings, timingClash } from './grammar';
import { audienceKeyOf, cleanName, squash, styleKeyOf, topicKeyOf, type AudienceKey, type StyleKey, type TopicKey } from './keys';
import { detailToWeave, wovenSentences } from './weave';
import { kindSentences } from './kinds';
import { frameSafe, moodFor, PERSONAL_THANKS, timingMisfit } from './safe';
import { carryFacts } from './carry';

export { audienceKeyOf, cleanDetails, cleanName, styleKeyOf, topicKeyOf } from './keys';

/** How long a draft should be: a few lines, a proper card, or a letter. */
export type DraftLength = 'short' | 'medium' | 'long';

/** Source of randomness in [0, 1); injectable so tests can make the output reproducible. */
export type Random = () => number;

const pick = <T>(items: readonly T[], random: Random): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))];

/** Audiences written to without endearments, whatever the style. */
const WORK_AUDIENCES = new Set<AudienceKey>(['colleague', 'boss', 'client', 'teacher']);

/** The register a draft is written in: formal for the formal style, work for a colleague, boss, client or teacher. */
export function registerOf(style: StyleKey, audience: AudienceKey): Register {
  if (style === 'formal') return 'formal';
  return WORK_AUDIENCES.has(audience) ? 'work' : 'warm';
}

export const toneOf = (register: Register): CorpusTone => (register === 'warm' ? 'warm' : 'work');

/** The settings of a request as the corpus knows them. */
export interface Plan {
  topic: TopicKey;
  /** The style whose wishes are used: romance is for a partner, so romantic to anyone else reads heartfelt. */
  style: StyleKey;
  audience: AudienceKey;
  register: Register;
  name: string;
  /** An occasion the corpus has no topic for, named "… Day" (Mother's Day): the greeting names it. */
  dayLabel: string | null;
  /** Asked to be poetic: the card ends in verse, even when a partner's own wedding or anniversary takes the romantic wishes. */
  verse: boolean;
}

export function planOf(request: GenerateRequest): Plan {
  const audience = audienceKeyOf(request.audience);
  let style = styleKeyOf(request.style);
  const verse = style === 'poetic';
  const topic = topicKeyOf(request.topic);
  if (style === 'romantic' && audience !== 'partner') style = 'heartfelt';
  // A partner's wedding or anniversary is their own: the wishes for "the two of you" would read wrong.
  // So is a partner's new baby: "your growing family" would speak of someone else's.
  if (audience === 'partner' && (topic === 'wedding' || topic === 'anniversary' || (topic === 'newBaby' && style !== 'funny')) && style !== 'formal') style = 'romantic';
  const label = squash(request.topic).replace(/^happy\s+/iu, '').replace(/[.!?]+$/u, '');
  const dayLabel = topic === 'generic' && /\bday$/iu.test(label) && label.length <= 60 ? label.charAt(0).toUpperCase() + label.slice(1) : null;
  return { topic, style, audience, register: registerOf(style, audience), name: cleanName(request.name), dayLabel, verse };
}

/** The wishes written for the plan, falling back to the heartfelt ones of the same register. */
export function wishesFor(plan: Plan): CorpusWish[] {
  const tone = toneOf(plan.register);
  const corpus = CORPUS[plan.topic];
  return corpus[plan.style]?.[tone] ?? corpus.heartfelt?.[tone] ?? CORPUS.generic.heartfelt![tone]!;
}

/** Where variants borrow wishes when a style's own are used up: styles close in voice. */
const BORROW: Record<StyleKey, StyleKey[]> = {
  heartfelt: ['inspirational', 'poetic'],
  casual: ['heartfelt', 'funny'],
  funny: ['casual', 'heartfelt'],
  poetic: ['heartfelt', 'inspirational'],
  inspirational: ['heartfelt', 'casual'],
  // A formal note borrows heartfelt and inspirational work wishes without an exclamation or a word of
  // love, said in full forms (formalLent), so that three formal drafts are three cards.
  formal: ['heartfelt', 'inspirational'],
  romantic: ['heartfelt'],
};

const moodOf = (topic: TopicKey): DetailMood => (topic === 'getWell' ? 'sorry' : topic === 'thankYou' ? 'thanks' : 'good');

function linesFor(table: Record<StyleKey, Partial<Record<CorpusTone, string[]>>>, plan: Plan): string[] {
  const tone = toneOf(plan.register);
  return table[plan.style]?.[tone] ?? table.heartfelt[tone] ?? table.formal.work!;
}

/**
 * Where the woven detail goes: first (it makes the card personal from its first words), after the
 * opening, or just before the closing wish when the words around it would otherwise repeat.
 */
type DetailPlace = 'first' | 'afterOpen' | 'beforeWish';
const PLACES: DetailPlace[] = ['first', 'first', 'first', 'afterOpen', 'beforeWish'];

const NEWS_KINDS = new Set<DetailKind>(['past', 'coming', 'celebration']);

/** The sentences of the body, paragraph by paragraph, for a length. */
function bodyOf(wish: CorpusWish, length: DraftLength, detail: string | null, topic: TopicKey, place: DetailPlace): string[][] {
  // A get-well detail already says why the card was written; the corpus's own opening would say it
  // twice. So does an opening that announces the detail's own news ("A promotion!" beside "So you got promoted…").
  const replacesOpen = !!detail && (topic === 'getWell' || conceptRepeats(`${detail} ${wish.open}`).length > 0);
  const at = (where: DetailPlace) => (detail && !replacesOpen && place === where ? [detail] : []);
  const open = replacesOpen ? [detail!] : [...at('first'), wish.open, ...at('afterOpen')];
  const close = [...at('beforeWish'), wish.wish];
  if (length === 'short') return [[...open, ...close]];
  if (length === 'medium') return [[...open, wish.middle, ...close]];
  return [
    [...open, wish.middle],
    [wish.more, ...close],
  ];
}

/** The neutral sign-off of each register, when none of a style's own fits the occasion and the person. */
const PLAIN_SIGNOFF: Record<Register, string> = { warm: 'Warmly,', work: 'With best wishes,', formal: 'Kind regards,' };

/**
 * The sign-offs that fit the occasion and the person, by the tags written beside them
 * (`signoffFits` in frames.json): no "Cheers," on a get-well card, no "With love," to a
 * colleague, "Your colleague in crime," for a colleague only, "Onwards," for a card that looks ahead.
 */
function signoffsFor(lines: readonly string[], plan: Pick<Plan, 'topic' | 'register' | 'audience'>): string[] {
  const fitting = lines.filter((line) => fitsContext(FRAMES.signoffFits[line], plan));
  return fitting.length ? fitting : [PLAIN_SIGNOFF[plan.register]];
}

/** The greeting line for a name: "the Johnsons" are greeted "To the Johnsons,", never "Dear the Johnsons,". */
function greetingFor(line: string, fullName: string): string {
  // "Dr. Ingrid Olsen" is greeted as "Dr. Olsen": a title goes with the surname alone.
  const titled = /^((?:Dr|Mr|Mrs|Ms|Mx|Prof|Professor)\.?)\s+\S+\s+(\S+)$/u.exec(fullName);
  const name = titled ? `${titled[1]} ${titled[2]}` : fullName;
  const the = /^the\s+/iu.exec(name);
  if (the && !/^(?:For|Happy)\b/u.test(line)) return `To the ${name.slice(the[0].length)},`;
  return line.replace('{name}', () => (the && !line.startsWith('{name}') ? `the ${name.slice(the[0].length)}` : name));
}

/** The people a card is written to with love, whatever the style: a formal card to them is dignified, never cool. */
const CLOSE_AUDIENCES = new Set<AudienceKey>(['partner', 'child', 'parent', 'sibling', 'grandparent']);

/** Sign-offs for acquaintances and business letters: never to a partner, a child, a parent, a sibling or a grandparent. */
export const COOL_SIGNOFFS = new Set(['Warmly,', 'Kind regards,', 'Yours sincerely,', 'With best regards,', 'All the best,', 'Best,', 'With best wishes,', 'Warm wishes,', 'With admiration,', 'Onwards,']);

/** The sign-offs of a close person's card: the love-register ones of its lines, else "With love,". */
function closeSignoffs(lines: readonly string[], audience: AudienceKey): string[] {
  const fitting = lines.filter((line) => !COOL_SIGNOFFS.has(line));
  if (fitting.length) return fitting;
  // A formal card (the only kind whose sign-offs are all cool) still keeps love out: affection is its warmth.
  return audience === 'partner' ? ['Yours, with affection,', 'Fondly,'] : ['With affection,', 'Fondly,'];
}

/** A detail that says the anniversary is one of work ("with the company for 10 years"), not of a marriage. */
export const WORK_ANNIVERSARY = /\b(?:company|firm|job|work(?:ed|ing)?|office|team|employ\w*|career|business|(?:been )?with (?:us|the \w+) for)\b/iu;

/**
 * A detail that cannot be true of the person ("starting her first job" on a card to a grandparent
 * or to Mum and Dad): left out rather than written as nonsense.
 */
export function contradictsRecipient(details: string, audience: AudienceKey, name: string): boolean {
  const youngNews = /\b(?:first job|first day at school|starting (?:school|university|college))\b/iu;
  if ((audience === 'grandparent' || audience === 'parent') && youngNews.test(details)) return true;
  // "She is…" about a couple ("Mom and Dad", "Priya and Tom") reads as one of them only: a singular detail about a first job goes.
  const couple = /\s(?:and|&)\s/iu.test(name);
  return couple && /\b(?:first job)\b/iu.test(details);
}

/**
 * The fact a card is written for, when the details carry one: "ten years" of a work anniversary,
 * a first job, an age. Such a detail is never left out to spare a repeated word, and lines that
 * contradict it ("another year" for ten years) are not used.
 */
export function keyFactOf(details: string): { years: boolean } | null {
  const years = /\b(?:[2-9]|[1-9]\d|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|twenty-five|thirty|forty|fifty|sixty)\s+years\b/iu.test(details);
  if (years) return { years: true };
  return /\b(?:first (?:job|day|flat|home|house|baby|child)|turning \d+|\d+(?:st|nd|rd|th) birthday)\b/iu.test(details) ? { years: false } : null;
}

const FIRST_JOB = /\bfirst (?:proper |real |full-time )?job\b/iu;
/** Words that assume a career behind the new job. */
const AFTER_A_CAREER = /\b(?:experience|promotion|promoted|track record|next step in your career|well-deserved recognition)\b/iu;

/** Details of a job taken, not a step up where one already works. */
const NEW_JOB = /\b(?:got (?:a|the|her|his|their) (?:new )?job|(?:a|her|his|their) new job|job as|hired|joining|starting (?:a|her|his|their|at))\b/iu;

/** Occasions whose news is something achieved. */
const ACHIEVEMENTS = new Set<TopicKey>(['newJob', 'graduation', 'goodLuck', 'retirement', 'birthday', 'generic']);

/** "another year" said of ten years. */
const ONE_MORE_YEAR = /\b(?:(?:another|one more) year|twelve more months)\b/iu;

/** A season or month named in a couplet or a wish, which a detail naming another one would contradict ("spring, summer and autumn" for a June wedding). */
const SEASON_WORDS = /\b(?:spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december)\b/giu;

/** Couplets that say nothing the details contradict: no season beside the details' own, no "another year" for ten. */
export function coupletsFitting(couplets: readonly string[], details: string): string[] {
  const named = new Set((details.match(SEASON_WORDS) ?? []).map((w) => w.toLowerCase()).filter((w) => w !== 'may' || /\bin may\b/iu.test(details)));
  const years = keyFactOf(details)?.years;
  return couplets.filter((couplet) => {
    // "may" in a couplet is a wish, not the month.
    const own = (couplet.match(SEASON_WORDS) ?? []).map((w) => w.toLowerCase()).filter((w) => w !== 'may');
    if (named.size && own.some((w) => !named.has(w))) return false;
    return !(years && ONE_MORE_YEAR.test(couplet));
  });
}

/** The occasion's couplets for the register; a partner's own wedding or anniversary is "ours", not "the two of you". */
function ownCouplets(plan: Plan): string[] {
  const couplets = FRAMES.couplets[plan.topic];
  if (!couplets) return [];
  if (plan.audience === 'partner' && plan.register === 'warm' && couplets.partner) return couplets.partner;
  return couplets[toneOf(plan.register)] ?? [];
}

/**
 * Words of a business letter that read as a performance review when written to a parent or a
 * grandparent ("your generosity and professionalism", "worked under your leadership").
 */
export const REVIEW_WORDS = /\b(?:leadership|collaboration|work(?:ed|ing)? (?:with|under) you|professionalism|organisation|as (?:a|my) colleague|assistance|diligence|experience|appointment|ability|dedication|contribution|service|progress|support|courtesy|endeavours|example you set|credit on you|rewarding|consideration|the role|continued success|trust and partnership|prosperous)\b/iu;

const dignified = new WeakMap<CorpusWish, CorpusWish>();

/** A line said in full forms, as a formal card says it ("I can't wait" → "I cannot wait"). */
function fullFormsOf(text: string): string {
  return nlp(text).contractions().expand().all().text().replace(/\bcan not\b/gu, 'cannot').replace(/\b(I|you|we) have got\b/gu, '$1 have');
}

/** A heartfelt wish said with full forms ("I am", "you have"), for a formal card to someone close. */
function dignifiedWish(wish: CorpusWish): CorpusWish {
  let out = dignified.get(wish);
  if (!out) {
    const expand = (text: string) =>
      text
        ? nlp(text)
            .contractions()
            .expand()
            .all()
            .text()
            .replace(/\bcan not\b/gu, 'cannot')
            // "I've got" in full is "I have", not "I have got".
            .replace(/\b(I|you|we) have got\b/gu, '$1 have')
        : text;
    out = { ...wish, open: expand(wish.open), middle: expand(wish.middle), more: expand(wish.more), wish: expand(wish.wish) };
    dignified.set(wish, out);
  }
  return out;
}

/**
 * A formal card to a partner, child, parent, sibling, grandparent, friend or neighbour: dignified, not a business
 * letter. The formal wishes that do not read as a review, and the heartfelt ones without words of
 * love, said in full forms.
 */
function closeFormalWishes(plan: Plan): CorpusWish[] {
  const formal = (CORPUS[plan.topic].formal?.work ?? []).filter((w) => !REVIEW_WORDS.test(Object.values(w).join(' ')));
  const heartfelt = (CORPUS[plan.topic].heartfelt?.warm ?? []).filter((w) => !registerBreaks(Object.values(w).join(' ')).length).map(dignifiedWish);
  return [...formal, ...heartfelt];
}

/** The world the details name (the sea for a marine biologist, a kitchen for a chef), unless the occasion makes it a setting only. */
export function worldOf(details: string, topic: TopicKey): World | null {
  return FRAMES.worlds.find((w) => !w.notTopics.includes(topic) && new RegExp(w.match, 'iu').test(details)) ?? null;
}

/** Lines that call the person a colleague: not for the boss who hired the sender, a client or a teacher. */
const COLLEAGUE = /\bcolleagues?\b/iu;
/** Lines said to one friend: never to a couple ("Hannah and James"). */
const ONE_FRIEND = /\b(?:a friend like you|such a (?:good |great |wonderful )?friend|the best friend|my best friend|you're a (?:true |good |great |wonderful )?friend)\b/iu;
/** A relationship of years is not one of "the past months". */
const SHORT_ACQUAINTANCE = /\b(?:(?:past|last|recent|few) (?:few )?months|this past year|since we met recently|short time)\b/iu;
/** Gushing lines of a partner's own days ("more than words can say"), out of place on a good-luck or get-well card. */
const GUSH = /\b(?:more than words can say|my whole world|my everything|love you more (?:every|each) day|my soulmate|heart skips)\b/iu;
/** Occasions a partner's card may gush on. */
const ROMANTIC_OCCASIONS = new Set<TopicKey>(['wedding', 'anniversary', 'birthday', 'holidays', 'generic', 'newBaby']);

/** Occasions whose day a card may be sent ahead of. */
const CELEBRATIONS = new Set<TopicKey>(['wedding', 'newBaby', 'anniversary']);
/** Details that put the day ahead: "getting married in June", "due in spring", "expecting". */
const AHEAD = /\b(?:(?:is|are|am|'re|'s) (?:getting married|marrying|having a baby|tying the knot)|will|next (?:week|month|year|spring|summer|autumn|winter)|due|expecting|upcoming|soon|in (?:January|February|March|April|May|June|July|August|September|October|November|December|the spring|the summer|the autumn|the winter))\b/iu;

/** Lines written for a baby still on the way. */
const EXPECTING = /\b(?:on the way|as you wait|when the time comes|months ahead|coming months|safe and (?:happy|easy) delivery)\b/iu;

/** An adult's register that reads wrong to a child: doubt cast on their carers, grown-up idioms. */
const CHILD_MISFITS = /\b(?:looked after properly|everything you need|here whenever you need me|take care of yourself|hasn't gone unnoticed|much appreciated|every good wish|swift and full recovery|restored to)\b/iu;
/** A detail of a move or a leaving: the good-luck card is about the new place, not a test to pass. */
const MOVE_OR_LEAVING = /\b(?:moving|moves|relocat\w*|emigrat\w*|leaving|leaves|new life in)\b/iu;
/** Appraisal words, out of place in thanks to a teacher or a mentor. */
const APPRAISAL = /\b(?:hasn't gone unnoticed|much appreciated|truly appreciated|outstanding support|invaluable|the outcome|good work into great work)\b/iu;
/** A boss thanked as a mentor. */
const MENTORED = /\b(?:mentor(?:ed|ing)?|taught|coached|trained|guided|believed in)\b/iu;
/** Wishes written for a move or a leaving. */
const MOVE_WISH = /\b(?:the (?:big )?move|move on|new chapter|miss(?:ed|ing)? you|without you)\b/iu;
/** Lines written for an exam, a test or a race. */
const EXAM_LINES = /\b(?:prepared|how it goes|whatever happens|deep breath|nerves|nervous|exam|test|ace it|smash it|knock (?:'em|them|their socks)|how far you've already come|going for it|in your corner|the occasion ahead|confidence in your ability|put in the work|hard work|worked hard|it will go brilliantly|it'll go brilliantly|you've earned this)\b/iu;

/** Sign-offs of appraisal and business letters: never on a heartfelt thank-you to a teacher (the ninth reading). */
const TEACHER_THANKS_SIGNOFFS = ['With heartfelt thanks,', 'With warm thanks,', 'With gratitude,'];

const firstWord = (line: string) => (/^[\p{L}']+/u.exec(line)?.[0] ?? '').toLowerCase();

interface Choice {
  wish: CorpusWish;
  text: string;
  /** The body as composed, before the other facts are carried in: what a later variant must not repeat. */
  body: string;
  repeats: number;
  wordRepeats: number;
}

/** Someone the teacher or coach helped other than the sender: "my son", "our daughter". */
const FOR_THEIR_CHILD = /\b(?:my|our) (?:son|daughter|child|children|kids?|boy|girl|twins|grandson|granddaughter)\b/iu;
/** Lines that say the sender was the one taught. */
const TAUGHT_ME = /\b(?:taught me|believed in me|in me\b|stayed with me|with me ever since|your lessons|what you taught|before anyone else did|my favourite subject|for me\b|I'm still using)/iu;
/** Lines for someone at the start of a working life. */
const CAREER_START = /\b(?:big career|career begins|start of (?:your|a|an exciting) career|first step|first rung|launch(?:ing)? your career|bold step)\b/iu;

/**
 * Composes one draft: a wish of the corpus for the occasion, style and register, its greeting and
 * sign-off lines, and the detail woven in. `avoid` are wishes other variants already used.
 */
function compose(
  request: GenerateRequest,
  length: DraftLength,
  random: Random,
  avoid: ReadonlySet<CorpusWish> = new Set(),
  avoidOpenings: ReadonlySet<string> = new Set(),
  avoidBodies: ReadonlySet<string> = new Set(),
): Choice {
  const plan = planOf(request);
  // Only the wishes written for this relationship: no desk or inbox for a mum, no "you believed in me" for a neighbour.
  const relationship = relationshipOf(plan.audience);
  // Besides the relationship's own tags: a parent, a partner or a sibling knows the news first hand
  // ("I hear…" is wrong from them), a boss or a client is never "a colleague", a couple is not "a
  // friend like you", a partner's gushing lines are for romantic occasions, and a client of six
  // years is not thanked for "the past months".
  const close = CLOSE_AUDIENCES.has(plan.audience);
  const couple = /\s(?:and|&)\s/iu.test(plan.name);
  const longKnown = /\b(?:[2-9]|[1-9]\d|two|three|four|five|six|seven|eight|nine|ten|\w+teen|twenty|thirty|forty|fifty)\s+years\b|\bsince (?:school|university|college|we were)/iu.test(request.details);
  const timing = timingMisfit(request.details, plan.topic);
  const mentorThanks = plan.topic === 'thankYou' && plan.register === 'work' && (plan.audience === 'teacher' || (plan.audience === 'boss' && MENTORED.test(request.details)));
  const misfits = [
    ...(close ? [HEARSAY] : []),
    ...(plan.audience === 'boss' || plan.audience === 'client' || plan.audience === 'teacher' ? [COLLEAGUE] : []),
    ...(couple ? [ONE_FRIEND] : []),
    ...(longKnown ? [SHORT_ACQUAINTANCE] : []),
    ...(!ROMANTIC_OCCASIONS.has(plan.topic) ? [GUSH] : []),
    // Twins ("Max and Ruby were born") are not "the little one".
    ...(/\b(?:twins?|triplets|two (?:baby )?(?:boys|girls|sons|daughters)|\w+ and \w+ (?:were|are) born)\b/iu.test(request.details) ? [/\b(?:little one|your baby|the baby|a new baby|the new baby|baby's|three of you)\b/iu] : []),
    // A first job is a start, not a step up: no "new position" or "talent recognised".
    ...(/\bfirst job\b/iu.test(request.details) ? [/\bnew position\b|\brecogni[sz]ed\b|\bstep up\b|\bpromotion\b/iu] : []),
    // A neighbour is a kindly acquaintance: no "not a week goes by".
    ...(plan.audience === 'neighbor' ? [/\bnot a (?:week|day) goes by\b|\bowe you\b|\bnothing could make me happier\b/iu] : []),
    // A job named outside an office (a park ranger, a nurse, a chef): no passwords, printers or desks.
    ...(/\b(?:job|work|role|position|post|starts?|starting) as an? /iu.test(request.details) && !/\b(?:office|desk|admin|assistant|analyst|accountant|manager|secretary|clerk|receptionist|developer|engineer|consultant|administrator)\b/iu.test(request.details) ? [/\b(?:passwords?|printer|desk|inbox|e-?mails?|meetings?|spreadsheets?|lanyard|swipe card|coffee machine|office|toilets|biscuits)\b/iu] : []),
    // A teacher taught the sender: they did not work alongside each other.
    ...(plan.audience === 'teacher' ? [/\b(?:worked|working) (?:alongside|with you)\b/iu] : []),
    // A broken wrist or arm does not keep anyone off their feet.
    ...(/\b(?:wrist|arm|hand|finger|thumb|elbow|shoulder|collarbone)\b/iu.test(request.details) ? [/\bon your feet\b/iu] : []),
    // A named son or daughter is "he" or "she", never "their" or "they".
    ...(/\b(?:son|daughter) [A-Z][\p{L}'-]+ (?:was born|arrived)\b/u.test(request.details) ? [/\b(?:their|they|them|they're|they'll)\b/iu] : []),
    // A baby welcomed by name is not announced again as "A baby!".
    ...(/\b(?:son|daughter|twins?) [A-Z][\p{L}'-]+\b/u.test(request.details) ? [/\bA baby!/u] : []),
    // "Good luck today" for a race on Sunday: a line's time agrees with the detail's, or it is not used.
    ...(timing ? [timing] : []),
    // A client is thanked as a client: no "it meant the world", "you're a star".
    ...(plan.audience === 'client' ? [PERSONAL_THANKS] : []),
    // A work anniversary is the person's own years with the company, not a couple's: no "together".
    ...(plan.topic === 'anniversary' && WORK_ANNIVERSARY.test(request.details) ? [/\btogether\b/iu] : []),
    // Thanks to a teacher or a mentor is never an appraisal (the ninth reading).
    ...(mentorThanks ? [APPRAISAL] : []),
    // A child is written to simply and playfully: no adult idioms, no doubt cast on their carers (the ninth reading).
    ...(plan.audience === 'child' ? [CHILD_MISFITS] : []),
    // Good luck for a move or a leaving is about the new place and missing them, not an exam (the ninth reading).
    ...(plan.topic === 'goodLuck' && MOVE_OR_LEAVING.test(request.details) ? [EXAM_LINES] : []),
    // Thanks for what was done for the sender's child is not written as if the sender had been taught (the tenth reading's one 2).
    ...(plan.topic === 'thankYou' && FOR_THEIR_CHILD.test(request.details) ? [TAUGHT_ME] : []),
    // A parent or a grandparent starting a job, or anyone past forty, is not at the start of a career (the tenth reading).
    ...(plan.topic === 'newJob' && (plan.audience === 'parent' || plan.audience === 'grandparent' || /\b(?:[4-9]\d)\b|\b(?:forty|fifty|sixty|seventy)/iu.test(request.details)) ? [CAREER_START] : []),
    // A holiday card is not a farewell: no "the next chapter" (the tenth reading).
    ...(plan.topic === 'holidays' ? [/\bnext chapter\b/iu] : []),
    // A client is not thanked for what they "contributed", like a member of staff (the tenth reading).
    ...(plan.audience === 'client' ? [/\bcontribut\w*\b/iu] : []),
    // A second or third child does not make anyone a parent (the tenth reading).
    ...(plan.topic === 'newBaby' && /\b(?:second|third|fourth|fifth|another|big (?:brother|sister)|little (?:brother|sister)|sibling)\b/iu.test(request.details) ? [/\bbecoming (?:a )?parents?\b|\bnew parents?\b|\bparenthood\b|\bfirst (?:baby|child)\b/iu] : []),
  ];
  // Twins are two: a line written for one baby is said in the plural rather than lost.
  const twins = /\btwins?\b|\btwin (?:girls|boys|daughters|sons)\b/iu.test(request.details);
  const twinsSaid = (text: string) => (twins ? text.replace(/\bnew arrival\b/gu, 'new arrivals').replace(/\bthe new baby\b/gu, 'the twins').replace(/\bthe birth of your child\b/gu, 'the birth of your twins').replace(/\byour child\b/gu, 'your children').replace(/\bthree of you\b/gu, 'four of you') : text);
  const fitsPerson = (text: string) => !misfits.some((re) => re.test(text));
  const fitting = (wishes: CorpusWish[]) => wishes.filter((w) => fitsRelationship(w, relationship, plan.audience) && fitsPerson(Object.values(w).join(' ')));
  const workAnniversary = plan.topic === 'anniversary' && WORK_ANNIVERSARY.test(request.details);
  // A work anniversary ("with the company for 10 years") takes the wishes written for one, whoever it is for.
  const workWishes = (style: StyleKey) => CORPUS.anniversary[style]?.work ?? [];
  // A friend or a neighbour is not a business contact either: no "collaboration over the past months".
  const personal = CLOSE_AUDIENCES.has(plan.audience) || plan.audience === 'friend' || plan.audience === 'neighbor';
  const closeFormal = plan.register === 'formal' && personal && !workAnniversary && closeFormalWishes(plan).length > 0;
  const own = workAnniversary ? (workWishes(plan.style).length ? workWishes(plan.style) : workWishes('heartfelt')) : closeFormal ? closeFormalWishes(plan) : wishesFor(plan);
  let all = fitting(own);
  if (workAnniversary && !all.length) {
    const anyWork = (['heartfelt', 'poetic', 'inspirational', 'casual', 'formal'] as const).flatMap(workWishes);
    all = fitting(anyWork).length ? fitting(anyWork) : own;
  }
  // A child's own wishes (playful, simple) and a move's or a leaving's own (the new place, missing
  // them) before the general ones, when the style has them (the ninth reading).
  const preferred = (list: CorpusWish[]) => {
    // Thanks to a mentor (a teacher, or a boss who "mentored me") is warm and personal, not an appraisal.
    if (mentorThanks) {
      const own = list.filter((w) => w.fits?.includes('mentor'));
      if (own.length) return own;
    }
    if (plan.audience === 'child') {
      const own = list.filter((w) => w.fits?.includes('child'));
      if (own.length) return own;
    }
    if (plan.topic === 'goodLuck' && MOVE_OR_LEAVING.test(request.details)) {
      const moving = list.filter((w) => MOVE_WISH.test(Object.values(w).join(' ')));
      if (moving.length) return moving;
    }
    return list;
  };
  const general = all;
  all = preferred(all);
  let fresh = all.filter((w) => !avoid.has(w));
  // Variants that have used up the preferred wishes take the general ones still unused (held to the
  // same misfits) rather than repeat a card: three drafts must not read as one.
  if (!fresh.length && avoid.size) fresh = general.filter((w) => !avoid.has(w));
  // Variants ask for more wishes than a style may have for a register (or that fit the
  // relationship): the nearest styles lend theirs.
  // A get-well card that was not asked to be funny never borrows the funny style's jokes.
  const formalLent = (wishes: CorpusWish[]) =>
    plan.register === 'formal' ? wishes.filter((w) => !/!/u.test(Object.values(w).join(' ')) && !registerBreaks(Object.values(w).join(' ')).length).map(dignifiedWish) : wishes;
  for (const style of BORROW[plan.style].filter((s) => s !== 'funny' || plan.topic !== 'getWell')) {
    if (fresh.length) break;
    const lent = formalLent(fitting(CORPUS[plan.topic][style]?.[toneOf(plan.register)] ?? []));
    fresh = lent.filter((w) => !avoid.has(w));
    if (!all.length) all = lent;
  }
  // Variants that have used up the style and its neighbours: the register's plainer styles lend a
  // wish rather than repeat a card (three drafts must be three bodies).
  for (const style of ['heartfelt', 'inspirational', 'poetic', 'casual'] as const) {
    if (fresh.length || !avoid.size) break;
    if (style === plan.style) continue;
    fresh = formalLent(fitting(CORPUS[plan.topic][style]?.[toneOf(plan.register)] ?? [])).filter((w) => !avoid.has(w));
  }
  // Nothing of the style's own or its neighbours' fits this person: the plainer styles of the
  // register before a wish written for someone else.
  for (const style of ['heartfelt', 'inspirational', 'poetic', 'casual'] as const) {
    if (all.length) break;
    all = fitting(CORPUS[plan.topic][style]?.[toneOf(plan.register)] ?? []);
    if (!fresh.length) fresh = all.filter((w) => !avoid.has(w));
  }
  if (!all.length) all = own;
  const keyFact = keyFactOf(request.details);
  // Ten years with the company is not "another year"; a first job has no "experience" or
  // "promotion" behind it. With none of the style's own wishes clear of it, the other styles lend one.
  // "We are getting married on Saturday" on a partner's own wedding card only says the occasion again
  // (and its day would contradict the wishes written for the day itself): it is left out.
  const ownWedding = plan.audience === 'partner' && plan.topic === 'wedding' && /\b(?:getting married|marrying|tying the knot|our wedding)\b/iu.test(request.details);
  const contradicting = [
    ...(keyFact?.years ? [ONE_MORE_YEAR] : []),
    ...(FIRST_JOB.test(request.details) ? [AFTER_A_CAREER] : []),
    // A first marathon, a first flat: no "experience" to lean on.
    ...(/\bfirst\b/iu.test(request.details) && !FIRST_JOB.test(request.details) ? [/\bexperience\b/iu] : []),
    // "got a job as a teacher", "starts at Monzo next month": a new job is not a promotion unless the details say so.
    ...((NEW_JOB.test(request.details) || plan.topic === 'newJob') && !/\bpromot|\bstep(?:ped|ping)? up\b/iu.test(request.details) ? [/\bpromot/iu] : []),
    // A promotion is a step up where one already works: no "day one" or "starting anywhere new".
    ...(/\bpromot/iu.test(request.details) ? [/\b(?:day one|first day|anywhere new|new job|new team|new colleagues|fresh start|new faces|got the job|new mug)\b/iu] : []),
    // A wedding in June or a baby due in spring is still to come: a card written for "today" would contradict it.
    ...(CELEBRATIONS.has(plan.topic) && !ownWedding && AHEAD.test(request.details) ? [ARRIVED] : []),
    // A baby still on the way ("expecting", "due in May") has not arrived: no "welcome to the world" or "first days".
    ...(plan.topic === 'newBaby' && AHEAD.test(request.details) ? [/\b(?:arrived|arrival|birth|born|welcome(?:,)? (?:to the world|little one)|just got bigger|has grown|hold(?:ing)? our baby|first days|loudest|new baby|beautiful baby|wrapped around|cuddles?|nappies|fuller now)\b/iu] : []),
    // …and a baby already born is not "on the way".
    ...(plan.topic === 'newBaby' && !AHEAD.test(request.details) ? [EXPECTING] : []),
  ];
  if (contradicting.length) {
    const clear = (list: CorpusWish[]) => list.filter((w) => !contradicting.some((re) => re.test(Object.values(w).join(' '))));
    if (!clear(all).length) {
      // The nearest style first: a funny card borrows a casual wish before a poetic one.
      for (const style of [plan.style, ...BORROW[plan.style], 'heartfelt', 'inspirational', 'casual', 'poetic', 'formal'] as StyleKey[]) {
        const lent = clear(fitting(workAnniversary ? workWishes(style) : (CORPUS[plan.topic][style]?.[toneOf(plan.register)] ?? [])));
        if (lent.length) {
          all = lent;
          break;
        }
      }
    }
    if (clear(all).length) all = clear(all);
    fresh = clear(fresh);
    // A variant whose unused wishes all contradict the details takes one clear of them from a near style, not a used one again.
    for (const style of [plan.style, ...BORROW[plan.style], 'heartfelt', 'inspirational', 'casual', 'poetic'] as StyleKey[]) {
      if (fresh.length || !avoid.size) break;
      fresh = clear(formalLent(fitting(workAnniversary ? workWishes(style) : (CORPUS[plan.topic][style]?.[toneOf(plan.register)] ?? [])))).filter((w) => !avoid.has(w));
    }
  }
  // Whatever the fallbacks above lent, a wish that contradicts the details ("a safe and easy delivery" for twins born on Monday) goes while another is left.
  const chosen = fresh.length ? fresh : all;
  const clearOf = (w: CorpusWish) => !contradicting.some((re) => re.test(Object.values(w).join(' ')));
  const suits = (w: CorpusWish) => fitsPerson(Object.values(w).join(' '));
  const wishes = [chosen.filter((w) => clearOf(w) && suits(w)), chosen.filter(suits), chosen.filter(clearOf)].find((list) => list.length) ?? chosen;
  const woven = ownWedding || contradictsRecipient(request.details, plan.audience, plan.name) ? null : detailToWeave(request.details, request.name);
  // A detail that speaks of love does not go into a note to a boss or a client: it is left out.
  // A detail of a kind that recurs (a move, twins, a wrist, a promotion) takes its own hand-written sentences, placed anywhere like a toast.
  const kindLines = woven ? kindSentences(woven.clause, { topic: plan.topic, audience: plan.audience, register: close ? 'warm' : plan.register, funny: plan.style === 'funny' }) : null;
  // Its own lines may say it within the register even when its words would not ("taught me to love maths").
  const kindFits = !!kindLines && kindLines.every((line) => !registerBreaks(line).length);
  const sayable = woven && (plan.register === 'warm' || !registerBreaks(woven.clause).length || kindFits) ? woven : null;
  const ownLines = sayable && kindLines && (plan.register === 'warm' || kindFits) ? kindLines : null;
  const asSaid = sayable && ownLines ? { ...sayable, kind: 'toast' as DetailKind } : sayable;
  // A formal card to a partner or a parent is dignified, but news of theirs is not "learned" second hand.
  // A wedding or a baby still to come is a celebration to look forward to, not an exam to be cheered through.
  const celebrating = asSaid?.kind === 'coming' && (plan.topic === 'wedding' || plan.topic === 'newBaby' || plan.topic === 'anniversary');
  // The safe path: a detail goes in through its kind's own sentences or a frame proven for its shape of clause, else it is left out.
  // The feeling the detail takes is its own: thanks for a deed, congratulations for news, sympathy for an illness.
  const mood = asSaid && !ownLines ? moodFor(asSaid.clause, moodOf(plan.topic)) : moodOf(plan.topic);
  const detail = asSaid && (ownLines || (mood && frameSafe(asSaid.clause, celebrating ? 'celebration' : asSaid.kind, mood, plan.topic))) ? asSaid : null;
  // "I'd act surprised, but I always knew you had it in you" is for an achievement, not a move to the coast.
  const funnyFrames = plan.style === 'funny' && !(detail?.kind === 'past' && moodOf(plan.topic) === 'good' && !ACHIEVEMENTS.has(plan.topic));
  // A formal card to someone close takes the kind's warm lines, said in full forms ("I cannot wait…").
  const said = ownLines ?? (detail ? wovenSentences(celebrating ? { ...detail, kind: 'celebration' } : detail, mood ?? moodOf(plan.topic), close ? 'warm' : plan.register, funnyFrames) : []);
  const framed = close && plan.register === 'formal' ? said.map(fullFormsOf) : said;
  // Details typed as they would be said ("You finally got your pilot's licence") would read as pasted
  // back if a sentence opened with them: only the frames that lead into them are used.
  const typed = squash(request.details).replace(/[.!?]+$/u, '').toLowerCase();
  const unpasted = typed ? framed.filter((line) => !line.toLowerCase().startsWith(typed)) : framed;
  const detailOptions = (plan.register === 'formal' ? unpasted.filter((line) => !registerBreaks(line).length) : unpasted).filter(fitsPerson);
  const saidBack = (line: string) => {
    const lower = line.toLowerCase().replace(/^so /u, '');
    return !!detail && lower.startsWith(detail.clause.toLowerCase().replace(/^you are\b/u, "you're").slice(0, 24));
  };
  const leadIns = detailOptions.filter((line) => !saidBack(line));
  // A detail from a world (a marine biologist, a head chef, a ward) gets a middle from that world rather than a generic one.
  // Variants after the first keep their own middles, so that three drafts do not share a line.
  const world = length === 'short' || avoid.size ? null : worldOf(request.details, plan.topic);
  const worldLines = world ? (plan.style === 'funny' && plan.register !== 'formal' ? world.funny : world[close && plan.register === 'formal' ? 'formal' : plan.register]).filter(fitsPerson) : [];
  const anyGreetings = plan.dayLabel ? [plan.register === 'formal' ? 'Dear {name},' : `Happy ${plan.dayLabel}, {name}!`] : linesFor(FRAMES.greetings, plan);
  // "My dear Linda," over "Kind regards," is too close for a neighbour and too cool at once.
  const intimate = (line: string) => /^(?:My |Dearest|Darling)/u.test(line);
  const greetings = plan.audience === 'neighbor' && anyGreetings.some((g) => !intimate(g)) ? anyGreetings.filter((g) => !intimate(g)) : anyGreetings;
  // A neighbour gets a warm card but not "With love": the sign-off is the one for people we know less well.
  const anySignoffs = plan.audience === 'neighbor' ? linesFor(FRAMES.signoffs, { ...plan, register: 'work' }) : linesFor(FRAMES.signoffs, plan);
  const childLines = signoffsFor(anySignoffs, plan).filter((line) => !CHILD_MISFITS.test(line));
  // A child's card signs off with love unless it was asked to be formal ("Fondly," reads like an aunt's letter).
  const childSignoffs = childLines.length ? childLines : plan.register === 'formal' ? closeSignoffs([], 'child') : ['Lots of love,', 'Big hugs,'];
  // A heartfelt or casual card to a colleague is not a business letter: "Kind regards," only where the style is formal or nothing else fits.
  const workLines = signoffsFor(anySignoffs, plan);
  // Its place goes to "All the best," so that a closing wish ("With warm wishes…") still has a sign-off that does not echo it.
  const unbusinesslike = plan.register === 'work' && plan.style !== 'formal' && workLines.includes('Kind regards,') ? [...new Set([...workLines.filter((line) => line !== 'Kind regards,'), 'All the best,'])] : workLines;
  const signoffs = plan.audience === 'child'
    ? closeSignoffs(childSignoffs, plan.audience)
    : close
      ? closeSignoffs(signoffsFor(anySignoffs, plan), plan.audience)
      : mentorThanks
        ? TEACHER_THANKS_SIGNOFFS
        : unbusinesslike;
  const nameWords = plan.name.split(/\s+/u);
  // A work anniversary to a friend or a parent is still a work anniversary: no love-anniversary verse.
  const coupletPlan = workAnniversary ? { ...plan, register: 'work' as Register } : plan;
  // Couplets are held to the same misfits as the wishes ("may your little one" for twins, "today" for a race on Sunday).
  const couplets = plan.verse && length !== 'short' ? coupletsFitting(ownCouplets(coupletPlan), request.details).filter((c) => !contradicting.some((re) => re.test(c)) && fitsPerson(c)) : [];

  let best: Choice | null = null;
  let fewestWordRepeats = Infinity;
  for (let attempt = 0; attempt < 60; attempt++) {
    const wish = pick(wishes, random);
    // After a few tries with the detail first, other places are tried too. News (a promotion, a
    // wedding to come) is answered early, never as an afterthought before the closing wish.
    let place: DetailPlace = attempt < 8 ? 'first' : pick(PLACES, random);
    if (place === 'beforeWish' && detail && NEWS_KINDS.has(detail.kind)) place = 'afterOpen';
    // A card that opens on the detail opens on the feeling, the detail taken up in passing ("I owe
    // you a great deal, not least because you hired me…"), never on the detail said back
    // ("You led the department for 22 years and hired me…, and…"); with no such frame, it comes after the opening.
    if (place === 'first' && !leadIns.length && detail?.kind !== 'toast') place = 'afterOpen';
    const pool = place === 'first' && detail?.kind !== 'toast' ? leadIns : detailOptions;
    const detailSentence = pool.length ? pick(pool, random) : null;
    const greeting = greetingFor(pick(greetings, random), plan.name);
    const signoff = pick(signoffs, random);
    // A poetic card ends in verse: the occasion's couplet takes the place of the closing wish.
    const couplet = couplets.length ? pick(couplets, random) : null;
    // The world's line takes the place of the generic middle in most tries; the others keep the wish's own.
    const middle = worldLines.length && attempt < 40 ? pick(worldLines, random) : wish.middle;
    const paragraphsWith = (parts: CorpusWish) => bodyOf({ ...parts, ...(couplet ? { wish: '' } : {}) }, length, detailSentence, plan.topic, place).map((sentences) => sentences.filter(Boolean).join(' '));
    let paragraphs = paragraphsWith({ ...wish, middle });
    // A later variant whose wishes are used up (a first job to a colleague: two fit) would be an
    // earlier one again: it takes the wish's other copy instead, held to the same misfits as the
    // rest of the wish (a medium card the second paragraph of the long one as its middle, a long
    // card its two middles the other way round, a short one its middle), the first not used yet.
    if (avoidBodies.has(paragraphs.join('\n')) && wish.more) {
      const others: CorpusWish[] =
        length === 'short'
          ? [{ ...wish, open: wish.middle }, { ...wish, wish: `${wish.middle} ${wish.wish}` }, { ...wish, wish: `${wish.more} ${wish.wish}` }]
          : length === 'medium'
            ? [{ ...wish, middle: wish.more }, { ...wish, middle: `${middle} ${wish.more}` }]
            : [{ ...wish, middle: wish.more, more: middle }, { ...wish, more: '' }];
      paragraphs = others.map(paragraphsWith).find((other) => !avoidBodies.has(other.join('\n'))) ?? paragraphs;
    }
    if (couplet) paragraphs.push(couplet);
    if (plan.dayLabel && plan.register === 'formal') paragraphs[paragraphs.length - 1] += ` With every good wish for ${plan.dayLabel}.`;
    const text = twinsSaid([greeting, ...paragraphs, signoff].join('\n\n'));
    // Two sentences that open the same way ("May your…" twice, "I hope…" twice) read as a template.
    // A word said again at once is the worse fault, so it weighs more.
    // "With warm wishes for your life together." over "With a big hug," closes twice.
    const lastSentence = quickSentences(paragraphs[paragraphs.length - 1]).at(-1) ?? '';
    const doubleClose = firstWord(lastSentence) === firstWord(signoff) ? 1 : 0;
    const wordRepeats = repeatsInNextSentence(text, nameWords, quickSentences).length;
    // A word said again anywhere in the card ("recovery" three times) is heard too, if less than at once.
    const draftRepeats = repeatsInDraft(paragraphs.join('\n'), nameWords).length;
    // The same thing said twice in other words ("so happy for you … over the moon for you", the
    // baby announced then wished for) and a day awaited and here at once are heard as clearly.
    const body = paragraphs.join('\n');
    const sameThing = conceptRepeats(body).length;
    // A wedding or a baby still to come beside a wish that says the day is today.
    const clash = timingClash(body) || (celebrating && ARRIVED.test(body.replace(detailSentence ?? '', ''))) ? 1 : 0;
    // A variant that opens like an earlier one (the same detail sentence first) reads as the same card.
    const openedBefore = avoidOpenings.has(quickSentences(paragraphs[0] ?? '')[0] ?? '') ? 1 : 0;
    // An earlier variant's whole body again (its wishes used up: the same wish, detail sentence and
    // place) is one draft twice, worse than any flaw of wording: another place, frame or middle is found.
    const bodyBefore = avoidBodies.has(body) ? 1 : 0;
    const repeats = 8 * wordRepeats + 2 * sameOpenings(body).length + draftRepeats + doubleClose + 3 * sameThing + 4 * clash + 10 * openedBefore + 100 * bodyBefore;
    if (!best || repeats < best.repeats) best = { wish, text, body, repeats, wordRepeats };
    if (repeats === 0) break;
    // A detail whose words every wish here repeats (a "baby" card and "I can't wait to meet the
    // baby") is left out rather than have the next sentence say the same word again.
    // An opening said twice is not worth losing the detail for; a word said twice at once is.
    fewestWordRepeats = Math.min(fewestWordRepeats, wordRepeats);
    // The occasion's key fact (a first job, ten years) is the point of the card: it stays.
    if (attempt === 47 && detailOptions.length && fewestWordRepeats > 0 && !keyFact) detailOptions.length = 0;
  }
  // Every other fact of the details reaches the card too (carry.ts), unless the details are not
  // about this person at all or only say the occasion again.
  if (ownWedding || contradictsRecipient(request.details, plan.audience, plan.name)) return best!;
  const context = { details: request.details, name: request.name, topic: plan.topic, audience: plan.audience, register: close ? 'warm' as Register : plan.register, mood: moodOf(plan.topic), funny: plan.style === 'funny', length };
  const carried = carryFacts(best!.text, context, random);
  return { ...best!, text: close && plan.register === 'formal' ? fullFormsOf(carried) : carried };
}

export function composeDraft(request: GenerateRequest, length: DraftLength = 'medium', random: Random = Math.random): string {
  return compose(request, length, random).text;
}

/** The medium-length draft (the original single-draft call). */
export function composeWish(request: GenerateRequest, random: Random = Math.random): string {
  return composeDraft(request, 'medium', random);
}

/** The body of a draft: what is between its greeting and its sign-off. */
function bodyText(text: string): string {
  const paragraphs = text.split(/\n\s*\n/u);
  return (paragraphs.length >= 3 ? paragraphs.slice(1, -1) : paragraphs).join('\n\n').trim();
}

/**
 * Several drafts for the same request, each from a different wish of the corpus while there are
 * enough, and each with a body and an opening sentence of its own: three drafts that differ only
 * in the sign-off are one draft. A draft that repeats an earlier one is written again (a few tries).
 */
export function composeVariants(request: GenerateRequest, length: DraftLength, count: number, random: Random = Math.random): string[] {
  const used = new Set<CorpusWish>();
  const drafts: string[] = [];
  const bodies = new Set<string>();
  const composed = new Set<string>();
  const openings = new Set<string>();
  for (let i = 0; i < count; i++) {
    let choice = compose(request, length, random, used, openings, composed);
    for (let retry = 0; retry < 4; retry++) {
      const body = bodyText(choice.text);
      if (!bodies.has(body) && !openings.has(quickSentences(body)[0] ?? '')) break;
      used.add(choice.wish);
      choice = compose(request, length, random, used, openings, composed);
    }
    used.add(choice.wish);
    composed.add(choice.body);
    bodies.add(bodyText(choice.text));
    openings.add(quickSentences(bodyText(choice.text))[0] ?? '');
    drafts.push(choice.text);
  }
  return drafts;
}
