import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { RATE_LIMITS } from '../../src/shared/rate-limit-table';
import { buildApiEntryPoint } from '../support/api-process';
import { createSuiteStore, type SuiteStore } from '../support/database-snapshot';
import { createGoogleIdentity, createIdentity } from '../support/identity';
import { liveComments } from '../support/live-comments';
import { createPost, uploadedVideo } from '../support/scenario';
import { createStudent, graphql, newClientAddress, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * Campus identity over the wire (issue 25, D16): who may sign up (SIGNUP_MODE restricted and
 * open, e-mail and Google alike, and no identity account left behind by a refusal), the
 * verification a new account needs before it posts, the operator's campus commands, and the
 * campus scope of Explore, Events and the people directory.
 */
const UNIVERSITY_EMAIL = 'Please use your university e-mail address.';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const SYNC = `mutation($input: SyncUserInput!) { syncUser(input: $input) { id verified campus { shortName } } }`;
const CHECK = `query($email: String!) { signUpCheck(email: $email) { allowed message campus { name shortName domains } } }`;
const VIEWER = `{ viewer { id verified campus { shortName name } } }`;

let store: SuiteStore;
/** SIGNUP_MODE=restricted with FIRST_CAMPUS (and a small signUpCheck limit); `open` is the test default, open. */
let restricted: TestServer;
let open: TestServer;
let cli: string;

beforeAll(async () => {
  store = await createSuiteStore('campuses');
  restricted = await startTestServer(
    { ...store.env, SIGNUP_MODE: 'restricted', FIRST_CAMPUS: 'Riverside University|RU|ru.example.edu' },
    { rateLimitTable: { ...RATE_LIMITS, signUpCheck: { perAddress: { points: 3, seconds: 600 } } } },
  );
  open = await startTestServer(store.env);
  cli = path.join(path.dirname(buildApiEntryPoint()), 'admin-cli.js');
}, 120_000);
afterAll(async () => {
  await Promise.all([restricted?.close(), open?.close()]);
  await store?.drop();
});

const unique = () => randomUUID().slice(0, 8);
const fromAnywhere = () => ({ 'x-forwarded-for': newClientAddress() });
const sync = (server: TestServer, token: string) =>
  graphql(server, token, SYNC, { input: { displayName: 'New Student', dateOfBirth: '2003-04-05' } }, fromAnywhere());
/** Whether the identity provider still has an account for this address (firebase-admin against the emulator). */
const identityExists = (email: string) =>
  restricted.app.verifier.adminAuth.getUserByEmail(email).then(
    () => true,
    (error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return false;
      throw error;
    },
  );
const profileCount = async (uid: string) =>
  (await restricted.app.database.dataSource.query('SELECT count(*)::int AS n FROM users WHERE firebase_uid = $1', [uid]))[0].n;

/** `node api/dist/admin-cli.js ...` on this suite's database, as an operator runs it. */
function adminCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    NODE_OPTIONS: '',
    LOG_LEVEL: 'silent',
    DATABASE_URL: store.env.DATABASE_URL,
    MEDIA_DIR: store.env.MEDIA_DIR,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { env, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The running apis learn a change the command made at once (without Redis they would within 30 s). */
async function reloadCampuses() {
  await Promise.all([restricted.app.services.campuses.reload(), open.app.services.campuses.reload()]);
}

describe('who may sign up: restricted (SIGNUP_MODE=restricted, FIRST_CAMPUS)', () => {
  it('makes FIRST_CAMPUS on start, and lists it', async () => {
    const result = await graphql(
      restricted,
      null,
      `
        {
          campuses {
            name
            shortName
            domains
          }
        }
      `,
    );
    expect(result.data.campuses).toEqual(
      expect.arrayContaining([{ name: 'Riverside University', shortName: 'RU', domains: ['ru.example.edu'] }]),
    );
  });

  it('signUpCheck: an address on a campus domain or under it may join; any other, lookalikes included, is told why', async () => {
    const RU = { name: 'Riverside University', shortName: 'RU', domains: ['ru.example.edu'] };
    for (const email of ['ada@ru.example.edu', 'Ada@CS.RU.Example.EDU.']) {
      const answer = await graphql(restricted, null, CHECK, { email }, fromAnywhere());
      expect({ email, answer: answer.data.signUpCheck }).toEqual({ email, answer: { allowed: true, message: null, campus: RU } });
    }
    for (const email of ['ada@ru.example.edu.evil.com', 'ada@notru.example.edu', 'ada@example.edu', 'ada@gmail.com', 'not an address']) {
      const answer = await graphql(restricted, null, CHECK, { email }, fromAnywhere());
      expect({ email, answer: answer.data.signUpCheck }).toEqual({
        email,
        answer: { allowed: false, message: UNIVERSITY_EMAIL, campus: null },
      });
    }
  });

  it('signUpCheck is limited per address (a script cannot list which domains are campuses)', async () => {
    const address = { 'x-forwarded-for': newClientAddress() };
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await graphql(restricted, null, CHECK, { email: `probe${attempt}@example.org` }, address);
      expect(answer.errors).toBeUndefined();
    }
    const refused = await graphql(restricted, null, CHECK, { email: 'probe@example.org' }, address);
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('syncUser refuses an address on no campus and deletes the identity account just made: none is left behind', async () => {
    const email = `drifter-${unique()}@gmail.example`;
    const identity = await createIdentity({ email });
    expect(await identityExists(email)).toBe(true);
    const refused = await sync(restricted, identity.token);
    expect(refused.errors?.[0]).toMatchObject({ message: UNIVERSITY_EMAIL, extensions: { code: 'FORBIDDEN' } });
    expect(refused.data?.syncUser ?? null).toBeNull();
    expect(await identityExists(email)).toBe(false);
    expect(await profileCount(identity.uid)).toBe(0);
  });

  it('POST /api/users/sync refuses the same way, in the spec’s shape, and leaves no account', async () => {
    const email = `drifter-${unique()}@ru.example.edu.evil.com`;
    const identity = await createIdentity({ email });
    const refused = await rest(restricted, 'POST', '/api/users/sync', {
      token: identity.token,
      body: { firebaseUid: identity.uid, displayName: 'Drifter' },
      headers: fromAnywhere(),
    });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { success: false, message: UNIVERSITY_EMAIL, error: 'Failed to sync with database' },
    });
    expect(await identityExists(email)).toBe(false);
    expect(await profileCount(identity.uid)).toBe(0);
  });

  it('a Google account is judged by the address in its token: off campus refused and deleted, on campus welcome', async () => {
    const outsider = `g-${unique()}@gmail.example`;
    const google = await createGoogleIdentity(outsider);
    const refused = await sync(restricted, google.token);
    expect(refused.errors?.[0]).toMatchObject({ message: UNIVERSITY_EMAIL, extensions: { code: 'FORBIDDEN' } });
    expect(await identityExists(outsider)).toBe(false);

    const student = await createGoogleIdentity(`g-${unique()}@ru.example.edu`);
    const joined = await sync(restricted, student.token);
    expect(joined.errors).toBeUndefined();
    expect(joined.data.syncUser).toEqual({ id: student.uid, verified: true, campus: { shortName: 'RU' } });
  });

  it('a campus address joins its campus unverified; it may browse and follow but not post until the token says verified', async () => {
    const email = `newcomer-${unique()}@cs.ru.example.edu`;
    const identity = await createIdentity({ email, unverified: true });
    const joined = await sync(restricted, identity.token);
    expect(joined.data.syncUser).toEqual({ id: identity.uid, verified: false, campus: { shortName: 'RU' } });

    const classmate = await createStudent(restricted, { email: `classmate-${unique()}@ru.example.edu` });
    const post = await createPost(restricted, classmate);
    const browse = await graphql(
      restricted,
      identity.token,
      `
        query ($id: ID!) {
          post(id: $id) {
            id
            viewerCan {
              comment
            }
          }
        }
      `,
      { id: post.id },
    );
    expect(browse.data.post).toEqual({ id: post.id, viewerCan: { comment: false } });
    const followed = await graphql(
      restricted,
      identity.token,
      `
        mutation ($u: ID!) {
          follow(userId: $u) {
            id
          }
        }
      `,
      { u: classmate.uid },
    );
    expect(followed.errors).toBeUndefined();
    const create = `mutation($v: String!) { createPost(input: { videoUrl: $v, caption: "Hello @campus" }) { id } }`;
    const video = await uploadedVideo(restricted, identity as unknown as Student);
    const refused = await graphql(restricted, identity.token, create, { v: video });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Please verify your e-mail address first.',
      extensions: { code: 'FORBIDDEN_UNVERIFIED' },
    });

    // The emulator's link opened: the next token says verified, and the badge follows without a sync.
    const token = await identity.verifyEmail();
    expect((await graphql(restricted, token, VIEWER)).data.viewer).toMatchObject({ verified: true, campus: { shortName: 'RU' } });
    const posted = await graphql(restricted, token, create, { v: video });
    expect(posted.errors).toBeUndefined();
  });

  it('an account made while sign-up was open keeps signing in when it is restricted (the rule is for new accounts)', async () => {
    const email = `early-${unique()}@gmail.example`;
    const identity = await createIdentity({ email });
    expect((await sync(open, identity.token)).data.syncUser).toMatchObject({ id: identity.uid, campus: null });
    const again = await sync(restricted, identity.token);
    expect(again.errors).toBeUndefined();
    expect(await identityExists(email)).toBe(true);
  });
});

