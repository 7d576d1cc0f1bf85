import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { RestRoute } from '../../src/modules/rest-context';
import { REST_ROUTES } from '../../src/rest/router';
import { createSuiteStore, snapshotStore, type SuiteStore } from '../support/database-snapshot';
import { expiredToken, MALFORMED_TOKEN, markEmailVerified } from '../support/identity';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * D1 for every route of the REST route table, generated from REST_ROUTES: a route with access
 * 'user' refuses a missing, malformed or expired token with 401; a uid in its path or body
 * (uid, firebaseUid, currentUserId) that is not the caller's is refused with 403. Every refusal
 * leaves the database and the media store exactly as they were. A route added to the table
 * without a case here makes this suite fail. D16: with a token whose e-mail is not verified, the
 * verified-only writes (VERIFIED_ONLY_ROUTES) answer 403 'Please verify your e-mail address first.'
 * and change nothing; every other route still answers.
 */
const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/campus-testcard.mp4');
const AVATAR = path.resolve(__dirname, '../../../fixtures/media/avatars/student-02.jpg');
/** Fields that name "who is acting" in the spec's payloads. */
const UID_PARAMS = ['uid'];
const UID_BODY_FIELDS = ['uid', 'firebaseUid', 'currentUserId'];
const CALENDAR_DAY = '2026-11-23';
const VICTIM_DOB = '1996-07-19';
const VICTIM_EVENT = "Victim's own event";

interface RouteRequest {
  params: Record<string, string>;
  body?: Record<string, unknown>;
}

/**
 * For each route: a valid request by `actor` (setting up whatever it needs first). The victim
 * already has a post, a follow of `celebrity`, a like and a calendar event on CALENDAR_DAY, so a
 * forged request that were obeyed would change something of theirs.
 */
type RequestBuilder = (actor: Student) => Promise<RouteRequest>;

let store: SuiteStore;
let server: TestServer;
let victim: Student;
let celebrity: Student;
let victimPost: string;

async function uploadVideo(student: Student): Promise<string> {
  return (await server.app.media.importFile(student.uid, 'video', CLIP, `clip-${randomUUID()}.mp4`)).url;
}

async function postOf(student: Student): Promise<string> {
  const response = await rest(server, 'POST', '/api/posts', {
    token: student.token,
    body: { firebaseUid: student.uid, videoUrl: await uploadVideo(student), caption: 'Mine', tags: 'campus' },
  });
  if (response.status !== 201) throw new Error(`post failed: ${JSON.stringify(response.body)}`);
  return response.body.post._id;
}

/** An event post of the student's, a week from now (issue 18). */
async function eventPostOf(student: Student): Promise<string> {
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const response = await rest(server, 'POST', '/api/posts', {
    token: student.token,
    body: {
      firebaseUid: student.uid,
      videoUrl: await uploadVideo(student),
      caption: 'Film night',
      event: { date, startTime: '19:00', timeZone: 'Europe/London', place: 'Main hall' },
    },
  });
  if (response.status !== 201) throw new Error(`event post failed: ${JSON.stringify(response.body)}`);
  return response.body.post._id;
}

/** Sync and create post also answer the spec's `error` field on failure (§7, §8). */
function specErrorOf(route: RestRoute) {
  return route.failureHasError ? { error: route.failure } : {};
}

/** A ready data export archive of the student's (its job run here: this server runs no workers). */
async function archiveOf(student: Student): Promise<string> {
  const asked = await rest(server, 'POST', `/api/users/${student.uid}/data-export`, { token: student.token });
  const id: string = asked.body.archive.id;
  await server.app.services.dataExportArchives.runJob({
    id: 'authorization-test',
    data: { archiveId: id },
    retryCount: 0,
    signal: new AbortController().signal,
  });
  return id;
}

async function expectOk(response: { status: number; body: unknown }) {
  if (response.status >= 300) throw new Error(`setup call failed: ${response.status} ${JSON.stringify(response.body)}`);
}

