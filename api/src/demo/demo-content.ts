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

/** A club of the demo campus (issue 26): who runs it, who belongs, what it posts as itself. */
export interface DemoOrganization {
  slug: string;
  name: string;
  description: string;
  category:
    'academic' | 'arts' | 'culture' | 'media' | 'professional' | 'religious' | 'service' | 'sports' | 'student_government' | 'other';
  joinMode: 'open' | 'request';
  /** File name in fixtures/media/clubs. */
  picture: string;
  owner: string; // DemoStudent uid
  officers: string[];
  members: string[];
  /** Waiting for an officer's answer (by-request clubs). */
  requests?: string[];
  /** Following it without joining. */
  followers?: string[];
  /** Posts made as the club by its owner or an officer; with `eventInDays`, an upcoming event. */
  posts: Array<{
    by: string;
    caption: string;
    tags: string[];
    event?: { name: string; inDays: number; startTime: string; endTime?: string; place: string };
  }>;
}

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    slug: 'chess-society',
    name: 'Chess & Strategy Society',
    description:
      'Weekly blitz, a monthly rated tournament and puzzles for every level. Boards and clocks provided; beginners very welcome.',
    category: 'culture',
    joinMode: 'open',
    picture: 'chess.jpg',
    owner: 'demo-kai',
    officers: ['demo-noor'],
    members: ['demo-jonas', 'demo-maya', 'demo-sam'],
    followers: ['demo-leo'],
    posts: [
      { by: 'demo-noor', caption: 'Puzzle of the week: white to move and win in three', tags: ['chess', 'puzzle'] },
      {
        by: 'demo-kai',
        caption: 'Spring blitz tournament: five rounds, prizes for every section',
        tags: ['chess', 'tournament'],
        event: { name: 'Spring blitz tournament', inDays: 6, startTime: '18:00', endTime: '21:00', place: 'Student Union, room 2' },
      },
    ],
  },
  {
    slug: 'film-society',
    name: 'Film Society',
    description:
      'Screenings every Tuesday in Hall B, a short-film night each term and the odd midnight double bill. Members vote on the line-up.',
    category: 'arts',
    joinMode: 'request',
    picture: 'film.jpg',
    owner: 'demo-sofia',
    officers: ['demo-kai'],
    members: ['demo-maya', 'demo-priya', 'demo-ellis', 'demo-leo'],
    requests: ['demo-diego'],
    followers: ['demo-amara'],
    posts: [
      {
        by: 'demo-sofia',
        caption: 'Tuesday screening: Metropolis (1927) with a live piano score',
        tags: ['film', 'screening'],
        event: { name: 'Tuesday screening: Metropolis', inDays: 3, startTime: '19:30', endTime: '22:00', place: 'Hall B' },
      },
      { by: 'demo-kai', caption: 'Our short-film night submissions are open: three minutes, any phone', tags: ['film', 'shortfilm'] },
    ],
  },
  {
    slug: 'robotics-club',
    name: 'Robotics Club',
    description:
      'We build small robots and one large, slightly unreliable one. Workshop nights in the engineering lab; no experience needed.',
    category: 'academic',
    joinMode: 'open',
    picture: 'robotics.jpg',
    owner: 'demo-maya',
    officers: ['demo-jonas'],
    members: ['demo-lina', 'demo-kai'],
    posts: [
      {
        by: 'demo-maya',
        caption: 'Workshop night: line-following robots, parts for twenty teams',
        tags: ['robotics', 'workshop'],
        event: { name: 'Workshop night: line followers', inDays: 8, startTime: '18:30', place: 'Engineering lab 1.04' },
      },
      { by: 'demo-jonas', caption: 'The robot that learned to climb stairs (eventually)', tags: ['robotics', 'engineering'] },
    ],
  },
  {
    slug: 'dance-collective',
    name: 'Dance Collective',
    description: 'Contemporary, hip hop and ballroom under one roof. Open classes on Mondays; the spring showcase needs you.',
    category: 'arts',
    joinMode: 'request',
    picture: 'dance.jpg',
    owner: 'demo-amara',
    officers: ['demo-priya'],
    members: ['demo-sofia', 'demo-noor'],
    requests: ['demo-sam'],
    posts: [
      {
        by: 'demo-amara',
        caption: 'Spring showcase: tickets free for students, doors at seven',
        tags: ['dance', 'showcase'],
        event: { name: 'Spring dance showcase', inDays: 12, startTime: '19:00', endTime: '21:30', place: 'Arts Centre main stage' },
      },
    ],
  },
  {
    slug: 'outdoor-club',
    name: 'Outdoor & Hiking Club',
    description: 'Day hikes most weekends, a camping trip each term and a kit library so nobody needs to buy boots to try it.',
    category: 'sports',
    joinMode: 'open',
    picture: 'hiking.jpg',
    owner: 'demo-lina',
    officers: ['demo-diego'],
    members: ['demo-maya', 'demo-amara', 'demo-sam', 'demo-leo'],
    followers: ['demo-priya'],
    posts: [
      {
        by: 'demo-lina',
        caption: 'Saturday ridge walk: 14 km, coach leaves from the main gate',
        tags: ['hiking', 'outdoors'],
        event: { name: 'Saturday ridge walk', inDays: 4, startTime: '08:30', endTime: '17:00', place: 'Main gate' },
      },
      { by: 'demo-diego', caption: 'Kit library is open: boots, tents and rain jackets to borrow', tags: ['hiking', 'kit'] },
    ],
  },
  {
    slug: 'campus-radio',
    name: 'Campus Radio',
    description: 'Student radio since forever. Shows every evening, training for new presenters and a very loud studio.',
    category: 'media',
    joinMode: 'open',
    picture: 'radio.jpg',
    owner: 'demo-ellis',
    officers: ['demo-leo'],
    members: ['demo-kai', 'demo-sofia'],
    followers: ['demo-jonas', 'demo-noor'],
    posts: [
      {
        by: 'demo-ellis',
        caption: 'Presenter training: learn the desk in one evening',
        tags: ['radio', 'training'],
        event: { name: 'Presenter training', inDays: 2, startTime: '17:00', endTime: '19:00', place: 'Radio studio, basement' },
      },
    ],
  },
];