describe('who may sign up: open (the default outside production)', () => {
  it('signUpCheck answers yes to any address, with the campus its domain names if any', async () => {
    const any = await graphql(open, null, CHECK, { email: 'someone@gmail.example' }, fromAnywhere());
    expect(any.data.signUpCheck).toEqual({ allowed: true, message: null, campus: null });
    const campus = await graphql(open, null, CHECK, { email: 'someone@lab.ru.example.edu' }, fromAnywhere());
    expect(campus.data.signUpCheck).toMatchObject({ allowed: true, message: null, campus: { shortName: 'RU' } });
  });

  it('any address joins: with no campus off every campus, with its campus on one', async () => {
    const outsider = await createIdentity({ email: `anyone-${unique()}@gmail.example` });
    expect((await sync(open, outsider.token)).data.syncUser).toEqual({ id: outsider.uid, verified: true, campus: null });
    const student = await createIdentity({ email: `student-${unique()}@RU.example.edu` });
    expect((await sync(open, student.token)).data.syncUser).toEqual({ id: student.uid, verified: true, campus: { shortName: 'RU' } });
    const google = await createGoogleIdentity(`g-${unique()}@gmail.example`);
    expect((await sync(open, google.token)).data.syncUser).toMatchObject({ id: google.uid, campus: null });
  });
});

