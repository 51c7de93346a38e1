/**
 * Phrase bank of the offline "template" generator. Pure data: the composer in template.ts picks one
 * phrase per slot at random. Placeholders: {name} (the person), {headline} (e.g. "Happy birthday").
 * Every sentence must read well next to any other slot, so none refers to another slot's content.
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

/** Opening line of the wish, per style. */
export const GREETINGS: Record<StyleKey, string[]> = {
  heartfelt: ['Dear {name},', 'My dear {name},', '{headline}, {name}!', 'Dearest {name},'],
  formal: ['Dear {name},', 'Dear {name},', '{headline}, {name}.'],
  funny: ['{headline}, {name}!', 'Hey {name}!', 'Attention, {name}!', 'Well, hello there, {name}!'],
  poetic: ['Dearest {name},', 'To {name}, with a glad heart:', 'My dear {name},', 'For {name}:'],
  inspirational: ['{headline}, {name}!', 'Dear {name},', '{name},', 'Here is to you, {name}!'],
  casual: ['Hey {name}!', 'Hi {name}!', '{headline}, {name}!', 'Hey there, {name}!'],
  romantic: ['My dearest {name},', '{name}, my love,', 'To my wonderful {name},', 'Sweet {name},'],
};

/** Closing line, per style (topic-neutral). */
export const CLOSERS: Record<StyleKey, string[]> = {
  heartfelt: [
    'With all my love and warmest wishes.',
    'Sending you a big hug and all my best.',
    'Always in my thoughts, with love.',
    'With love and gratitude, always.',
  ],
  formal: [
    'With warm regards and every good wish.',
    'With my sincere best wishes.',
    'Warmest regards.',
    'With kind regards and best wishes for the future.',
  ],
  funny: [
    'Stay awesome (it seems to come naturally to you).',
    'Cheers, and try to behave. A little.',
    'High fives all round!',
    'Lots of love, and even more snacks.',
  ],
  poetic: [
    'With love that no page can hold.',
    'Yours, in every season.',
    'With a heart full of light for you.',
    'Forever wishing you well, like the tide wishes the shore.',
  ],
  inspirational: [
    'Keep shining. The best is yet to come.',
    'Onwards and upwards!',
    'Believe in yourself as much as I believe in you.',
    'Go get them. I am cheering for you every step of the way.',
  ],
  casual: ['Cheers!', 'Talk soon!', 'Take care, and have fun!', 'Big hugs!'],
  romantic: [
    'All my love, always.',
    'Yours, today and every day.',
    'Forever and always yours.',
    'With all the love in my heart.',
  ],
};

/**
 * Frames that weave the sender's details into a sentence: {d} is the details rewritten for the
 * reader ("you broke your ankle skiing last week"). Chosen by what the details are (news of
 * something past or coming, how the person is, something about the sender) and by the mood of the
 * occasion (good news, sympathy, thanks); a style may add or (formal) replace frames.
 */
export type DetailKind = 'past' | 'shared' | 'coming' | 'trait' | 'mine' | 'thing';
export type DetailMood = 'good' | 'sorry' | 'thanks';

export const DETAIL_FRAMES: Record<DetailMood, Record<DetailKind, string[]>> = {
  good: {
    past: ['I heard {d}, and I could not be happier for you.', 'I was so happy to hear {d}.', 'Word reached me that {d}, and I have been smiling ever since.', 'I still think about how {d}.'],
    shared: ['I will always remember how {d}.', 'I still think about how {d}.', 'I have not forgotten how {d}, and I never will.'],
    coming: ['I hear {d}, and I could not be more excited for you.', 'So {d}! How exciting is that?', 'I heard {d}, and I am cheering for you already.'],
    trait: ['I love that {d}.', 'I know {d}, and it is one of the things that make you you.', 'It always makes me smile that {d}.'],
    mine: ['And you should know that {d}.', 'Truth be told, {d}.', 'I just have to say that {d}.'],
    thing: ['I keep thinking about {d}.', 'I have not forgotten {d}.'],
  },
  sorry: {
    past: ['I heard {d}, and I am so sorry.', 'I was so sorry to hear {d}.', 'When I heard {d}, you went straight to the top of my thoughts.'],
    shared: ['I still think about how {d}.'],
    coming: ['I know {d}, and I will be thinking of you the whole time.', 'I heard {d}, and I am sending you all the courage I have.'],
    trait: ['I know {d}, and I am sending you all my sympathy.', 'I have been thinking of you, knowing {d}.'],
    mine: ['And you should know that {d}.', 'Truth be told, {d}.'],
    thing: ['I keep thinking about {d}.'],
  },
  thanks: {
    past: ['I will never forget that {d}.', 'It meant the world to me that {d}.', 'I keep thinking about how {d}, and I am so grateful.'],
    shared: ['I will never forget that {d}.', 'It meant the world to me that {d}.'],
    coming: ['I know {d}, and I am so grateful for you.'],
    trait: ['I know {d}, and I am so grateful for it.', 'I love that {d}, and I do not say it often enough.'],
    mine: ['And you should know that {d}.', 'Truth be told, {d}.'],
    thing: ['I am so grateful for {d}.'],
  },
};

