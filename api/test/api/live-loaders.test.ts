import { liveComments } from '../support/live-comments';
import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

// graphql-ws builds a subscription's context once; every event must still execute with fresh
// DataLoaders, or a field keeps the value its first event loaded.

let server: TestServer;
let author: Student;
let fan: Student;
beforeAll(async () => {
  server = await startTestServer();
  [author, fan] = await Promise.all([createStudent(server), createStudent(server)]);
});
afterAll(async () => {
  await server.close();
});

const ADD_COMMENT = `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id } }`;
const LIKE = `mutation($id: ID!) { likePost(postId: $id) { id } }`;

describe('live events load afresh', () => {
  it('shows each commentAdded event the post as it is then, for shared and per-viewer selections alike', async () => {
    const post = await createPost(server, author);
    // Shared: the same viewer-independent operation from two subscribers runs once per event.
    const SHARED = `subscription($id: ID!) { commentAdded(postId: $id) { text post { likeCount } } }`;
    // Per subscriber: viewerHasLiked and commentCount (the thread each reader is shown) depend on the viewer.
    const PERSONAL = `subscription($id: ID!) { commentAdded(postId: $id) { text post { commentCount likeCount viewerHasLiked } } }`;
    const streams = [
      liveComments(server, author, SHARED, post.id),
      liveComments(server, fan, SHARED, post.id),
      liveComments(server, fan, PERSONAL, post.id),
    ];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await addComment(post.id, 'First');
      const first = await Promise.all(streams.map((stream) => stream.next()));
      expect(first[0].commentAdded).toEqual({ text: 'First', post: { likeCount: 0 } });
      expect(first[1].commentAdded).toEqual({ text: 'First', post: { likeCount: 0 } });
      expect(first[2].commentAdded).toEqual({ text: 'First', post: { commentCount: 1, likeCount: 0, viewerHasLiked: false } });

      expect((await graphql(server, fan.token, LIKE, { id: post.id })).errors).toBeUndefined();
      await addComment(post.id, 'Second');
      const second = await Promise.all(streams.map((stream) => stream.next()));
      expect(second[0].commentAdded).toEqual({ text: 'Second', post: { likeCount: 1 } });
      expect(second[1].commentAdded).toEqual({ text: 'Second', post: { likeCount: 1 } });
      expect(second[2].commentAdded).toEqual({ text: 'Second', post: { commentCount: 2, likeCount: 1, viewerHasLiked: true } });
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});

describe('live comments with mentions', () => {
  it('are answered once for every subscriber: the mentioned account is nobody in particular there, and is read again with the thread', async () => {
    const post = await createPost(server, author);
    const mentioned = await createStudent(server, { displayName: 'Mina Mentioned' });
    const LIVE = `subscription($id: ID!) { commentAdded(postId: $id) { text mentions { start length user { id } } } }`;
    const streams = [liveComments(server, author, LIVE, post.id), liveComments(server, mentioned, LIVE, post.id)];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const added = await graphql(
        server,
        fan.token,
        `
          mutation ($id: ID!, $m: [ID!]!) {
            addComment(postId: $id, text: "hi @Mina Mentioned", mentions: $m) {
              mentions {
                start
                length
                user {
                  id
                }
              }
            }
          }
        `,
        { id: post.id, m: [mentioned.uid] },
      );
      expect(added.data.addComment.mentions).toEqual([{ start: 3, length: 15, user: { id: mentioned.uid } }]);
      // Shared: one execution cannot know each subscriber's blocks, so nobody's account is named.
      for (const event of await Promise.all(streams.map((stream) => stream.next()))) {
        expect(event.commentAdded).toEqual({ text: 'hi @Mina Mentioned', mentions: [{ start: 3, length: 15, user: null }] });
      }
      const thread = await graphql(
        server,
        author.token,
        `
          query ($id: ID!) {
            post(id: $id) {
              comments(first: 5) {
                edges {
                  node {
                    mentions {
                      user {
                        id
                      }
                    }
                  }
                }
              }
            }
          }
        `,
        { id: post.id },
      );
      expect(thread.data.post.comments.edges[0].node.mentions).toEqual([{ user: { id: mentioned.uid } }]);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});

async function addComment(postId: string, text: string): Promise<void> {
  const result = await graphql(server, fan.token, ADD_COMMENT, { id: postId, text });
  expect(result.errors).toBeUndefined();
}
