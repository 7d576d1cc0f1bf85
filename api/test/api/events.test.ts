import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };
import { DateTime } from 'luxon';
import { EVENT_MESSAGES } from '@campus-clips/rules';
import { uploadedVideo } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

// ical.js ships type declarations for its ES module only; its CommonJS build is the same API.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ICAL: typeof ICALModule = require('ical.js');

/**
 * Campus events (issue 18) over the wire: event posts and their checks, adding one to a calendar
 * (one event a day), the Events page (order, filters, paging, statements, who is left out), the
 * .ics download and the private calendar feed, each file read back by a real iCalendar parser.
 */
const PUBLIC_URL = 'https://clips.example.edu';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
/** A winter day (GMT in London) and a summer day (BST), always ahead. */
const WINTER_DAY = `${NEXT_YEAR}-01-15`;
const SUMMER_DAY = `${NEXT_YEAR}-07-15`;

let server: TestServer;
let ada: Student;
let grace: Student;

beforeAll(async () => {
  // Many posts by a few students: the abuse limits are rate-limits.test.ts' business, not this file's.
  server = await startTestServer({ PUBLIC_URL, RATE_LIMITS: 'off' });
  [ada, grace] = await Promise.all([
    createStudent(server, { displayName: 'Ada Lovelace' }),
    createStudent(server, { displayName: 'Grace Hopper' }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

interface EventInput {
  name?: string;
  date: string;
  startTime: string;
  endTime?: string;
  place?: string;
  timeZone: string;
}

const EVENT_FIELDS = 'name date startTime endTime timeZone startsAt endsAt place addedCount';
const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { id caption event { ${EVENT_FIELDS} } } }`;

async function createEventPost(student: Student, event: EventInput, options: { caption?: string; tags?: string[] } = {}) {
  const result = await graphql(server, student.token, CREATE, {
    input: { videoUrl: await uploadedVideo(server, student), caption: options.caption ?? 'Come along', tags: options.tags ?? [], event },
  });
  return result;
}

async function eventPost(student: Student, event: EventInput, options: { caption?: string; tags?: string[] } = {}): Promise<string> {
  const result = await createEventPost(student, event, options);
  if (result.errors) throw new Error(`createPost failed: ${JSON.stringify(result.errors)}`);
  return result.data.createPost.id;
}

async function ok<T = any>(student: Student | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const result = await graphql<T>(server, student?.token ?? null, query, variables);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data as T;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await server.app.database.dataSource.query(`SELECT count(*)::int AS n FROM (${sql}) q`, params);
  return row.n;
}

/** A day `days` from now in UTC, 'YYYY-MM-DD'. */
function daysAhead(days: number): string {
  return DateTime.utc().plus({ days }).toISODate()!;
}

function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      url: component.getFirstPropertyValue('url'),
      start: event.startDate,
      end: event.endDate,
      allDay: event.startDate.isDate,
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid') ?? null,
      calendar,
    };
  });
}

describe('event posts: what is stored and what is refused', () => {
  it('stores the event with its instants in the author’s zone, and shows it on the post (GraphQL and REST)', async () => {
    const created = await createEventPost(
      ada,
      { date: WINTER_DAY, startTime: '19:00', endTime: '21:30', place: 'Main hall', timeZone: 'Europe/London' },
      { caption: '  Film night: Metropolis  \nBring snacks' },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createPost.event).toEqual({
      name: 'Film night: Metropolis',
      date: WINTER_DAY,
      startTime: '19:00',
      endTime: '21:30',
      timeZone: 'Europe/London',
      startsAt: `${WINTER_DAY}T19:00:00.000Z`,
      endsAt: `${WINTER_DAY}T21:30:00.000Z`,
      place: 'Main hall',
      addedCount: 0,
    });
    // Summer time: 19:00 in London is 18:00 UTC; in New York (EDT) 23:00 UTC.
    const summer = await createEventPost(grace, { name: 'Garden party', date: SUMMER_DAY, startTime: '19:00', timeZone: 'europe/london' });
    expect(summer.data.createPost.event).toMatchObject({
      startsAt: `${SUMMER_DAY}T18:00:00.000Z`,
      timeZone: 'Europe/London',
      endsAt: null,
      place: null,
    });
    const newYork = await createEventPost(grace, { name: 'Rooftop', date: SUMMER_DAY, startTime: '19:00', timeZone: 'America/New_York' });
    expect(newYork.data.createPost.event.startsAt).toBe(`${SUMMER_DAY}T23:00:00.000Z`);

    const viaRest = await rest(server, 'POST', '/api/posts', {
      token: ada.token,
      body: {
        videoUrl: await uploadedVideo(server, ada),
        caption: 'Quiz',
        event: { name: 'Pub quiz', date: WINTER_DAY, startTime: '20:00', place: 'The Union', timeZone: 'Europe/London' },
      },
    });
    expect(viaRest.status).toBe(201);
    expect(viaRest.body.post.event).toEqual({
      name: 'Pub quiz',
      date: WINTER_DAY,
      startTime: '20:00',
      endTime: null,
      timeZone: 'Europe/London',
      startsAt: `${WINTER_DAY}T20:00:00.000Z`,
      endsAt: null,
      place: 'The Union',
      addedCount: 0,
    });
    // An ordinary post has no event, in either.
    const plain = await rest(server, 'POST', '/api/posts', {
      token: ada.token,
      body: { videoUrl: await uploadedVideo(server, ada), caption: 'Hi' },
    });
    expect(plain.body.post).not.toHaveProperty('event');
    expect((await ok(null, `query($id: ID!) { post(id: $id) { event { name } } }`, { id: plain.body.post._id })).post.event).toBeNull();
  });

  const nextMarchChange = (() => {
    // The last Sunday of March next year: London's clocks skip 01:00-02:00.
    let day = DateTime.utc(NEXT_YEAR, 3, 31);
    while (day.weekday !== 7) day = day.minus({ days: 1 });
    return day.toISODate()!;
  })();

  const REFUSALS: Array<[string, Partial<EventInput>, string, Record<string, string>]> = [
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'Caption', { 'event.name': 'Event name must be at most 200 characters' }],
    ['no name and no caption', {}, '   ', { 'event.name': 'Please enter an event name.' }],
    ['a place over 200 characters', { place: '🎬'.repeat(201) }, 'Caption', { 'event.place': EVENT_MESSAGES.placeLong }],
    ['a start time that is not HH:MM', { startTime: '7pm' }, 'Caption', { 'event.startTime': EVENT_MESSAGES.startTimeInvalid }],
    ['an end time that is not HH:MM', { endTime: '24:00' }, 'Caption', { 'event.endTime': EVENT_MESSAGES.endTimeInvalid }],
    ['an end before the start', { startTime: '19:00', endTime: '18:59' }, 'Caption', { 'event.endTime': EVENT_MESSAGES.endNotAfterStart }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, 'Caption', { 'event.timeZone': EVENT_MESSAGES.timeZoneInvalid }],
    ['an offset instead of a zone', { timeZone: '+01:00' }, 'Caption', { 'event.timeZone': EVENT_MESSAGES.timeZoneInvalid }],
    ['a day in the past', { date: '2020-06-01' }, 'Caption', { 'event.date': EVENT_MESSAGES.startsInPast }],
    ['a time the clocks skip', { date: nextMarchChange, startTime: '01:30' }, 'Caption', { 'event.startTime': EVENT_MESSAGES.timeSkipped }],
  ];

  it.each(REFUSALS)('refuses %s with its message, over GraphQL and REST, storing nothing', async (_label, change, caption, fields) => {
    const event = { date: WINTER_DAY, startTime: '19:00', timeZone: 'Europe/London', ...change };
    const before = await count('SELECT id FROM posts');
    const result = await createEventPost(ada, event, { caption });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields });
    const viaRest = await rest(server, 'POST', '/api/posts', {
      token: ada.token,
      body: { videoUrl: await uploadedVideo(server, ada), caption, event },
    });
    expect(viaRest.status).toBe(400);
    expect(viaRest.body).toMatchObject({ success: false, errors: fields });
    expect(await count('SELECT id FROM posts')).toBe(before);
  });

  it('refuses a date that does not exist (GraphQL before anything runs; REST with the field) and an event that is not an object', async () => {
    const before = await count('SELECT id FROM posts');
    const result = await createEventPost(ada, { date: `${NEXT_YEAR}-02-30`, startTime: '19:00', timeZone: 'Europe/London' });
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(JSON.stringify(result.errors)).toContain('Please enter a valid date (YYYY-MM-DD)');
    const video = await uploadedVideo(server, ada);
    const badDate = await rest(server, 'POST', '/api/posts', {
      token: ada.token,
      body: { videoUrl: video, event: { date: `${NEXT_YEAR}-02-30`, startTime: '19:00', timeZone: 'Europe/London', name: 'X' } },
    });
    expect(badDate.body).toMatchObject({ success: false, errors: { 'event.date': 'Please enter a valid date (YYYY-MM-DD)' } });
    const notObject = await rest(server, 'POST', '/api/posts', { token: ada.token, body: { videoUrl: video, event: 'tomorrow' } });
    expect(notObject.body).toMatchObject({ success: false, errors: { event: 'event must be an object' } });
    const notText = await rest(server, 'POST', '/api/posts', {
      token: ada.token,
      body: { videoUrl: video, event: { date: WINTER_DAY, startTime: 19, timeZone: 'Europe/London' } },
    });
    expect(notText.body).toMatchObject({ success: false, errors: { 'event.startTime': 'event.startTime must be text' } });
    expect(await count('SELECT id FROM posts')).toBe(before);
  });
});

describe('adding an event to one’s calendar: one event a day', () => {
  const ADD = `mutation($p: ID!, $r: Boolean!) { addEventToCalendar(postId: $p, replace: $r) {
    outcome entry { date name post { id } } post { id event { addedCount } } } }`;
  const add = (student: Student, postId: string, replace = false) => graphql(server, student.token, ADD, { p: postId, r: replace });

  it('ADDED, ALREADY_ADDED, DAY_TAKEN (nothing changes), REPLACED, with exact counts', async () => {
    const day = daysAhead(40);
    const linus = await createStudent(server, { displayName: 'Linus' });
    const film = await eventPost(ada, { name: 'Film night', date: day, startTime: '19:00', timeZone: 'Europe/London' });
    const quiz = await eventPost(grace, { name: 'Pub quiz', date: day, startTime: '20:00', timeZone: 'Europe/London' });

    const first = await add(linus, film);
    expect(first.data.addEventToCalendar).toEqual({
      outcome: 'ADDED',
      entry: { date: day, name: 'Film night', post: { id: film } },
      post: { id: film, event: { addedCount: 1 } },
    });
    expect((await add(linus, film)).data.addEventToCalendar).toMatchObject({
      outcome: 'ALREADY_ADDED',
      post: { event: { addedCount: 1 } },
    });

    const before = await server.app.database.dataSource.query('SELECT * FROM calendar_events WHERE user_uid = $1', [linus.uid]);
    const taken = await add(linus, quiz);
    expect(taken.data.addEventToCalendar).toEqual({
      outcome: 'DAY_TAKEN',
      entry: { date: day, name: 'Film night', post: { id: film } },
      post: { id: quiz, event: { addedCount: 0 } },
    });
    expect(await server.app.database.dataSource.query('SELECT * FROM calendar_events WHERE user_uid = $1', [linus.uid])).toEqual(before);

    const replaced = await add(linus, quiz, true);
    expect(replaced.data.addEventToCalendar).toEqual({
      outcome: 'REPLACED',
      entry: { date: day, name: 'Pub quiz', post: { id: quiz } },
      post: { id: quiz, event: { addedCount: 1 } },
    });
    const counts = await ok(
      null,
      `query($a: ID!, $b: ID!) { a: post(id: $a) { event { addedCount } } b: post(id: $b) { event { addedCount } } }`,
      {
        a: film,
        b: quiz,
      },
    );
    expect(counts).toEqual({ a: { event: { addedCount: 0 } }, b: { event: { addedCount: 1 } } });

    // A second student adds the quiz too; a plain entry saved over the linked day unlinks it; Delete takes it away.
    await add(ada, quiz);
    expect((await ok(null, `query($b: ID!) { post(id: $b) { event { addedCount } } }`, { b: quiz })).post.event.addedCount).toBe(2);
    await ok(linus, `mutation($d: LocalDate!) { saveCalendarEvent(date: $d, name: "Dentist") { date } }`, { d: day });
    expect((await ok(linus, `{ calendarEvents { date name post { id } } }`)).calendarEvents).toEqual([
      { date: day, name: 'Dentist', post: null },
    ]);
    await ok(ada, `mutation($d: LocalDate!) { deleteCalendarEvent(date: $d) }`, { d: day });
    expect((await ok(null, `query($b: ID!) { post(id: $b) { event { addedCount } } }`, { b: quiz })).post.event.addedCount).toBe(0);
    // The plain day is taken for an event too.
    expect((await add(linus, film)).data.addEventToCalendar).toMatchObject({
      outcome: 'DAY_TAKEN',
      entry: { name: 'Dentist', post: null },
    });
  });

  it('refuses a post that is not an event, one the caller may not see, and a signed-out caller', async () => {
    const plain = (
      await ok(ada, `mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "Just a clip" }) { id } }`, {
        v: await uploadedVideo(server, ada),
      })
    ).createPost.id;
    const notEvent = await add(grace, plain);
    expect(notEvent.errors?.[0]).toMatchObject({ message: 'This post is not an event.', extensions: { code: 'BAD_USER_INPUT' } });
    const hidden = await eventPost(ada, { name: 'Secret', date: daysAhead(41), startTime: '10:00', timeZone: 'UTC' });
    await ok(ada, `mutation($u: ID!) { blockUser(userId: $u) }`, { u: grace.uid });
    try {
      expect((await add(grace, hidden)).errors?.[0]).toMatchObject({ message: 'Post not found', extensions: { code: 'NOT_FOUND' } });
    } finally {
      await ok(ada, `mutation($u: ID!) { unblockUser(userId: $u) }`, { u: grace.uid });
    }
    const anonymous = await graphql(server, null, ADD, { p: hidden, r: false });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await count('SELECT 1 FROM calendar_events WHERE post_id = $1', [hidden])).toBe(0);
  });

  it('when the author deletes the post, the calendar entry stays as plain text', async () => {
    const day = daysAhead(42);
    const linus = await createStudent(server, { displayName: 'Linus' });
    const post = await eventPost(grace, { name: 'Hackathon', date: day, startTime: '09:00', timeZone: 'Europe/Paris' });
    await add(linus, post);
    await ok(grace, `mutation($id: ID!) { deletePost(id: $id) }`, { id: post });
    expect((await ok(linus, `{ calendarEvents { date name post { id } } }`)).calendarEvents).toEqual([
      { date: day, name: 'Hackathon', post: null },
    ]);
    expect(await count('SELECT 1 FROM calendar_events WHERE user_uid = $1 AND post_id IS NULL', [linus.uid])).toBe(1);
  });
});

describe('the Events page', () => {
  const EVENTS = `query($first: Int, $after: String, $tag: String, $from: LocalDate, $to: LocalDate) {
    events(first: $first, after: $after, tag: $tag, from: $from, to: $to) {
      edges { node { id author { id } viewerHasLiked event { name date startsAt addedCount } } }
      pageInfo { hasNextPage endCursor } } }`;

  let viewer: Student;
  let muted: Student;
  let blocked: Student;
  let suspended: Student;
  let names: Map<string, string>;

  async function page(student: Student | null, variables: Record<string, unknown>) {
    const result = await graphql(server, student?.token ?? null, EVENTS, variables);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return { ...result.data.events, sqlStatements: result.sqlStatements };
  }

  /** Every page of a query, and the statements each cost. */
  async function walk(student: Student | null, variables: Record<string, unknown>, first = 2) {
    const ids: string[] = [];
    const statements: number[] = [];
    let after: string | null = null;
    for (;;) {
      const result = await page(student, { ...variables, first, after });
      ids.push(...result.edges.map((edge: any) => edge.node.id));
      statements.push(result.sqlStatements);
      if (!result.pageInfo.hasNextPage) break;
      after = result.pageInfo.endCursor;
    }
    return { ids, statements };
  }

  beforeAll(async () => {
    // A campus of its own: the tests above left events of their own, so only these count here.
    await server.app.database.dataSource.query(
      "UPDATE posts SET event_starts_at = event_starts_at - interval '10 years', event_ends_at = event_ends_at - interval '10 years' WHERE event_starts_at IS NOT NULL",
    );
    [viewer, muted, blocked, suspended] = await Promise.all([
      createStudent(server, { displayName: 'Vera Viewer' }),
      createStudent(server, { displayName: 'Mo Muted' }),
      createStudent(server, { displayName: 'Bo Blocked' }),
      createStudent(server, { displayName: 'Sue Suspended' }),
    ]);
    const made: Array<[string, string]> = [];
    const make = async (student: Student, name: string, days: number, time: string, tags: string[] = []) =>
      made.push([await eventPost(student, { name, date: daysAhead(days), startTime: time, timeZone: 'UTC' }, { tags }), name]);
    await make(ada, 'Day 5 evening', 5, '19:00', ['film']);
    await make(grace, 'Day 3 morning', 3, '09:00');
    await make(viewer, 'Day 4 (mine)', 4, '12:00', ['film']);
    await make(ada, 'Day 5 morning', 5, '08:00');
    await make(grace, 'Day 9', 9, '18:00', ['Film']);
    await make(ada, 'Day 12', 12, '18:00');
    await make(muted, 'Muted one', 6, '10:00');
    await make(blocked, 'Blocked one', 6, '11:00');
    await make(suspended, 'Suspended one', 6, '12:00');
    // Same start, told apart by id.
    await make(grace, 'Day 7 twin A', 7, '10:00');
    await make(ada, 'Day 7 twin B', 7, '10:00');
    names = new Map(made);
    await ok(viewer, `mutation($u: ID!) { muteUser(userId: $u) }`, { u: muted.uid });
    await ok(blocked, `mutation($u: ID!) { blockUser(userId: $u) }`, { u: viewer.uid });
    await server.app.database.dataSource.query(`UPDATE users SET suspended_until = now() + interval '1 day' WHERE firebase_uid = $1`, [
      suspended.uid,
    ]);
    await server.app.announceStanding(suspended.uid);
  });

  it('lists upcoming events soonest first (ties by id), the viewer’s own included, with no one muted, blocked or suspended', async () => {
    const { ids, statements } = await walk(viewer, {}, 2);
    const twins = [...names]
      .filter(([, name]) => name.startsWith('Day 7'))
      .map(([id]) => id)
      .sort();
    expect(ids.map((id) => names.get(id))).toEqual([
      'Day 3 morning',
      'Day 4 (mine)',
      'Day 5 morning',
      'Day 5 evening',
      ...twins.map((id) => names.get(id)),
      'Day 9',
      'Day 12',
    ]);
    // Paging: no duplicates, no gaps; every page costs the same few statements, the deepest as the first.
    expect(new Set(ids).size).toBe(ids.length);
    expect(statements.length).toBe(4);
    // The page with its authors and the viewer's likes: one prepared statement.
    expect(Math.max(...statements)).toBe(1);
    expect(new Set(statements).size).toBe(1);
  });

  it('shows a signed-out visitor everyone’s except the suspended author’s, and a blocked author’s to others', async () => {
    const visitor = (await walk(null, {}, 50)).ids.map((id) => names.get(id));
    expect(visitor).toEqual(expect.arrayContaining(['Muted one', 'Blocked one']));
    expect(visitor).not.toContain('Suspended one');
    const forViewer = (await walk(viewer, {}, 50)).ids.map((id) => names.get(id));
    expect(forViewer).not.toContain('Muted one');
    expect(forViewer).not.toContain('Blocked one');
  });

  it('filters by tag (any case) and by the event’s local date, inclusive', async () => {
    expect((await walk(viewer, { tag: '#FILM' }, 50)).ids.map((id) => names.get(id))).toEqual(['Day 4 (mine)', 'Day 5 evening', 'Day 9']);
    expect((await walk(viewer, { from: daysAhead(5), to: daysAhead(7) }, 50)).ids.map((id) => names.get(id))).toEqual([
      'Day 5 morning',
      'Day 5 evening',
      ...[...names]
        .filter(([, name]) => name.startsWith('Day 7'))
        .map(([id]) => id)
        .sort()
        .map((id) => names.get(id)),
    ]);
    expect((await walk(viewer, { from: daysAhead(12) }, 50)).ids.map((id) => names.get(id))).toEqual(['Day 12']);
  });

  it('drops an event once it has ended (or, without an end, started); its post keeps it', async () => {
    const id = [...names].find(([, name]) => name === 'Day 3 morning')![0];
    await server.app.database.dataSource.query(
      `UPDATE posts SET event_starts_at = now() - interval '2 hours', event_ends_at = now() + interval '1 hour', event_end_time = '23:59' WHERE id = $1`,
      [id],
    );
    expect((await walk(viewer, {}, 50)).ids).toContain(id);
    await server.app.database.dataSource.query(`UPDATE posts SET event_ends_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    expect((await walk(viewer, {}, 50)).ids).not.toContain(id);
    expect((await ok(viewer, `query($id: ID!) { post(id: $id) { event { name } } }`, { id })).post.event).toEqual({
      name: 'Day 3 morning',
    });
  });
});

