/**
 * The keys the offline generator works with: the styles, audiences and topics it has written
 * wishes for, and the keywords that map the free-text values of the compose form onto them.
 */

export const STYLE_KEYS = ['heartfelt', 'formal', 'funny', 'poetic', 'inspirational', 'casual', 'romantic'] as const;
export type StyleKey = (typeof STYLE_KEYS)[number];

export const AUDIENCE_KEYS = [
  'friend',
  'colleague',
  'parent',
  'partner',
  'child',
  'sibling',
  'grandparent',
  'teacher',
  'boss',
  'client',
  'neighbor',
  'generic',
] as const;
export type AudienceKey = (typeof AUDIENCE_KEYS)[number];

export const TOPIC_KEYS = [
  'birthday',
  'wedding',
  'anniversary',
  'newBaby',
  'graduation',
  'newJob',
  'retirement',
  'getWell',
  'newHome',
  'holidays',
  'thankYou',
  'goodLuck',
  'generic',
] as const;
export type TopicKey = (typeof TOPIC_KEYS)[number];

/**
 * Free-text values are matched by keyword (first match wins, so the more specific words come
 * first: "grandmother" before "mother", "business partner" before "partner").
 */
export const STYLE_KEYWORDS: Array<[StyleKey, string[]]> = [
  ['formal', ['formal', 'professional', 'official', 'business', 'polite', 'respectful', 'elegant', 'classic']],
  ['funny', ['funny', 'humor', 'humour', 'witty', 'playful', 'joke', 'comic', 'silly', 'sarcastic', 'cheeky', 'hilarious']],
  ['poetic', ['poetic', 'poem', 'poetry', 'lyrical', 'rhym', 'verse', 'artistic']],
  ['romantic', ['romantic', 'romance', 'love', 'passionate', 'tender']],
  ['inspirational', ['inspir', 'motivat', 'uplift', 'encourag', 'empower', 'hopeful', 'optimis']],
  ['casual', ['casual', 'friendly', 'informal', 'relaxed', 'short', 'simple', 'chill', 'brief', 'cool']],
  ['heartfelt', ['heartfelt', 'sincere', 'warm', 'emotional', 'sentimental', 'touching', 'kind', 'gentle', 'sweet']],
];

export const AUDIENCE_KEYWORDS: Array<[AudienceKey, string[]]> = [
  ['client', ['client', 'customer', 'business partner', 'partner company', 'supplier']],
  ['grandparent', ['grand', 'granny', 'gran', 'nana', 'grandpa', 'grandma', 'grandad', 'granddad']],
  ['parent', ['parent', 'mother', 'father', 'mom', 'mum', 'dad', 'mama', 'papa', 'stepmother', 'stepfather']],
  ['partner', ['partner', 'wife', 'husband', 'spouse', 'girlfriend', 'boyfriend', 'fianc', 'love', 'sweetheart', 'significant other']],
  ['child', ['child', 'son', 'daughter', 'kid', 'niece', 'nephew', 'godchild', 'baby']],
  ['sibling', ['sibling', 'brother', 'sister', 'twin', 'bro', 'sis']],
  ['teacher', ['teacher', 'mentor', 'professor', 'coach', 'tutor', 'instructor', 'lecturer']],
  ['boss', ['boss', 'team lead', 'manager', 'supervisor', 'director', 'ceo', 'leader', 'head of', 'employer']],
  ['colleague', ['colleague', 'coworker', 'co-worker', 'team', 'workmate', 'peer', 'employee', 'staff']],
  ['neighbor', ['neighbor', 'neighbour']],
  ['friend', ['friend', 'buddy', 'bestie', 'pal', 'mate', 'classmate', 'roommate', 'bff']],
];

export const TOPIC_KEYWORDS: Array<[TopicKey, string[]]> = [
  ['birthday', ['birthday', 'bday', 'b-day', 'born day']],
  ['anniversary', ['anniversary', 'years together', 'jubilee']],
  ['wedding', ['wedding', 'marriage', 'married', 'engagement', 'engaged', 'bride', 'bridal', 'groom', 'newlywed']],
  ['newBaby', ['baby', 'newborn', 'birth', 'pregnan', 'christening', 'baptism', 'shower']],
  ['graduation', ['graduat', 'degree', 'diploma', 'university', 'college', 'commencement']],
  ['retirement', ['retire', 'pension']],
  ['newJob', ['job', 'promotion', 'promoted', 'career', 'position', 'role', 'hired', 'work', 'business launch', 'startup']],
  ['getWell', ['get well', 'recover', 'illness', 'sick', 'ill', 'surgery', 'operation', 'hospital', 'health', 'heal']],
  ['newHome', ['home', 'house', 'housewarming', 'moving', 'move', 'flat', 'apartment', 'relocat']],
  ['holidays', ['holiday', 'christmas', 'xmas', 'new year', 'hanukkah', 'chanukah', 'festive', 'season', 'thanksgiving', 'easter', 'eid', 'diwali', 'lunar']],
  ['thankYou', ['thank', 'gratitude', 'grateful', 'appreciat']],
  ['goodLuck', ['luck', 'exam', 'interview', 'competition', 'audition', 'test', 'journey', 'trip', 'farewell', 'adventure']],
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Collapses every run of whitespace (newlines included) to one space. */
export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Maps a free-text value (the API accepts any string) onto a known key by keywords at word starts,
 * so "Best friend" is a friend and "Humorous" is funny, while "skill" is not "ill".
 */
export function matchKey<K extends string>(value: string, table: Array<[K, string[]]>, fallback: K): K {
  const text = squash(value).toLowerCase();
  for (const [key, words] of table) {
    for (const word of words) {
      if (new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}`, 'u').test(text)) return key;
    }
  }
  return fallback;
}

export const styleKeyOf = (style: string): StyleKey => matchKey(style, STYLE_KEYWORDS, 'heartfelt');
export const audienceKeyOf = (audience: string): AudienceKey => matchKey(audience, AUDIENCE_KEYWORDS, 'generic');
export const topicKeyOf = (topic: string): TopicKey => matchKey(topic, TOPIC_KEYWORDS, 'generic');

/** Trims the name and drops stray punctuation around it; an all-lowercase name gets capitals. */
export function cleanName(raw: string): string {
  let name = squash(raw)
    .replace(/^[\s"'“”‘’.,;:!?\-–—]+/u, '')
    .replace(/[\s"'“”‘’,;:!?\-–—]+$/u, '');
  if (!name) name = squash(raw);
  if (name === name.toLowerCase() && name !== name.toUpperCase()) {
    name = name.replace(/(^|[\s\-'])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
  }
  return name;
}

/**
 * Makes the user's details a standalone sentence (or sentences): trimmed, one-line, without wrapping
 * quotes or list dashes, starting with a capital and ending with punctuation.
 */
export function cleanDetails(raw: string): string {
  let text = squash(raw)
    .replace(/^[-–—*•]+\s*/u, '')
    .trim();
  const quoted = /^["“'‘](.*)["”'’]$/u.exec(text);
  if (quoted && !/["“”]/u.test(quoted[1])) text = quoted[1].trim();
  text = text.replace(/[\s,;:]+$/u, '');
  if (!text) return '';
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if (/[\p{L}\p{N})\]"'”’]$/u.test(text) && !/[.!?…]["'”’)]?$/u.test(text)) text += '.';
  return text;
}
