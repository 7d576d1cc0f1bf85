import { MESSAGES } from '@campus-clips/rules';
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
