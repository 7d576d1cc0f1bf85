import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { buildAppSchema } from '../../src/graphql/schema';
import { createAppPubSub } from '../../src/infra/pubsub/pubsub';
import type { RestRoute } from '../../src/modules/rest-context';
import { REST_ROUTES } from '../../src/rest/router';
import { RATE_LIMITS, type LimitedAction, type LimitWindow, type RateLimitTable } from '../../src/shared/rate-limit-table';
import type { Viewer } from '../../src/shared/viewer';
import { createSuiteStore, snapshotStore, type SuiteStore } from '../support/database-snapshot';
import { createStudent, newClientAddress, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * Every write has an abuse limit (issue 23.9). Generated from the built schema and the REST route
 * table: every mutation names an action of shared/rate-limit-table.ts (@RateLimited), every REST
 * write names one (`rateLimit`), and a case below for each one shows it: on a server whose table
 * keeps the production windows and messages but allows only a few calls, one student calls it past
 * the limit and is refused with 429 RATE_LIMITED, Retry-After and the RateLimit headers, with
 * nothing changed, while another student still may. Then each action's per-address limit across
 * students, and tus upload creation. A mutation or REST write without a case fails the suite.
 */
const STUDENT_POINTS = 4;
const ADDRESS_POINTS = 6;
/** The production table's windows and messages, with 4 calls per student and 6 per address. */
const SMALL_LIMITS = Object.fromEntries(
  Object.entries(RATE_LIMITS as RateLimitTable).map(([action, limits]) => [
    action,
    {
      ...limits,
      ...(limits.perStudent && { perStudent: { points: STUDENT_POINTS, seconds: limits.perStudent.seconds } }),
      perAddress: { points: ADDRESS_POINTS, seconds: limits.perAddress.seconds },
    },
  ]),
) as RateLimitTable;

const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/campus-testcard.mp4');
const CAPTIONS = path.resolve(__dirname, '../../../fixtures/media/captions/testcard.en.vtt');
const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

let schema: GraphQLSchema;
let store: SuiteStore;
let server: TestServer;
/** Another student's post and event post, for the calls that act on one. */
let world: { post: string; eventPost: string };

interface Operation {
  query: string;
  variables?: Record<string, unknown>;
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

function send(student: Student, address: string, operation: Operation): Promise<Answer> {
  return rest(server, 'POST', '/graphql', { token: student.token, body: operation, headers: { 'x-forwarded-for': address } });
}

function viewerOf(student: Student): Promise<Viewer> {
  return server.app.verifier.verify(student.token);
}

async function videoOf(student: Student): Promise<string> {
  return (await server.app.media.importFile(student.uid, 'video', CLIP, `clip-${randomUUID()}.mp4`)).url;
}

async function captionsOf(student: Student): Promise<string> {
  return (await server.app.media.importFile(student.uid, 'caption', CAPTIONS, 'captions.vtt')).url;
}

/** A post of the student's, made through the service (which counts nothing). */
async function postOf(student: Student, event?: { date: string; startTime: string; timeZone: string }): Promise<string> {
  const post = await server.app.services.posts.create(await viewerOf(student), {
    videoUrl: await videoOf(student),
    caption: 'Mine',
    event,
  });
  return post.id;
}

/** A student profile with no identity behind it: someone to follow, block, report or moderate. */
async function someone(): Promise<string> {
  const uid = `target-${randomUUID()}`;
  const viewer: Viewer = { uid, email: `${uid}@campus.test`, name: null, picture: null, signInProvider: 'password', emailVerified: true };
  await server.app.services.users.sync(viewer, { displayName: 'Target Student', dateOfBirth: '2001-01-01' });
  return uid;
}

/** Like someone(), with the Viewer that acts for them through the services. */
async function someoneActing(): Promise<Viewer> {
  const uid = await someone();
  return { uid, email: `${uid}@campus.test`, name: null, picture: null, signInProvider: 'password', emailVerified: true };
}

/** A club founded by `founder` through the service (which counts nothing). */
async function clubOf(founder: Viewer, joinMode: 'open' | 'request' = 'open'): Promise<string> {
  const slug = `club-${randomUUID().slice(0, 8)}`;
  const club = await server.app.services.organizations.create(founder, {
    name: `Club ${slug}`,
    slug,
    category: 'other' as never,
    joinMode: joinMode as never,
  });
  return club.id;
}

/** Someone new in `club` (joined through the service). */
async function memberOf(club: string): Promise<string> {
  const member = await someoneActing();
  await server.app.services.organizations.join(member, club);
  return member.uid;
}

let dayOffset = 1;
/** A different day each time, in the coming months. */
function nextDay(): string {
  return new Date(Date.now() + dayOffset++ * 86_400_000).toISOString().slice(0, 10);
}

async function grantRole(student: Student, role: 'moderator' | 'admin'): Promise<void> {
  await server.app.database.dataSource.query('UPDATE users SET role = $2 WHERE firebase_uid = $1', [student.uid, role]);
  await server.app.announceStanding(student.uid);
}

interface MutationLimitCase {
  role?: 'moderator' | 'admin';
  /** Calls of this action the actor has already made (signing up is a sync). */
  spent?: number;
  /**
   * 'address' where the student's own limit cannot be met by one student (an account is deleted
   * once): the refusal shown is the address's, across students.
   */
  scope?: 'address';
  /** Readies what the calls need; each call of the function it returns is a valid call that succeeds. */
  calls(actor: Student): Promise<() => Promise<Operation>>;
}

const MUTATION_CASES: Record<string, MutationLimitCase> = {
  createOrganization: {
    calls: async () => async () => ({
      query: `mutation($s: String!) { createOrganization(input: { name: "Limits Club", slug: $s, category: OTHER }) { id } }`,
      variables: { s: `limits-${randomUUID().slice(0, 8)}` },
    }),
  },
  updateOrganization: {
    calls: async (actor) => {
      const club = await clubOf(await viewerOf(actor));
      let edits = 0;
      return async () => ({
        query: `mutation($id: ID!, $d: String!) { updateOrganization(id: $id, input: { description: $d }) { id } }`,
        variables: { id: club, d: `Edit ${++edits}` },
      });
    },
  },
  joinOrganization: {
    calls: async () => async () => ({
      query: `mutation($id: ID!) { joinOrganization(id: $id) { id } }`,
      variables: { id: await clubOf(await someoneActing()) },
    }),
  },
  leaveOrganization: {
    calls: async (actor) => async () => {
      const club = await clubOf(await someoneActing());
      await server.app.services.organizations.join(await viewerOf(actor), club);
      return { query: `mutation($id: ID!) { leaveOrganization(id: $id) { id } }`, variables: { id: club } };
    },
  },
  decideJoinRequest: {
    calls: async (actor) => {
      const club = await clubOf(await viewerOf(actor), 'request');
      return async () => ({
        query: `mutation($id: ID!, $u: ID!) { decideJoinRequest(id: $id, userId: $u, approve: true) { id } }`,
        variables: { id: club, u: await memberOf(club) },
      });
    },
  },
  removeMember: {
    calls: async (actor) => {
      const club = await clubOf(await viewerOf(actor));
      return async () => ({
        query: `mutation($id: ID!, $u: ID!) { removeMember(id: $id, userId: $u) { id } }`,
        variables: { id: club, u: await memberOf(club) },
      });
    },
  },
  setOfficer: {
    calls: async (actor) => {
      const club = await clubOf(await viewerOf(actor));
      return async () => ({
        query: `mutation($id: ID!, $u: ID!) { setOfficer(id: $id, userId: $u, officer: true) { id } }`,
        variables: { id: club, u: await memberOf(club) },
      });
    },
  },
  transferOwnership: {
    calls: async (actor) => async () => {
      const club = await clubOf(await viewerOf(actor));
      return {
        query: `mutation($id: ID!, $u: ID!) { transferOwnership(id: $id, userId: $u) { id } }`,
        variables: { id: club, u: await memberOf(club) },
      };
    },
  },
  followOrganization: {
    calls: async () => async () => ({
      query: `mutation($id: ID!) { followOrganization(id: $id) { id } }`,
      variables: { id: await clubOf(await someoneActing()) },
    }),
  },
  unfollowOrganization: {
    calls: async (actor) => async () => {
      const club = await clubOf(await someoneActing());
      await server.app.services.organizations.follow(await viewerOf(actor), club);
      return { query: `mutation($id: ID!) { unfollowOrganization(id: $id) { id } }`, variables: { id: club } };
    },
  },
  reportOrganization: {
    calls: async () => async () => ({
      query: `mutation($id: ID!) { reportOrganization(id: $id, reason: SPAM) { message } }`,
      variables: { id: await clubOf(await someoneActing()) },
    }),
  },
  hideOrganization: {
    role: 'moderator',
    calls: async () => async () => ({
      query: `mutation($id: ID!) { hideOrganization(id: $id, hidden: true, note: "Bad picture") { id } }`,
      variables: { id: await clubOf(await someoneActing()) },
    }),
  },
  suspendOrganization: {
    role: 'moderator',
    calls: async () => async () => ({
      query: `mutation($id: ID!) { suspendOrganization(id: $id, suspended: true, note: "Spam club") { id } }`,
      variables: { id: await clubOf(await someoneActing()) },
    }),
  },
  addComment: {
    calls: async () => async () => ({
      query: `mutation($p: ID!) { addComment(postId: $p, text: "Nice one") { id } }`,
      variables: { p: world.post },
    }),
  },
  addCaptionTrack: {
    // Each call adds captions in the same language to the actor's clip: replacing them is a call like any other.
    calls: async (actor) => {
      const post = await postOf(actor);
      return async () => ({
        query: `mutation($p: ID!, $f: String!) { addCaptionTrack(postId: $p, track: { language: "en", fileUrl: $f }) { id } }`,
        variables: { p: post, f: await captionsOf(actor) },
      });
    },
  },
  removeCaptionTrack: {
    calls: async (actor) => async () => {
      const post = await postOf(actor);
      await server.app.services.captionTracks.add(await viewerOf(actor), post, { language: 'en', fileUrl: await captionsOf(actor) });
      return { query: `mutation($p: ID!) { removeCaptionTrack(postId: $p, language: "en") { id } }`, variables: { p: post } };
    },
  },
  addEventToCalendar: {
    calls: async () => async () => ({
      query: `mutation($p: ID!) { addEventToCalendar(postId: $p, replace: true) { outcome } }`,
      variables: { p: world.eventPost },
    }),
  },
  blockUser: {
    calls: async () => async () => ({ query: `mutation($u: ID!) { blockUser(userId: $u) }`, variables: { u: await someone() } }),
  },
  createPost: {
    calls: async (actor) => async () => ({
      query: `mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "Limits", tags: [] }) { id } }`,
      variables: { v: await videoOf(actor) },
    }),
  },
  deleteAccount: {
    scope: 'address',
    calls: async () => async () => ({ query: `mutation { deleteAccount }` }),
  },
  deleteCalendarEvent: {
    calls: async (actor) => async () => {
      const date = nextDay();
      await server.app.services.calendar.save(await viewerOf(actor), { userUid: actor.uid, date }, 'Lab report due');
      return { query: `mutation($d: LocalDate!) { deleteCalendarEvent(date: $d) }`, variables: { d: date } };
    },
  },
  deleteComment: {
    calls: async (actor) => async () => {
      const comment = await server.app.services.comments.add(await viewerOf(actor), world.post, 'Soon gone');
      return { query: `mutation($id: ID!) { deleteComment(id: $id) }`, variables: { id: comment.id } };
    },
  },
  deletePost: {
    calls: async (actor) => async () => ({ query: `mutation($id: ID!) { deletePost(id: $id) }`, variables: { id: await postOf(actor) } }),
  },
  follow: {
    calls: async () => async () => ({ query: `mutation($u: ID!) { follow(userId: $u) { id } }`, variables: { u: await someone() } }),
  },
  likePost: {
    calls: async () => async () => ({ query: `mutation($p: ID!) { likePost(postId: $p) { id } }`, variables: { p: world.post } }),
  },
  markAllNotificationsRead: {
    calls: async () => async () => ({ query: `mutation { markAllNotificationsRead }` }),
  },
  moderate: {
    role: 'moderator',
    calls: async () => async () => ({
      query: `mutation($u: ID!) { moderate(input: { targetType: USER, targetId: $u, decision: DISMISS, note: "Looked fine" }) }`,
      variables: { u: await someone() },
    }),
  },
  muteUser: {
    calls: async () => async () => ({ query: `mutation($u: ID!) { muteUser(userId: $u) }`, variables: { u: await someone() } }),
  },
  report: {
    calls: async () => async () => ({
      query: `mutation($u: ID!) { report(input: { targetType: USER, targetId: $u, reason: SPAM }) { message } }`,
      variables: { u: await someone() },
    }),
  },
  resetCalendarFeed: {
    calls: async () => async () => ({ query: `mutation { resetCalendarFeed }` }),
  },
  saveCalendarEvent: {
    calls: async () => async () => ({
      query: `mutation($d: LocalDate!) { saveCalendarEvent(date: $d, name: "Seminar") { date } }`,
      variables: { d: nextDay() },
    }),
  },
  setModerator: {
    role: 'admin',
    calls: async () => async () => ({
      query: `mutation($u: ID!) { setModerator(userId: $u, moderator: true, note: "Helps with the queue") }`,
      variables: { u: await someone() },
    }),
  },
  syncUser: {
    spent: 1,
    calls: async (actor) => async () => ({
      query: `mutation($n: String!) { syncUser(input: { displayName: $n }) { id } }`,
      variables: { n: actor.displayName },
    }),
  },
  unblockUser: {
    calls: async (actor) => async () => {
      const target = await someone();
      await server.app.services.blocks.block(await viewerOf(actor), target);
      return { query: `mutation($u: ID!) { unblockUser(userId: $u) }`, variables: { u: target } };
    },
  },
  unfollow: {
    calls: async (actor) => async () => {
      const target = await someone();
      await server.app.services.follows.follow(await viewerOf(actor), target);
      return { query: `mutation($u: ID!) { unfollow(userId: $u) { id } }`, variables: { u: target } };
    },
  },
  unlikePost: {
    calls: async (actor) => async () => {
      await server.app.services.likes.like(await viewerOf(actor), world.post);
      return { query: `mutation($p: ID!) { unlikePost(postId: $p) { id } }`, variables: { p: world.post } };
    },
  },
  unmuteUser: {
    calls: async (actor) => async () => {
      const target = await someone();
      await server.app.services.blocks.mute(await viewerOf(actor), target);
      return { query: `mutation($u: ID!) { unmuteUser(userId: $u) }`, variables: { u: target } };
    },
  },
  updateNotificationSettings: {
    calls: async () => {
      let likes = false;
      return async () => {
        likes = !likes;
        return { query: `mutation($l: Boolean!) { updateNotificationSettings(input: { likes: $l }) { likes } }`, variables: { l: likes } };
      };
    },
  },
  updateProfile: {
    calls: async () => {
      let edits = 0;
      return async () => ({
        query: `mutation($b: String!) { updateProfile(input: { bio: $b }) { id } }`,
        variables: { b: `Edit ${++edits}` },
      });
    },
  },
};

interface RestRequest {
  path: string;
  body?: Record<string, unknown>;
}

const REST_CASES: Record<string, { spent?: number; calls(actor: Student): Promise<() => Promise<RestRequest>> }> = {
  'POST /api/users/sync': {
    spent: 1,
    calls: async (actor) => async () => ({
      path: '/api/users/sync',
      body: { firebaseUid: actor.uid, email: actor.email, displayName: actor.displayName },
    }),
  },
  'PUT /api/users/:uid': {
    calls: async (actor) => async () => ({ path: `/api/users/${actor.uid}`, body: { bio: 'Rewritten' } }),
  },
  // Asking for a data export archive: the first call queues one, the next answer that pending one.
  'POST /api/users/:uid/data-export': {
    calls: async (actor) => async () => ({ path: `/api/users/${actor.uid}/data-export` }),
  },
  'POST /api/posts': {
    calls: async (actor) => async () => ({
      path: '/api/posts',
      body: { firebaseUid: actor.uid, videoUrl: await videoOf(actor), caption: 'Limits', tags: 'campus' },
    }),
  },
  'DELETE /api/posts/:postId': {
    calls: async (actor) => async () => ({ path: `/api/posts/${await postOf(actor)}` }),
  },
  'POST /api/posts/:postId/like': {
    calls: async (actor) => async () => ({ path: `/api/posts/${world.post}/like`, body: { firebaseUid: actor.uid } }),
  },
  'POST /api/posts/:postId/unlike': {
    calls: async (actor) => async () => {
      await server.app.services.likes.like(await viewerOf(actor), world.post);
      return { path: `/api/posts/${world.post}/unlike`, body: { firebaseUid: actor.uid } };
    },
  },
  'POST /api/posts/:postId/comment': {
    calls: async (actor) => async () => ({ path: `/api/posts/${world.post}/comment`, body: { firebaseUid: actor.uid, text: 'Nice one' } }),
  },
  'POST /api/calendar': {
    calls: async (actor) => async () => ({
      path: '/api/calendar',
      body: { firebaseUid: actor.uid, date: nextDay(), eventName: 'Seminar' },
    }),
  },
  'DELETE /api/calendar': {
    calls: async (actor) => async () => {
      const date = nextDay();
      await server.app.services.calendar.save(await viewerOf(actor), { userUid: actor.uid, date }, 'Lab report due');
      return { path: '/api/calendar', body: { firebaseUid: actor.uid, date } };
    },
  },
  'PUT /api/follow/:targetId': {
    calls: async (actor) => async () => ({ path: `/api/follow/${await someone()}`, body: { currentUserId: actor.uid } }),
  },
  'PUT /api/follow/unfollow/:targetId': {
    calls: async (actor) => async () => {
      const target = await someone();
      await server.app.services.follows.follow(await viewerOf(actor), target);
      return { path: `/api/follow/unfollow/${target}`, body: { currentUserId: actor.uid } };
    },
  },
};

const routeKey = (route: RestRoute) => `${route.method.toUpperCase()} ${route.path}`;
const restWrites = REST_ROUTES.filter((route) => route.method !== 'get');

function sendRest(route: RestRoute, student: Student, address: string, request: RestRequest): Promise<Answer> {
  return rest(server, route.method.toUpperCase(), request.path, {
    token: student.token,
    body: request.body,
    headers: { 'x-forwarded-for': address },
  });
}

function mutationFields() {
  return Object.values(schema.getMutationType()?.getFields() ?? {});
}

/** The action a mutation counts against, as @RateLimited put it on the field. */
function actionOf(mutation: string): LimitedAction {
  return schema.getMutationType()!.getFields()[mutation]!.extensions.rateLimit as LimitedAction;
}

function snapshot() {
  return snapshotStore(server.app.database.dataSource, store.env.MEDIA_DIR);
}

/** A GraphQL call that went through. */
function expectAllowed(answer: Answer, label: string): void {
  expect({ label, status: answer.status, errors: answer.body?.errors }).toEqual({ label, status: 200, errors: undefined });
}

/** A refusal by the limit: 429, Retry-After within the window, the RateLimit headers, the message in clear words. */
function expectRefused(answer: Answer, window: LimitWindow, message?: string): void {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(window.seconds);
  expect(answer.headers.get('ratelimit')).toBe(`limit=${window.points}, remaining=0, reset=${retryAfter}`);
  expect(answer.headers.get('ratelimit-policy')).toBe(`${window.points};w=${window.seconds}`);
  const said = answer.body.errors ? answer.body.errors[0].message : answer.body.message;
  expect(said).toBe(message ?? `Too many requests. Please wait ${retryAfter} seconds and try again.`);
  if (answer.body.errors) {
    expect(answer.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(answer.body.data ?? null).toBeNull();
  } else {
    expect(answer.body.success).toBe(false);
  }
}

beforeAll(async () => {
  schema = await buildAppSchema(createAppPubSub(null));
  store = await createSuiteStore('rate_limits_every_write');
  server = await startTestServer(store.env, { rateLimitTable: SMALL_LIMITS });
  const author = await createStudent(server, { displayName: 'Avery Author' });
  world = {
    post: await postOf(author),
    eventPost: await postOf(author, { date: IN_A_MONTH, startTime: '19:00', timeZone: 'Europe/London' }),
  };
});
afterAll(async () => {
  await server?.close();
  await store?.drop();
});

describe('every write names a limit', () => {
  it('every mutation of the schema counts against an action of the table (@RateLimited)', () => {
    const unlimited = mutationFields()
      .filter((field) => !Object.hasOwn(RATE_LIMITS, String(field.extensions.rateLimit)))
      .map((field) => field.name);
    expect(mutationFields().length).toBeGreaterThan(20);
    expect(unlimited).toEqual([]);
  });

  it('every write of the REST route table counts against an action of the table (rateLimit)', () => {
    const unlimited = restWrites.filter((route) => !route.rateLimit || !Object.hasOwn(RATE_LIMITS, route.rateLimit)).map(routeKey);
    expect(restWrites.length).toBeGreaterThan(5);
    expect(unlimited).toEqual([]);
  });

  it('has a case below for every mutation and every REST write, and none for one that is gone', () => {
    expect(Object.keys(MUTATION_CASES).sort()).toEqual(
      mutationFields()
        .map((field) => field.name)
        .sort(),
    );
    expect(Object.keys(REST_CASES).sort()).toEqual(restWrites.map(routeKey).sort());
  });
});

describe.each(Object.keys(MUTATION_CASES).sort())('mutation %s', (name) => {
  const limitCase = () => MUTATION_CASES[name]!;

  it('is refused past its limit with 429 RATE_LIMITED and Retry-After, changing nothing; another student still may', async () => {
    const { role, spent = 0, scope, calls } = limitCase();
    const action = actionOf(name);
    const ready = async () => {
      const actor = await createStudent(server);
      if (role) await grantRole(actor, role);
      return { actor, next: await calls(actor) };
    };

    if (scope === 'address') {
      // Others from this address have used all but one.
      const address = newClientAddress();
      for (let i = 0; i < ADDRESS_POINTS - 1; i++) await server.app.limits.consume(action, { address });
      const last = await ready();
      expectAllowed(await send(last.actor, address, await last.next()), `${name} (last allowed)`);
      const refusedOne = await ready();
      const operation = await refusedOne.next();
      const before = await snapshot();
      expectRefused(await send(refusedOne.actor, address, operation), SMALL_LIMITS[action].perAddress);
      expect(await snapshot()).toEqual(before);
      expectAllowed(await send(refusedOne.actor, newClientAddress(), operation), `${name} (elsewhere)`);
      return;
    }

    const window = SMALL_LIMITS[action].perStudent!;
    const { actor, next } = await ready();
    // Every call from another address: only the student's own budget is spent.
    for (let used = spent; used < window.points; used++) {
      const answer = await send(actor, newClientAddress(), await next());
      expectAllowed(answer, `${name} call ${used + 1}`);
      expect(answer.headers.get('ratelimit')).toMatch(
        new RegExp(`^limit=${window.points}, remaining=${window.points - used - 1}, reset=\\d+$`),
      );
    }
    const operation = await next();
    const before = await snapshot();
    expectRefused(await send(actor, newClientAddress(), operation), window);
    expect(await snapshot()).toEqual(before);

    const other = await ready();
    expectAllowed(await send(other.actor, newClientAddress(), await other.next()), `${name} (another student)`);
  });
});

describe.each(restWrites.map((route) => [routeKey(route), route] as const))('%s', (key, route) => {
  it('is refused past its limit with 429, Retry-After and the spec’s failure body, changing nothing; another student still may', async () => {
    const { spent = 0, calls } = REST_CASES[key]!;
    const window = SMALL_LIMITS[route.rateLimit!].perStudent!;
    const actor = await createStudent(server);
    const next = await calls(actor);
    for (let used = spent; used < window.points; used++) {
      const answer = await sendRest(route, actor, newClientAddress(), await next());
      expect({ call: used + 1, status: answer.status, success: answer.body.success }).toEqual({
        call: used + 1,
        status: route.status ?? 200,
        success: true,
      });
    }
    const request = await next();
    const before = await snapshot();
    const refused = await sendRest(route, actor, newClientAddress(), request);
    expectRefused(refused, window);
    if (route.failureHasError) expect(refused.body.error).toBe(route.failure);
    expect(await snapshot()).toEqual(before);

    const other = await createStudent(server);
    const answer = await sendRest(route, other, newClientAddress(), await (await calls(other))());
    expect(answer.status).toBe(route.status ?? 200);
  });
});

/** One mutation that counts against each action (the first by name), for the per-address limits. */
function mutationFor(action: LimitedAction): string | undefined {
  return Object.keys(MUTATION_CASES)
    .sort()
    .find((name) => actionOf(name) === action && MUTATION_CASES[name]!.scope !== 'address');
}

describe('per address, across students', () => {
  // Sign-ups (rate-limits.test.ts), uploads (below), account deletion (its case above) and the
  // sign-up form's signUpCheck (a query, below) are shown on their own; search, the other limited
  // read, in search.test.ts, and data exports (the JSON, a REST read, and the archive, a REST
  // write whose per-student limit is above) in data-export.test.ts.
  const actions = (Object.keys(RATE_LIMITS) as LimitedAction[]).filter(
    (action) => !['signup', 'upload', 'account', 'signUpCheck', 'search', 'dataExport'].includes(action),
  );

  it('signUpCheck (public, asked before any account exists): the address is refused once its budget is spent; another is not', async () => {
    const address = newClientAddress();
    const check = { query: `query($e: String!) { signUpCheck(email: $e) { allowed } }`, variables: { e: 'someone@example.edu' } };
    const ask = (from: string): Promise<Answer> => rest(server, 'POST', '/graphql', { body: check, headers: { 'x-forwarded-for': from } });
    for (let call = 1; call <= ADDRESS_POINTS; call++) expectAllowed(await ask(address), `signUpCheck ${call}`);
    expectRefused(await ask(address), SMALL_LIMITS.signUpCheck.perAddress);
    expectAllowed(await ask(newClientAddress()), 'signUpCheck (elsewhere)');
  });

  it('every other action of the table is counted by some mutation', () => {
    expect(actions.filter((action) => !mutationFor(action))).toEqual([]);
  });

  it.each(actions)('%s: the address is refused once its budget is spent; the same student elsewhere is not', async (action) => {
    const name = mutationFor(action)!;
    const { role, calls } = MUTATION_CASES[name]!;
    const address = newClientAddress();
    // Many students behind this address have used all but one.
    for (let i = 0; i < ADDRESS_POINTS - 1; i++) await server.app.limits.consume(action, { address });
    const actor = await createStudent(server);
    if (role) await grantRole(actor, role);
    const next = await calls(actor);
    expectAllowed(await send(actor, address, await next()), `${name} (last allowed)`);
    expectRefused(await send(actor, address, await next()), SMALL_LIMITS[action].perAddress);
    expectAllowed(await send(actor, newClientAddress(), await next()), `${name} (elsewhere)`);
  });
});

describe('tus upload creation', () => {
  const create = (student: Student, address: string) =>
    rest(server, 'POST', '/uploads', {
      token: student.token,
      headers: {
        'x-forwarded-for': address,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `kind ${Buffer.from('video').toString('base64')}`,
      },
    });

  it('is refused past the student’s limit with 429 and Retry-After, creating nothing', async () => {
    const window = SMALL_LIMITS.upload.perStudent!;
    const student = await createStudent(server);
    for (let i = 0; i < window.points; i++) expect((await create(student, newClientAddress())).status).toBe(201);
    const before = await snapshot();
    const refused = await create(student, newClientAddress());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-policy')).toBe(`${window.points};w=${window.seconds}`);
    expect(refused.body).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(await snapshot()).toEqual(before);
    expect((await create(await createStudent(server), newClientAddress())).status).toBe(201);
  });

  it('is refused once the address’s budget is spent', async () => {
    const address = newClientAddress();
    for (let i = 0; i < ADDRESS_POINTS - 1; i++) await server.app.limits.consume('upload', { address });
    const student = await createStudent(server);
    expect((await create(student, address)).status).toBe(201);
    expect((await create(student, address)).status).toBe(429);
    expect((await create(student, newClientAddress())).status).toBe(201);
  });
});
