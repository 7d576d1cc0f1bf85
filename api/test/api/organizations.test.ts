import { uploadedVideo } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type GraphQLResult, type Student, type TestServer } from '../support/test-server';

/**
 * Organizations (issue 26, D17) over the wire: the whole story a club lives through (founded,
 * a request answered, an officer appointed, an event posted as the club and found on Events
 * 'From my organizations'), the statements its pages cost, and every new read path as blocked,
 * muted, suspended, unverified and signed-out viewers see it, hidden and suspended organizations
 * included.
 */
let server: TestServer;

beforeAll(async () => {
  // Many writes by a few students: the abuse limits are rate-limits.test.ts' business.
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(async () => {
  await server?.close();
});

async function ok<T = any>(student: Student | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const result = await graphql<T>(server, student?.token ?? null, query, variables);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data as T;
}

const eventDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function found(founder: Student, slug: string, joinMode: 'OPEN' | 'REQUEST' = 'OPEN'): Promise<string> {
  const data = await ok(founder, `mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { id } }`, {
    input: { name: `The ${slug}`, slug, description: 'A club', category: 'ARTS', joinMode },
  });
  return data.createOrganization.id;
}

async function postAs(student: Student, organizationId: string | null, caption: string, eventInDays?: number): Promise<string> {
  const event = eventInDays === undefined ? null : { name: caption, date: eventDay(eventInDays), startTime: '18:00', timeZone: 'UTC' };
  const data = await ok(student, `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`, {
    input: { videoUrl: await uploadedVideo(server, student), caption, organizationId, event },
  });
  return data.createPost.id;
}

describe('a club from founding to an event on a member’s calendar', () => {
  it('founds, answers a request, appoints an officer who posts an event as the club; a member finds it and adds it', async () => {
    const [ada, ben] = await Promise.all([
      createStudent(server, { displayName: 'Ada Founder' }),
      createStudent(server, { displayName: 'Ben Joiner' }),
    ]);
    const club = await found(ada, 'story-club', 'REQUEST');

    const requested = await ok(
      ben,
      `mutation($id: ID!) { joinOrganization(id: $id) { viewerMembership viewerRole viewerCan { leave join } } }`,
      {
        id: club,
      },
    );
    expect(requested.joinOrganization).toEqual({
      viewerMembership: 'REQUESTED',
      viewerRole: null,
      viewerCan: { leave: true, join: false },
    });

    const PAGE = `query($slug: String!) { organization(slug: $slug) { id memberCount viewerRole
      pendingRequests { edges { node { user { id displayName } } } }
      members { edges { node { role user { id } } } } } }`;
    const asOwner = (await ok(ada, PAGE, { slug: 'story-club' })).organization;
    expect(asOwner.pendingRequests.edges.map((edge: any) => edge.node.user)).toEqual([{ id: ben.uid, displayName: 'Ben Joiner' }]);
    // The requester sees no one's requests.
    expect((await ok(ben, PAGE, { slug: 'story-club' })).organization.pendingRequests).toBeNull();

    const notified = await ok(ada, `{ notifications { edges { node { kind organization { slug } actors { id } } } } }`);
    expect(notified.notifications.edges.map((edge: any) => edge.node)).toEqual([
      { kind: 'JOIN_REQUEST', organization: { slug: 'story-club' }, actors: [{ id: ben.uid }] },
    ]);

    await ok(ada, `mutation($id: ID!, $u: ID!) { decideJoinRequest(id: $id, userId: $u, approve: true) { id } }`, { id: club, u: ben.uid });
    expect((await ok(ben, `{ notifications { edges { node { kind organization { slug } } } } }`)).notifications.edges[0].node).toEqual({
      kind: 'JOIN_APPROVED',
      organization: { slug: 'story-club' },
    });
    await ok(ada, `mutation($id: ID!, $u: ID!) { setOfficer(id: $id, userId: $u, officer: true) { id } }`, { id: club, u: ben.uid });
    const members = (await ok(null, PAGE, { slug: 'story-club' })).organization;
    expect(members.members.edges.map((edge: any) => [edge.node.role, edge.node.user.id])).toEqual([
      ['OWNER', ada.uid],
      ['OFFICER', ben.uid],
    ]);
    expect(members.memberCount).toBe(2);

    const event = await postAs(ben, club, 'Spring showcase', 4);
    const CARD = `query($id: ID!) { post(id: $id) { author { id } organization { slug name } event { name } } }`;
    expect((await ok(null, CARD, { id: event })).post).toEqual({
      author: { id: ben.uid },
      organization: { slug: 'story-club', name: 'The story-club' },
      event: { name: 'Spring showcase' },
    });
    // REST lists the person who posted it, as before.
    const listed = await rest(server, 'GET', `/api/posts/user/${ben.uid}`);
    expect(listed.body.posts[0]).toMatchObject({ _id: event, userId: expect.objectContaining({ _id: ben.uid }) });

    // Ada (the owner, a member) finds it on Events 'From my organizations' and adds it; she was told of it.
    const MINE = `{ events(fromMyOrganizations: true, scope: ALL) { edges { node { id organization { slug } } } } }`;
    expect((await ok(ada, MINE)).events.edges.map((edge: any) => edge.node.id)).toEqual([event]);
    expect((await ok(ada, `{ notifications { edges { node { kind post { id } } } } }`)).notifications.edges[0].node).toEqual({
      kind: 'ORGANIZATION_EVENT',
      post: { id: event },
    });
    const added = await ok(ada, `mutation($p: ID!) { addEventToCalendar(postId: $p) { outcome } }`, { p: event });
    expect(added.addEventToCalendar.outcome).toBe('ADDED');
    // An outsider's 'From my organizations' is empty, a visitor's too.
    const outsider = await createStudent(server);
    expect((await ok(outsider, MINE)).events.edges).toEqual([]);
    expect((await ok(null, MINE)).events.edges).toEqual([]);
  });

  it('refuses posting as the club to members and outsiders, with the policy’s words; the last owner cannot leave', async () => {
    const [owner, member] = await Promise.all([createStudent(server), createStudent(server)]);
    const club = await found(owner, 'refusals-club');
    await ok(member, `mutation($id: ID!) { joinOrganization(id: $id) { id } }`, { id: club });
    const refused = await graphql(
      server,
      member.token,
      `
        mutation ($input: CreatePostInput!) {
          createPost(input: $input) {
            id
          }
        }
      `,
      {
        input: { videoUrl: await uploadedVideo(server, member), caption: 'Sneaky', organizationId: club },
      },
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Only the officers of this organization can post as it.',
      extensions: { code: 'FORBIDDEN' },
    });
    const leaving = await graphql(
      server,
      owner.token,
      `
        mutation ($id: ID!) {
          leaveOrganization(id: $id) {
            id
          }
        }
      `,
      { id: club },
    );
    expect(leaving.errors?.[0]).toMatchObject({
      message: 'You are the owner of this organization. Hand ownership to another member before you leave.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    await ok(owner, `mutation($id: ID!, $u: ID!) { transferOwnership(id: $id, userId: $u) { viewerRole } }`, { id: club, u: member.uid });
    expect(
      (await ok(owner, `mutation($id: ID!) { leaveOrganization(id: $id) { viewerMembership } }`, { id: club })).leaveOrganization,
    ).toEqual({
      viewerMembership: 'NONE',
    });
  });
});

describe('its pages cost one statement each', () => {
  let owner: Student;
  const POSTS = `query($slug: String!, $after: String) { organization(slug: $slug) { id
      posts(first: 2, after: $after) { edges { node { id caption likeCount commentCount viewerHasLiked author { id displayName } organization { slug }
        event { name } viewerCan { delete } } } pageInfo { hasNextPage endCursor } } } }`;

  beforeAll(async () => {
    owner = await createStudent(server);
    const club = await found(owner, 'statement-club');
    for (let index = 0; index < 5; index++) await postAs(owner, club, `Post ${index}`, index === 2 ? 3 : undefined);
  });

  it('walks its posts newest first without gaps, every page one statement beside the organization’s own', async () => {
    const bare = await graphql(
      server,
      owner.token,
      `
        query ($slug: String!) {
          organization(slug: $slug) {
            id
          }
        }
      `,
      { slug: 'statement-club' },
    );
    const captions: string[] = [];
    const statements: number[] = [];
    let after: string | null = null;
    for (;;) {
      const result: GraphQLResult = await graphql(server, owner.token, POSTS, { slug: 'statement-club', after });
      expect(result.errors).toBeUndefined();
      const page: any = result.data.organization.posts;
      captions.push(...page.edges.map((edge: any) => edge.node.caption));
      statements.push(result.sqlStatements);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(captions).toEqual(['Post 4', 'Post 3', 'Post 2', 'Post 1', 'Post 0']);
    expect(statements).toEqual([bare.sqlStatements + 1, bare.sqlStatements + 1, bare.sqlStatements + 1]);
  });

  it('its upcoming events likewise, and Home stays one statement with organizations in it', async () => {
    const events = await graphql(
      server,
      owner.token,
      `
        query ($slug: String!) {
          organization(slug: $slug) {
            upcomingEvents {
              edges {
                node {
                  caption
                  organization {
                    slug
                  }
                  author {
                    id
                  }
                }
              }
            }
          }
        }
      `,
      { slug: 'statement-club' },
    );
    expect(events.data.organization.upcomingEvents.edges.map((edge: any) => edge.node.caption)).toEqual(['Post 2']);
    expect(events.sqlStatements).toBe(2);
    const follower = await createStudent(server);
    await ok(follower, `mutation($id: ID!) { followOrganization(id: $id) { viewerIsFollowing } }`, {
      id: (await ok(null, `{ organization(slug: "statement-club") { id } }`)).organization.id,
    });
    const home = await graphql(
      server,
      follower.token,
      `
        {
          homeFeed(first: 3) {
            edges {
              node {
                caption
                author {
                  id
                }
                organization {
                  slug
                }
              }
            }
          }
        }
      `,
    );
    expect(home.data.homeFeed.edges.map((edge: any) => edge.node.caption)).toEqual(['Post 4', 'Post 3', 'Post 2']);
    // The page with the organization its posts name, in its one statement (issue 30).
    expect(home.sqlStatements).toBe(1);
  });
});

describe('new read paths for blocked, muted, suspended, unverified and signed-out viewers', () => {
  let owner: Student;
  let blocker: Student;
  let muted: Student;
  let suspended: Student;
  let viewer: Student;
  let unverified: Student;
  let clubId: string;
  const PAGE = `query($slug: String!) { organization(slug: $slug) { id name memberCount
      posts(first: 20) { edges { node { caption } } }
      upcomingEvents { edges { node { caption } } }
      members(first: 20) { edges { node { user { id } } } } } }`;

  beforeAll(async () => {
    [owner, blocker, muted, suspended, viewer] = await Promise.all(Array.from({ length: 5 }, () => createStudent(server)));
    unverified = await createStudent(server, { unverified: true });
    clubId = await found(owner, 'safety-club');
    for (const officer of [blocker, muted, suspended]) {
      await ok(officer, `mutation($id: ID!) { joinOrganization(id: $id) { id } }`, { id: clubId });
      await ok(owner, `mutation($id: ID!, $u: ID!) { setOfficer(id: $id, userId: $u, officer: true) { id } }`, {
        id: clubId,
        u: officer.uid,
      });
    }
    await postAs(owner, clubId, 'By the owner', 2);
    await postAs(blocker, clubId, 'By the blocker', 3);
    await postAs(muted, clubId, 'By the muted one', 4);
    await postAs(suspended, clubId, 'By the suspended one', 5);
    const hidden = await postAs(owner, clubId, 'Hidden for review');
    await server.app.database.dataSource.query('UPDATE posts SET hidden_for_review = true WHERE id = $1', [hidden]);
    await ok(blocker, `mutation($u: ID!) { blockUser(userId: $u) }`, { u: viewer.uid });
    await ok(viewer, `mutation($u: ID!) { muteUser(userId: $u) }`, { u: muted.uid });
    await ok(viewer, `mutation($id: ID!) { followOrganization(id: $id) { id } }`, { id: clubId });
    await server.app.database.dataSource.query(`UPDATE users SET suspended_until = now() + interval '1 day' WHERE firebase_uid = $1`, [
      suspended.uid,
    ]);
    await server.app.announceStanding(suspended.uid);
  });

  const captions = (page: any, list: 'posts' | 'upcomingEvents') => page.organization[list].edges.map((edge: any) => edge.node.caption);
  const memberIds = (page: any) => page.organization.members.edges.map((edge: any) => edge.node.user.id);

  it('the viewer: no blocker, no muted author, no suspended author, no hidden post, on every list and in Home', async () => {
    const page = await ok(viewer, PAGE, { slug: 'safety-club' });
    expect(captions(page, 'posts')).toEqual(['By the owner']);
    expect(captions(page, 'upcomingEvents')).toEqual(['By the owner']);
    // Muting is about posts: the muted officer is still listed; the blocker and the suspended one are not.
    expect(memberIds(page)).toEqual([owner.uid, muted.uid]);
    const home = await ok(viewer, `{ homeFeed(first: 20) { edges { node { caption } } } }`);
    expect(home.homeFeed.edges.map((edge: any) => edge.node.caption)).toEqual(['By the owner']);
  });

  it('a signed-out visitor and an unverified student: everything public, nobody suspended, nothing hidden', async () => {
    for (const reader of [null, unverified]) {
      const page = await ok(reader, PAGE, { slug: 'safety-club' });
      expect(captions(page, 'posts')).toEqual(['By the muted one', 'By the blocker', 'By the owner']);
      expect(captions(page, 'upcomingEvents')).toEqual(['By the owner', 'By the blocker', 'By the muted one']);
      expect(memberIds(page)).toEqual([owner.uid, blocker.uid, muted.uid]);
    }
    // The unverified student may follow, not join (D16).
    const joined = await graphql(
      server,
      unverified.token,
      `
        mutation ($id: ID!) {
          joinOrganization(id: $id) {
            id
          }
        }
      `,
      { id: clubId },
    );
    expect(joined.errors?.[0]).toMatchObject({
      extensions: { code: 'FORBIDDEN_UNVERIFIED' },
      message: 'Please verify your e-mail address first.',
    });
  });

  it('the blocker sees the viewer nowhere either: not in the members of a club the viewer joins', async () => {
    await ok(viewer, `mutation($id: ID!) { joinOrganization(id: $id) { id } }`, { id: clubId });
    expect(memberIds(await ok(blocker, PAGE, { slug: 'safety-club' }))).not.toContain(viewer.uid);
    expect(memberIds(await ok(owner, PAGE, { slug: 'safety-club' }))).toContain(viewer.uid);
    await ok(viewer, `mutation($id: ID!) { leaveOrganization(id: $id) { id } }`, { id: clubId });
  });

  it('a hidden, then suspended, club is its moderators’ only: gone from its page, the directory, its posts’ cards and Home', async () => {
    const moderator = await createStudent(server);
    await server.app.database.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    await server.app.announceStanding(moderator.uid);
    const reported = await ok(
      viewer,
      `mutation($id: ID!) { reportOrganization(id: $id, reason: HATE, details: "Its picture") { message } }`,
      {
        id: clubId,
      },
    );
    expect(reported.reportOrganization.message).toMatch(/^Thank you for telling us/);
    const queue = await ok(moderator, `{ moderationQueue { targetType targetId content } }`);
    expect(queue.moderationQueue).toContainEqual(expect.objectContaining({ targetType: 'ORGANIZATION', targetId: clubId }));

    const hide = await ok(
      moderator,
      `mutation($id: ID!) { hideOrganization(id: $id, hidden: true, note: "Bad picture") { status viewerCan { moderate } } }`,
      {
        id: clubId,
      },
    );
    expect(hide.hideOrganization).toEqual({ status: 'HIDDEN', viewerCan: { moderate: true } });
    for (const reader of [null, viewer, owner]) {
      expect((await ok(reader, `{ organization(slug: "safety-club") { id } }`)).organization).toBeNull();
      expect((await ok(reader, `{ organizations(scope: ALL, query: "safety") { edges { node { id } } } }`)).organizations.edges).toEqual(
        [],
      );
    }
    const card = await ok(owner, `{ homeFeed(first: 20) { edges { node { caption organization { id } } } } }`);
    expect(card.homeFeed.edges.map((edge: any) => edge.node.organization)).toEqual(card.homeFeed.edges.map(() => null));
    expect((await ok(viewer, `{ homeFeed(first: 20) { edges { node { caption } } } }`)).homeFeed.edges).toEqual([]);
    expect((await ok(moderator, `{ organization(slug: "safety-club") { status } }`)).organization).toEqual({ status: 'HIDDEN' });

    await ok(moderator, `mutation($id: ID!) { hideOrganization(id: $id, hidden: false, note: "Fixed") { status } }`, { id: clubId });
    await ok(moderator, `mutation($id: ID!) { suspendOrganization(id: $id, suspended: true, note: "Spam") { status } }`, { id: clubId });
    expect((await ok(owner, `{ organization(slug: "safety-club") { id } }`)).organization).toBeNull();
    const posting = await graphql(
      server,
      owner.token,
      `
        mutation ($input: CreatePostInput!) {
          createPost(input: $input) {
            id
          }
        }
      `,
      {
        input: { videoUrl: await uploadedVideo(server, owner), caption: 'Still here', organizationId: clubId },
      },
    );
    expect(posting.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' }, message: 'Organization not found' });
    await ok(moderator, `mutation($id: ID!) { suspendOrganization(id: $id, suspended: false, note: "Lifted") { status } }`, { id: clubId });
    expect((await ok(owner, `{ organization(slug: "safety-club") { status } }`)).organization).toEqual({ status: 'ACTIVE' });
  });

  it("a profile's organizations: shown unless the student chose not to (always to themselves)", async () => {
    const LIST = `query($id: ID!) { user(id: $id) { organizations { edges { node { slug } } } } }`;
    expect((await ok(viewer, LIST, { id: owner.uid })).user.organizations.edges.map((edge: any) => edge.node.slug)).toEqual([
      'safety-club',
    ]);
    await ok(owner, `mutation { updateProfile(input: { showOrganizations: false }) { showOrganizations } }`);
    expect((await ok(viewer, LIST, { id: owner.uid })).user.organizations).toBeNull();
    expect((await ok(owner, LIST, { id: owner.uid })).user.organizations.edges).toHaveLength(1);
    await ok(owner, `mutation { updateProfile(input: { showOrganizations: true }) { showOrganizations } }`);
  });
});

describe('the directory', () => {
  it('lists the viewer’s campus first and answers suggestions from interests', async () => {
    const student = await createStudent(server);
    await ok(student, `mutation { updateProfile(input: { interests: ["Basketball"] }) { id } }`);
    const hoops = await createStudent(server);
    await ok(hoops, `mutation { createOrganization(input: { name: "Hoops Society", slug: "hoops", category: SPORTS }) { id } }`);
    const suggested = await ok(student, `{ suggestedOrganizations(first: 3) { slug viewerMembership } }`);
    expect(suggested.suggestedOrganizations[0]).toEqual({ slug: 'hoops', viewerMembership: 'NONE' });
    const page = await ok(null, `{ organizations(query: "hoops") { edges { node { slug campus { id } memberCount } } } }`);
    expect(page.organizations.edges).toEqual([{ node: { slug: 'hoops', campus: null, memberCount: 1 } }]);
  });
});