/** Frames in a style's own voice: formal replaces the common frames, the others add to them. */
export const STYLE_DETAIL_FRAMES: Partial<Record<StyleKey, Partial<Record<DetailMood, Partial<Record<DetailKind, string[]>>>>>> = {
  formal: {
    good: {
      past: ['I was delighted to learn that {d}.', 'It was a pleasure to hear that {d}.'],
      shared: ['I will always remember that {d}.', 'I recall with gratitude that {d}.'],
      coming: ['I understand that {d}, and I wish you every success.', 'I was pleased to learn that {d}.'],
      trait: ['I have always admired that {d}.', 'It has not gone unnoticed that {d}.'],
      mine: ['Allow me to add that {d}.', 'I would also like to say that {d}.'],
      thing: ['I think often of {d}.'],
    },
    sorry: {
      past: ['I was very sorry to learn that {d}.', 'I was saddened to hear that {d}.'],
      coming: ['I understand that {d}, and you will be in my thoughts.'],
      trait: ['I understand that {d}, and I am thinking of you.'],
      mine: ['Allow me to add that {d}.'],
      thing: ['I think often of {d}.'],
    },
    thanks: {
      past: ['I remain deeply grateful that {d}.', 'Please know how much it meant to me that {d}.'],
      coming: ['I understand that {d}, and I am most grateful.'],
      trait: ['I have always been grateful that {d}.'],
      mine: ['Allow me to add that {d}.'],
      thing: ['I remain grateful for {d}.'],
    },
  },
  funny: {
    good: {
      past: ['Rumour has it {d}. I approve.', 'I heard {d}, and frankly I am impressed.'],
      shared: ['I still cannot believe {d}. What a story.'],
      coming: ['Rumour has it {d}. Try to act surprised when everyone cheers.'],
      trait: ['Rumour has it {d}, which explains a lot.', 'Scientists still cannot explain how {d}.'],
      mine: ['Also, and I am not making this up, {d}.'],
    },
    sorry: {
      past: ['I heard {d}. Not your finest moment, but definitely your bravest.'],
      trait: ['I heard {d}, which is a terrible plan and I forbid it to continue.'],
    },
    thanks: {
      past: ['I have not forgotten that {d}, and I never will, so you are stuck with my gratitude.'],
    },
  },
  casual: {
    good: {
      past: ['So I heard {d}. Amazing!'],
      coming: ['Heard {d}. So cool!'],
      trait: ['Gotta say, I love that {d}.'],
    },
  },
  poetic: {
    good: {
      past: ['A little bird told me {d}, and my heart sang.'],
      coming: ['A little bird told me {d}, and the whole sky seems brighter.'],
      trait: ['I know it like a song I know by heart that {d}.'],
    },
    sorry: { past: ['A little bird told me {d}, and my heart went out to you.'] },
  },
  romantic: {
    good: {
      past: ['My heart still skips when I think that {d}.'],
      trait: ['I love you for a million reasons, and here is one of them: {d}.'],
      mine: ['Every day I am more sure that {d}.'],
    },
  },
  inspirational: {
    good: {
      past: ['I heard {d}. You have earned every bit of it.'],
      coming: ['I heard {d}, and I know you have what it takes.'],
      trait: ['Never forget that {d}. That is your strength.'],
    },
    sorry: { past: ['I heard {d}, and I know your strength will carry you through.'] },
  },
};

