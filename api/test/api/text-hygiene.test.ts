import {
  calendarDateOutOfRange,
  earliestCalendarDay,
  EVENT_MESSAGES,
  lastEventDay,
  TEXT_MESSAGES,
  type TextMessages,
} from '@campus-clips/rules';
import { DateTime } from 'luxon';
import { formatRestDate } from '../../src/modules/calendar/calendar-rest-dates';
import { createSuiteStore, snapshotStore, type SuiteStore } from '../support/database-snapshot';
import { createIdentity, type TestIdentity } from '../support/identity';
import { createPost, uploadedVideo } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * Text hygiene (issue 23, item 10) over the wire: every text field a client can store refuses
 * control characters and text-direction overrides, and a one-line field (a name, a place) refuses
 * line breaks, in the words of @campus-clips/rules (the ones the web forms show), the same over
 * GraphQL (`extensions.fields`) and REST (`errors`); a refusal stores nothing. Emoji, accents,
 * CJK, joiners and the bidi marks stay allowed. Calendar days and event days are bounded.
 */
let store: SuiteStore;
let server: TestServer;
let ada: Student;
let author: Student;
let moderator: Student;
let admin: Student;
/** An account that has signed in but not synced: a refused sync must leave it without a profile. */
let newcomer: TestIdentity;
/** Uploaded once: a refused post does not claim its video, so each attempt reuses it. */
let video: string;
let postId: string;

beforeAll(async () => {
  store = await createSuiteStore('text_hygiene');
  // Many refusals by one student: the abuse limits are rate-limits.test.ts' business.
  server = await startTestServer({ ...store.env, RATE_LIMITS: 'off' });
  [ada, author, moderator, admin] = await Promise.all([
    createStudent(server, { displayName: 'Ada Lovelace' }),
    createStudent(server),
    createStudent(server),
    createStudent(server),
  ]);
  for (const [student, role] of [
    [moderator, 'moderator'],
    [admin, 'admin'],
  ] as const) {
    await server.app.database.dataSource.query('UPDATE users SET role = $2 WHERE firebase_uid = $1', [student.uid, role]);
    await server.app.announceStanding(student.uid);
  }
  newcomer = await createIdentity();
  video = await uploadedVideo(server, ada);
  postId = (await createPost(server, author, { caption: 'Sunset' })).id;
});
afterAll(async () => {
  await server?.close();
  await store?.drop();
});

/** What a refusal says, field by field, whichever way it was sent. */
type Fields = Record<string, string> | undefined;

