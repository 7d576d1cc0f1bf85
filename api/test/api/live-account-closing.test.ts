import { openLiveSocket, type LiveSocket } from '../support/live-socket';
import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

const COMMENTS = `subscription($id: ID!) { commentAdded(postId: $id) { text } }`;
const COUNT = `subscription { notificationCountChanged }`;
const ADD_COMMENT = `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id } }`;
const MODERATE = `mutation($input: ModerateInput!) { moderate(input: $input) }`;
const DELETE_ACCOUNT = `mutation { deleteAccount }`;

/** The bound the issue sets, on every instance. */
const WITHIN_MS = 1000;

/**
 * A suspended or deleted account keeps no live channel: its open sockets, on every instance
 * sharing Redis, close with 4403 Forbidden (graphql-ws's code for a refused connection) within a
 * second, so it stops receiving comments and unread counts, and a new socket is refused. Everyone
 * else's stay open.
 */
describe('a suspended or deleted account loses its live channels', () => {
  let one: TestServer;
  let two: TestServer;
  let moderator: Student;
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    [one, two] = await Promise.all([startTestServer(env), startTestServer(env)]);
    moderator = await createStudent(one);
    await one.app.database.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    await one.app.announceStanding(moderator.uid);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  async function ok(server: TestServer, student: Student, query: string, variables: Record<string, unknown> = {}) {
    const result = await graphql(server, student.token, query, variables);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data;
  }

  /** A student's tab on `server`: the post's comments and their unread count. */
  async function tab(server: TestServer, student: Student, postId: string): Promise<LiveSocket> {
    const socket = await openLiveSocket(server.url, student.token);
    sockets.push(socket);
    socket.subscribe('comments', COMMENTS, { id: postId });
    socket.subscribe('count', COUNT);
    return socket;
  }

  /** Comments until every tab has heard one: their subscriptions are in place. */
  async function allListening(author: Student, postId: string, tabs: LiveSocket[]) {
    for (let attempt = 0; ; attempt += 1) {
      await ok(one, author, ADD_COMMENT, { id: postId, text: `probe ${attempt}` });
      const heard = await Promise.all(
        tabs.map((socket) =>
          socket.next('comments', 1000).then(
            () => true,
            () => false,
          ),
        ),
      );
      if (heard.every(Boolean)) break;
      if (attempt > 10) throw new Error('the tabs never heard a comment');
    }
  }

  /** Both of the student's tabs close with 4403 within the bound of the change's answer, and a bystander's stays open. */
  async function expectClosed(tabs: LiveSocket[], answeredAt: number, bystander: LiveSocket) {
    const outcomes = await Promise.all(
      tabs.map((socket) => Promise.race([socket.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), WITHIN_MS * 5))])),
    );
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ code: 4403, reason: 'Forbidden' });
      expect(outcome!.at - answeredAt).toBeLessThanOrEqual(WITHIN_MS);
    }
    const stillOpen = await Promise.race([
      bystander.closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('open'), 300)),
    ]);
    expect(stillOpen).toBe('open');
  }

  it('a suspension closes the student’s sockets on both instances with 4403, and a new one is refused', async () => {
    const [troll, linus] = await Promise.all([createStudent(one), createStudent(one)]);
    const post = await createPost(one, linus);
    const [onOne, onTwo, bystander] = [await tab(one, troll, post.id), await tab(two, troll, post.id), await tab(two, linus, post.id)];
    await allListening(linus, post.id, [onOne, onTwo, bystander]);

    await ok(one, moderator, MODERATE, { input: { targetType: 'USER', targetId: troll.uid, decision: 'SUSPEND', note: 'Spam', days: 2 } });
    await expectClosed([onOne, onTwo], Date.now(), bystander);
    // No comment or count reached them after the suspension: the sockets are gone.
    await ok(one, linus, ADD_COMMENT, { id: post.id, text: 'After the suspension' });
    expect((await bystander.next('comments')).commentAdded.text).toBe('After the suspension');
    await expect(openLiveSocket(two.url, troll.token)).rejects.toThrow('(4403)');
  });

  it('deleting an account closes its sockets on both instances with 4403', async () => {
    const [leaving, linus] = await Promise.all([createStudent(one), createStudent(one)]);
    const post = await createPost(one, linus);
    const [onOne, onTwo, bystander] = [await tab(one, leaving, post.id), await tab(two, leaving, post.id), await tab(one, linus, post.id)];
    await allListening(linus, post.id, [onOne, onTwo, bystander]);

    await ok(one, leaving, DELETE_ACCOUNT);
    await expectClosed([onOne, onTwo], Date.now(), bystander);
    await expect(openLiveSocket(one.url, leaving.token)).rejects.toThrow('(4403)');
  });
});