export interface AudiencePhrases {
  /** Said in a warm register (every style except formal). */
  warm: string[];
  /** Said in a formal register. */
  formal: string[];
  /** Playful lines for the funny style (falls back to warm). */
  funny?: string[];
}

export const AUDIENCES: Record<AudienceKey, AudiencePhrases> = {
  friend: {
    warm: [
      'Having a friend like you makes every good day better and every hard day lighter.',
      'Our friendship is one of the best things in my life, and I do not say that lightly.',
      'Thank you for the laughs, the long talks and for always showing up.',
      'I am so lucky to call you my friend.',
    ],
    formal: [
      'It is a privilege to count you among my friends.',
      'Your friendship has meant a great deal to me over the years.',
    ],
    funny: [
      'You are the friend who knows all my secrets, which is exactly why I am being extra nice today.',
      'Thank you for being the kind of friend who laughs at my jokes, even the bad ones. Especially the bad ones.',
    ],
  },
  colleague: {
    warm: [
      'Working alongside you is a genuine pleasure, and the whole team is cheering for you.',
      'You make every workday brighter, and everyone who works with you knows it.',
      'Your kindness and talent make our team better every single day.',
    ],
    formal: [
      'It is a pleasure and a privilege to work alongside you.',
      'Your professionalism and generosity are valued by everyone on the team.',
      'On behalf of the whole team, please accept our warmest wishes.',
    ],
    funny: [
      'You are officially my favourite colleague. Please do not tell the others.',
      'Without you, our meetings would be twice as long and half as fun.',
    ],
  },
  parent: {
    warm: [
      'Thank you for every lesson, every hug and every late-night talk.',
      'So much of who I am, I owe to you and your love.',
      'You have always been my safe place, and I love you more than words can say.',
    ],
    formal: [
      'I am forever grateful for your love, guidance and patience.',
      'Everything I have achieved rests on the example you set.',
    ],
    funny: [
      'Thank you for raising me. I know it was not always easy, and I know I was mostly to blame.',
      'You are the best parent anyone could ask for, and I am not just saying that for the inheritance.',
    ],
  },
  partner: {
    warm: [
      'Every day with you is my favourite day.',
      'You make my world warmer, brighter and so much more fun.',
      'Loving you is the easiest and best thing I have ever done.',
    ],
    formal: [
      'I am grateful every day to share my life with you.',
      'You are my partner in everything, and I treasure you.',
    ],
    funny: [
      'You still laugh at my jokes and steal my fries, and I would not change a thing.',
      'Of all the people I could share the remote with, I am so glad it is you.',
    ],
  },
  child: {
    warm: [
      'I am so proud of the person you are becoming.',
      'You fill my life with joy, and I love you more every single day.',
      'Watching you grow is the greatest adventure of my life.',
    ],
    formal: [
      'I could not be prouder of you and everything you have become.',
      'You continue to make me proud in every way.',
    ],
    funny: [
      'You are my favourite child. (If you have siblings, this message is strictly confidential.)',
      'I am so proud of you, and only slightly jealous of how cool you turned out.',
    ],
  },
  sibling: {
    warm: [
      'Growing up with you was the best adventure, and you are still my favourite partner in crime.',
      'No matter where life takes us, you will always be my family and my friend.',
      'I am so grateful to have you as my sibling.',
    ],
    formal: [
      'I am truly fortunate to have you as family.',
      'Our bond means more to me than I often manage to say.',
    ],
    funny: [
      'You are proof that sharing a bathroom for years can still end in friendship.',
      'I forgive you for everything you did when we were kids. Mostly.',
    ],
  },
  grandparent: {
    warm: [
      'Your stories, your wisdom and your hugs are treasures I carry with me.',
      'Thank you for all the love you have given so generously over the years.',
      'You make our whole family stronger and kinder.',
    ],
    formal: [
      'Your wisdom and love have shaped our whole family.',
      'I am deeply grateful for everything you have given us.',
    ],
    funny: [
      'You are the coolest grandparent around, and you can quote me on that.',
      'Thank you for all the sweets that my parents did not know about.',
    ],
  },
  teacher: {
    warm: [
      'Thank you for believing in me, even on the days I did not believe in myself.',
      'Your patience and encouragement have made a real difference in my life.',
      'The lessons you taught go far beyond the classroom.',
    ],
    formal: [
      'I remain grateful for your guidance and the example you set.',
      'Your dedication has made a lasting difference to so many people.',
    ],
    funny: [
      'Thank you for your patience. I know I tested it. Frequently.',
      'You taught me so much, including that homework does not do itself.',
    ],
  },
  boss: {
    warm: [
      'Thank you for your trust, your support and for being a leader people are glad to follow.',
      'Working with you has taught me so much.',
      'Your kindness makes even the busiest weeks feel manageable.',
    ],
    formal: [
      'It is an honour to work under your leadership.',
      'Thank you for your trust, guidance and support.',
      'Your leadership is an inspiration to the whole team.',
    ],
    funny: [
      'You are the best boss I have ever had, and no, this is not a request for a raise. Probably.',
      'Thank you for being the kind of boss who makes Mondays almost bearable.',
    ],
  },
  client: {
    warm: [
      'It is a real pleasure to work with you.',
      'Thank you for your trust and for making our work together such a joy.',
    ],
    formal: [
      'Thank you for your continued trust and partnership.',
      'We value our work together and look forward to many more successful years.',
      'It is a pleasure to count you among our valued partners.',
    ],
    funny: [
      'Working with you is so pleasant that we almost forget it counts as work.',
    ],
  },
  neighbor: {
    warm: [
      'Having a neighbour like you makes our street feel like home.',
      'Thank you for the friendly waves, the borrowed sugar and the kind words.',
    ],
    formal: [
      'It is a pleasure to have you as a neighbour.',
      'Thank you for your kindness and for making our neighbourhood a better place.',
    ],
    funny: [
      'You are the best neighbour ever, and I promise to return your ladder. Eventually.',
    ],
  },
  generic: {
    warm: [
      'You deserve every bit of happiness coming your way.',
      'The world is brighter with you in it.',
      'I am so glad our paths have crossed.',
    ],
    formal: [
      'Please accept my warmest regards.',
      'It is a pleasure to send you these words.',
    ],
  },
};

