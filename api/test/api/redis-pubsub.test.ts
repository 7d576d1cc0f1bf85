import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type TestServer } from '../support/test-server';

/** With REDIS_URL, a comment added through one api instance reaches a subscriber on another. */
describe('live comments across two instances through Redis', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    [one, two] = await Promise.all([startTestServer(env), startTestServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
  });

  it('delivers the comment to the other instance’s subscriber', async () => {
    expect(one.app.pubsub.kind).toBe('redis');
    const author = await createStudent(one);
    const commenter = await createStudent(one);
    const post = await createPost(one, author);
    const client = createClient({
      url: two.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${author.token}` },
    });
    try {
      const received = new Promise<any>((resolve, reject) => {
        client.subscribe(
          { query: `subscription($id: ID!) { commentAdded(postId: $id) { text createdAt author { id } } }`, variables: { id: post.id } },
          { next: resolve, error: reject, complete: () => undefined },
        );
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await graphql(one, commenter.token, `mutation($id: ID!) { addComment(postId: $id, text: "Across instances") { id } }`, { id: post.id });
      const event = await received;
      expect(event.data.commentAdded).toMatchObject({ text: 'Across instances', author: { id: commenter.uid } });
      expect(Number.isNaN(Date.parse(event.data.commentAdded.createdAt))).toBe(false);
    } finally {
      await client.dispose();
    }
  });
});
