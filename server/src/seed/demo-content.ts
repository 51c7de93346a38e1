/**
 * Demo content for a new, empty site (SEED_DEMO): a few people and their wishes, so the feed, the
 * home page and search have something real to show. Data only; the seed logic lives elsewhere.
 * The passwords are public (they are in this file): demo accounts are for looking around.
 */

export const demoUsers: Array<{ email: string; password: string; first_name: string; last_name: string; phone: string }> = [
  { email: 'amelia.hart@example.com', password: 'Lantern-Orchid-47!', first_name: 'Amelia', last_name: 'Hart', phone: '+1 202 555 0143' },
  { email: 'daniel.okafor@example.com', password: 'Copper*Meadow*92', first_name: 'Daniel', last_name: 'Okafor', phone: '+44 20 7946 0321' },
  { email: 'sofia.marquez@example.com', password: 'Violet.Harbor.58', first_name: 'Sofia', last_name: 'Márquez', phone: '+34 600 555 214' },
  { email: 'kenji.watanabe@example.com', password: 'Maple#River#306', first_name: 'Kenji', last_name: 'Watanabe', phone: '+81 3 5555 0178' },
  { email: 'priya.nair@example.com', password: 'Saffron~Kite~731', first_name: 'Priya', last_name: 'Nair', phone: '+91 98765 55012' },
];

const HOUR = 60;
const DAY = 24 * HOUR;

