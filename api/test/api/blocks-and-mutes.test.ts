import { liveComments } from '../support/live-comments';
import { createPost } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

const ADD_COMMENT = `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id } }`;
const LIVE = `subscription($id: ID!) { commentAdded(postId: $id) { text author { id } } }`;

/**
 * Blocks and mutes through the whole api: live comments (each subscriber gets only what they may
 * see, decided once per subscription), the REST documents, and the GraphQL profile. Every read
 * path of the service is covered in modules/blocks/block.service.test.ts.
 */
describe('blocks and mutes on the live and REST paths', () => {
  let server: TestServer;
  let ada: Student;
  let grace: Student;
  let linus: Student;
  let bea: Student;

  beforeAll(async () => {
    server = await startTestServer();
    [ada, grace, linus, bea] = await Promise.all([
      createStudent(server),
      createStudent(server),
      createStudent(server),
      createStudent(server),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a live comment reaches neither someone its author blocked nor someone who muted its author; others get it', async () => {
    const post = await createPost(server, linus);
    await graphql(
      server,
      ada.token,
      `
        mutation ($u: ID!) {
          muteUser(userId: $u)
        }
      `,
      { u: grace.uid },
    );
    await graphql(
      server,
      grace.token,
      `
        mutation ($u: ID!) {
          blockUser(userId: $u)
        }
      `,
      { u: bea.uid },
    );
    const streams = {
      ada: liveComments(server, ada, LIVE, post.id),
      bea: liveComments(server, bea, LIVE, post.id),
      linus: liveComments(server, linus, LIVE, post.id),
    };
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await graphql(server, grace.token, ADD_COMMENT, { id: post.id, text: 'From Grace' });
      await graphql(server, linus.token, ADD_COMMENT, { id: post.id, text: 'From Linus' });

      // Linus (nobody hides anyone from him) gets both; Ada muted Grace and Grace blocked Bea: each gets Linus's only.
      expect([(await streams.linus.next()).commentAdded.text, (await streams.linus.next()).commentAdded.text]).toEqual([
        'From Grace',
        'From Linus',
      ]);
      expect((await streams.ada.next()).commentAdded).toEqual({ text: 'From Linus', author: { id: linus.uid } });
      expect((await streams.bea.next()).commentAdded).toEqual({ text: 'From Linus', author: { id: linus.uid } });
    } finally {
      await Promise.all(Object.values(streams).map((stream) => stream.close()));
    }
  });

  it('a post of someone who blocked you sends you none of its comments live', async () => {
    const post = await createPost(server, grace);
    const stream = liveComments(server, bea, LIVE, post.id);
    const control = liveComments(server, linus, LIVE, post.id);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await graphql(server, linus.token, ADD_COMMENT, { id: post.id, text: 'Under a post Bea cannot see' });
      expect((await control.next()).commentAdded.text).toBe('Under a post Bea cannot see');
      const beaGot = await Promise.race([stream.next(), new Promise((resolve) => setTimeout(() => resolve('nothing'), 700))]);
      expect(beaGot).toBe('nothing');
    } finally {
      await stream.close();
      await control.close();
    }
  });

  it('a blocked profile is "not available" over GraphQL and REST, and blocking answers over GraphQL in plain words', async () => {
    const asGraphql = await graphql(
      server,
      bea.token,
      `
        query ($id: ID!) {
          user(id: $id) {
            id
          }
        }
      `,
      { id: grace.uid },
    );
    expect(asGraphql.errors?.[0]).toMatchObject({ message: 'This account is not available', extensions: { code: 'NOT_FOUND' } });
    const asRest = await rest(server, 'GET', `/api/users/${grace.uid}`, { token: bea.token });
    expect(asRest.status).toBe(404);
    expect(asRest.body).toMatchObject({ success: false, message: 'This account is not available' });
    // Signed out, or as anyone else: the profile is there.
    expect(
      (
        await graphql(
          server,
          null,
          `
            query ($id: ID!) {
              user(id: $id) {
                id
              }
            }
          `,
          { id: grace.uid },
        )
      ).data.user,
    ).toEqual({ id: grace.uid });

    const self = await graphql(
      server,
      bea.token,
      `
        mutation ($u: ID!) {
          blockUser(userId: $u)
        }
      `,
      { u: bea.uid },
    );
    expect(self.errors?.[0]).toMatchObject({ message: 'You cannot block yourself.', extensions: { code: 'BAD_USER_INPUT' } });
    const lists = await graphql(
      server,
      grace.token,
      `
        {
          blockedUsers {
            id
          }
          mutedUsers {
            id
          }
        }
      `,
    );
    expect(lists.data).toEqual({ blockedUsers: [{ id: bea.uid }], mutedUsers: [] });
  });

  it('REST post documents embed no comments of someone the viewer blocked or muted', async () => {
    const post = await createPost(server, linus);
    await graphql(server, grace.token, ADD_COMMENT, { id: post.id, text: 'Grace was here' });
    await graphql(server, linus.token, ADD_COMMENT, { id: post.id, text: 'Linus was here' });
    const asAda = await rest(server, 'GET', `/api/posts/user/${linus.uid}`, { token: ada.token });
    const document = asAda.body.posts.find((p: { _id: string }) => p._id === post.id);
    expect(document.comments.map((comment: { text: string }) => comment.text)).toEqual(['Linus was here']);
    const asLinus = await rest(server, 'GET', `/api/posts/user/${linus.uid}`, { token: linus.token });
    expect(asLinus.body.posts.find((p: { _id: string }) => p._id === post.id).comments).toHaveLength(2);
  });
});