const CASES: Record<string, RequestBuilder> = {
  'POST /api/users/sync': async (actor) => ({
    params: {},
    body: { firebaseUid: actor.uid, email: actor.email, displayName: actor.displayName },
  }),
  'GET /api/users/:uid': async (actor) => ({ params: { uid: actor.uid } }),
  'GET /api/users/:uid/data-export': async (actor) => ({ params: { uid: actor.uid } }),
  'POST /api/users/:uid/data-export': async (actor) => ({ params: { uid: actor.uid } }),
  'GET /api/users/:uid/data-export/status': async (actor) => ({ params: { uid: actor.uid } }),
  'GET /api/users/:uid/data-export/archives/:id': async (actor) => ({ params: { uid: actor.uid, id: await archiveOf(actor) } }),
  'PUT /api/users/:uid': async (actor) => ({
    params: { uid: actor.uid },
    body: { displayName: 'Renamed By Request', bio: 'Written by the caller', interests: ['Art'] },
  }),
  'POST /api/posts': async (actor) => ({
    params: {},
    body: { firebaseUid: actor.uid, videoUrl: await uploadVideo(actor), caption: 'New clip', tags: 'campus,life' },
  }),
  'DELETE /api/posts/:postId': async (actor) => ({ params: { postId: await postOf(actor) } }),
  'GET /api/posts/following/:uid': async (actor) => ({ params: { uid: actor.uid } }),
  'GET /api/posts/explore/:uid': async (actor) => ({ params: { uid: actor.uid } }),
  'GET /api/posts/user/:uid': async (actor) => ({ params: { uid: actor.uid } }),
  'GET /api/posts/:postId/event.ics': async (actor) => ({ params: { postId: await eventPostOf(actor) } }),
  'POST /api/posts/:postId/like': async (actor) => ({ params: { postId: victimPost }, body: { firebaseUid: actor.uid } }),
  'POST /api/posts/:postId/unlike': async (actor) => {
    await expectOk(await rest(server, 'POST', `/api/posts/${victimPost}/like`, { token: actor.token, body: { firebaseUid: actor.uid } }));
    return { params: { postId: victimPost }, body: { firebaseUid: actor.uid } };
  },
  'POST /api/posts/:postId/comment': async (actor) => ({
    params: { postId: victimPost },
    body: { firebaseUid: actor.uid, text: 'Great clip' },
  }),
  'POST /api/calendar': async (actor) => ({
    params: {},
    body: { firebaseUid: actor.uid, date: CALENDAR_DAY, eventName: 'Overwritten?' },
  }),
  'GET /api/calendar/:uid': async (actor) => ({ params: { uid: actor.uid } }),
  'DELETE /api/calendar': async (actor) => {
    await expectOk(
      await rest(server, 'POST', '/api/calendar', {
        token: actor.token,
        body: { firebaseUid: actor.uid, date: CALENDAR_DAY, eventName: 'Lab report due' },
      }),
    );
    return { params: {}, body: { firebaseUid: actor.uid, date: CALENDAR_DAY } };
  },
  'PUT /api/follow/unfollow/:targetId': async (actor) => {
    await expectOk(await rest(server, 'PUT', `/api/follow/${celebrity.uid}`, { token: actor.token, body: { currentUserId: actor.uid } }));
    return { params: { targetId: celebrity.uid }, body: { currentUserId: actor.uid } };
  },
  'PUT /api/follow/:targetId': async (actor) => ({ params: { targetId: celebrity.uid }, body: { currentUserId: actor.uid } }),
};

/** Posting (an event post too, mentions in the caption) and commenting (mentions in it) need a verified e-mail (D16). */
const VERIFIED_ONLY_ROUTES = new Set(['POST /api/posts', 'POST /api/posts/:postId/comment']);

const routeKey = (route: RestRoute) => `${route.method.toUpperCase()} ${route.path}`;

function pathOf(route: RestRoute, params: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`case for ${routeKey(route)} gives no :${name}`);
    return encodeURIComponent(value);
  });
}

/** Where the request names the acting user: `:uid` path parameters and uid body fields. */
function uidFieldsOf(request: RouteRequest, actor: Student): string[] {
  return [
    ...UID_PARAMS.filter((name) => request.params[name] === actor.uid).map((name) => `:${name}`),
    ...UID_BODY_FIELDS.filter((field) => request.body?.[field] === actor.uid),
  ];
}

/** The same request with one uid field naming `other` instead. */
function forgeOne(request: RouteRequest, field: string, other: Student): RouteRequest {
  if (field.startsWith(':')) return { params: { ...request.params, [field.slice(1)]: other.uid }, body: request.body };
  return { params: request.params, body: { ...request.body, [field]: other.uid } };
}

