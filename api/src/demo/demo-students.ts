/**
 * The demo campus roster. Every student signs in with their e-mail and DEMO_PASSWORD in the
 * auth emulator. Fixed uids let a restarted emulator (which forgets its accounts) get the very
 * same accounts back, so the profiles already in the database still belong to someone.
 */
export const DEMO_PASSWORD = 'Campus123!';
export const DEMO_EMAIL_DOMAIN = 'demo.campusclips.example';

export interface DemoStudent {
  uid: string;
  email: string;
  displayName: string;
  dateOfBirth: string;
  bio: string;
  interests: string[];
  /** File name in fixtures/media/avatars. */
  avatar: string;
}

const student = (
  handle: string,
  displayName: string,
  dateOfBirth: string,
  bio: string,
  interests: string[],
  avatarNumber: number,
): DemoStudent => ({
  uid: `demo-${handle}`,
  email: `${handle}@${DEMO_EMAIL_DOMAIN}`,
  displayName,
  dateOfBirth,
  bio,
  interests,
  avatar: `student-${String(avatarNumber).padStart(2, '0')}.${avatarNumber % 2 === 1 ? 'png' : 'jpg'}`,
});

export const DEMO_STUDENTS: DemoStudent[] = [
  student(
    'maya',
    'Maya Chen',
    '2004-03-14',
    'Second-year CS. I film the library at 2 a.m. so you do not have to.',
    ['Computer Science', 'Photography', 'Technology', 'Hiking'],
    1,
  ),
  student(
    'leo',
    'Leo Martins',
    '2003-09-02',
    'Point guard for the intramural Owls. Economics major, part-time barista.',
    ['Basketball', 'Economics', 'Music', 'Gym'],
    2,
  ),
  student(
    'amara',
    'Amara Okafor',
    '2005-01-21',
    'Biology and dance. Ask me about the campus pond ecosystem.',
    ['Biology', 'Dance', 'Environment', 'Yoga'],
    3,
  ),
  student(
    'jonas',
    'Jonas Becker',
    '2002-11-30',
    'Physics grad student. I explain black holes in 30 seconds or less.',
    ['Physics', 'Mathematics', 'Reading', 'Hiking'],
    4,
  ),
  student(
    'sofia',
    'Sofia Rossi',
    '2004-06-08',
    'Art history and film club president. Tuesday screenings in Hall B.',
    ['Art', 'Movies', 'History', 'Fashion'],
    5,
  ),
  student(
    'kai',
    'Kai Nakamura',
    '2005-04-17',
    'Gaming society, anime night host, occasional speedrunner.',
    ['Gaming', 'Anime', 'Technology', 'Music'],
    6,
  ),
  student(
    'priya',
    'Priya Sharma',
    '2003-02-25',
    'Psych major who cooks for the whole floor every Sunday.',
    ['Psychology', 'Cooking', 'Travel', 'Reading'],
    7,
  ),
  student(
    'sam',
    'Sam Whitaker',
    '2004-08-12',
    'Varsity swimmer. 5 a.m. practice, 9 a.m. philosophy seminar.',
    ['Swimming', 'Philosophy', 'Gym', 'Football'],
    8,
  ),
  student(
    'lina',
    'Lina Haddad',
    '2002-12-03',
    'Chemistry lab assistant, weekend trail runner, tea snob.',
    ['Chemistry', 'Hiking', 'Environment', 'Photography'],
    9,
  ),
  student(
    'diego',
    'Diego Alvarez',
    '2005-07-29',
    'First-year. Soccer on the quad, politics debates in the dining hall.',
    ['Soccer', 'Politics', 'History', 'Travel'],
    10,
  ),
  student(
    'noor',
    'Noor Siddiqui',
    '2003-05-19',
    'Maths tutor and tennis captain. I post study tips every Monday.',
    ['Mathematics', 'Tennis', 'Computer Science', 'Yoga'],
    11,
  ),
  student(
    'ellis',
    'Ellis Park',
    '2004-10-10',
    'Music production in the basement studio; open mic regular.',
    ['Music', 'Technology', 'Movies', 'Dance'],
    12,
  ),
];
