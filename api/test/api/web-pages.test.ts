import { readPlanStats } from '../../src/infra/db/plan-stats';
import { createPost, follow, uploadedVideo } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';
import { webOperation } from '../support/web-operations';

/**
 * The pages as the web app really asks for them (its own operation documents: mentions, media,
 * event, organization, the author's badge and photo sizes): each list page is one statement
 * (issue 30), and reading a post's organization in that statement keeps its visibility rule.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMITS: 'off' });
});
afterAll(async () => {
  await server?.close();
});

const HOME = webOperation('HomeFeed');
const EXPLORE = webOperation('ExploreFeed');
const POST_COMMENTS = webOperation('PostComments');
const USER_PROFILE = webOperation('UserProfile');

async function ok(student: Student | null, query: string, variables: Record<string, unknown> = {}) {
  const result = await graphql(server, student?.token ?? null, query, variables);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result;
}

async function postAsClub(student: Student, organizationId: string, caption: string): Promise<string> {
  const result = await ok(student, `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`, {
    input: { videoUrl: await uploadedVideo(server, student), caption, organizationId },
  });
  return result.data.createPost.id;
}

describe("the web's feed pages", () => {
  let founder: Student;
  let reader: Student;
  let stranger: Student;
  let clubId: string;
  let clubPost: string;

  beforeAll(async () => {
    [founder, reader, stranger] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    const created = await ok(
      founder,
      `mutation { createOrganization(input: { name: "Card Club", slug: "card-club", category: ARTS }) { id } }`,
    );
    clubId = created.data.createOrganization.id;
    await follow(server, reader, founder);
    await createPost(server, founder, { caption: 'As myself' });
    clubPost = await postAsClub(founder, clubId, 'As the club');
  });

  it('answers Home and Explore, organization cards included, in one statement a page', async () => {
    const home = await ok(reader, HOME, { first: 10 });
    const cards = home.data.homeFeed.edges.map((edge: any) => edge.node);
    expect(cards.find((card: any) => card.id === clubPost)?.organization).toMatchObject({
      id: clubId,
      name: 'Card Club',
      slug: 'card-club',
    });
    expect(cards.find((card: any) => card.caption === 'As myself')?.organization).toBeNull();
    expect(home.sqlStatements).toBe(1);

    const explore = await ok(stranger, EXPLORE, { first: 10, scope: 'ALL' });
    const seen = explore.data.explore.edges.map((edge: any) => edge.node);
    expect(seen.find((card: any) => card.id === clubPost)?.organization?.name).toBe('Card Club');
    expect(explore.sqlStatements).toBe(1);
  });

  it("answers a post's comments panel, its writers' names and pictures included, in two statements", async () => {
    const post = await createPost(server, stranger, { caption: 'Talk about it' });
    for (const [writer, text] of [
      [reader, 'First!'],
      [stranger, 'Nice one'],
      [founder, 'Thanks both'],
    ] as const)
      await ok(writer, `mutation($postId: ID!, $text: String!) { addComment(postId: $postId, text: $text) { id } }`, {
        postId: post.id,
        text,
      });
    const panel = await ok(reader, POST_COMMENTS, { postId: post.id, first: 20 });
    const comments = panel.data.post.comments.edges.map((edge: any) => edge.node);
    expect(comments.map((comment: any) => [comment.text, comment.author.id])).toEqual([
      ['First!', reader.uid],
      ['Nice one', stranger.uid],
      ['Thanks both', founder.uid],
    ]);
    expect(comments.every((comment: any) => comment.author.displayName)).toBe(true);
    // The post, then its comments joined to their writers.
    expect(panel.sqlStatements).toBe(2);
  });

  it('answers a profile, its Follow button and first posts included, in two statements', async () => {
    const asFollower = await ok(reader, USER_PROFILE, { userId: founder.uid, first: 12 });
    expect(asFollower.data.user).toMatchObject({ id: founder.uid, viewerIsFollowing: true });
    expect(asFollower.data.user.posts.edges.map((edge: any) => edge.node.caption)).toContain('As myself');
    // The person with whether the viewer follows them, then the posts.
    expect(asFollower.sqlStatements).toBe(2);

    const asStranger = await ok(stranger, USER_PROFILE, { userId: founder.uid, first: 12 });
    expect(asStranger.data.user.viewerIsFollowing).toBe(false);
    expect(asStranger.sqlStatements).toBe(2);
  });

  it('plans each page once: PostgreSQL keeps one generic plan per connection from the first request (issue 30)', async () => {
    for (let index = 0; index < 8; index++) {
      await ok(reader, HOME, { first: 10 });
      await ok(stranger, EXPLORE, { first: 10, scope: 'ALL' });
    }
    const { statements } = await readPlanStats(server.app.database.dataSource);
    const pages = statements.filter((statement) => statement.genericPlans > 0);
    // Home and Explore at least, each on the connections that ran it.
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.reduce((sum, statement) => sum + statement.genericPlans, 0)).toBeGreaterThanOrEqual(16);
    expect(statements.filter((statement) => statement.customPlans > 0)).toEqual([]);
  });

  it("keeps the organization's visibility: a hidden club is gone from a student's card, not a moderator's", async () => {
    const moderator = await createStudent(server);
    await server.app.database.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    await server.app.announceStanding(moderator.uid);
    await server.app.database.dataSource.query(`UPDATE organizations SET status = 'hidden' WHERE id = $1`, [clubId]);
    try {
      const cardFor = async (student: Student) => {
        const page = await ok(student, EXPLORE, { first: 50, scope: 'ALL' });
        return page.data.explore.edges.map((edge: any) => edge.node).find((card: any) => card.id === clubPost);
      };
      expect((await cardFor(stranger)).organization).toBeNull();
      expect((await cardFor(moderator)).organization).toMatchObject({ id: clubId, name: 'Card Club' });
    } finally {
      await server.app.database.dataSource.query(`UPDATE organizations SET status = 'active' WHERE id = $1`, [clubId]);
    }
  });

  it('gives exactly the size asked for between the shapes it keeps plans for, and pages on without gaps', async () => {
    const author = await createStudent(server);
    const made: string[] = [];
    for (let index = 0; index < 9; index++) made.unshift((await createPost(server, author, { caption: `shape ${index}` })).id);
    await follow(server, founder, author);
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await ok(founder, HOME, after ? { first: 4, after } : { first: 4 });
      const edges = page.data.homeFeed.edges;
      expect(edges.length).toBeLessThanOrEqual(4);
      ids.push(...edges.map((edge: any) => edge.node.id));
      if (!page.data.homeFeed.pageInfo.hasNextPage) break;
      expect(edges).toHaveLength(4);
      after = page.data.homeFeed.pageInfo.endCursor;
    }
    // The founder's Home: the author's nine, then the founder's own two (newest first).
    expect(ids.slice(0, 9)).toEqual(made);
    expect(ids).toHaveLength(11);
  });
});