async function send(route: RestRoute, request: RouteRequest, auth: { token?: string | null; rawAuthorization?: string }) {
  return rest(server, route.method.toUpperCase(), pathOf(route, request.params), { ...auth, body: request.body });
}

async function expectUnchangedBy(action: () => Promise<void>) {
  const before = await snapshotStore(server.app.database.dataSource, store.env.MEDIA_DIR);
  await action();
  const after = await snapshotStore(server.app.database.dataSource, store.env.MEDIA_DIR);
  expect(after).toEqual(before);
}

beforeAll(async () => {
  store = await createSuiteStore('rest_authz');
  server = await startTestServer(store.env);
  [victim, celebrity] = await Promise.all([createStudent(server, { dateOfBirth: VICTIM_DOB }), createStudent(server)]);
  victimPost = await postOf(victim);
  await expectOk(await rest(server, 'PUT', `/api/follow/${celebrity.uid}`, { token: victim.token, body: { currentUserId: victim.uid } }));
  await expectOk(await rest(server, 'POST', `/api/posts/${victimPost}/like`, { token: victim.token, body: { firebaseUid: victim.uid } }));
  await expectOk(
    await rest(server, 'POST', '/api/calendar', {
      token: victim.token,
      body: { firebaseUid: victim.uid, date: CALENDAR_DAY, eventName: VICTIM_EVENT },
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await store?.drop();
});

it('has a case for every route of the route table, and no case for a route that is gone', () => {
  expect(Object.keys(CASES).sort()).toEqual(REST_ROUTES.map(routeKey).sort());
});

it('is the spec’s route table: every route of §7 is in it', () => {
  expect(REST_ROUTES.map(routeKey)).toEqual(
    expect.arrayContaining([
      'POST /api/users/sync',
      'GET /api/users/:uid',
      'PUT /api/users/:uid',
      'POST /api/posts',
      'GET /api/posts/following/:uid',
      'GET /api/posts/explore/:uid',
      'GET /api/posts/user/:uid',
      'POST /api/posts/:postId/like',
      'POST /api/posts/:postId/unlike',
      'POST /api/posts/:postId/comment',
      'POST /api/calendar',
      'GET /api/calendar/:uid',
      'DELETE /api/calendar',
      'PUT /api/follow/:targetId',
      'PUT /api/follow/unfollow/:targetId',
    ]),
  );
});

const userRoutes = REST_ROUTES.filter((route) => route.access === 'user');
const publicRoutes = REST_ROUTES.filter((route) => route.access === 'public');

describe.each(userRoutes.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  let actor: Student;
  beforeAll(async () => {
    actor = await createStudent(server);
  });

  it('answers 401 with no token, a malformed token, a non-Bearer header or an expired token, changing nothing', async () => {
    const build = CASES[routeKey(route)]!;
    const request = await build(actor);
    const attempts: Array<[string, { token?: string | null; rawAuthorization?: string }, string | null]> = [
      ['no token', { token: null }, 'You must be signed in to do that.'],
      ['malformed token', { token: MALFORMED_TOKEN }, 'Your sign-in token is not valid. Please sign in again.'],
      ['not a Bearer header', { rawAuthorization: `Basic ${Buffer.from('student:secret').toString('base64')}` }, null],
      ['expired token', { token: expiredToken(actor.uid) }, 'Your session has expired. Please sign in again.'],
    ];
    for (const [label, auth, message] of attempts) {
      await expectUnchangedBy(async () => {
        const response = await send(route, request, auth);
        expect({ label, status: response.status }).toEqual({ label, status: 401 });
        expect(response.body).toEqual({ success: false, message: message ?? expect.any(String), ...specErrorOf(route) });
      });
    }
  });

  it('answers 403 when a uid in its path or body is someone else’s, changing nothing; and succeeds as oneself', async () => {
    const build = CASES[routeKey(route)]!;
    const request = await build(actor);
    const uidFields = uidFieldsOf(request, actor);
    if (/:uid\b/.test(route.path)) expect(uidFields).toContain(':uid');
    // Each uid-bearing field alone is enough to be refused.
    for (const field of uidFields) {
      await expectUnchangedBy(async () => {
        const response = await send(route, forgeOne(request, field, victim), { token: actor.token });
        expect({ field, status: response.status }).toEqual({ field, status: 403 });
        expect(response.body).toEqual({ success: false, message: 'You can only act as yourself.', ...specErrorOf(route) });
      });
    }
    // Naming someone else is refused before the rest of the request is read: a malformed body
    // or query alongside changes nothing about the answer.
    if (uidFields.includes(':uid')) {
      const forged = forgeOne(request, ':uid', victim);
      const malformed = { ...forged, body: forged.body && { ...forged.body, displayName: 42, interests: 'Art' } };
      const response = await send(route, malformed, { token: actor.token });
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 403,
        message: 'You can only act as yourself.',
      });
    }
    const own = await send(route, request, { token: actor.token });
    // A file (the data export) is its own body, without `success`: given as an attachment.
    const given = own.headers.get('content-disposition')?.startsWith('attachment; ') || own.body.success;
    expect({ status: own.status, given }).toEqual({ status: route.status ?? 200, given: true });
  });

  const verifiedOnly = VERIFIED_ONLY_ROUTES.has(routeKey(route));
  it(`with an unverified e-mail: ${verifiedOnly ? '403, changing nothing' : 'still answers'} (D16)`, async () => {
    // Set up as a verified student, then act with a token that says the address is not verified.
    const newcomer = await createStudent(server);
    const request = await CASES[routeKey(route)]!(newcomer);
    await markEmailVerified(newcomer.uid, false);
    const token = await newcomer.refresh();
    // Its first request stores the account as unverified; the refusal is measured after it.
    expect(
      (
        await graphql(
          server,
          token,
          `
            {
              viewer {
                verified
              }
            }
          `,
        )
      ).data.viewer,
    ).toEqual({ verified: false });
    if (verifiedOnly) {
      await expectUnchangedBy(async () => {
        const response = await send(route, request, { token });
        expect({ status: response.status, body: response.body }).toEqual({
          status: 403,
          body: { success: false, message: 'Please verify your e-mail address first.', ...specErrorOf(route) },
        });
      });
    } else {
      const response = await send(route, request, { token });
      // A file (the data export, its archive) is its own body, without `success`: given as an attachment.
      const given = response.headers.get('content-disposition')?.startsWith('attachment; ') || response.body.success;
      expect({ status: response.status, given }).toEqual({ status: route.status ?? 200, given: true });
    }
  });
});

