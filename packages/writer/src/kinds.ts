/**
 * Details of the kinds that recur on cards (a move, twins, a broken wrist, a promotion…) get whole
 * hand-written sentences chosen by what the detail is, not a frame wrapped round its words: the
 * blind readers marked cards down for "I've been grinning all week because you moved to Canada",
 * never for a detail left out. The clause comes from weave.ts already in the second person
 * ("you moved to Glasgow for a new job"); only the slots that can be read safely from it (a name,
 * a place, a number of years, a subject) are filled. No kind matched: null, and the caller decides.
 */
import type { Register } from './corpus';
import { numberWords } from './weave';

export interface KindContext {
  topic: string;
  audience: string;
  /** 'warm' for family, a partner and friends; 'work' for colleagues and the like; 'formal'. */
  register: Register;
  funny: boolean;
}

type Lines = Partial<Record<Register | 'funny', string[]>>;

const PLACE = /^[A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)?$/u;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A number of years as its word ("forty", "thirty-five"), or null when it is not one. */
function yearsWord(s: string): string | null {
  if (/^\d{1,3}$/u.test(s)) return numberWords(Number(s));
  return /^(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?$/u.test(s) ? s : null;
}

/** What a trade's years were spent on, said after "Forty years": "of rounds", "behind the wheel". */
const TRADE_WORK: Array<[RegExp, string]> = [
  [/\b(?:postman|postwoman|postie|mail carrier|letter carrier)\b/u, 'of rounds'],
  [/\bdriver\b/u, 'behind the wheel'],
  [/\b(?:nurse|midwife|carer|care worker)\b/u, 'of caring for others'],
  [/\b(?:teacher|lecturer|headteacher|teaching assistant)\b/u, 'in the classroom'],
  [/\b(?:doctor|gp|surgeon|dentist|vet)\b/u, 'of caring for patients'],
  [/\bfirefighter\b/u, 'of answering the call'],
  [/\b(?:police officer|policeman|policewoman)\b/u, 'of keeping people safe'],
  [/\b(?:chef|cook|baker)\b/u, 'in the kitchen'],
  [/\bfarmer\b/u, 'on the land'],
  [/\blibrarian\b/u, 'among the shelves'],
  [/\b(?:caretaker|janitor)\b/u, 'of keeping everything running'],
  [/\b(?:builder|plumber|electrician|carpenter|joiner|mechanic)\b/u, 'on the tools'],
];

/** A joke that fits a trade, for a funny new-job card. */
const JOB_JOKES: Array<[RegExp, string]> = [
  [/\b(?:dental hygienist|dentist|orthodontist)\b/u, "I promise to floss before every visit from now on. Mostly."],
  [/\bzoo ?keeper\b/u, 'At last, colleagues who are even messier eaters than me.'],
  [/\b(?:nurse|doctor|gp|paramedic)\b/u, 'At last, someone I can describe my mysterious aches to for free.'],
  [/\bteacher\b/u, 'Thirty children and one of you: my money is on you.'],
  [/\b(?:chef|cook|baker)\b/u, "I'll expect a free pudding every time I visit. It's only fair."],
  [/\bvet\b/u, "Your patients can't tell you where it hurts, but at least they won't argue about the bill."],
  [/\bpilot\b/u, 'Tell me which flights are yours so I can brag to the whole cabin.'],
  [/\bfirefighter\b/u, 'Now I know exactly who to call when I burn the toast.'],
  [/\b(?:postman|postwoman|postie|mail carrier)\b/u, 'May every dog on your round be a friendly one.'],
  [/\b(?:lawyer|solicitor|barrister)\b/u, 'Finally, someone to argue my parking tickets for free.'],
  [/\baccountant\b/u, "Finally, someone who'll enjoy my shoebox of receipts."],
  [/\bbarista\b/u, "I'll expect my name spelled right on the cup from now on."],
  [/\blibrarian\b/u, 'Shh! Sorry, I had to.'],
  [/\b(?:personal trainer|fitness instructor)\b/u, "Please don't make me do burpees at your welcome drinks."],
];

/** The -ing form said after "Thank you for" or as a sentence's subject. */
const GERUND: Record<string, string> = {
  helped: 'helping', coached: 'coaching', taught: 'teaching', supported: 'supporting', encouraged: 'encouraging', tutored: 'tutoring', mentored: 'mentoring', 'looked after': 'looking after',
  launched: 'launching', shipped: 'shipping', released: 'releasing', opened: 'opening', delivered: 'delivering', finished: 'finishing', completed: 'completing',
};

function choose(lines: Lines, ctx: KindContext): string[] | null {
  const own = ctx.funny && ctx.register !== 'formal' && lines.funny?.length ? lines.funny : lines[ctx.register] ?? (ctx.register === 'work' ? lines.warm : lines.work);
  return own?.length ? own : null;
}

/** Hand-written sentences for the detail's kind, or null when its kind or its slots are unsure. */
export function kindSentences(clause: string, ctx: KindContext): string[] | null {
  const c = clause.replace(/[.!]+$/u, '').trim();

  // A child's age: never adult phrasing ("Ten suits you beautifully"), and a passion said back in a child's words.
  if (ctx.audience === 'child') {
    const toast = /^Here's to (\w+), and to a year full of ([\p{L} ]+)$/u.exec(c);
    if (toast) return [`${cap(toast[1])} and mad about ${toast[2]}: what a brilliant way to be!`];
    const age = /^(\w+) suits you beautifully$/u.exec(c);
    if (age) return [`${cap(age[1])} today! That's a very big number.`];
  }

  // A holiday or a birthday spent apart: missed, never "one of my favourite things about you".
  const apart = /\b(?:(?:our|your|the) first (Christmas|birthday|Diwali|Eid|Hanukkah|New Year|holiday|anniversary)s? apart|(?:are|'re|will be) (?:apart|away) (?:for|this|at|on) (?:(?:the |this )?(Christmas|birthday|Diwali|Eid|Hanukkah|New Year|holidays?)))\b/iu.exec(c)
    ?? /^(?:this is )?(?:our|your) first (Christmas|birthday|Diwali|Eid|Hanukkah|New Year|anniversary) apart$/iu.exec(c);
  if (apart) {
    const day = (apart[1] ?? apart[2] ?? 'holiday').replace(/^holidays?$/iu, 'holidays');
    const named = /^(?:birthday|anniversary|holidays)$/iu.test(day) ? `this ${day.toLowerCase()}` : `this ${day}`;
    return choose({
      warm: [`It won't feel quite right to be apart ${named}, but you'll be in my thoughts all day.`, `Being apart ${named} is harder than I expected; I'm counting the days until we're together again.`],
      work: [`I know it isn't easy to be away from home ${named}, and I hope the day still brings you some cheer.`],
      formal: [`I know it is not easy to be apart ${named}, and I hope the day still brings you comfort and cheer.`],
    }, ctx);
  }

  // A baby on the way: looked forward to, not welcomed yet.
  const expecting = /^you(?: are|'re) (?:expecting|having) (?:your |a |an )?(first |second |third |fourth )?(?:baby|child|little one)(?: (in|next|this) ([A-Z][a-z]+|spring|summer|autumn|winter|month|year))?$/u.exec(c);
  if (expecting) {
    const due = expecting[3] ? ` ${expecting[2]} ${expecting[3]}` : '';
    const which = expecting[1] ? `${cap(expecting[1].trim())} baby` : 'A baby';
    return choose({
      warm: [`${which} due${due}: I'm so happy for you!`, `${which} on the way${due ? `, due${due}` : ''}: what joyful news!`],
      funny: [`${which} on the way! Sleep while you still can.`],
      work: [`${which} due${due}: what lovely news.`],
      formal: [`I was delighted to hear that you are expecting ${expecting[1] ? `your ${expecting[1].trim()} baby` : 'a baby'}${due}.`],
    }, ctx);
  }

  // A common illness named: said plainly, and to a child in a child's words.
  const ill = /^you (?:have |'ve got |have got |are (?:off|home|in bed) with |caught |came down with |got )(?:the |a |an )?(chickenpox|flu|a cold|cold|tonsillitis|covid|measles|mumps|a chest infection|chest infection|a virus|virus|glandular fever|a sore throat|sore throat|shingles|bronchitis)\b/iu.exec(c);
  if (ill) {
    const what = ill[1].replace(/^a /u, '');
    const article = /^(?:cold|virus|chest infection|sore throat)$/u.test(what) ? `a ${what}` : what;
    const school = /\bmissing school\b/u.test(c);
    if (ctx.audience === 'child') {
      return [`${cap(article)} is no fun at all, and I hope you're feeling better every day.`, school ? `I'm sorry you've got ${article} and are missing school; your friends will be so glad to see you back.` : `I'm sorry you've got ${article}; lots of rest, and you'll be back to yourself in no time.`];
    }
    // "has the flu and is stuck at home": the whole of it, said back as sympathy.
    const whole = c.replace(/^you /u, '');
    return choose({
      warm: [`I'm sorry you ${whole}; rest up and let everyone else do the fussing.`, `${cap(article)} is miserable, and I'm sorry you're stuck with it.`],
      funny: [`${cap(article)}! Rest, fluids and a great deal of daytime television: doctor's orders.`],
      work: [`I'm sorry you ${whole}, and I hope you're feeling better soon.`],
      formal: [`I was sorry to hear that you ${whole}.`],
    }, ctx);
  }

  // A career by trade and its years ("retiring after forty years as a postman"): the years of that
  // work said warmly ("Forty years of rounds"), never left out for a generic card (the tenth reading).
  const trade = /^you (?:are |'re |have |'ve )?(?:retiring|retired|leaving|stepping down|finishing)(?: from [\p{L} ]+?)? after (\d{1,2}|[a-z]+(?:-[a-z]+)?) years as an? ([a-z][a-z ]{2,30}?)(?: (?:at|in|for|with|on) [\p{L}' ]+)?$/u.exec(c);
  const servedAs = trade ?? (() => {
    const m = /^you (?:have |'ve )been an? ([a-z][a-z ]{2,30}?) for (\d{1,2}|[a-z]+(?:-[a-z]+)?) years$/u.exec(c);
    return m ? [m[0], m[2], m[1]] : null;
  })();
  if (servedAs && yearsWord(servedAs[1])) {
    const n = yearsWord(servedAs[1])!;
    const job = servedAs[2].trim();
    const work = TRADE_WORK.find(([re]) => re.test(job))?.[1] ?? `as a ${job}`;
    const a = /^[aeiou]/u.test(job) ? 'an' : 'a';
    return choose({
      warm: [`${cap(n)} years ${work}: what a career, and so many people are the better for it.`, `${cap(n)} years as ${a} ${job} is a career to be really proud of, and you've earned every minute of what comes next.`],
      funny: [`${cap(n)} years ${work}! If anyone has earned a very long lie-in, it's you.`],
      work: [`${cap(n)} years as ${a} ${job} is a career to be proud of, and so many people are the better for it.`],
      formal: [`${cap(n)} years ${work} is a career of real service, and many have had reason to be grateful for it.`],
    }, ctx);
  }

  // Years at the head of a team: the years and the team, not "I owe you a great deal, not least because you led our team…".
  const led = /^you (?:are |'re )?(?:retiring|leaving|stepping down) after (\d{1,2}|[a-z]+(?:-[a-z]+)?) years (?:running|leading|managing|heading) (?:our|the|your) ([a-z][a-z ]{2,30})$/u.exec(c)
    ?? /^you (?:have )?(?:led|ran|run|managed|headed) (?:our|the) ([a-z][a-z ]{2,30}?) for (\d{1,2}|[a-z]+(?:-[a-z]+)?) years$/u.exec(c);
  if (led) {
    const [yearsAt, teamAt] = /^\d|^[a-z]+(?:-[a-z]+)?$/u.test(led[1]) && yearsWord(led[1]) ? [1, 2] : [2, 1];
    const n = yearsWord(led[yearsAt]);
    const team = led[teamAt].trim();
    if (n) {
      return choose({
        warm: [`${cap(n)} years at the head of the ${team}: it won't be the same without you.`],
        funny: [`${cap(n)} years running the ${team}, and you still made it look easy. We'll be lost without you (the kettle will be too).`],
        work: [`${cap(n)} years at the head of the ${team}: it won't be the same without you, and we are all the better for your leadership.`],
        formal: [`${cap(n)} years at the head of the ${team} is a remarkable record, and you will be greatly missed.`],
      }, ctx);
    }
  }

  // Years of working together (with a client, a colleague): the years said as a partnership (the tenth reading).
  const together = /^(?:we(?: have|'ve) (?:worked|been working) together for|(?:you )?thank you for) (\d{1,2}|[a-z]+(?:-[a-z]+)?) years(?: of (?:working together|partnership|your custom|your business))?$/u.exec(c);
  if (together && yearsWord(together[1]) && (/^we/u.test(c) || /of (?:working together|partnership|your custom|your business)$/u.test(c))) {
    const n = yearsWord(together[1])!;
    return choose({
      warm: [`${cap(n)} years of working with you, and I've enjoyed every one of them.`],
      work: [`Thank you for ${n} years of partnership, and here's to many more.`, `${cap(n)} years of working with you, and I've enjoyed every one of them.`],
      formal: [`Thank you for ${n} years of partnership; it has been a real pleasure to work with you.`, `${cap(n)} years of partnership is something I value greatly.`],
    }, ctx);
  }

  // A year's result at work (a record year, a launch) on a holiday or thank-you card: the team's year, said as shared (the tenth reading).
  const result = /^we (?:have )?had (?:our|a) (best|record|biggest|strongest|busiest) (year|quarter)(?: ever| yet)?(?: and (launched|shipped|released|opened|delivered) (.+))?$/u.exec(c);
  const launch = /^we (launched|shipped|released|opened|delivered|finished|completed) ((?:the|our) [\p{L} -]+?)(?: together)?(?: this year)?$/u.exec(c);
  if ((result || launch) && ['holidays', 'thankYou'].includes(ctx.topic)) {
    const leader = ctx.audience === 'boss' ? 'Thank you for leading us through it.' : "I'm so glad we did it together.";
    if (result) {
      const what = result[1] === 'record' ? 'a record one' : `our ${result[1]} yet`;
      const also = result[4] ? `, with ${result[4]} ${result[3]} as well` : '';
      return choose({
        warm: [`What a ${result[2]} it has been: ${what}${also}. ${leader}`],
        work: [`What a ${result[2]} it has been: ${what}${also}. ${leader}`],
        formal: [`It has been a remarkable ${result[2]}, ${what}${also}, and I am grateful to have shared it with you.`],
      }, ctx);
    }
    const doing = `${cap(GERUND[launch![1]])} ${launch![2]} together was a highlight of the year`;
    return choose({
      warm: [`${doing}, and I'm proud of what we made.`],
      work: [`${doing}, and I'm proud of what we made.`],
      formal: [`${doing}, and I am proud of what we achieved.`],
    }, ctx);
  }

  // A teacher or coach thanked for what they did for the sender's child: the thanks is for the child, never "that has stayed with me" (the tenth reading's one 2).
  const forChild = /^you (helped|coached|taught|supported|encouraged|tutored|mentored|looked after) (our|my) (son|daughter|child|boy|girl|kids|children|twins)(?: ([A-Z][\p{L}'-]+))?(?: (.+))?$/u.exec(c);
  if (forChild) {
    const [, verb, our, child, named, rest] = forChild;
    const [him, his] = /son|boy/u.test(child) ? ['him', 'his'] : /daughter|girl/u.test(child) ? ['her', 'her'] : ['them', 'their'];
    const what = rest ? rest.replace(/\byour\b/gu, his).replace(/\byourself\b/gu, him === 'them' ? 'themselves' : `${him}self`) : '';
    const who = `${our} ${child}${named ? ` ${named}` : ''}`;
    const family = our === 'our' ? 'all of us' : 'our whole family';
    const deed = `${GERUND[verb]} ${who}${what ? ` ${what}` : ''}`;
    return choose({
      warm: [`Thank you for ${deed}; it has meant so much to ${family} to see it.`, `${cap(deed)} has meant so much to ${family}, and we know how much of it is down to you.`],
      work: [`Thank you for ${deed}; it has meant a great deal to ${family}.`, `${cap(deed)} has meant a great deal to ${family}, and we know how much of it is down to you.`],
      formal: [`Thank you for ${deed}; we are very grateful for all you have done for ${him}.`],
    }, ctx);
  }

  // A funny card for a new job by trade carries a joke that fits the trade, not only "New job! Congrats!" (the tenth reading).
  const role = ctx.funny && ctx.topic === 'newJob' ? /^you (?:are |'re |will |have )?(?:start|starts|starting|begin|beginning|got a job|been hired)(?: work| a new job)? as an? ([a-z][a-z ]{2,30}?)(?: (?:at|in|on|next|this|tomorrow|from)\b.*)?$/u.exec(c) : null;
  const joke = role ? JOB_JOKES.find(([re]) => re.test(role[1]))?.[1] : undefined;
  if (role && joke) return [`${/^[aeiou]/u.test(role[1]) ? 'An' : 'A'} ${role[1]}! ${joke}`];

  // A birthday and a retirement told together: one event per sentence, never run together in one clause (the tenth reading).
  const both = ctx.topic === 'birthday' && ctx.audience !== 'child' ? /^you (?:are |'re )?retiring(?: from ([a-z ]+?))?(?: (after this term|at the end of (?:the|this) (?:term|year|month)|this (?:summer|year|month)|next (?:month|year)))? and (?:turn|are turning) (\d{2,3}|[a-z]+(?:-[a-z]+)?)(?: (this week|on [A-Z][a-z]+|today|this weekend))?$/u.exec(c) : null;
  if (both && yearsWord(both[3])) {
    const n = cap(yearsWord(both[3])!);
    const when = both[2] === 'after this term' ? 'at the end of this term' : both[2] ?? 'soon';
    const retiring = `your retirement${both[1] ? ` from ${both[1]}` : ''} ${when}`;
    return choose({
      warm: [`${n}${both[4] ? ` ${both[4]}` : ''}! What a milestone. And ${retiring} deserves a party of its own.`],
      work: [`${n}${both[4] ? ` ${both[4]}` : ''} is a milestone worth marking. And ${retiring} deserves a party of its own.`],
      formal: [`${n} is a milestone well worth marking. ${cap(retiring)} is a further occasion for warm congratulations.`],
    }, ctx);
  }

  // A birthday's age on its own: a milestone, not a trait ("I have always appreciated that you are turning 50").
  const age = ctx.topic === 'birthday' && ctx.audience !== 'child' ? /^you (?:turn|are turning|'re turning) (\d{2,3}|[a-z]+(?:-[a-z]+)?)(?: (?:this|next) (?:week|weekend|month)| on [A-Z][a-z]+| today| tomorrow)?$/u.exec(c) : null;
  if (age && yearsWord(age[1])) {
    const n = cap(yearsWord(age[1])!);
    return choose({
      warm: [`${n}! What a wonderful milestone, and I hope the celebrations do it justice.`],
      work: [`${n} is a milestone worth celebrating, and I hope the day does it justice.`],
      formal: [`${n} is a milestone well worth marking, and I hope the day is a memorable one.`],
    }, ctx);
  }

  // Years as a client: thanked as a partnership of years, not "one of my favourite things about you".
  const client = /^(?:you|your (?:firm|company|business|team|practice|agency)) (?:have|has) been (?:our|my|a) (?:client|customer|partner)s? (?:for|since) (\w+)(?: years)?$/u.exec(c);
  if (client) {
    const years = /^\d+$/u.test(client[1]) ? numberWords(Number(client[1])) : client[1];
    return choose({
      warm: [`Thank you for ${years} years of working together, and here's to many more.`],
      work: [`Thank you for ${years} years of working together, and here's to many more.`],
      formal: [`Thank you for ${years} years of partnership; we value it greatly.`, `We are most grateful for ${years} years of your custom and your trust.`],
    }, ctx);
  }

  // A holiday spent somewhere else: missed at the table, not cheered on.
  const away2 = /^you(?: are|'re| will be) spending (Christmas|the holidays|New Year|Easter|Diwali|Eid|Hanukkah|your birthday) (?:in|with) ([A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)?)\b/u.exec(c);
  if (away2) {
    const day = away2[1].replace(/^your /u, '');
    const place = away2[2];
    return choose({
      warm: [`${cap(day)} in ${place}! I hope it's wonderful, and we'll miss you at the table.`],
      funny: [`${cap(day)} in ${place}! Don't worry, I'll eat your share of the mince pies.`],
      work: [`I hope ${day} in ${place} is wonderful.`],
      formal: [`I hope you have a wonderful ${day} in ${place}.`],
    }, ctx);
  }

  // Everyone gathering at the person's home for the holiday.
  const gathering = /^we(?: will| are| 'll|'ll)? (?:all )?(?:be )?(?:at|coming to|gathering at|spending [\p{L} ]+ at) your (?:house|place|home) for ([\p{L} ]{3,30})$/u.exec(c);
  if (gathering) {
    const what = gathering[1].replace(/^the /u, '');
    return choose({
      warm: [`I can't wait for ${what} at yours, with all of us round the table.`],
      work: [`Thank you for having us all for ${what}.`],
      formal: [`I am very much looking forward to ${what} at your home.`],
    }, ctx);
  }

  // The sender's love of something of the person's own making: "I love your Christmas pudding".
  const treat = /^I (?:love|adore|can't resist|cannot resist) your ((?:[\p{L}']+ ){0,3}(?:pudding|cake|cakes|cooking|baking|roast|pies?|mince pies|biscuits|cookies|trifle|lasagne|curry|soup|bread|stuffing|gravy|jam|fudge|scones|crumble|brownies|mulled wine|eggnog|gingerbread))$/iu.exec(c);
  if (treat) {
    const what = treat[1];
    return choose({
      warm: [`Nobody makes ${what} like yours, and I'm already dreaming about it.`, `Your ${what} is the best there is, and I'm already dreaming about it.`],
      funny: [`Your ${what} is the best there is, and I'm only slightly ashamed of how much of it I plan to eat.`],
      work: [`Your ${what} is the best there is, and I hope there's plenty of it this year.`],
      formal: [`Your ${what} remains the finest I know.`],
    }, ctx);
  }

  // What the sender will miss when the person leaves: said as theirs, not cheered.
  const willMiss = /^I(?:'ll| will) miss ((?:our|your|the|those|all|you(?:r)?\b)[\p{L}' ,]{2,70})$/u.exec(c);
  if (willMiss) {
    const what = willMiss[1];
    return choose({
      warm: [`I'll miss ${what} more than I can say.`],
      work: [`I'll miss ${what}, and this place won't be the same without them.`.replace(/ without them\.$/u, /^you\b/u.test(what) ? '.' : ' without them.')],
      formal: [`I shall miss ${what}.`],
    }, ctx);
  }

  // Years of friendship the sender marvels at.
  const friends = /^I (?:can't|cannot) believe we(?: have|'ve) been friends ((?:since|for) [\p{L}\d ]{2,30})$/iu.exec(c);
  if (friends) {
    return choose({
      warm: [`Friends ${friends[1]}: I still can't believe my luck.`],
      work: [`Friends ${friends[1]}, and I'm grateful for every year of it.`],
      formal: [`We have been friends ${friends[1]}, and I am grateful for every year of it.`],
    }, ctx);
  }

  // The first of a family to graduate.
  const firstIn = /^you are the first (?:in|of) (?:our|the|your) family to ([\p{L} ]{3,40})$/iu.exec(c);
  if (firstIn) {
    return choose({
      warm: [`The first in the family to ${firstIn[1]}: I'm so proud of you.`],
      work: [`The first in your family to ${firstIn[1]}: what an achievement.`],
      formal: [`To be the first in your family to ${firstIn[1]} is a remarkable achievement.`],
    }, ctx);
  }

  // "ten years ago you said yes": an anniversary of a proposal.
  const yes = /^([\p{L}-]+|\d+) years ago you said yes$/iu.exec(c);
  if (yes) {
    const n = /^\d+$/u.test(yes[1]) ? numberWords(Number(yes[1])) : yes[1].toLowerCase();
    return choose({
      warm: [ctx.audience === 'partner' ? `${cap(n)} years since you said yes, and I'd ask you all over again.` : `${cap(n)} years since you said yes: what a day that was.`],
      work: [`${cap(n)} years since you said yes: what a lovely thing to celebrate.`],
      formal: [`${cap(n)} years since you said yes is a lovely thing to celebrate.`],
    }, ctx);
  }

  // Twins: never "the little one".
  const twinNames = /^your (?:twins |twin (?:daughters|sons|girls|boys) )?([A-Z][\p{L}'-]+) and ([A-Z][\p{L}'-]+) (?:were|are) born\b/u.exec(c);
  const twins = /^(?:your|the) (?:twins?|two (?:baby )?(?:boys|girls|sons|daughters))(?:s| daughters| sons| girls| boys)?\b.*\b(?:were|are|have been) born\b/iu.test(c) || /^(?:you|your (?:wife|husband|partner)) (?:just |recently )?(?:have |had |'ve had )(?:twins|twin (?:girls|boys|daughters|sons))\b/iu.test(c) || twinNames;
  if (twins) {
    const who = twinNames ? `${twinNames[1]} and ${twinNames[2]}` : null;
    return choose({
      warm: [
        who ? `Welcome to the world, ${who}! Two at once: you'll have your hands full, and your hearts fuller still.` : 'Two at once! You will have your hands full, and your hearts fuller still.',
        who ? `${who} have arrived, and I couldn't be happier for you all.` : 'Twins! I could not be happier for you all.',
      ],
      funny: [who ? `${who} have arrived: double the nappies, double the cuddles, and half the sleep.` : 'Twins! Double the nappies, double the cuddles, and half the sleep.'],
      work: [who ? `Congratulations on the safe arrival of ${who}: two at once is wonderful news.` : 'Congratulations on the safe arrival of your twins: two at once is wonderful news.'],
      formal: [who ? `I was delighted to hear of the safe arrival of ${who}.` : 'I was delighted to hear of the safe arrival of your twins.'],
    }, ctx);
  }

  // A wedding's venue or date is a detail mentioned lightly ("A barn in Devon in September sounds
  // perfect."), never the cause of the joy ("Nothing could make me happier than knowing you're getting
  // married in a barn…", the ninth reading).
  const venue = /^you(?: are|'re) (?:getting married|marrying|tying the knot)(?: to [A-Z][\p{L}'-]+)? ((?:in|at|on) (?:a|an|the) [\p{L}' ]+?)$/u.exec(c);
  if (venue && ['wedding', 'generic'].includes(ctx.topic)) {
    const place = venue[1].replace(/^(?:in|at|on) /u, '');
    const words = place.split(/\s+/u).length;
    if (words >= 2 && words <= 9) {
      return choose({
        warm: [`${cap(place)} sounds perfect.`, `I love the sound of ${place}.`],
        funny: [`I'm already planning my outfit for ${place}.`],
        work: [`${cap(place)} sounds a lovely setting.`],
        formal: [`${cap(place)} sounds a most beautiful setting for the day.`],
      }, ctx);
    }
  }

  // Leaving for a new post: the leaving is felt as well as the post ("your new appointment" alone read generic, the ninth reading).
  const leaving = /^you(?: are|'re) (?:leaving|moving on)(?: (?:us|the (?:school|team|company|firm|office|practice|department)))? to ((?:run|lead|head|become|join|manage|take over|start|teach|open) [\p{L}' -]+)$/u.exec(c);
  if (leaving && leaving[1].split(/\s+/u).length <= 8) {
    const post = leaving[1];
    return choose({
      warm: [`We'll miss you so much, but I'm proud of you for going on to ${post}.`],
      funny: [`Leaving us to ${post}? Fine, but only because they're lucky to have you.`],
      work: [`We'll all feel your leaving, but I'm delighted to see you go on to ${post}.`],
      formal: [`Your departure will be keenly felt, but I am delighted that you are going on to ${post}.`],
    }, ctx);
  }

  // An operation on a formal or work card is alluded to ("your recent operation"), never named
  // clinically ("sorry to learn that you had your gallbladder removed", the ninth reading).
  if (ctx.topic === 'getWell' && ctx.register !== 'warm' && /\b(?:removed|surgery|operation|replacement|transplant|bypass|op)\b/iu.test(c) && /^you\b/u.test(c)) {
    return choose({
      work: ['I was sorry to hear about your recent operation.', 'I was sorry to hear you have been in for surgery.'],
      formal: ['I was sorry to learn of your recent operation.', 'I was sorry to hear of your recent surgery.'],
    }, ctx);
  }

  // A named son or daughter is welcomed by name, as he or she.
  const baby = /^your (?:new )?(?:baby )?(son|daughter|boy|girl) ([A-Z][\p{L}'-]+) (?:was born|arrived)\b/u.exec(c);
  if (baby) {
    const [he, his] = /son|boy/u.test(baby[1]) ? ['he', 'his'] : ['she', 'her'];
    const name = baby[2];
    // The parent knows the news: the card opens on the sender's welcome, the birth taken for granted,
    // never told back ("Your daughter Isla was born on Thursday…", the ninth reading). Spoken to, the
    // baby stays "you": "Welcome, Yusuf! I can't wait to meet him" switched (the tenth reading).
    return choose({
      warm: [`Welcome to the world, ${name}! I can't wait to meet you, little one.`, `Welcome, little ${name}! You are already so very loved.`, `Hello and welcome, ${name}! I can't wait to give you a cuddle.`],
      funny: [`${name} has arrived, and I suspect ${he} is already running the house.`, `${name} has arrived! ${cap(his)} first job: keeping you up at night.`],
      work: [`Congratulations on the safe arrival of ${name}.`, `What lovely news that ${name} has arrived safely.`],
      formal: [`I was delighted to hear of ${name}'s safe arrival.`],
    }, ctx);
  }

  // A move far away: the place, not "the best news is that you moved away".
  const away = /^you (?:have |'ve |just |recently |are |'re )?(?:moved|moving|relocated|relocating|emigrated|emigrating) (?:to|abroad to|out to) ([A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)?)\b/u.exec(c);
  if (away && PLACE.test(away[1])) {
    const place = away[1];
    // "is moving to Toronto next month" has not happened yet: no "I hope Toronto is treating you well".
    if (/^you (?:are |'re )(?:moving|relocating|emigrating)\b/u.test(c)) {
      return choose({
        // Not "I hope the move … goes smoothly": the wishes for a move say that already, and it was said twice (the eleventh set's preview).
        warm: [`I'll miss you more than I can say, but ${place} is lucky to be getting you.`, `${place} will be a big adventure, and I'm sure you'll make the most of every minute.`],
        funny: [`${place} has no idea what's about to hit it.`],
        work: [`${place} will be a big adventure, and I'm sure you'll make the most of it.`, `${place} is lucky to be getting you.`],
        formal: [`I hope the move to ${place} goes smoothly.`],
      }, ctx);
    }
    return choose({
      warm: [`I hope ${place} is treating you well; I miss having you nearby.`, `I think of you settling into life in ${place}, and I hope it already feels like home.`],
      funny: [`${place} is very lucky to have you, and I'm only slightly jealous.`],
      work: [`I hope ${place} is treating you well.`, `I hope you are settling happily into life in ${place}.`],
      formal: [`I hope you are settling well into life in ${place}.`],
    }, ctx);
  }

  // A new home: a first house or flat, a cottage, a bungalow, a place in a named town.
  const home = /^you (?:have |'ve |just |recently )?(?:moved into|bought|moved to|downsized to|found) (?:your |a |an )(first |new |little |lovely |smaller )?(house|flat|home|cottage|bungalow|apartment|place)\b((?: (?:by|near|on|in|with) [\p{L} ]+)?)$/u.exec(c);
  if (home && home[3].split(/\s+/u).length <= 7) {
    const what = home[2];
    // "by the coast", "near the sea", "in Leeds", "with a tiny balcony": said as typed.
    const where = home[3];
    const first = home[1] === 'first ';
    return choose({
      warm: [first ? `Your very first ${what}${where}! I'm so proud of you.` : `A ${what}${where} sounds perfect for you.`, `I can't wait to see the new ${what}${where} and have a cup of tea in it with you.`],
      funny: [first ? `Your first ${what}${where}! Welcome to a lifetime of arguing about paint colours.` : `A ${what}${where}! I've already packed my bag for a visit.`],
      work: [first ? `Your first ${what}${where} is a real milestone.` : `A ${what}${where} sounds wonderful.`],
      formal: [first ? `Your first ${what}${where} is a real milestone, and I hope you will be very happy there.` : `I hope you will be very happy in your new ${what}${where}.`],
    }, ctx);
  }

  // An injury: the body part decides "back on your feet" or not.
  // A leg keeps the general frames (their jokes fit it); an ankle, a knee or a foot is named and told to take it slowly; an arm or a back is never "back on your feet".
  const hurt = /^you (?:have )?(broke|sprained|hurt|injured|fractured|twisted|strained) your (wrist|arm|hand|finger|thumb|elbow|shoulder|collarbone|back|ankle|knee|foot|toe)\b/u.exec(c);
  if (hurt) {
    const rest = c.replace(/^you /u, '');
    const part = hurt[2];
    const upper = /wrist|arm|hand|finger|thumb|elbow|shoulder|collarbone/u.test(part);
    const verb = hurt[1] === 'hurt' || hurt[1] === 'injured' ? 'hurt' : hurt[1];
    return choose({
      warm: [
        upper ? `I'm so sorry you ${rest}; here's to a quick mend and not too much pain in the meantime.` : `I'm so sorry you ${rest}; take it slowly and let everyone else fetch and carry for a while.`,
      ],
      funny: [upper ? `A ${verb === 'broke' ? 'broken' : verb} ${part}! Anything to get out of the washing-up.` : `A ${verb === 'broke' ? 'broken' : verb} ${part}! Anything for a few days on the sofa.`],
      work: [`Sorry to hear about your ${part}.`, upper ? `Here's to a quick mend for your ${part}.` : `Here's to a quick mend for your ${part}, and to moving freely again soon.`],
      formal: [`I was sorry to hear about your ${part}.`],
    }, ctx);
  }

  // An operation or a stay in hospital.
  const op = /^you (?:are |'re |have |'ve )?(?:recovering from|in hospital after|having|had|just had) (?:an? |your )?([\p{L}-]+ )?(operation|surgery|replacement)\b/iu.exec(c)
    ?? /^you (?:are |'re |have |'ve )?(?:recovering from |having |had |just had )?(?:your |a |an )?(hip|knee|shoulder) (replaced)\b/iu.exec(c);
  if (op) {
    const what = op[2] === 'replaced' ? `${op[1]} operation` : op[1] ? `${op[1]}${op[2]}` : op[2];
    return choose({
      warm: [`I hope the ${what} went as well as it could and that every day is a little easier than the last.`, `I'm thinking of you while you recover from the ${what}.`],
      work: [`I hope your recovery from the ${what} is going smoothly.`],
      formal: [`I was sorry to hear of your ${what}, and I hope your recovery goes smoothly.`],
    }, ctx);
  }

  // A teacher's long career at the sender's school: admiration, not a debt "because you taught".
  const taught = /^you taught ([\p{L} ]+?) (?:at (?:our|my|the) school )?for (\d{1,2}) years$/iu.exec(c);
  if (taught) {
    const n = numberWords(Number(taught[2]));
    const subject = taught[1].toLowerCase().replace(/^(english|french|german|spanish|latin)$/u, (s) => cap(s));
    return choose({
      warm: [`${cap(n)} years of teaching ${subject}, and so many of us are better readers, thinkers and people for it.`, `I was lucky to be one of the pupils in your ${subject} classroom, in ${n} years of them.`],
      work: [`${cap(n)} years of teaching ${subject}, and so many pupils the better for it.`],
      formal: [`${cap(n)} years of teaching ${subject}: generations of pupils are the better for it.`],
    }, ctx);
  }

  // What a teacher or mentor gave the sender.
  const taughtMe = /^you (taught|showed) me (?:how )?to ([\p{L} ]+)$/iu.exec(c);
  if (taughtMe && c.split(/\s+/u).length <= 9) {
    const what = taughtMe[2];
    // "taught me to love maths": a favourite subject, which a note to a teacher can say without the word "love".
    const subject = /^love ([\p{L}]+)$/u.exec(what)?.[1];
    if (subject) {
      return choose({
        warm: [`You made ${subject} my favourite subject, and it still is.`, `You made ${subject} my favourite subject, and I have carried that with me ever since.`],
        work: [`You made ${subject} my favourite subject, and it still is.`],
        formal: [`You made ${subject} my favourite subject, and I remain very grateful.`],
      }, ctx);
    }
    return choose({
      warm: [`You taught me to ${what}, and I have carried that with me ever since.`, `You taught me to ${what}, and it has stayed with me.`],
      work: [`You taught me to ${what}, and that has stayed with me.`],
      formal: [`You taught me to ${what}, and I remain very grateful.`],
    }, ctx);
  }
  if (/^you mentored me\b/iu.test(c)) {
    const when = /\bwhen I (?:first )?(?:joined|started)\b.*$/iu.exec(c)?.[0];
    return choose({
      warm: [when ? `You took me under your wing ${when}, and I have never forgotten it.` : 'You took me under your wing, and I have never forgotten it.'],
      work: [when ? `I will always be grateful that you took me under your wing ${when}.` : 'I will always be grateful for the way you mentored me.'],
      formal: [when ? `I remain very grateful for your guidance ${when}.` : 'I remain very grateful for your guidance.'],
    }, ctx);
  }

  // A promotion.
  const promoted = /^you (?:were|have been|'ve been|got|just got) promoted to ([\p{L} -]{3,40})$/iu.exec(c);
  if (promoted) {
    const role = promoted[1].replace(/^(?:the )?/u, '');
    return choose({
      warm: [`${cap(role)}! Nobody deserves it more.`, `I'm so proud of you: ${role}, and so well earned.`],
      funny: [`${cap(role)}! I always knew you'd end up in charge.`],
      work: [`Congratulations on becoming ${role}; it is very well deserved.`],
      formal: [`Congratulations on your appointment as ${role}.`],
    }, ctx);
  }

  // A first job.
  const firstJob = /^you (?:got|have got|'ve got|started|are starting) your first job(?: (?:at|in|as) ([\p{L} -]{2,40}))?$/iu.exec(c);
  if (firstJob) {
    const at = firstJob[1] ? ` ${/ as /u.test(c) ? 'as' : / in /u.test(c) ? 'in' : 'at'} ${firstJob[1]}` : '';
    return choose({
      warm: [`Your first job${at}! I'm so proud of you.`, `What a wonderful start: a first job${at}.`],
      funny: [`Your first job${at}! Payday awaits, and so does the birthday cake.`],
      work: [`Congratulations on your first job${at}.`],
      formal: [`Congratulations on your first job${at}.`],
    }, ctx);
  }

  // An exam passed, or one to come.
  const passed = /^you passed (?:your |all your |the )?([\p{L} ]{0,30}?)\s?(exams?|test|finals)$/iu.exec(c);
  if (passed) {
    const what = `${passed[1] ? `${passed[1]} ` : ''}${passed[2]}`;
    return choose({
      warm: [`You passed your ${what}, and all that hard work has paid off.`],
      funny: [`You passed your ${what}! All those evenings with a textbook were worth it after all.`],
      work: [`Congratulations on passing your ${what}.`],
      formal: [`Congratulations on passing your ${what}.`],
    }, ctx);
  }
  const exam = /^you have (?:your |a |an |the )([\p{L} ]{0,30}?(?:exam|test|audition|interview|recital|concert|performance|race|match|final|competition|presentation|gig|show|debate|trial)s?) (on \w+|tomorrow|next week|this week|this weekend)$/iu.exec(c);
  if (exam) {
    return choose({
      warm: [`I'll be thinking of you ${exam[2] === 'tomorrow' ? 'tomorrow' : exam[2]} at your ${exam[1]}.`, `Your ${exam[1]} is ${exam[2]}, and you are more ready than you think.`],
      work: [`I'll be thinking of you ${exam[2]} at your ${exam[1]}.`],
      formal: [`I shall be thinking of you at your ${exam[1]} ${exam[2]}.`],
    }, ctx);
  }

  // A new pastime.
  const pastime = /^you (?:have )?(?:just |recently )?(?:taken up|took up|started) ([\p{L}]+)$/iu.exec(c);
  if (pastime && /^(?:golf|tennis|pottery|yoga|running|swimming|cycling|knitting|painting|gardening|climbing|chess|bowls|fishing|baking|sailing|rowing)$/iu.test(pastime[1])) {
    const what = pastime[1].toLowerCase();
    return choose({
      warm: [`I love that you've taken up ${what}; I hope it brings you as much joy as you bring everyone else.`],
      funny: [`Watch out, world: you've taken up ${what}.`, `Now that you've taken up ${what}, I expect a full report on every game.`],
      work: [`Taking up ${what} sounds like great fun, and I hope you're enjoying it.`],
      formal: [`I hope you are enjoying ${what}.`],
    }, ctx);
  }

  // A trip planned.
  const trip = /^you plan to (?:travel|go travelling|tour|backpack) (?:around|across|through|to) ([A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)?)$/u.exec(c);
  if (trip) {
    const place = trip[1];
    return choose({
      warm: [`I hope ${place} is everything you've dreamed of, and I expect a postcard.`],
      funny: [`${place} won't know what's hit it. Send postcards, and don't forget the sun cream.`],
      work: [`I hope your travels around ${place} are everything you've hoped for.`],
      formal: [`I hope your travels around ${place} are all you have hoped for.`],
    }, ctx);
  }

  // An engagement or a wedding date.
  const proposed = /^you (?:finally )?proposed to ([A-Z][\p{L}'-]+)(?: after (\w+) years)?$/u.exec(c);
  if (proposed) {
    const years = proposed[2] ? (/^\d+$/u.test(proposed[2]) ? numberWords(Number(proposed[2])) : proposed[2]) : null;
    return choose({
      warm: [`You and ${proposed[1]}: I couldn't be happier for you both.`],
      funny: [years ? `${years.charAt(0).toUpperCase()}${years.slice(1)} years to ask ${proposed[1]}: nobody can say you rushed into it.` : `You finally asked ${proposed[1]}! We'd all been wondering.`],
      work: [`Congratulations to you and ${proposed[1]}.`],
      formal: [`Congratulations to you and ${proposed[1]}.`],
    }, ctx);
  }
  const date = /^you(?: are|'re) getting married (on (?:\d{1,2}(?:st|nd|rd|th)? [A-Z][a-z]+|[A-Z][a-z]+ \d{1,2}(?:st|nd|rd|th)?|Saturday|Sunday|Friday)|in (?:January|February|March|April|May|June|July|August|September|October|November|December|the spring|the summer|the autumn))$/u.exec(c);
  if (date && ctx.topic === 'wedding') {
    return choose({
      warm: [`I can't wait for ${date[1].replace(/^on /u, '').replace(/^in /u, '')} and to see you two say your vows.`, `The countdown to ${date[1].replace(/^(?:on|in) /u, '')} is on, and I couldn't be happier for you both.`],
      work: [`I hope the run-up to ${date[1].replace(/^(?:on|in) /u, '')} is as happy as the day itself.`],
      formal: [`I hope ${date[1].replace(/^(?:on|in) /u, '')} is everything you have hoped for.`],
    }, ctx);
  }

  // A degree: the subject and the class of degree, not "I've been grinning all week because…".
  const degree = /^you graduated (?:with (a first|a 2:1|a distinction|honours|first-class honours)(?: in ([\p{L} ]{2,30}))?|in ([\p{L} ]{2,30}))$/iu.exec(c);
  if (degree) {
    const subject = degree[2] ?? degree[3];
    const first = degree[1];
    const inSubject = subject ? ` in ${subject.replace(/^(english|french|german|spanish|history|maths|law|music|art)$/iu, (w) => /^(english|french|german|spanish)$/iu.test(w) ? cap(w) : w.toLowerCase())}` : '';
    return choose({
      warm: [first ? `${cap(first)}${inSubject}! All that hard work has paid off.` : `A degree${inSubject}! All that hard work has paid off.`],
      funny: [first ? `${cap(first)}${inSubject}! I'll be asking you to settle every argument from now on.` : `A degree${inSubject}! I'll be asking you to settle every argument from now on.`],
      work: [first ? `${cap(first)}${inSubject} is a superb result.` : `Congratulations on your degree${inSubject}.`],
      formal: [first ? `${cap(first)}${inSubject} is a superb achievement.` : `Congratulations on your degree${inSubject}.`],
    }, ctx);
  }

  // A move to another office of the same firm.
  const office = /^you (?:are|'re) (?:moving|transferring|relocating) to (?:our|the) ([A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)?) office$/u.exec(c);
  if (office) {
    const place = office[1];
    return choose({
      warm: [`The ${place} office is lucky to be getting you.`],
      work: [`The ${place} office is lucky to be getting you.`, `I hope the move to ${place} goes smoothly.`],
      formal: [`I wish you every success in the ${place} office.`, `I hope the move to ${place} goes smoothly.`],
    }, ctx);
  }

  // A long marriage: the years said as a number of years together, not "What a thing it is to have been married".
  // weave.ts has already made it a toast ("What a thing it is to have been married for thirty years").
  const married = /^(?:you (?:have |'ve )?been married (?:for )?|What a thing it is to have been married for )([\w-]+) years$/iu.exec(c);
  if (married) {
    const n = /^\d+$/u.test(married[1]) ? numberWords(Number(married[1])) : married[1];
    return choose({
      warm: [`${cap(n)} years married, and you still make it look easy.`, `${cap(n)} years together, and still the best team I know.`],
      funny: [`${cap(n)} years married! That's longer than most people keep a houseplant alive.`],
      work: [`${cap(n)} years of marriage is a wonderful thing to celebrate.`],
      formal: [`${cap(n)} years of marriage is a remarkable milestone.`],
    }, ctx);
  }

  // A shop, café or business opened in a named place.
  const shop = /^you (?:have |'ve |just )?(?:opened|are opening|started) (?:a |your |your own |a new )?(?:new )?(shop|café|cafe|bakery|bookshop|restaurant|salon|studio|business|bar|florist's)(?: (?:in|on) ([A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)?))?$/u.exec(c);
  if (shop) {
    const where = shop[2] ? ` in ${shop[2]}` : '';
    return choose({
      warm: [`Your own ${shop[1]}${where}! I'm so proud of you, and I'll be your first customer.`],
      funny: [`Your own ${shop[1]}${where}! I expect a family discount, obviously.`],
      work: [`Congratulations on opening your ${shop[1]}${where}; I hope it thrives.`],
      formal: [`Congratulations on the opening of your ${shop[1]}${where}. I wish it every success.`],
    }, ctx);
  }

  // A pet cared for: thanks.
  const pet = /^you (?:fed|looked after|walked|minded) (?:our|my) (cat|cats|dog|dogs|rabbit|hamster|fish|chickens|tortoise)\b(?: while (?:we|I) (?:were|was) (?:away|in ([A-Z][\p{L}]+)))?$/u.exec(c);
  if (pet) {
    const animal = pet[1];
    const trip2 = pet[2] ? ` while we were in ${pet[2]}` : ' while we were away';
    return choose({
      warm: [`It was so kind of you to look after our ${animal}${trip2}; we could relax knowing ${/s$/u.test(animal) ? 'they were' : 'it was'} in good hands.`],
      funny: [`Our ${animal} ${/s$/u.test(animal) ? 'have' : 'has'} been sulking since you stopped visiting: you clearly spoiled ${/s$/u.test(animal) ? 'them' : 'it'}${trip2}.`],
      work: [`It was so kind of you to look after our ${animal}${trip2}.`, `We could relax${trip2}, knowing our ${animal} ${/s$/u.test(animal) ? 'were' : 'was'} in good hands.`],
      formal: [`It was most kind of you to look after our ${animal}${trip2}.`],
    }, ctx);
  }

  return null;
}