describe('.ics files and the calendar feed', () => {
  it('a public event post downloads as one VEVENT, signed out, in its zone with its place and link', async () => {
    const post = await eventPost(
      ada,
      {
        name: 'Film night; Metropolis, 1927',
        date: WINTER_DAY,
        startTime: '19:00',
        endTime: '21:30',
        place: 'Main hall, room 2',
        timeZone: 'Europe/London',
      },
      { caption: 'Bring snacks' },
    );
    const response = await fetch(`${server.url}/api/posts/${post}/event.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Film-night-Metropolis-1927.ics"');
    const text = await response.text();
    expect(text).toContain('\r\n');
    const [event, ...others] = parseIcs(text);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      uid: `post-${post}@campus-clips`,
      summary: 'Film night; Metropolis, 1927',
      location: 'Main hall, room 2',
      url: `${PUBLIC_URL}/post/${post}`,
      tzid: 'Europe/London',
      allDay: false,
    });
    expect(event!.start.toString()).toBe(`${WINTER_DAY}T19:00:00`);
    expect(event!.end.toString()).toBe(`${WINTER_DAY}T21:30:00`);
    // The VTIMEZONE is in the file: the parser turns the local time into the right instant.
    const zone = new ICAL.Timezone(event!.calendar.getFirstSubcomponent('vtimezone')!);
    event!.start.zone = zone;
    expect(event!.start.toJSDate().toISOString()).toBe(`${WINTER_DAY}T19:00:00.000Z`);
  });

  it('answers 404 with the usual body for a post that is not an event, and for one the caller may not see', async () => {
    const plain = (
      await ok(ada, `mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "Just a clip" }) { id } }`, {
        v: await uploadedVideo(server, ada),
      })
    ).createPost.id;
    expect(await rest(server, 'GET', `/api/posts/${plain}/event.ics`)).toMatchObject({
      status: 404,
      body: { success: false, message: 'This post is not an event.' },
    });
    const hidden = await eventPost(ada, { name: 'Hidden', date: WINTER_DAY, startTime: '10:00', timeZone: 'UTC' });
    await server.app.database.dataSource.query(`UPDATE posts SET hidden_for_review = true WHERE id = $1`, [hidden]);
    expect(await rest(server, 'GET', `/api/posts/${hidden}/event.ics`)).toMatchObject({
      status: 404,
      body: { success: false, message: 'Post not found' },
    });
    expect(await rest(server, 'GET', `/api/posts/${hidden}/event.ics`, { token: grace.token })).toMatchObject({ status: 404 });
    // Its author still may.
    expect((await rest(server, 'GET', `/api/posts/${hidden}/event.ics`, { token: ada.token })).status).toBe(200);
  });

  it('gives the owner a private address of the whole calendar; a reset stops the old one at once; made-up tokens get 404', async () => {
    const owner = await createStudent(server, { displayName: 'Olive Owner' });
    const other = await createStudent(server, { displayName: 'Otto Other' });
    expect((await ok(owner, `{ calendarFeedUrl }`)).calendarFeedUrl).toBeNull();
    const url: string = (await ok(owner, `mutation { resetCalendarFeed }`)).resetCalendarFeed;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/calendar-feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await ok(owner, `{ calendarFeedUrl }`)).calendarFeedUrl).toBe(url);

    const day = daysAhead(50);
    const post = await eventPost(grace, {
      name: 'Career fair',
      date: day,
      startTime: '10:00',
      endTime: '16:00',
      place: 'Sports hall',
      timeZone: 'America/New_York',
    });
    await ok(owner, `mutation($p: ID!) { addEventToCalendar(postId: $p) { outcome } }`, { p: post });
    await ok(owner, `mutation($d: LocalDate!) { saveCalendarEvent(date: $d, name: "Dentist, 9am; bring card") { date } }`, {
      d: daysAhead(51),
    });
    await ok(other, `mutation($d: LocalDate!) { saveCalendarEvent(date: $d, name: "Otto's secret") { date } }`, { d: daysAhead(51) });

    const local = (address: string) => `${server.url}${new URL(address).pathname}`;
    const response = await fetch(local(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text).not.toContain("Otto's secret");
    const events = parseIcs(text);
    expect(events.map(({ summary, location, url: link, tzid, allDay }) => ({ summary, location, link, tzid, allDay }))).toEqual([
      { summary: 'Career fair', location: 'Sports hall', link: `${PUBLIC_URL}/post/${post}`, tzid: 'America/New_York', allDay: false },
      { summary: 'Dentist, 9am; bring card', location: null, link: null, tzid: null, allDay: true },
    ]);
    expect(events[0]!.start.toString()).toBe(`${day}T10:00:00`);
    expect(events[1]!.start.toString()).toBe(daysAhead(51));

    const renewed: string = (await ok(owner, `mutation { resetCalendarFeed }`)).resetCalendarFeed;
    expect(renewed).not.toBe(url);
    const old = await fetch(local(url));
    expect(old.status).toBe(404);
    expect(await old.text()).not.toContain('Career fair');
    expect((await fetch(local(renewed))).status).toBe(200);
    for (const token of ['A'.repeat(43), 'nope', `${new URL(renewed).pathname.split('/')[2]!.slice(0, -5)}x`]) {
      const made = await fetch(`${server.url}/calendar-feed/${token}.ics`);
      expect({ token, status: made.status }).toEqual({ token, status: 404 });
      expect(await made.text()).not.toMatch(/VCALENDAR|Dentist|Otto/);
    }
    // The other student's own address shows theirs only.
    const otherUrl: string = (await ok(other, `mutation { resetCalendarFeed }`)).resetCalendarFeed;
    const otherText = await (await fetch(local(otherUrl))).text();
    expect(otherText).toContain("Otto's secret");
    expect(otherText).not.toMatch(/Dentist|Career fair/);
    // Signed out, neither field answers.
    expect(
      (
        await graphql(
          server,
          null,
          `
            {
              calendarFeedUrl
            }
          `,
        )
      ).errors?.[0]?.extensions?.code,
    ).toBe('UNAUTHENTICATED');
  });

  it('without PUBLIC_URL the address is the request’s own origin, whatever forwarded headers claim', async () => {
    const local = await startTestServer({ PUBLIC_URL: '' });
    try {
      const student = await createStudent(local);
      const url = (
        await graphql(
          local,
          student.token,
          `
            mutation {
              resetCalendarFeed
            }
          `,
          {},
          { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' },
        )
      ).data.resetCalendarFeed;
      expect(url.startsWith(`${local.url}/calendar-feed/`)).toBe(true);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