it('names only routes of the table as verified-only', () => {
  expect([...VERIFIED_ONLY_ROUTES].filter((key) => !REST_ROUTES.map(routeKey).includes(key))).toEqual([]);
});

describe.each(publicRoutes.map((route) => [routeKey(route), route] as const))('%s (public)', (_key, route) => {
  it('answers anyone without a token', async () => {
    const actor = await createStudent(server);
    const request = await CASES[routeKey(route)]!(actor);
    const response = await send(route, request, { token: null });
    expect(response.status).toBe(200);
    // A route that answers a file (an event's .ics) has no JSON body to carry `success`.
    if (response.headers.get('content-type')?.startsWith('text/calendar')) expect(response.body).toContain('BEGIN:VCALENDAR');
    else expect(response.body.success).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain(actor.email);
  });
});

describe('resources owned by someone else', () => {
  it("refuses deleting someone else's post with 403 and changes nothing", async () => {
    const intruder = await createStudent(server);
    await expectUnchangedBy(async () => {
      const response = await rest(server, 'DELETE', `/api/posts/${victimPost}`, { token: intruder.token });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ success: false, message: 'You can only delete your own posts.' });
    });
    const listed = await rest(server, 'GET', `/api/posts/user/${victim.uid}`);
    expect(listed.body.posts.map((post: { _id: string }) => post._id)).toContain(victimPost);
  });

  it("refuses someone else's uploads as one's own post video or profile photo, changing nothing", async () => {
    const intruder = await createStudent(server);
    const video = await uploadVideo(victim);
    const photo = (await server.app.media.importFile(victim.uid, 'image', AVATAR, `avatar-${randomUUID()}.jpg`)).url;
    await expectUnchangedBy(async () => {
      const post = await rest(server, 'POST', '/api/posts', {
        token: intruder.token,
        body: { firebaseUid: intruder.uid, videoUrl: video, caption: 'Look what I made', tags: '' },
      });
      expect(post.status).toBe(400);
      expect(post.body).toMatchObject({ success: false, errors: { videoUrl: expect.any(String) } });
      const profile = await rest(server, 'PUT', `/api/users/${intruder.uid}`, { token: intruder.token, body: { photoURL: photo } });
      expect(profile.status).toBe(400);
      expect(profile.body).toMatchObject({ success: false, errors: { photoURL: expect.any(String) } });
    });
  });

  it("leaves the victim's calendar, follow, like and profile as they were", async () => {
    const calendar = await rest(server, 'GET', `/api/calendar/${victim.uid}?dates=iso`, { token: victim.token });
    expect(calendar.body.events).toEqual([{ date: CALENDAR_DAY, eventName: VICTIM_EVENT }]);
    const profile = await rest(server, 'GET', `/api/users/${victim.uid}`, { token: victim.token });
    expect(profile.body.user).toMatchObject({ displayName: victim.displayName, bio: '', interests: [], following: [celebrity.uid] });
    const posts = await rest(server, 'GET', `/api/posts/user/${victim.uid}`);
    const post = posts.body.posts.find((candidate: { _id: string }) => candidate._id === victimPost);
    expect(post.likes).toContain(victim.uid);
  });
});

