import { createPost } from '../support/scenario';
import { createStudent, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * What a request of the wrong kinds answers through the REST routes' schemas: the exact bodies a
 * client gets, so moving the parsing (hand-written readers before, zod schemas now) changes none
 * of them. The first wrong field in the payload's order is the one named; the uid a request names
 * as the actor is judged before anything else in it; null is as absent.
 */
let server: TestServer;
let ada: Student;
let bo: Student;

beforeAll(async () => {
  server = await startTestServer();
  ada = await createStudent(server);
  bo = await createStudent(server);
});
afterAll(async () => {
  await server.close();
});

const refusal = (field: string, message: string, error?: string) => ({
  success: false,
  message,
  ...(error && { error }),
  errors: { [field]: message },
});

describe('POST /api/posts', () => {
  const post = (body: Record<string, unknown>) => rest(server, 'POST', '/api/posts', { token: ada.token, body });

  it.each([
    ['a caption that is not text', { caption: 5 }, 'caption', 'caption must be text'],
    ['the first of two wrong fields', { caption: 5, tags: 7 }, 'caption', 'caption must be text'],
    ['tags that are neither text nor a list of text', { tags: { campus: true } }, 'tags', 'tags must be a list of text'],
    ['a list of tags with a number in it', { tags: ['campus', 3] }, 'tags', 'tags must be a list of text'],
    ['mentions with a number in it', { mentions: ['someone', 3] }, 'mentions', 'mentions must be a list of text'],
    ['an event that is a list', { event: [] }, 'event', 'event must be an object'],
    ['an event whose start time is a number', { event: { name: 'Gig', startTime: 19 } }, 'event.startTime', 'event.startTime must be text'],
    ['an actor uid that is not text', { firebaseUid: 42 }, 'firebaseUid', 'firebaseUid must be text'],
  ])('refuses %s with 400 naming the field', async (_name, body, field, message) => {
    const response = await post({ firebaseUid: ada.uid, ...body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(refusal(field, message, 'Failed to create post'));
  });

  it("answers someone else's uid with 403 before reading the rest of the body", async () => {
    const response = await post({ firebaseUid: bo.uid, caption: 5 });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, message: 'You can only act as yourself.', error: 'Failed to create post' });
  });
});

describe('PUT /api/users/:uid', () => {
  it("answers someone else's uid in the path with 403 before reading the body", async () => {
    const response = await rest(server, 'PUT', `/api/users/${bo.uid}`, { token: ada.token, body: { bio: 5 } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, message: 'You can only act as yourself.' });
  });

  it('refuses interests that are not a list of text, and takes null as absent', async () => {
    const wrong = await rest(server, 'PUT', `/api/users/${ada.uid}`, { token: ada.token, body: { interests: 'music' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(refusal('interests', 'interests must be a list of text'));
    const nothing = await rest(server, 'PUT', `/api/users/${ada.uid}`, { token: ada.token, body: { bio: 'Hi', displayName: null } });
    expect(nothing.status).toBe(200);
    expect(nothing.body.user).toMatchObject({ bio: 'Hi', displayName: ada.displayName });
  });
});

describe('POST /api/calendar', () => {
  const save = (body: Record<string, unknown>) =>
    rest(server, 'POST', '/api/calendar', { token: ada.token, body: { firebaseUid: ada.uid, ...body } });

  it('reads the name from eventName, or from event when eventName is absent', async () => {
    const named = await save({ date: '2031-03-14', eventName: 'Study group', event: 5 });
    expect(named.status).toBe(200);
    expect(named.body.event).toEqual({ date: '2031-03-14', eventName: 'Study group' });
    const byEvent = await save({ date: '2031-03-15', eventName: null, event: 'Gym' });
    expect(byEvent.status).toBe(200);
    expect(byEvent.body.event).toEqual({ date: '2031-03-15', eventName: 'Gym' });
  });

  it('names the date first, then the name', async () => {
    const both = await save({ date: 'someday', eventName: 5 });
    expect(both.status).toBe(400);
    expect(both.body).toEqual(refusal('date', 'Please enter a valid date (YYYY-MM-DD)'));
    const name = await save({ date: '2031-03-16', eventName: 5 });
    expect(name.body).toEqual(refusal('eventName', 'eventName must be text'));
  });
});

describe('GET /api/posts/user/:uid', () => {
  beforeAll(async () => {
    for (const caption of ['one', 'two', 'three']) await createPost(server, bo, { caption });
  });

  it('reads no page number when a cursor is given', async () => {
    const first = await rest(server, 'GET', `/api/posts/user/${bo.uid}?limit=1`, { token: ada.token });
    expect(first.body.hasMore).toBe(true);
    const next = await rest(server, 'GET', `/api/posts/user/${bo.uid}?limit=1&page=abc&cursor=${first.body.nextCursor}`, {
      token: ada.token,
    });
    expect(next.status).toBe(200);
    expect(next.body.posts.map((post: { caption: string }) => post.caption)).toEqual(['two']);
  });

  it('answers every post without a limit, and refuses a repeated limit', async () => {
    const all = await rest(server, 'GET', `/api/posts/user/${bo.uid}`, { token: ada.token });
    expect(all.body.posts).toHaveLength(3);
    const repeated = await rest(server, 'GET', `/api/posts/user/${bo.uid}?limit=1&limit=2`, { token: ada.token });
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual(refusal('limit', 'limit must be a whole number of at least 1'));
  });
});