describe('npm run admin -- campus ...', () => {
  it('lists the commands in its help', async () => {
    const help = await adminCommand('--help');
    for (const command of [
      'campus list',
      'campus add <name> <SHORT> <domain>...',
      'campus rename',
      'campus add-domain',
      'campus remove-domain',
    ]) {
      expect(help.stdout).toContain(command);
    }
  });

  it('adds a campus, and refuses a domain that is not one, a domain taken, and a short name taken (changing nothing)', async () => {
    const added = await adminCommand('campus', 'add', 'North University', 'NORTH', 'North.Example.edu', '@library.north.example.edu');
    expect(added).toMatchObject({ code: 0, stdout: expect.stringContaining('North University') });
    expect((await adminCommand('campus', 'list')).stdout).toMatch(
      /NORTH\s+North University\s+\(library\.north\.example\.edu, north\.example\.edu\)/,
    );

    const refusals: Array<[string[], string]> = [
      [['campus', 'add', 'Edu Everything', 'EDU', 'edu'], 'edu is not an e-mail domain a campus can own'],
      [['campus', 'add', 'Copycat', 'COPY', 'north.example.edu'], 'north.example.edu already belongs to NORTH'],
      [['campus', 'add', 'Another North', 'north', 'another.example.edu'], 'A campus is already called NORTH'],
      [['campus', 'add-domain', 'RU', 'NORTH.example.edu.'], 'north.example.edu already belongs to NORTH'],
      [['campus', 'add-domain', 'NOPE', 'nope.example.edu'], 'No campus is called NOPE'],
    ];
    for (const [args, message] of refusals) {
      const before = await restricted.app.database.dataSource.query('SELECT * FROM campus_domains ORDER BY domain');
      const refused = await adminCommand(...args);
      expect({ args, code: refused.code, stderr: refused.stderr }).toEqual({ args, code: 1, stderr: expect.stringContaining(message) });
      expect(await restricted.app.database.dataSource.query('SELECT * FROM campus_domains ORDER BY domain')).toEqual(before);
    }
  });

  it('adding a domain gives the students on it (or under it) that campus, their posts with them; removing it takes it back', async () => {
    const early = await createStudent(open, { email: `early-${unique()}@Lab.South.Example.org` });
    const post = await createPost(open, early);
    const campusOfPost = async () =>
      (await open.app.database.dataSource.query('SELECT author_campus_id FROM posts WHERE id = $1', [post.id]))[0].author_campus_id;
    expect((await graphql(open, early.token, VIEWER)).data.viewer.campus).toBeNull();

    expect((await adminCommand('campus', 'add', 'South College', 'SOUTH', 'south.example.com')).code).toBe(0);
    const added = await adminCommand('campus', 'add-domain', 'SOUTH', 'south.example.org');
    expect(added).toMatchObject({ code: 0, stdout: expect.stringContaining('1 student re-assigned') });
    await reloadCampuses();
    expect((await graphql(open, early.token, VIEWER)).data.viewer.campus).toEqual({ shortName: 'SOUTH', name: 'South College' });
    const [south] = (await open.app.services.campuses.all()).filter((campus) => campus.shortName === 'SOUTH');
    expect(await campusOfPost()).toBe(south!.id);

    const renamed = await adminCommand('campus', 'rename', 'south', 'South University');
    expect(renamed.code).toBe(0);
    await reloadCampuses();
    expect((await graphql(open, early.token, VIEWER)).data.viewer.campus).toEqual({ shortName: 'SOUTH', name: 'South University' });

    const removed = await adminCommand('campus', 'remove-domain', 'SOUTH', 'south.example.org');
    expect(removed).toMatchObject({ code: 0, stdout: expect.stringContaining('1 student re-assigned') });
    await reloadCampuses();
    expect((await graphql(open, early.token, VIEWER)).data.viewer.campus).toBeNull();
    expect(await campusOfPost()).toBeNull();
    const last = await adminCommand('campus', 'remove-domain', 'SOUTH', 'south.example.com');
    expect(last).toMatchObject({ code: 1, stderr: expect.stringContaining('the last domain of SOUTH') });
  });
});