describe('GET /calendar-feed/:file, beside the route table (calendar apps send no token)', () => {
  const resetFeed = async (student: Student) => {
    const result = await graphql(
      server,
      student.token,
      `
        mutation {
          resetCalendarFeed
        }
      `,
    );
    if (result.errors) throw new Error(`setup failed: ${JSON.stringify(result.errors)}`);
    return new URL(result.data.resetCalendarFeed as string).pathname;
  };

  it('opens a calendar only at its secret address: no token, uid or e-mail is a key', async () => {
    const victimFeed = await resetFeed(victim);
    const intruder = await createStudent(server);
    const intruderFeed = await resetFeed(intruder);
    const owned = await rest(server, 'GET', victimFeed);
    expect(owned.status).toBe(200);
    expect(owned.body).toContain(VICTIM_EVENT);

    const guesses = [victim.uid, victim.email, intruder.uid].map((name) => `/calendar-feed/${encodeURIComponent(name)}.ics`);
    for (const path of [...guesses, `${victimFeed}x`, victimFeed.replace(/\.ics$/, '')]) {
      for (const auth of [{ token: intruder.token }, { token: victim.token }, {}]) {
        const answer = await rest(server, 'GET', path, auth);
        expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 404, body: 'Not found' });
      }
    }
    // The intruder's own address shows the intruder's calendar, with nothing of the victim's.
    const own = await rest(server, 'GET', intruderFeed, { token: intruder.token });
    expect(own.status).toBe(200);
    expect(own.body).not.toContain(VICTIM_EVENT);
  });
});

describe('private fields (D9)', () => {
  const readRoutes = REST_ROUTES.filter((route) => route.method === 'get');

  it("no GET route shows the victim's e-mail, date of birth or calendar to another student or a visitor", async () => {
    const reader = await createStudent(server);
    expect(readRoutes.length).toBeGreaterThan(0);
    for (const route of readRoutes) {
      const own = await CASES[routeKey(route)]!(reader);
      // The reader's own request, and the same request aimed at the victim wherever it names a uid.
      const requests = [own, ...uidFieldsOf(own, reader).map((field) => forgeOne(own, field, victim))];
      for (const request of requests) {
        for (const token of [reader.token, null]) {
          const response = await send(route, request, { token });
          const text = JSON.stringify(response.body);
          const leaks = [victim.email, VICTIM_DOB, VICTIM_EVENT].filter((secret) => text.includes(secret));
          expect({ route: routeKey(route), path: pathOf(route, request.params), leaks }).toEqual({
            route: routeKey(route),
            path: pathOf(route, request.params),
            leaks: [],
          });
        }
      }
    }
  });

  it('the owner does see them (so the check above looks in the right place)', async () => {
    const profile = await rest(server, 'GET', `/api/users/${victim.uid}`, { token: victim.token });
    expect(profile.body.user).toMatchObject({ email: victim.email, dateOfBirth: VICTIM_DOB });
    const calendar = await rest(server, 'GET', `/api/calendar/${victim.uid}`, { token: victim.token });
    expect(JSON.stringify(calendar.body)).toContain(VICTIM_EVENT);
    const exported = await rest(server, 'GET', `/api/users/${victim.uid}/data-export`, { token: victim.token });
    for (const secret of [victim.email, VICTIM_DOB, VICTIM_EVENT]) expect(JSON.stringify(exported.body)).toContain(secret);
  });
});