async function viaGraphql(token: string, query: string, variables: Record<string, unknown>): Promise<Fields> {
  const result = await graphql(server, token, query, variables);
  if (!result.errors) return undefined;
  expect(result.errors[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  return result.errors[0]?.extensions?.fields;
}

async function viaRest(token: string, method: string, path: string, body: Record<string, unknown>): Promise<Fields> {
  const response = await rest(server, method, path, { token, body });
  if (response.status < 300) return undefined;
  expect(response.status).toBe(400);
  expect(response.body.success).toBe(false);
  return response.body.errors;
}

/** Runs `act` and checks the database and the media store are exactly as before. */
async function storesNothing(act: () => Promise<void>): Promise<void> {
  const before = await snapshotStore(server.app.database.dataSource, store.env.MEDIA_DIR);
  await act();
  expect(await snapshotStore(server.app.database.dataSource, store.env.MEDIA_DIR)).toEqual(before);
}

const UPDATE_PROFILE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id displayName bio } }`;
const SYNC = `mutation($input: SyncUserInput!) { syncUser(input: $input) { id displayName } }`;
const SAVE_DAY = `mutation($date: LocalDate!, $name: String!) { saveCalendarEvent(date: $date, name: $name) { date name } }`;
const DELETE_DAY = `mutation($date: LocalDate!) { deleteCalendarEvent(date: $date) }`;
const CREATE_POST = `mutation($input: CreatePostInput!) { createPost(input: $input) { id caption event { name place date } } }`;
const ADD_COMMENT = `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id text } }`;
const REPORT = `mutation($input: ReportInput!) { report(input: $input) { message } }`;
const MODERATE = `mutation($input: ModerateInput!) { moderate(input: $input) }`;
const SET_MODERATOR = `mutation($id: ID!, $note: String!) { setModerator(userId: $id, moderator: true, note: $note) }`;

/** An event a week ahead in UTC, with `change` applied. */
function event(change: Record<string, string> = {}) {
  const date = DateTime.utc().plus({ days: 7 }).toISODate()!;
  return { name: 'Film night', date, startTime: '19:00', timeZone: 'UTC', ...change };
}

/** A field a client can store text in, by one entry point: sends `text` and answers the refusal's fields. */
interface TextField {
  entry: string;
  field: string;
  messages: TextMessages;
  send(text: string): Promise<Fields>;
}

const ONE_LINE_FIELDS: TextField[] = [
  {
    entry: 'GraphQL updateProfile',
    field: 'displayName',
    messages: TEXT_MESSAGES.displayName,
    send: (text) => viaGraphql(ada.token, UPDATE_PROFILE, { input: { displayName: text } }),
  },
  {
    entry: 'REST PUT /api/users/:uid',
    field: 'displayName',
    messages: TEXT_MESSAGES.displayName,
    send: (text) => viaRest(ada.token, 'PUT', `/api/users/${ada.uid}`, { displayName: text }),
  },
  {
    entry: 'GraphQL syncUser (a new account)',
    field: 'displayName',
    messages: TEXT_MESSAGES.displayName,
    send: (text) => viaGraphql(newcomer.token, SYNC, { input: { displayName: text, dateOfBirth: '2000-01-15' } }),
  },
  {
    entry: 'REST POST /api/users/sync (a new account)',
    field: 'displayName',
    messages: TEXT_MESSAGES.displayName,
    send: (text) => viaRest(newcomer.token, 'POST', '/api/users/sync', { displayName: text, dateOfBirth: '2000-01-15' }),
  },
  {
    entry: 'GraphQL saveCalendarEvent',
    field: 'eventName',
    messages: TEXT_MESSAGES.eventName,
    send: (text) => viaGraphql(ada.token, SAVE_DAY, { date: '2026-11-23', name: text }),
  },
  {
    entry: 'REST POST /api/calendar',
    field: 'eventName',
    messages: TEXT_MESSAGES.eventName,
    send: (text) => viaRest(ada.token, 'POST', '/api/calendar', { date: 'Mon Nov 23 2026', eventName: text }),
  },
  {
    entry: 'GraphQL createPost',
    field: 'event.name',
    messages: TEXT_MESSAGES.eventName,
    send: (text) => viaGraphql(ada.token, CREATE_POST, { input: { videoUrl: video, caption: 'Come along', event: event({ name: text }) } }),
  },
  {
    entry: 'REST POST /api/posts',
    field: 'event.name',
    messages: TEXT_MESSAGES.eventName,
    send: (text) => viaRest(ada.token, 'POST', '/api/posts', { videoUrl: video, caption: 'Come along', event: event({ name: text }) }),
  },
  {
    entry: 'GraphQL createPost',
    field: 'event.place',
    messages: TEXT_MESSAGES.place,
    send: (text) =>
      viaGraphql(ada.token, CREATE_POST, { input: { videoUrl: video, caption: 'Come along', event: event({ place: text }) } }),
  },
  {
    entry: 'REST POST /api/posts',
    field: 'event.place',
    messages: TEXT_MESSAGES.place,
    send: (text) => viaRest(ada.token, 'POST', '/api/posts', { videoUrl: video, caption: 'Come along', event: event({ place: text }) }),
  },
];

const MULTI_LINE_FIELDS: TextField[] = [
  {
    entry: 'GraphQL updateProfile',
    field: 'bio',
    messages: TEXT_MESSAGES.bio,
    send: (text) => viaGraphql(ada.token, UPDATE_PROFILE, { input: { bio: text } }),
  },
  {
    entry: 'REST PUT /api/users/:uid',
    field: 'bio',
    messages: TEXT_MESSAGES.bio,
    send: (text) => viaRest(ada.token, 'PUT', `/api/users/${ada.uid}`, { bio: text }),
  },
  {
    entry: 'GraphQL createPost',
    field: 'caption',
    messages: TEXT_MESSAGES.caption,
    send: (text) => viaGraphql(ada.token, CREATE_POST, { input: { videoUrl: video, caption: text } }),
  },
  {
    entry: 'REST POST /api/posts',
    field: 'caption',
    messages: TEXT_MESSAGES.caption,
    send: (text) => viaRest(ada.token, 'POST', '/api/posts', { videoUrl: video, caption: text, tags: '' }),
  },
  {
    entry: 'GraphQL addComment',
    field: 'text',
    messages: TEXT_MESSAGES.comment,
    send: (text) => viaGraphql(ada.token, ADD_COMMENT, { id: postId, text }),
  },
  {
    entry: 'REST POST /api/posts/:postId/comment',
    field: 'text',
    messages: TEXT_MESSAGES.comment,
    send: (text) => viaRest(ada.token, 'POST', `/api/posts/${postId}/comment`, { text }),
  },
  {
    entry: 'GraphQL report',
    field: 'details',
    messages: TEXT_MESSAGES.reportDetails,
    send: (text) => viaGraphql(ada.token, REPORT, { input: { targetType: 'POST', targetId: postId, reason: 'OTHER', details: text } }),
  },
  {
    entry: 'GraphQL moderate',
    field: 'note',
    messages: TEXT_MESSAGES.moderatorNote,
    send: (text) =>
      viaGraphql(moderator.token, MODERATE, { input: { targetType: 'POST', targetId: postId, decision: 'WARN', note: text } }),
  },
  {
    entry: 'GraphQL setModerator',
    field: 'note',
    messages: TEXT_MESSAGES.moderatorNote,
    send: (text) => viaGraphql(admin.token, SET_MODERATOR, { id: ada.uid, note: text }),
  },
];

type Bad = [what: string, text: string, message: keyof TextMessages];

/** Inside the text, so trimming cannot take them away. */
const ONE_LINE_REFUSALS: Bad[] = [
  ['a line feed', 'Career\nfair', 'lineBreak'],
  ['CR LF', 'Career\r\nfair', 'lineBreak'],
  ['a lone CR', 'Career\rfair', 'lineBreak'],
  ['the line separator U+2028', 'Career\u2028fair', 'lineBreak'],
  ['the paragraph separator U+2029', 'Career\u2029fair', 'lineBreak'],
  ['NUL', 'Career\u0000fair', 'control'],
  ['a tab', 'Career\tfair', 'control'],
  ['an ANSI escape', 'Career \u001b[31mfair', 'control'],
  ['DEL', 'Career\u007Ffair', 'control'],
  ['the C1 control U+009B', 'Career\u009Bfair', 'control'],
  ['the right-to-left override U+202E', 'evil\u202Etxt.exe', 'direction'],
  ['the left-to-right embedding U+202A', 'Career\u202Afair', 'direction'],
  ['the right-to-left isolate U+2067', 'Career\u2067fair', 'direction'],
  ['the pop directional isolate U+2069', 'Career fair\u2069', 'direction'],
];

const MULTI_LINE_REFUSALS: Bad[] = [
  ['NUL', 'Nice\u0000clip', 'control'],
  ['a bell', 'Nice\u0007clip', 'control'],
  ['a vertical tab', 'Nice\u000Bclip', 'control'],
  ['the line separator U+2028', 'Nice\u2028clip', 'control'],
  ['DEL', 'Nice\u007Fclip', 'control'],
  ['the C1 control U+0085', 'Nice\u0085clip', 'control'],
  ['the right-to-left override U+202E', 'Nice \u202Eclip', 'direction'],
  ['the first strong isolate U+2068', 'Nice\u2068clip', 'direction'],
];

describe('one-line fields: names and places', () => {
  it.each(ONE_LINE_FIELDS.map((field) => [`${field.entry} ${field.field}`, field] as const))(
    '%s refuses line breaks, control and text-direction characters in its words, storing nothing',
    async (_, field) => {
      await storesNothing(async () => {
        for (const [what, text, message] of ONE_LINE_REFUSALS) {
          expect([what, await field.send(text)]).toEqual([what, { [field.field]: field.messages[message] }]);
        }
      });
    },
  );
});

describe('multi-line fields: bio, caption, comment, report details, moderator notes', () => {
  it.each(MULTI_LINE_FIELDS.map((field) => [`${field.entry} ${field.field}`, field] as const))(
    '%s refuses control and text-direction characters in its words, storing nothing',
    async (_, field) => {
      await storesNothing(async () => {
        for (const [what, text, message] of MULTI_LINE_REFUSALS) {
          expect([what, await field.send(text)]).toEqual([what, { [field.field]: field.messages[message] }]);
        }
      });
    },
  );
});

describe('what stays allowed', () => {
  it('takes emoji, ZWJ sequences, accents, CJK and the bidi marks in names, places and calendar entries', async () => {
    const names = ['👩‍👩‍👧‍👦 Zoë Ñúñez', '山田 太郎 🏳️‍🌈', 'שלום כהן\u200F 2', 'Jose\u0301 👍🏽'];
    for (const displayName of names) {
      const saved = await graphql(server, ada.token, UPDATE_PROFILE, { input: { displayName } });
      expect(saved.errors).toBeUndefined();
      expect(saved.data.updateProfile.displayName).toBe(displayName);
    }
    const viaRestPut = await rest(server, 'PUT', `/api/users/${ada.uid}`, { token: ada.token, body: { displayName: 'محمد\u200E علي' } });
    expect(viaRestPut.status).toBe(200);
    expect(viaRestPut.body.user.displayName).toBe('محمد\u200E علي');

    const day = await graphql(server, ada.token, SAVE_DAY, { date: '2026-11-24', name: '学園祭 🎉' });
    expect(day.data.saveCalendarEvent).toEqual({ date: '2026-11-24', name: '学園祭 🎉' });
    const created = await graphql(server, ada.token, CREATE_POST, {
      input: {
        videoUrl: await uploadedVideo(server, ada),
        caption: 'Ciné-club 🎬\n\tBring snacks',
        event: event({ name: 'Ciné\u200D-club', place: 'Salle Érasme, 2ᵉ étage' }),
      },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data.createPost).toMatchObject({
      caption: 'Ciné-club 🎬\n\tBring snacks',
      event: { name: 'Ciné\u200D-club', place: 'Salle Érasme, 2ᵉ étage' },
    });
  });

  it('keeps line breaks in a bio and a comment, over GraphQL and REST', async () => {
    const bio = await graphql(server, ada.token, UPDATE_PROFILE, { input: { bio: 'Physics 🔭\nChess ♟️\r\nTea' } });
    expect(bio.data.updateProfile.bio).toBe('Physics 🔭\nChess ♟️\r\nTea');
    const comment = await rest(server, 'POST', `/api/posts/${postId}/comment`, { token: ada.token, body: { text: 'Wow\n\nSo good 👏🏽' } });
    expect(comment.status).toBe(201);
    expect(comment.body.comment.text).toBe('Wow\n\nSo good 👏🏽');
  });

  it("does not take an identity provider's name holding an override: the profile is left unnamed", async () => {
    const spoof = await createIdentity({ displayName: 'Admin\u202Enimda' });
    const synced = await graphql(server, spoof.token, SYNC, { input: { dateOfBirth: '2000-01-15' } });
    expect(synced.errors).toBeUndefined();
    expect(synced.data.syncUser.displayName).toBeNull();
  });
});

describe('calendar days: 1900 to ten years ahead', () => {
  // The server judges the years on today in UTC+14, as the age rule does.
  const lastYear = earliestCalendarDay(new Date()).year + 10;
  const outOfRange = calendarDateOutOfRange(earliestCalendarDay(new Date()));

  it('refuses a day before 1900 or past the tenth year over GraphQL and REST (both date forms), storing nothing', async () => {
    expect(outOfRange).toBe(`Please choose a date between 1900 and ${lastYear}`);
    await storesNothing(async () => {
      for (const date of ['1899-12-31', '0001-01-01', `${lastYear + 1}-01-01`, '9999-12-31']) {
        expect([date, await viaGraphql(ada.token, SAVE_DAY, { date, name: 'Exam' })]).toEqual([date, { date: outOfRange }]);
        expect([date, await viaRest(ada.token, 'POST', '/api/calendar', { date, eventName: 'Exam' })]).toEqual([
          date,
          { date: outOfRange },
        ]);
        const dateString = formatRestDate(date, 'datestring');
        expect([dateString, await viaRest(ada.token, 'POST', '/api/calendar', { date: dateString, eventName: 'Exam' })]).toEqual([
          dateString,
          { date: outOfRange },
        ]);
      }
    });
  });

  it('takes the first and the last day, in both forms', async () => {
    const first = await graphql(server, ada.token, SAVE_DAY, { date: '1900-01-01', name: 'Founding day' });
    expect(first.data.saveCalendarEvent).toEqual({ date: '1900-01-01', name: 'Founding day' });
    const last = formatRestDate(`${lastYear}-12-31`, 'datestring');
    const saved = await rest(server, 'POST', '/api/calendar', { token: ada.token, body: { date: last, eventName: 'Reunion' } });
    expect(saved.status).toBe(200);
    expect(saved.body.event).toEqual({ date: last, eventName: 'Reunion' });
  });

  it('still deletes a day saved before the bound existed', async () => {
    await server.app.database.dataSource.query(
      `INSERT INTO calendar_events (user_uid, date, name) VALUES ($1, '0001-01-01', 'Old'), ($1, '9999-12-31', 'Far')`,
      [ada.uid],
    );
    expect((await graphql(server, ada.token, DELETE_DAY, { date: '0001-01-01' })).data.deleteCalendarEvent).toBe(true);
    const viaRestDelete = await rest(server, 'DELETE', '/api/calendar', {
      token: ada.token,
      body: { date: formatRestDate('9999-12-31', 'datestring') },
    });
    expect(viaRestDelete.status).toBe(200);
  });
});

describe("an event's day: at most two years ahead", () => {
  /** The last day, on the event's own calendar (UTC here). */
  const last = () => lastEventDay(DateTime.utc().toISODate()!);

  it('refuses the day after the last over GraphQL and REST, storing nothing', async () => {
    const tooFar = DateTime.fromISO(last()).plus({ days: 1 }).toISODate()!;
    await storesNothing(async () => {
      const input = { videoUrl: video, caption: 'Come along', event: event({ date: tooFar }) };
      expect(await viaGraphql(ada.token, CREATE_POST, { input })).toEqual({ 'event.date': EVENT_MESSAGES.dateTooFar });
      expect(await viaRest(ada.token, 'POST', '/api/posts', input)).toEqual({ 'event.date': EVENT_MESSAGES.dateTooFar });
      const farOff = { ...input, event: event({ date: '9999-12-31' }) };
      expect(await viaRest(ada.token, 'POST', '/api/posts', farOff)).toEqual({ 'event.date': EVENT_MESSAGES.dateTooFar });
    });
  });

  it('takes the last day', async () => {
    const created = await graphql(server, ada.token, CREATE_POST, {
      input: { videoUrl: await uploadedVideo(server, ada), caption: 'Graduation', event: event({ date: last() }) },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data.createPost.event.date).toBe(last());
  });
});
