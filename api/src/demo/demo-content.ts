/** What the demo students post, say and plan. Plain data; demo-campus.ts turns it into rows. */

export interface DemoPost {
  author: string; // DemoStudent uid
  /** File name in fixtures/media/clips. */
  clip: string;
  caption: string;
  tags: string[];
}

const CLIPS = ['campus-testcard.mp4', 'color-bars.mp4', 'colour-sweep.mp4', 'game-of-life.mp4', 'mandelbrot-zoom.mp4'];

const POSTS_BY_STUDENT: Record<string, Array<[caption: string, tags: string[]]>> = {
  'demo-maya': [
    ['Library at 2 a.m.: the only time the good desks are free', ['library', 'studylife', 'nightowl']],
    ['My first pull request to the campus app got merged!', ['computerscience', 'coding']],
    ['Sunrise from the observatory hill, worth the 5 a.m. alarm', ['photography', 'hiking', 'sunrise']],
  ],
  'demo-leo': [
    ['Owls win the intramural semi-final 54-49', ['basketball', 'intramurals', 'owls']],
    ['Latte art attempt #47 at the student cafe', ['coffee', 'barista']],
    ['Supply and demand explained with vending machine snacks', ['economics', 'studytips']],
  ],
  'demo-amara': [
    ['Spotted three heron chicks at the campus pond today', ['biology', 'nature', 'pond']],
    ['Dance society rehearsal for the spring showcase', ['dance', 'showcase']],
    ['Sunrise yoga on the lawn, every Wednesday, all welcome', ['yoga', 'wellbeing']],
  ],
  'demo-jonas': [
    ['Black holes in 30 seconds (no maths, promise)', ['physics', 'science', 'explainer']],
    ['The fractal that ate my weekend', ['mathematics', 'fractals']],
    ['Reading list for the long weekend', ['reading', 'books']],
  ],
  'demo-sofia': [
    ['Film club screening this Tuesday: bring snacks', ['movies', 'filmclub']],
    ['Colour study for my art history final', ['art', 'arthistory', 'colour']],
    ['Thrifted the whole outfit for under twenty', ['fashion', 'thrift']],
  ],
  'demo-kai': [
    ['Speedrun attempt, any% of the campus maze', ['gaming', 'speedrun']],
    ['Anime night line-up is here', ['anime', 'clubnight']],
    ['Game of Life running on the lab screens during finals week', ['technology', 'gameoflife']],
  ],
  'demo-priya': [
    ['Sunday dal for the whole floor', ['cooking', 'dormlife']],
    ['Psych 101 tip: spaced repetition actually works', ['psychology', 'studytips']],
    ['Weekend trip planning on a student budget', ['travel', 'budget']],
  ],
  'demo-sam': [
    ['5 a.m. practice, the pool is all ours', ['swimming', 'varsity']],
    ['Is a hot dog a sandwich? Philosophy seminar got heated', ['philosophy', 'debate']],
    ['Leg day at the rec centre', ['gym', 'fitness']],
  ],
  'demo-lina': [
    ['Flame tests in the teaching lab (safely, with goggles)', ['chemistry', 'lab']],
    ['Trail run before lectures: 8 km, one very muddy shoe', ['hiking', 'running']],
    ['Campus recycling audit results are in', ['environment', 'sustainability']],
  ],
  'demo-diego': [
    ['Quad soccer, Friday 4 p.m., anyone can join', ['soccer', 'quad']],
    ['Dining hall debate: should the library be open 24/7?', ['politics', 'debate']],
    ['First week on campus, first video', ['firstyear', 'campus']],
  ],
  'demo-noor': [
    ['Monday study tip: teach it to a rubber duck', ['mathematics', 'studytips']],
    ['Tennis team tryouts this Saturday', ['tennis', 'tryouts']],
    ['Proof of the week, in colour', ['mathematics', 'proof']],
  ],
  'demo-ellis': [
    ['New beat made entirely from lab equipment sounds', ['music', 'production']],
    ['Open mic night highlights', ['music', 'openmic']],
    ['Test card aesthetics for the radio station promo', ['technology', 'radio', 'campus']],
  ],
};

/** Posts interleaved by author so the newest-first feed mixes everyone. */
export function demoPosts(): DemoPost[] {
  const authors = Object.keys(POSTS_BY_STUDENT);
  const posts: DemoPost[] = [];
  for (let round = 0; round < 3; round += 1) {
    authors.forEach((author, index) => {
      const entry = POSTS_BY_STUDENT[author]![round];
      if (entry) posts.push({ author, clip: CLIPS[(index + round) % CLIPS.length]!, caption: entry[0], tags: entry[1] });
    });
  }
  return posts;
}

export const DEMO_COMMENTS = [
  'This is so good!',
  'Saving this for later',
  'Count me in',
  'Wait, where is this on campus?',
  'Legendary',
  'I need this energy before my 9 a.m.',
  'See you there!',
  'Okay this made my day',
  'Teach me please',
  'The colours!',
  'Best post on here this week',
  'Same time next week?',
];

export const DEMO_EVENT_NAMES = [
  'Study group: library room 3',
  'Intramural game',
  'Film club screening',
  'Lab report due',
  'Open mic night',
  'Office hours',
  'Career fair',
  'Midterm exam',
  'Club meeting',
  'Volunteer shift',
];
