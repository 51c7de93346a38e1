/**
 * The safe path for a detail no kind of kinds.ts matched: a frame built for any detail ("{d}, and
 * it's one of my favourite things about you") is used only for the clauses it was proven to fit,
 * and anything else is left out. Eight blind readings showed that each fix to a frame removed one
 * tell and the reader found the next ("I love that this is our first Christmas apart", "Oh, we are
 * expecting our second!"), while no reader ever marked a draft down for leaving a detail out.
 *
 * Also here: when a detail's time and a line's time disagree ("Good luck today" for a race on
 * Sunday), and what a card says to a client.
 */
import type { DetailMood, DetailKind } from './corpus';

/** Words that give a detail a sad or hard feeling: no cheerful or grateful frame fits it. */
export const SAD = /\b(?:apart|miss(?:es|ed|ing)?|lost|losing|passed away|died|dying|death|funeral|grie(?:f|ving)|widow\w*|divorc\w*|separated|split up|broke up|redundan\w*|laid off|fired|let go|sick|ill|illness|cancer|chemo\w*|hospital|surgery|operation|struggl\w*|hard (?:year|time|few|months?)|tough (?:year|time)|difficult (?:year|time)|alone|lonely|can(?:'|’)t (?:be|come|make it|get)|cannot (?:be|come)|won(?:'|’)t be (?:there|home|together)|without (?:him|her|them|you|us|me)|far from (?:home|us|each other)|away from (?:home|us|each other|the family))\b/iu;