describe('campus first: Explore, Events and the directory (CampusScope)', () => {
  const tag = `scope${unique()}`;
  let ann: Student; // campus A
  let amir: Student; // campus A
  let bo: Student; // campus B
  let nell: Student; // no campus
  let newcomer: Student; // campus A, unverified
  const posts: Record<string, string> = {};
  const events: Record<string, string> = {};

  const EXPLORE = `query($scope: CampusScope) { explore(first: 50, scope: $scope) { edges { node { id author { id campus { shortName } } } } } }`;
  const EVENTS = `query($scope: CampusScope, $tag: String) { events(first: 50, scope: $scope, tag: $tag) { edges { node { id } } } }`;
  const PEOPLE = `query($q: String!, $scope: CampusScope) { searchUsers(query: $q, first: 50, scope: $scope) { edges { node { id } } } }`;
  const ids = (connection: { edges: Array<{ node: { id: string } }> }) => connection.edges.map((edge) => edge.node.id);
  const explore = async (student: Student | null, scope?: 'MINE' | 'ALL') =>
    ids((await graphql(open, student?.token ?? null, EXPLORE, scope ? { scope } : {})).data.explore);
  const upcoming = async (student: Student | null, scope?: 'MINE' | 'ALL') =>
    ids((await graphql(open, student?.token ?? null, EVENTS, { tag, ...(scope && { scope }) })).data.events);
  const people = async (student: Student | null, scope?: 'MINE' | 'ALL') =>
    ids((await graphql(open, student?.token ?? null, PEOPLE, { q: tag, ...(scope && { scope }) })).data.searchUsers);

  beforeAll(async () => {
    await open.app.services.campuses.add({ name: 'Alpha Institute', shortName: 'ALPHA', domains: ['alpha.example.edu'] });
    await open.app.services.campuses.add({ name: 'Beta College', shortName: 'BETA', domains: ['beta.example.edu'] });
    const named = (name: string) => `${name} ${tag}`;
    [ann, amir, bo, nell, newcomer] = await Promise.all([
      createStudent(open, { displayName: named('Ann'), email: `ann-${unique()}@alpha.example.edu` }),
      createStudent(open, { displayName: named('Amir'), email: `amir-${unique()}@cs.alpha.example.edu` }),
      createStudent(open, { displayName: named('Bo'), email: `bo-${unique()}@beta.example.edu` }),
      createStudent(open, { displayName: named('Nell'), email: `nell-${unique()}@campus.test` }),
      createStudent(open, { displayName: named('Nia'), email: `nia-${unique()}@alpha.example.edu`, unverified: true }),
    ]);
    for (const [name, student] of [
      ['amir', amir],
      ['bo', bo],
      ['nell', nell],
    ] as const) {
      posts[name] = (await createPost(open, student, { tags: [tag] })).id;
      const created = await graphql(
        open,
        student.token,
        `
          mutation ($v: String!, $d: LocalDate!, $t: [String!]) {
            createPost(input: { videoUrl: $v, caption: "Film night", tags: $t, event: { date: $d, startTime: "19:00", timeZone: "UTC" } }) {
              id
            }
          }
        `,
        { v: await uploadedVideo(open, student), d: `${NEXT_YEAR}-05-0${Object.keys(events).length + 1}`, t: [tag] },
      );
      if (created.errors) throw new Error(JSON.stringify(created.errors));
      events[name] = created.data.createPost.id;
    }
  }, 120_000);

  it("Explore shows a student their own campus's posts by default, and every campus with scope ALL", async () => {
    const mine = await explore(ann);
    expect(mine).toEqual(expect.arrayContaining([posts.amir, events.amir]));
    for (const other of [posts.bo, posts.nell, events.bo]) expect(mine).not.toContain(other);
    const authors = (await graphql(open, ann.token, EXPLORE, {})).data.explore.edges.map((edge: any) => edge.node.author.campus?.shortName);
    expect(new Set(authors)).toEqual(new Set(['ALPHA']));
    expect(await explore(ann, 'ALL')).toEqual(expect.arrayContaining([posts.amir, posts.bo, posts.nell]));
  });

  it('Explore for a signed-out visitor, a student with no campus, or an unverified student of the campus', async () => {
    for (const viewer of [null, nell]) {
      const all = await explore(viewer);
      expect(all).toEqual(expect.arrayContaining([posts.amir, posts.bo]));
      if (viewer === null) expect(all).toContain(posts.nell);
    }
    const browsing = await explore(newcomer);
    expect(browsing).toContain(posts.amir);
    expect(browsing).not.toContain(posts.bo);
  });

  it('Events: the campus first, all with ALL, everyone for a visitor', async () => {
    expect(await upcoming(ann)).toEqual([events.amir]);
    expect(await upcoming(ann, 'ALL')).toEqual([events.amir, events.bo, events.nell]);
    expect(await upcoming(null)).toEqual([events.amir, events.bo, events.nell]);
    expect(await upcoming(nell)).toEqual([events.amir, events.bo, events.nell]);
    expect(await upcoming(bo)).toEqual([events.bo]);
  });

  it('the people directory (searchUsers): the campus first, all with ALL, everyone for a visitor', async () => {
    expect((await people(ann)).sort()).toEqual([ann.uid, amir.uid, newcomer.uid].sort());
    expect((await people(ann, 'ALL')).sort()).toEqual([ann.uid, amir.uid, bo.uid, nell.uid, newcomer.uid].sort());
    expect((await people(null)).sort()).toEqual([ann.uid, amir.uid, bo.uid, nell.uid, newcomer.uid].sort());
    expect((await people(nell)).sort()).toEqual([ann.uid, amir.uid, bo.uid, nell.uid, newcomer.uid].sort());
  });

  it('keeps blocks and mutes inside the campus list', async () => {
    const viewer = await createStudent(open, { email: `viewer-${unique()}@alpha.example.edu` });
    expect(await explore(viewer)).toContain(posts.amir);
    await graphql(
      open,
      viewer.token,
      `
        mutation ($u: ID!) {
          muteUser(userId: $u)
        }
      `,
      { u: amir.uid },
    );
    expect(await explore(viewer)).not.toContain(posts.amir);
    expect(await upcoming(viewer)).not.toContain(events.amir);
    const blocker = await createStudent(open, { email: `blocker-${unique()}@alpha.example.edu` });
    await graphql(
      open,
      blocker.token,
      `
        mutation ($u: ID!) {
          blockUser(userId: $u)
        }
      `,
      { u: amir.uid },
    );
    expect(await explore(blocker)).not.toContain(posts.amir);
    expect(ids((await graphql(open, blocker.token, PEOPLE, { q: tag })).data.searchUsers)).not.toContain(amir.uid);
  });

  it('a campus page costs what an all-campus page costs: one statement for the posts, with their authors and likes', async () => {
    const statements = async (query: string, variables: Record<string, unknown>) =>
      (await graphql(open, ann.token, query, variables)).sqlStatements;
    const page = `query($scope: CampusScope) { explore(first: 10, scope: $scope) { edges { node { id author { id displayName } viewerHasLiked } } } }`;
    expect(await statements(page, { scope: 'MINE' })).toBe(await statements(page, { scope: 'ALL' }));
    const eventsPage = `query($scope: CampusScope) { events(first: 10, scope: $scope) { edges { node { id author { id } } } } }`;
    expect(await statements(eventsPage, { scope: 'MINE' })).toBe(await statements(eventsPage, { scope: 'ALL' }));
  });

  it("a live comment's author carries the badge and campus; an unverified listener hears it but may not answer", async () => {
    const LIVE = `subscription($id: ID!) { commentAdded(postId: $id) { text author { id verified campus { shortName name } } viewerCan { report } } }`;
    const listeners = [ann, bo, newcomer];
    const streams = listeners.map((listener) => liveComments(open, listener, LIVE, posts.amir!));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const added = await graphql(
        open,
        bo.token,
        `
          mutation ($p: ID!) {
            addComment(postId: $p, text: "Live from Beta") {
              id
            }
          }
        `,
        {
          p: posts.amir,
        },
      );
      expect(added.errors).toBeUndefined();
      const heard = await Promise.all(streams.map((stream) => stream.next()));
      const author = { id: bo.uid, verified: true, campus: { shortName: 'BETA', name: 'Beta College' } };
      expect(heard).toEqual([
        { commentAdded: { text: 'Live from Beta', author, viewerCan: { report: true } } },
        { commentAdded: { text: 'Live from Beta', author, viewerCan: { report: false } } },
        { commentAdded: { text: 'Live from Beta', author, viewerCan: { report: false } } },
      ]);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it("the spec's REST Explore keeps its fields and shows every campus", async () => {
    const response = await rest(open, 'GET', `/api/posts/explore/${ann.uid}?limit=50`, { token: ann.token });
    expect(response.status).toBe(200);
    const found = response.body.posts.map((post: { _id: string }) => post._id);
    expect(found).toEqual(expect.arrayContaining([posts.amir, posts.bo, posts.nell]));
    expect(Object.keys(response.body.posts[0]).sort()).not.toContain('campus');
  });
});
