import { createIdentity, MALFORMED_TOKEN } from '../support/identity';
import { createStudent, rest, startTestServer, type TestServer } from '../support/test-server';

/**
 * Spec §7 and §8: a failed sync answers {success: false, message, error}, and the spec client's
 * create-post result carries `error` too. `message` is what the student is shown; `error` names
 * the failure in the spec's words.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const UNDERAGE = 'You must be at least 17 years old to sign up';
const NO_VIDEO = 'Please upload a video first';

describe('POST /api/users/sync failure bodies', () => {
  it("carry error 'Failed to sync with database' beside the reason, for input, sign-in and identity failures", async () => {
    const identity = await createIdentity();
    const other = await createIdentity();
    const body = { firebaseUid: identity.uid, email: identity.email, displayName: 'Young One' };
    const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;

    const underage = await rest(server, 'POST', '/api/users/sync', { token: identity.token, body: { ...body, dateOfBirth: sixteen } });
    expect({ status: underage.status, body: underage.body }).toEqual({
      status: 400,
      body: { success: false, message: UNDERAGE, error: 'Failed to sync with database', errors: { dateOfBirth: UNDERAGE } },
    });

    const signedOut = await rest(server, 'POST', '/api/users/sync', { token: null, body });
    expect({ status: signedOut.status, body: signedOut.body }).toEqual({
      status: 401,
      body: { success: false, message: 'You must be signed in to do that.', error: 'Failed to sync with database' },
    });

    const malformed = await rest(server, 'POST', '/api/users/sync', { token: MALFORMED_TOKEN, body });
    expect(malformed.body).toEqual({
      success: false,
      message: 'Your sign-in token is not valid. Please sign in again.',
      error: 'Failed to sync with database',
    });

    const someoneElse = await rest(server, 'POST', '/api/users/sync', { token: other.token, body });
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.body).toEqual({ success: false, message: expect.any(String), error: 'Failed to sync with database' });
  });
});

describe('POST /api/posts failure bodies', () => {
  it("carry error 'Failed to create post' beside the reason, for input, sign-in and identity failures", async () => {
    const student = await createStudent(server);
    const other = await createStudent(server);
    const withoutVideo = { firebaseUid: student.uid, caption: 'No video', tags: 'oops' };

    const noVideo = await rest(server, 'POST', '/api/posts', { token: student.token, body: withoutVideo });
    expect({ status: noVideo.status, body: noVideo.body }).toEqual({
      status: 400,
      body: { success: false, message: NO_VIDEO, error: 'Failed to create post', errors: { videoUrl: NO_VIDEO } },
    });

    const signedOut = await rest(server, 'POST', '/api/posts', { token: null, body: withoutVideo });
    expect({ status: signedOut.status, body: signedOut.body }).toEqual({
      status: 401,
      body: { success: false, message: 'You must be signed in to do that.', error: 'Failed to create post' },
    });

    const someoneElse = await rest(server, 'POST', '/api/posts', { token: other.token, body: withoutVideo });
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.body).toEqual({ success: false, message: expect.any(String), error: 'Failed to create post' });
  });
});