/** A first verb of good news: something the person did, won or was given. */
const GOOD_NEWS = /^you (?:(?:just|finally|recently|have|'ve|also|officially) )*(?:passed|won|got|finished|completed|earned|graduated|bought|ran|climbed|qualified|published|landed|became|opened|launched|adopted|learned|learnt|built|made|raised|reached|hit|beat|set|swam|cycled|walked|wrote|recorded|released|sold|restored|started|found|received|achieved|signed|joined|celebrated|hiked|sailed|finished|retired|moved|moved into|came back|returned|turned|welcomed|planted|painted|knitted|baked|fixed|taught yourself|became|were (?:accepted|selected|chosen|awarded|elected|named|offered|promoted|made|given|invited|picked)|got (?:into|engaged|accepted|married|the|a|an|your))\b/iu;

/** A habit or a passion said in the present simple ("you make the best pizza in town"), not a state ("you are", "you have"). */
const TRAIT = /^you (?:have|'ve) been [a-z]+ing\b|^you (?:(?:always|still|really|often|never|just|also|even) )*(?!(?:are|have|were|had|do|did|don't|can't|cannot|won't|will|would|could|should|need|must|was|'re|'ve|get|got|feel|seem|look|miss|hate|worry|wish|turn|thank)\b)[a-z]+\b/iu;

/** Something done for the sender, remembered or thanked for ("you hired me", "you fixed my bike"). */
const FOR_ME = /\b(?:me|us|my|our)\b/iu;

/** A shared memory: we + a verb of something done together. */
const OURS = /^we (?:(?:once|finally|all|both|first) )*(?:spent|went|had|travelled|traveled|walked|hiked|danced|visited|cooked|baked|sang|shared|climbed|watched|saw|stayed|camped|drove|sailed|swam|ran|built|painted|played|celebrated|laughed|took|made|explored|toured|cycled|caught|road-tripped)\b/iu;

/** The sender's own feeling, said as theirs: "I can't wait to meet the baby", "I'm so proud of you". */
const MY_FEELING = /^I (?:(?:can(?:'|’)t|cannot) wait to|(?:am|'m) (?:so |very |really )?(?:proud of you|excited (?:for you|to)|looking forward to))\b/iu;

/** A celebration of the person's own still ahead: a wedding, a baby on the way. */
const OWN_CELEBRATION = /^you(?: are|'re)? (?:getting married|getting remarried|marrying|tying the knot|having (?:a|your) (?:baby|first|second|third)|expecting|due|renewing your vows|getting engaged)\b/iu;

/** Something the person will do or is doing that can be cheered ("you are running your first marathon on Sunday"). */
const COMING = /^you(?: are|'re| will| are going to|'ll| have)? (?:(?:just|finally|about to|soon|also) )*(?:(?!(?:spending|having|staying|visiting|celebrating|getting|feeling|missing|leaving|waiting|recovering|struggling|dealing|coping|going through|working from home|expecting|hosting|missing)\b)[a-z]+ing|run|race|compete|sit|take|present|perform|sing|play|start|interview|audition|pitch|speak|swim|cycle|climb|graduate|launch|open|host|give a (?:talk|speech)|(?:your|a|an|the) [\p{L} ]*(?:exam|test|audition|interview|race|match|final|recital|concert|performance|presentation|pitch|competition|tournament|marathon|debut|exhibition|show)s?)\b/iu;

/**
 * Whether a frame built for any detail may carry this clause: only the shapes its kind was written
 * for. `clause` is in the second person (weave.ts), `kind` what weave.ts read it as.
 */
export function frameSafe(clause: string, kind: DetailKind, mood: DetailMood, topic: string): boolean {
  // Hand-written sentences (a toast, a pastime): already made for their detail.
  if (kind === 'toast' || kind === 'hobby') return true;
  const sad = SAD.test(clause);
  if (mood === 'sorry') {
    // "I'm so sorry {d}": for news of the person's own, never "I'm so sorry the surgery went well" or "we…".
    return /^you\b/iu.test(clause);
  }
  if (mood === 'thanks') {
    // Thanks for what the person did; a hard time they helped through may be named.
    return /^you\b/iu.test(clause) && (kind === 'past' || kind === 'shared' || ((kind === 'trait' || kind === 'coming') && FOR_ME.test(clause)));
  }
  if (sad) return false;
  switch (kind) {
    case 'past':
      return GOOD_NEWS.test(clause);
    case 'shared':
      return /^you\b/iu.test(clause) && FOR_ME.test(clause);
    case 'coming':
      return COMING.test(clause);
    case 'celebration':
      return OWN_CELEBRATION.test(clause) && ['wedding', 'newBaby', 'anniversary'].includes(topic);
    case 'trait':
      return TRAIT.test(clause);
    case 'mine':
      return MY_FEELING.test(clause);
    case 'since':
      return /^we (?:first )?met\b/iu.test(clause);
    case 'ours':
      // "We had a record year" is a result, not a memory to think back to.
      return OURS.test(clause) && !/\b(?:year|quarter|season|month)$/iu.test(clause);
    case 'thing':
      return true;
    default:
      return false;
  }
}

/** Something done for someone: thanked for, whoever it was for. */
const KIND_DEED = /^you (?:(?:just|kindly|always|also|even) )*(?:helped|gave|lent|covered|stepped in|looked after|fed|watered|walked|drove|picked|cooked|made|sent|organised|organized|hosted|recommended|supported|stayed|taught|showed|found|fixed|mended|minded|took care|cleared|shovelled|collected|delivered|donated|raised|volunteered|visited|listened|stood|went out of your way|paid)\b/iu;

/** News of an illness, an injury or a hard time: what a get-well card is sorry about. */
const ILL = /\b(?:broke|broken|sprain\w*|hurt|injur\w*|fractur\w*|ill|unwell|poorly|flu|cold|virus|infection|fever|tonsils|surgery|operation|recovering|hospital|treatment|pain\w*|ache\w*|sick|covid|chickenpox|bed|cast|stitches|fell|fall(?:en)?|crash\w*|accident|replaced|burn\w*|concussion|migraine\w*|appendix|gallbladder|chemo\w*|radiotherapy|bug|measles|mumps|shingles|tonsillitis|bronchitis|pneumonia|slipped|twisted|pulled|strained|torn|tore|dislocated)\b/iu;

/**
 * The feeling a detail takes, by what it is rather than by the occasion alone: a thank-you card
 * thanks for a deed and congratulates news; a get-well card is sorry only for an illness or an
 * injury, and leaves any other detail out (null).
 */
export function moodFor(clause: string, occasion: DetailMood): DetailMood | null {
  if (occasion === 'thanks') return FOR_ME.test(clause) || KIND_DEED.test(clause) ? 'thanks' : 'good';
  if (occasion === 'sorry') return ILL.test(clause) || SAD.test(clause) ? 'sorry' : null;
  return occasion;
}

/** When a detail's event happens, as its words say: still to come on another day, or today. */
export type DetailTime = 'today' | 'later' | null;

const LATER = /\b(?:tomorrow|this (?:weekend|week|month|coming)|next (?:week|weekend|month|year|spring|summer|autumn|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the \d{1,2}(?:st|nd|rd|th)?)|in (?:january|february|march|april|may|june|july|august|september|october|november|december|the spring|the summer|the autumn|the winter|a (?:week|month|few (?:days|weeks|months)))|(?:this|next) (?:january|february|march|april|june|july|august|september|october|november|december)|soon|later this|due|upcoming|(?:is|are|am) (?:about|going) to|will)\b/iu;

export function detailTimeOf(details: string): DetailTime {
  if (/\b(?:today|tonight|this (?:morning|afternoon|evening))\b/iu.test(details)) return 'today';
  // "ran a marathon on Sunday" is past news; only a time ahead counts.
  if (!LATER.test(details)) return null;
  const past = /\b(?:last|ago|yesterday|was|were|ran|passed|had|got|finished|won)\b/iu.test(details) && !/\b(?:is|are|will|'s|'re)\b/iu.test(details);
  return past ? null : 'later';
}

/**
 * Words of time a line may not say for a detail's time: "today" or "tonight" for an event on
 * Sunday; "this weekend" or "tomorrow" unless the details say so. Null when anything goes.
 */
export function timingMisfit(details: string, topic: string): RegExp | null {
  const time = detailTimeOf(details);
  const words: string[] = [];
  // A birthday, an anniversary or Christmas is the day itself, whatever the details plan.
  const dayItself = ['birthday', 'anniversary', 'holidays'].includes(topic);
  // A good-luck card is sent ahead of the day unless the details say it is today.
  if ((time === 'later' && !dayItself) || (topic === 'goodLuck' && time !== 'today')) words.push('today', 'tonight', "today's", 'this morning');
  if (!/\btomorrow\b/iu.test(details)) words.push('tomorrow');
  if (!/\b(?:weekend|saturday|sunday)\b/iu.test(details)) words.push('this weekend');
  return words.length ? new RegExp(`\\b(?:${words.map((w) => w.replace(/'/gu, "['’]")).join('|')})\\b`, 'iu') : null;
}

/** Personal thanks a card to a client does not say: the business keeps its warmth professional. */
export const PERSONAL_THANKS = /\b(?:meant the world|means the world|meant more (?:to (?:me|us) )?than (?:you know|words)|more than I can (?:easily )?put into words|touched me|in my life|can(?:'|’)t thank you enough|it meant the world|you'?re a star)\b/iu;