export interface TopicPhrases {
  /** Used in greetings such as "{headline}, {name}!" */
  headlines: string[];
  /** Opening sentences per style; a style without lines borrows heartfelt's. */
  lines: Partial<Record<StyleKey, string[]>> & { heartfelt: string[] };
  /** Style-neutral wishes for the occasion. */
  wishes: string[];
  /** Replacements when the audience changes the meaning (e.g. a partner's anniversary is "ours"). */
  byAudience?: Partial<Record<AudienceKey, Partial<Omit<TopicPhrases, 'byAudience'>>>>;
}

export const TOPICS: Record<TopicKey, TopicPhrases> = {
  birthday: {
    headlines: ['Happy birthday', 'Happy, happy birthday', 'Many happy returns'],
    lines: {
      heartfelt: [
        'I hope your birthday is as wonderful and full of love as you are.',
        'Today is all about you, and you deserve every bit of the celebration.',
        'On your birthday I just want you to know how much you are loved.',
      ],
      formal: [
        'Please accept my warmest congratulations on your birthday.',
        'I would like to wish you a very happy birthday and a year of health and success.',
      ],
      funny: [
        'Do not worry about the candles. That is what smoke alarms are for.',
        'You are not getting older, you are becoming a classic.',
        'Another year older, and somehow still the coolest person I know.',
      ],
      poetic: [
        'Another year has turned its page, and you grow brighter with each age.',
        'The candles glow, the wishes rise, and every one has you in mind.',
      ],
      inspirational: [
        'A new year of your life begins today, full of chances waiting for you.',
        'Every birthday is a fresh first page, and yours is going to be a great story.',
      ],
      casual: [
        'Hope your birthday is packed with cake, laughs and all your favourite people.',
        'Have the best birthday ever. You have earned it!',
      ],
      romantic: [
        'The day you were born is the day the world got its best gift, and I got the luckiest.',
        'Happy birthday to the person who makes my heart skip a beat every single day.',
      ],
    },
    wishes: [
      'May this new year of your life bring you health, laughter and plenty of reasons to smile.',
      'May every wish you make today come true.',
      'May the year ahead be your best one yet.',
      'Here is to more adventures, more joy and more cake.',
    ],
  },
  wedding: {
    headlines: ['Congratulations', 'Happy wedding day', 'Congratulations on your wedding'],
    lines: {
      heartfelt: [
        'Seeing two people so right for each other makes my heart full.',
        'Your wedding day is the start of a beautiful journey, and I am so happy for you both.',
      ],
      formal: [
        'Please accept my heartfelt congratulations on your marriage.',
        'It is a joy to celebrate your wedding and to wish you every happiness together.',
      ],
      funny: [
        'Remember, the secret to a long marriage is two words: "you are right."',
        'Congratulations on finding the one person willing to put up with you forever.',
      ],
      poetic: [
        'Two paths have joined into one road, and love will light every mile of it.',
        'May your love be like a river: deep, steady and always finding its way home.',
      ],
      inspirational: [
        'Today you promise each other forever, and I know you will build something beautiful.',
        'A great marriage is built day by day, and you two have everything it takes.',
      ],
      casual: [
        'You two are just perfect together. Enjoy every minute of your big day!',
        'Huge congratulations on tying the knot!',
      ],
      romantic: [
        'Love brought you together, and love will carry you through every season.',
        'Watching you two fall deeper in love is the sweetest thing.',
      ],
    },
    wishes: [
      'May your life together be filled with love, laughter and endless adventures.',
      'May your home always be full of warmth and your hearts full of joy.',
      'Here is to a lifetime of happiness together.',
    ],
    byAudience: {
      partner: {
        headlines: ['Happy wedding day', 'Here is to us'],
        lines: {
          heartfelt: [
            'Marrying you is the best decision I have ever made.',
            'Today I get to promise forever to my favourite person.',
          ],
          funny: ['I am so glad I get to annoy you for the rest of our lives.'],
          romantic: ['Today I marry my best friend and the love of my life.'],
          formal: ['I am honoured to become your spouse and to share my life with you.'],
        },
        wishes: [
          'May our life together be full of love, laughter and endless adventures.',
          'Here is to a lifetime of happiness together.',
        ],
      },
    },
  },
  anniversary: {
    headlines: ['Happy anniversary', 'Happy anniversary to you'],
    lines: {
      heartfelt: [
        'Anniversaries are a reminder of how far love and dedication can take us.',
        'Another year of love, loyalty and shared memories is something truly worth celebrating.',
      ],
      formal: [
        'Please accept my warmest congratulations on your anniversary.',
        'It is a pleasure to mark this anniversary with you and to honour all the years behind it.',
      ],
      funny: [
        'Another year of putting up with each other. Truly heroic.',
        'Congratulations on another year of deciding what to have for dinner together.',
      ],
      poetic: [
        'Year after year, the story grows richer, like a song that only gets sweeter with every verse.',
        'Time has only deepened the colours of what you have built together.',
      ],
      inspirational: [
        'Every year together is proof that commitment and kindness can build something lasting.',
        'Your journey so far is an inspiration to everyone around you.',
      ],
      casual: ['Happy anniversary! Here is to many more.', 'Another year down and still going strong!'],
      romantic: [
        'Love like yours only grows stronger with time.',
        'Every year together writes another chapter in a beautiful love story.',
      ],
    },
    wishes: [
      'May the years ahead bring you even more happiness.',
      'Here is to many more years of joy and shared adventures.',
      'May you keep making wonderful memories for years to come.',
    ],
    byAudience: {
      partner: {
        headlines: ['Happy anniversary', 'Happy anniversary to us'],
        lines: {
          heartfelt: [
            'Another year with you, and I am more grateful for you than ever.',
            'Every year beside you has been a gift I never take for granted.',
          ],
          funny: [
            'Another year of you pretending my jokes are funny. That is true love.',
            'Happy anniversary to the only person who knows all my weird habits and stayed anyway.',
          ],
          romantic: [
            'I would choose you again, every single day, without a second thought.',
            'Falling in love with you was easy; staying in love with you is my greatest joy.',
          ],
          formal: ['I am grateful for every year we have shared and for all the years still to come.'],
          poetic: ['With every year, our story grows sweeter, like a song we keep learning by heart.'],
        },
        wishes: [
          'Here is to many more years of us.',
          'May our love keep growing, year after year.',
          'I cannot wait to see what the next year brings for us.',
        ],
      },
    },
  },
  newBaby: {
    headlines: ['Congratulations', 'Welcome to the world, little one', 'Congratulations on your little one'],
    lines: {
      heartfelt: [
        'A new little life has arrived, and with it so much love.',
        'Your family has grown by one tiny, wonderful person, and my heart is so happy for you.',
      ],
      formal: [
        'Please accept my warmest congratulations on the arrival of your baby.',
        'It is wonderful news to hear of the birth of your child.',
      ],
      funny: [
        'Sleep is overrated anyway, right?',
        'Congratulations on your new tiny boss. The hours are terrible but the cuddles are worth it.',
      ],
      poetic: [
        'Tiny fingers, tiny toes, and a love that grows and grows.',
        'A new star has come to light your sky.',
      ],
      inspirational: [
        'A brand new adventure begins, and your little one could not ask for better guides.',
        'Parenthood is the greatest journey of all, and you are ready for it.',
      ],
      casual: ['Congrats on the new arrival! So happy for you.', 'Welcome to the world, little one!'],
      romantic: ['Love has a new face, and it is beautiful.', 'Your love story just welcomed its sweetest chapter.'],
    },
    wishes: [
      'May your little one bring you endless joy, laughter and love.',
      'May your home be filled with giggles, cuddles and peaceful nights.',
      'Wishing your growing family health and happiness.',
    ],
  },
  graduation: {
    headlines: ['Congratulations', 'Congratulations on your graduation', 'Happy graduation'],
    lines: {
      heartfelt: [
        'All your hard work has paid off, and I could not be happier for you.',
        'Seeing you graduate fills me with pride.',
      ],
      formal: [
        'Please accept my sincere congratulations on your graduation.',
        'Your graduation is a well-deserved achievement, and it is a pleasure to congratulate you.',
      ],
      funny: [
        'You did it! Now the real test begins: explaining to relatives what you will do next.',
        'Congratulations on finishing your studies. Your alarm clock is probably relieved too.',
      ],
      poetic: [
        'The books are closed, the gowns are worn, and a bright new chapter is born.',
        'You have climbed the hill of learning, and now the wide world opens before you.',
      ],
      inspirational: [
        'This is not the end of learning, but the start of everything you will do with it.',
        'The future belongs to people like you, who work hard and dream big.',
      ],
      casual: ['You made it! Time to celebrate.', 'Congrats, graduate! So proud of you.'],
      romantic: ['I am so proud of you, and I cannot wait to share every next step with you.'],
    },
    wishes: [
      'May your next chapter be full of exciting opportunities.',
      'May all your dreams find their way to you.',
      'The world is lucky to have you in it, and now it will see what you can do.',
    ],
  },
  newJob: {
    headlines: ['Congratulations', 'Congratulations on the new job', 'Well done'],
    lines: {
      heartfelt: [
        'Your new job is the perfect next step, and no one deserves it more.',
        'I am so happy for you and this wonderful new opportunity.',
      ],
      formal: [
        'Please accept my warmest congratulations on your new position.',
        'Your new role is a well-deserved recognition of your talent and hard work.',
      ],
      funny: [
        'May your inbox be light, your coffee strong and your meetings short.',
        'Congratulations on the new job. Remember: the best snacks are always in the second kitchen.',
      ],
      poetic: [
        'A new door opens, and light pours in on all the good work still to come.',
        'New paths are waiting, and your footsteps will make them shine.',
      ],
      inspirational: [
        'This new role is just the beginning of great things for you.',
        'New challenges are where you shine brightest, so go and make it yours.',
      ],
      casual: ['Congrats on the new gig! They are lucky to have you.', 'New job, who dis? So happy for you!'],
      romantic: ['I am so proud of you, and I love watching you chase your dreams.'],
    },
    wishes: [
      'May this new chapter bring you success, growth and great colleagues.',
      'Wishing you every success in your new role.',
      'May your new job bring you as much joy as you bring to everyone around you.',
    ],
  },
  retirement: {
    headlines: ['Happy retirement', 'Congratulations on your retirement'],
    lines: {
      heartfelt: [
        'After all your years of hard work, you have truly earned this new chapter.',
        'Your dedication has touched so many lives, and now it is time for you.',
      ],
      formal: [
        'Please accept my warmest congratulations on your retirement.',
        'Your years of dedicated service have left a lasting mark, and it is an honour to wish you well.',
      ],
      funny: [
        'Every day is Saturday now. Enjoy it!',
        'Congratulations on your retirement. Your alarm clock has been officially fired.',
      ],
      poetic: [
        'The workday sun has set, and a golden evening of freedom begins.',
        'The long road of work now turns into an open meadow of days all your own.',
      ],
      inspirational: [
        'Retirement is not an ending but a beginning, with time for every dream you postponed.',
        'A whole new adventure begins now, and it is all yours.',
      ],
      casual: ['Enjoy the freedom, you have earned it!', 'No more Monday mornings!'],
      romantic: ['I cannot wait to spend all these new free days with you.'],
    },
    wishes: [
      'May your retirement be filled with travel, hobbies and plenty of rest.',
      'May the years ahead be relaxed, healthy and full of happy surprises.',
      'Wishing you long lazy mornings and exciting new adventures.',
    ],
  },
  getWell: {
    headlines: ['Get well soon', 'Thinking of you', 'Sending healing thoughts'],
    lines: {
      heartfelt: [
        'I am sending you all my love and strength as you recover.',
        'I am thinking of you and hoping each day brings you a little more strength.',
      ],
      formal: [
        'I was sorry to hear that you are unwell and wish you a swift and full recovery.',
        'Please accept my best wishes for a speedy recovery.',
      ],
      funny: [
        'Get well soon. The world is far too boring without you causing trouble in it.',
        'Please hurry up and get better. Nobody else laughs at my jokes.',
      ],
      poetic: [
        'May rest be gentle and healing be near, and may brighter days soon be here.',
        'After every storm the sky turns clear, and your sunny days are coming.',
      ],
      inspirational: [
        'You are stronger than you know, and every day brings you closer to feeling like yourself again.',
        'One day at a time, you will get through this.',
      ],
      casual: ['Hope you feel better soon!', 'Rest up and feel better fast!'],
      romantic: ['I wish I could take away every ache. Until then, I will be right here, holding your hand.'],
    },
    wishes: [
      'May each day bring you more strength and comfort.',
      'Take all the time you need to rest and heal.',
      'Wishing you a quick and complete recovery.',
    ],
  },
  newHome: {
    headlines: ['Congratulations on your new home', 'Happy housewarming', 'Welcome home'],
    lines: {
      heartfelt: [
        'A new home is a fresh start, and I hope yours is filled with love from the very first day.',
        'I am so happy for you as you begin this new chapter in your new place.',
      ],
      formal: [
        'Please accept my warmest congratulations on your new home.',
        'I wish you every happiness in your new residence.',
      ],
      funny: [
        'May your Wi-Fi be strong and your neighbours quiet.',
        'Congratulations on the new place. I will bring snacks; you bring the spare key.',
      ],
      poetic: [
        'Four walls, a door and a welcoming light: may every night in your new home feel just right.',
        'A house becomes a home through laughter and love, and yours will have plenty of both.',
      ],
      inspirational: [
        'New walls, new possibilities. I cannot wait to see the life you build there.',
        'Every great story needs a setting, and your new home is the perfect one.',
      ],
      casual: ['Congrats on the new place! When is the housewarming?', 'New home, new memories. Enjoy!'],
      romantic: ['Home is wherever I am with you, and now it has a new address.'],
    },
    wishes: [
      'May your new home be full of laughter, good food and great company.',
      'May every room hold happy memories.',
      'Wishing you many happy years in your new home.',
    ],
  },
  holidays: {
    headlines: ['Happy holidays', 'Season\'s greetings', 'Warm holiday wishes'],
    lines: {
      heartfelt: [
        'The holidays remind me of the people I am grateful for, and you are high on that list.',
        'I hope the festive season wraps you in warmth, love and peace.',
      ],
      formal: [
        'Please accept my warmest wishes for a joyful holiday season and a prosperous new year.',
        'Season\'s greetings and every good wish for the year ahead.',
      ],
      funny: [
        'May your cookies be plentiful and your relatives\' questions brief.',
        'May your holiday lights untangle on the first try.',
      ],
      poetic: [
        'Snowflakes fall and candles glow, and all my warm wishes go to you.',
        'In the quiet glow of the season, may your heart find peace and light.',
      ],
      inspirational: [
        'As the year comes to a close, may the new one bring fresh hope and new adventures.',
        'A new year is a blank page, and I know you will fill it with something wonderful.',
      ],
      casual: ['Happy holidays! Enjoy the break.', 'Have a cosy, happy holiday season!'],
      romantic: ['The best gift this season is spending it with you.'],
    },
    wishes: [
      'May your holidays be merry and bright, and the new year full of joy.',
      'Wishing you peace, love and happiness this holiday season.',
      'May the new year bring you health, happiness and success.',
    ],
  },
  thankYou: {
    headlines: ['Thank you', 'A big thank you', 'Thank you so much'],
    lines: {
      heartfelt: [
        'I just wanted to tell you how grateful I am for you.',
        'Your kindness means more to me than I can put into words.',
      ],
      formal: [
        'Please accept my sincere thanks for your kindness and support.',
        'I would like to express my heartfelt gratitude for everything you have done.',
      ],
      funny: [
        'Thank you! I would send a fruit basket, but I ate it.',
        'Thank you so much. You are officially on my list of favourite humans.',
      ],
      poetic: [
        'Like a lamp on a dark road, your kindness showed me the way.',
        'Gratitude is a flower that blooms in the heart, and mine is in full bloom for you.',
      ],
      inspirational: [
        'People like you make the world better, one kind act at a time.',
        'Your generosity reminds me how much good one person can do.',
      ],
      casual: ['Thanks a million! You are the best.', 'Seriously, thank you so much!'],
      romantic: ['Thank you for loving me the way you do.'],
    },
    wishes: [
      'I hope you know how much you are appreciated.',
      'May all the kindness you give come back to you many times over.',
      'I am lucky to have you in my life.',
    ],
  },
  goodLuck: {
    headlines: ['Good luck', 'Best of luck', 'Wishing you luck'],
    lines: {
      heartfelt: [
        'Whatever happens, I am so proud of you for going for it.',
        'I believe in you completely and will be cheering you on.',
      ],
      formal: [
        'I would like to wish you every success in the challenge ahead.',
        'Please accept my very best wishes for a successful outcome.',
      ],
      funny: [
        'Good luck! Not that you need it, but it cannot hurt.',
        'Go show them what you have got. I have my lucky socks on for you.',
      ],
      poetic: [
        'May the wind be at your back and every door swing open for you.',
        'May fortune smile on every step you take.',
      ],
      inspirational: [
        'You have prepared for this, and you are ready.',
        'Believe in yourself. You are capable of more than you imagine.',
      ],
      casual: ['You have got this!', 'Fingers crossed for you!'],
      romantic: ['Wherever this takes you, my heart goes with you.'],
    },
    wishes: [
      'May everything go exactly as you hope.',
      'Wishing you confidence, calm and a little bit of luck.',
      'I cannot wait to hear all about how it goes.',
    ],
  },
  generic: {
    headlines: ['Best wishes', 'Warmest wishes', 'Hello'],
    lines: {
      heartfelt: [
        'I wanted to send you a few words to mark this special moment.',
        'You have been on my mind, and I wanted you to know how much you are appreciated.',
      ],
      formal: [
        'Please accept my warmest wishes on this special occasion.',
        'It is a pleasure to send you my very best wishes.',
      ],
      funny: [
        'I was told to write something nice, so here goes: you are pretty great.',
        'This message comes with zero calories and one hundred percent good vibes.',
      ],
      poetic: [
        'Like sunlight on a quiet morning, may good things find their way to you.',
        'May your days be gentle and your nights be bright.',
      ],
      inspirational: [
        'Moments like this are worth celebrating, and so are you.',
        'Every day is a chance for something wonderful, and you make the most of it.',
      ],
      casual: ['Just wanted to send some good vibes your way!', 'Thinking of you and smiling!'],
      romantic: ['Every moment with you is worth celebrating.'],
    },
    wishes: [
      'May happiness find you wherever you go.',
      'Wishing you all the joy this moment can hold.',
      'May good things keep coming your way.',
    ],
  },
};
