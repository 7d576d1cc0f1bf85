import { EVENT_MESSAGES, MESSAGES } from '@campus-clips/rules';
import { createPost, uploadedVideo } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * The limits the web app's forms apply (@campus-clips/rules) are the server's: characters counted
 * as code points on both sides, refused in the words the form shows. An emoji is one character
 * but two UTF-16 units, so 2,200 emoji are the longest caption, not 1,100.
 */
const CAPTION_TOO_LONG = 'Caption must be at most 2,200 characters'; // what the Create Post form shows
const COMMENT_TOO_LONG = 'Comment must be at most 1,000 characters'; // what the comment box shows

const CREATE_POST = `mutation($input: CreatePostInput!) { createPost(input: $input) { id caption } }`;
const ADD_COMMENT = `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id text } }`;

let server: TestServer;
let student: Student;
beforeAll(async () => {
  server = await startTestServer();
  student = await createStudent(server);
});
afterAll(async () => {
  await server.close();
});

it('the messages are the ones the forms show', () => {
  expect(MESSAGES.captionLong).toBe(CAPTION_TOO_LONG);
  expect(MESSAGES.commentLong).toBe(COMMENT_TOO_LONG);
});

describe('a caption of emoji', () => {
  it('takes 2,200 emoji whole and refuses 2,201 over GraphQL', async () => {
    const longest = '🎉'.repeat(2200);
    const accepted = await graphql(server, student.token, CREATE_POST, {
      input: { videoUrl: await uploadedVideo(server, student), caption: longest, tags: [] },
    });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.createPost.caption).toBe(longest);

    const refused = await graphql(server, student.token, CREATE_POST, {
      input: { videoUrl: await uploadedVideo(server, student), caption: `${longest}🎉`, tags: [] },
    });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { caption: MESSAGES.captionLong } });
  });

  it('takes 2,200 emoji whole and refuses 2,201 over REST, in the same words', async () => {
    const longest = '🎉'.repeat(2200);
    const accepted = await rest(server, 'POST', '/api/posts', {
      token: student.token,
      body: { firebaseUid: student.uid, videoUrl: await uploadedVideo(server, student), caption: longest, tags: '' },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.post.caption).toBe(longest);

    const refused = await rest(server, 'POST', '/api/posts', {
      token: student.token,
      body: { firebaseUid: student.uid, videoUrl: await uploadedVideo(server, student), caption: `${longest}🎉`, tags: '' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: MESSAGES.captionLong, errors: { caption: MESSAGES.captionLong } });
  });
});

describe('a comment of emoji', () => {
  it('takes 1,000 emoji whole and refuses 1,001, in the words the comment box shows', async () => {
    const post = await createPost(server, student);
    const longest = '🎉'.repeat(1000);
    const accepted = await graphql(server, student.token, ADD_COMMENT, { id: post.id, text: longest });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.addComment.text).toBe(longest);

    const refused = await graphql(server, student.token, ADD_COMMENT, { id: post.id, text: `${longest}🎉` });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { text: MESSAGES.commentLong } });
  });
});

/**
 * The same bad input the web's form tests give, refused here in the same sentence: the form checks
 * and the api run one check from @campus-clips/rules.
 */
describe('the forms’ checks, run by the api', () => {
  const REPORT = `mutation($input: ReportInput!) { report(input: $input) { message } }`;
  const MODERATE = `mutation($input: ModerateInput!) { moderate(input: $input) }`;
  const COMMENT = `mutation($p: ID!, $t: String!, $m: [ID!]!) { addComment(postId: $p, text: $t, mentions: $m) { id } }`;
  const fieldsOf = (result: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => result.errors?.[0]?.extensions?.fields;

  it('an event starting this very minute has begun (web: event-fields.test.tsx)', async () => {
    const now = new Date();
    const event = { date: now.toISOString().slice(0, 10), startTime: now.toISOString().slice(11, 16), timeZone: 'UTC' };
    const result = await graphql(server, student.token, CREATE_POST, {
      input: { videoUrl: await uploadedVideo(server, student), caption: 'Quiz', tags: [], event },
    });
    expect(fieldsOf(result)).toEqual({ 'event.startTime': EVENT_MESSAGES.startsInPast });
    expect(EVENT_MESSAGES.startsInPast).toBe('The event cannot start in the past.');
  });

  it('report details with a hidden direction character (web: report-dialog.test.tsx)', async () => {
    const author = await createStudent(server);
    const post = await createPost(server, author);
    const result = await graphql(server, student.token, REPORT, {
      input: { targetType: 'POST', targetId: post.id, reason: 'OTHER', details: 'Look\u202Ehere' },
    });
    expect(fieldsOf(result)).toEqual({ details: 'Details cannot contain invisible text-direction characters' });
  });

  it('a suspension with such a note and 3,651 days, both said at once (web: moderation-page.test.tsx)', async () => {
    const [moderator, author] = [await createStudent(server), await createStudent(server)];
    await server.app.database.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    await server.app.announceStanding(moderator.uid);
    const result = await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'USER', targetId: author.uid, decision: 'SUSPEND', note: 'Spam\u202Elinks', days: 3651 },
    });
    expect(fieldsOf(result)).toEqual({
      note: 'Note cannot contain invisible text-direction characters',
      days: 'Suspend for 1 to 3,650 days, or leave empty for good',
    });
  });

  it('a comment mentioning eleven people (web: mentions.test.tsx)', async () => {
    const post = await createPost(server, student);
    const ids = Array.from({ length: 11 }, (_, i) => `u-${i}`);
    const result = await graphql(server, student.token, COMMENT, { p: post.id, t: 'Hi', m: ids });
    expect(fieldsOf(result)).toEqual({ mentions: 'You can mention at most 10 people' });
  });
});