export const demoWishes: Array<{ authorEmail: string; text: string; is_public: boolean; minutesAgo: number }> = [
  {
    authorEmail: 'amelia.hart@example.com',
    text: "Happy birthday, Grandma Rose! Ninety years of garden roses, terrible puns and the best apple pie in the county. Thank you for teaching me that a cup of tea fixes most things and a hug fixes the rest. I can't wait to celebrate with you on Sunday. All my love.",
    is_public: true,
    minutesAgo: 12,
  },
  {
    authorEmail: 'daniel.okafor@example.com',
    text: 'Congratulations on the new job, Tunde! They are getting someone who stays late to help a colleague, remembers everyone\'s birthday and still finds time to make the best jollof in London. May your inbox be light and your coffee strong. Go and show them what you can do.',
    is_public: true,
    minutesAgo: 47,
  },
  {
    authorEmail: 'sofia.marquez@example.com',
    text: 'Lucía and Mateo, today two people who already make each other laugh every day promise to keep doing it forever. May your home always smell of fresh bread, may your arguments be short and your dances long. ¡Vivan los novios! With all my love on your wedding day.',
    is_public: true,
    minutesAgo: 2 * HOUR + 5,
  },
  {
    authorEmail: 'kenji.watanabe@example.com',
    text: 'Dear Professor Ito, congratulations on your retirement. Thirty-two years of lectures, patient office hours and red ink that somehow always felt encouraging. Many of us became engineers because you believed we could. I hope your days are now full of mountain walks and the books you never had time for.',
    is_public: true,
    minutesAgo: 3 * HOUR + 40,
  },
  {
    authorEmail: 'priya.nair@example.com',
    text: 'Get well soon, Arjun! The office is far too quiet without your terrible jokes and your very loud keyboard. Rest, drink your ginger tea and let the doctors do their thing. We are keeping your chair warm and your plant alive (mostly).',
    is_public: true,
    minutesAgo: 5 * HOUR,
  },
  {
    authorEmail: 'amelia.hart@example.com',
    text: 'Welcome to the world, little Oliver! You arrived at 3:12 in the morning, weighing as much as a bag of flour and already holding everyone\'s heart. Emma and Jack, I am so happy for you. May your nights be peaceful soon and your days full of giggles.',
    is_public: true,
    minutesAgo: 8 * HOUR + 15,
  },
  {
    authorEmail: 'daniel.okafor@example.com',
    text: 'Happy anniversary to my parents: forty years of Sunday dinners, road trips with the wrong map and holding hands in the supermarket. You showed us what patience and kindness look like every single day. Here is to the next forty.',
    is_public: true,
    minutesAgo: 13 * HOUR,
  },
  {
    authorEmail: 'sofia.marquez@example.com',
    text: 'Congratulations, Daniela! Five years of night shifts, flash cards taped to the fridge and more coffee than any human should drink, and now you are Dr. Daniela Ruiz. I am so proud of you that I might cry again. Your patients are lucky.',
    is_public: true,
    minutesAgo: 20 * HOUR,
  },
  {
    authorEmail: 'kenji.watanabe@example.com',
    text: 'Happy new home, Aiko and Ren! May the new kitchen see many late-night ramen experiments, may the balcony get plenty of sun for your tomatoes, and may your neighbours be quiet and your Wi-Fi strong. I will bring the housewarming sake.',
    is_public: true,
    minutesAgo: 1 * DAY + 2 * HOUR,
  },
  {
    authorEmail: 'priya.nair@example.com',
    text: 'Thank you, Mrs. Fernandes, for the extra lessons after school and for never once making me feel slow. I passed my maths exam with a distinction, and I still hear you saying "show your working" every time I solve a problem.',
    is_public: true,
    minutesAgo: 1 * DAY + 9 * HOUR,
  },
  {
    authorEmail: 'amelia.hart@example.com',
    text: 'Good luck at the marathon on Sunday, Sam! Six months of early runs in the rain, and you never skipped one. Whatever the clock says at the finish, you have already won. I will be at mile 20 with a sign and a banana.',
    is_public: true,
    minutesAgo: 1 * DAY + 18 * HOUR,
  },
  {
    authorEmail: 'daniel.okafor@example.com',
    text: 'Season\'s greetings to the whole Okafor clan, near and far! May your holidays be full of good food, silly games and long phone calls with the cousins overseas. Here is to health, laughter and a kinder new year for everyone.',
    is_public: true,
    minutesAgo: 2 * DAY + 3 * HOUR,
  },
  {
    authorEmail: 'sofia.marquez@example.com',
    text: 'Feliz cumpleaños, Mamá. You taught me to cook, to dance in the kitchen and to always set an extra plate in case someone drops by. Everything good in me started with you. Te quiero mucho.',
    is_public: true,
    minutesAgo: 2 * DAY + 20 * HOUR,
  },
  {
    authorEmail: 'kenji.watanabe@example.com',
    text: 'A note to future me on my birthday: be patient with yourself, call your parents more often and keep climbing. Last year was hard, and you got through it.',
    is_public: false,
    minutesAgo: 3 * DAY + 4 * HOUR,
  },
  {
    authorEmail: 'priya.nair@example.com',
    text: 'Happy Diwali to all my colleagues! May your homes be filled with light, your plates with sweets and your year with success. Thank you for making this team feel like a second family.',
    is_public: true,
    minutesAgo: 3 * DAY + 22 * HOUR,
  },
  {
    authorEmail: 'amelia.hart@example.com',
    text: 'Congratulations on your promotion, Hannah! Nobody deserves it more than the person who quietly fixed every crisis this year and still brought cake on Fridays. The team is in the best hands.',
    is_public: true,
    minutesAgo: 4 * DAY + 6 * HOUR,
  },
  {
    authorEmail: 'daniel.okafor@example.com',
    text: 'To my little brother on his graduation: you did it! From the kid who hid his report cards to a first-class engineering degree. Mum has told the whole street already. I could not be prouder of you.',
    is_public: true,
    minutesAgo: 4 * DAY + 19 * HOUR,
  },
  {
    authorEmail: 'sofia.marquez@example.com',
    text: 'Get well soon, Abuelo. The garden misses you and so do your dominoes partners, who say the games are too easy without you. Rest and let us spoil you for a change.',
    is_public: true,
    minutesAgo: 5 * DAY + 8 * HOUR,
  },
  {
    authorEmail: 'kenji.watanabe@example.com',
    text: 'Thank you to the volunteers who rebuilt the community garden this weekend. Forty people, two hundred seedlings and one very muddy dog. The neighbourhood feels more like a home because of you.',
    is_public: true,
    minutesAgo: 6 * DAY + 1 * HOUR,
  },
  {
    authorEmail: 'priya.nair@example.com',
    text: 'Rohan, happy anniversary, my love. Seven years since the rainy bus stop and the shared umbrella. I would choose you again every single day, even the days you leave your socks on the stairs.',
    is_public: false,
    minutesAgo: 6 * DAY + 14 * HOUR,
  },
  {
    authorEmail: 'amelia.hart@example.com',
    text: 'Happy retirement, Mr. Collins! Thirty years of keeping our school running, fixing everything from the boiler to broken hearts. Enjoy the fishing trips; you have earned every quiet morning on the lake.',
    is_public: true,
    minutesAgo: 7 * DAY + 5 * HOUR,
  },
  {
    authorEmail: 'daniel.okafor@example.com',
    text: 'Good luck with the interview tomorrow, Chidi. You know your stuff, you have prepared for weeks and you are the calmest person in any room. Breathe, smile and be yourself. They will see what we see.',
    is_public: true,
    minutesAgo: 8 * DAY + 2 * HOUR,
  },
  {
    authorEmail: 'sofia.marquez@example.com',
    text: 'Welcome home, baby Valentina! Your big brother has already promised to share his dinosaurs with you, which is the highest honour he knows. Congratulations, Carmen and Luis; your family just got even sweeter.',
    is_public: true,
    minutesAgo: 9 * DAY + 10 * HOUR,
  },
  {
    authorEmail: 'kenji.watanabe@example.com',
    text: 'Happy birthday, Yuki! Another year of you being the friend who remembers everyone\'s favourite snack and always has a spare umbrella. Dinner is on me, and this time I promise not to sing.',
    is_public: true,
    minutesAgo: 10 * DAY + 3 * HOUR,
  },
  {
    authorEmail: 'priya.nair@example.com',
    text: 'Congratulations on the new flat, Meera! May your plants thrive, your landlord be reasonable and your sofa host many late-night talks. I call dibs on the spare pillow.',
    is_public: true,
    minutesAgo: 11 * DAY + 16 * HOUR,
  },
  {
    authorEmail: 'amelia.hart@example.com',
    text: 'Dear Dad, I never say it enough: thank you. For every school run, every burnt pancake breakfast and every time you drove three hours just to fix a shelf. I love you.',
    is_public: false,
    minutesAgo: 12 * DAY + 7 * HOUR,
  },
  {
    authorEmail: 'daniel.okafor@example.com',
    text: 'To the best team I have ever worked with: thank you for an incredible year. We shipped, we stumbled, we laughed in far too many late meetings, and we always had each other\'s backs. Happy holidays, everyone.',
    is_public: true,
    minutesAgo: 13 * DAY + 11 * HOUR,
  },
  {
    authorEmail: 'sofia.marquez@example.com',
    text: 'Ten years of friendship, Inés! From sharing one tiny dorm room to sharing every big moment since. Thank you for being my emergency contact, my travel partner and my loudest cheerleader.',
    is_public: true,
    minutesAgo: 15 * DAY + 2 * HOUR,
  },
  {
    authorEmail: 'kenji.watanabe@example.com',
    text: 'Good luck on your first day of school, Haruto! Remember: say hello, ask questions, and it is fine to miss us a little. We will be waiting at the gate with your favourite snack.',
    is_public: true,
    minutesAgo: 17 * DAY + 9 * HOUR,
  },
  {
    authorEmail: 'priya.nair@example.com',
    text: 'Wishing our neighbours, the Thompsons, a wonderful new chapter as they move to the coast. Thank you for the borrowed ladders, the shared harvests and twelve years of friendly waves over the fence. You will be missed.',
    is_public: true,
    minutesAgo: 19 * DAY + 20 * HOUR,
  },
];
