import { follow, uploadedVideo } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

const MENTION_FIELDS = 'mentions { start length user { id displayName } }';
const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { id caption ${MENTION_FIELDS} } }`;
const POST = `query($id: ID!) { post(id: $id) { id caption ${MENTION_FIELDS} comments { edges { node { id text ${MENTION_FIELDS} } } } } }`;
const COMMENT = `mutation($p: ID!, $t: String!, $m: [ID!]!) { addComment(postId: $p, text: $t, mentions: $m) { id text ${MENTION_FIELDS} } }`;
const NOTIFICATIONS = `{ notifications(first: 50) { edges { node { kind post { id } commentId actors { id } } } } }`;
const BLOCK = `mutation($u: ID!) { blockUser(userId: $u) }`;
const RENAME = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id displayName } }`;
const HOME = `query($first: Int) { homeFeed(first: $first) {
  edges { node { id caption author { id displayName } ${MENTION_FIELDS} } } } }`;
const HOME_WITHOUT_MENTIONS = `query($first: Int) { homeFeed(first: $first) { edges { node { id caption author { id displayName } } } } }`;

/**
 * @mentions in captions and comments through the whole api: stored by account with where their
 * '@Name' sits (UTF-16), told once, the rules that leave a mention out silently (unknown, oneself,
 * a block either way, a name not in the text), the limit of 10, renames, REST, and what a feed page
 * with mentions costs in statements.
 */
describe('mentions', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function ok<T = any>(student: Student | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const result = await graphql<T>(server, student?.token ?? null, query, variables);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data as T;
  }
  const students = (n: number) => Promise.all(Array.from({ length: n }, () => createStudent(server)));
  const sql = (query: string, parameters: unknown[] = []) => server.app.database.dataSource.query(query, parameters);
  const at = (text: string, student: Student) => text.indexOf(`@${student.displayName}`);
  const mentionOf = (text: string, student: Student, name = student.displayName) => ({
    start: at(text, student),
    length: student.displayName.length + 1,
    user: { id: student.uid, displayName: name },
  });

  async function post(author: Student, caption: string, mentions: string[]) {
    return graphql(server, author.token, CREATE, { input: { videoUrl: await uploadedVideo(server, author), caption, mentions } });
  }
  async function createPost(author: Student, caption: string, mentions: string[]) {
    const result = await post(author, caption, mentions);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data.createPost as { id: string; caption: string; mentions: any[] };
  }
  async function mentionsFor(student: Student) {
    const data = await ok(student, NOTIFICATIONS);
    return data.notifications.edges
      .map((edge: { node: any }) => edge.node)
      .filter((node: { kind: string }) => node.kind === 'MENTION')
      .map((node: any) => ({
        post: node.post?.id ?? null,
        commentId: node.commentId,
        actors: node.actors.map((a: { id: string }) => a.id),
      }));
  }
  const storedMentions = async (table: 'posts' | 'comments', id: string) =>
    ((await sql(`SELECT mentions FROM ${table} WHERE id = $1`, [id])) as Array<{ mentions: unknown }>)[0]!.mentions;

  it('stores a caption mention by account with its place, and tells the student once', async () => {
    const [ada, ben] = await students(2);
    const caption = `Golden hour with @${ben.displayName}!`;
    const created = await createPost(ada, caption, [ben.uid, ben.uid]);
    expect(created.mentions).toEqual([mentionOf(caption, ben)]);
    expect(await storedMentions('posts', created.id)).toEqual([
      { uid: ben.uid, start: at(caption, ben), length: ben.displayName.length + 1 },
    ]);
    // Anyone reading the post gets the same (a signed-out visitor too).
    expect((await ok(null, POST, { id: created.id })).post.mentions).toEqual([mentionOf(caption, ben)]);
    expect(await mentionsFor(ben)).toEqual([{ post: created.id, commentId: null, actors: [ada.uid] }]);
    // Nobody else heard of it, and the author is not told of their own post.
    expect(await mentionsFor(ada)).toEqual([]);
  });

  it("stores a comment's mentions and tells them, but not the post's author twice", async () => {
    const [ada, ben, cleo] = await students(3);
    const { id: postId } = await createPost(ada, 'Study night', []);
    const text = `@${ben.displayName} and @${ada.displayName}, look at this`;
    const comment = (await ok(cleo, COMMENT, { p: postId, t: `  ${text}  `, m: [ben.uid, ada.uid] })).addComment;
    // Offsets are in the stored (trimmed) text.
    expect(comment.text).toBe(text);
    expect(comment.mentions).toEqual([mentionOf(text, ben), mentionOf(text, ada)]);
    const read = (await ok(ben, POST, { id: postId })).post.comments.edges[0].node;
    expect(read.mentions).toEqual([mentionOf(text, ben), mentionOf(text, ada)]);
    expect(await mentionsFor(ben)).toEqual([{ post: postId, commentId: comment.id, actors: [cleo.uid] }]);
    // Ada is told of the comment, which is enough: no second notification for the mention in it.
    expect(await mentionsFor(ada)).toEqual([]);
    const adaKinds = (await ok(ada, NOTIFICATIONS)).notifications.edges.map((edge: any) => edge.node.kind);
    expect(adaKinds).toEqual(['COMMENT']);
  });

  it('keeps pointing at the student after a rename: Mention.user has the new name', async () => {
    const [ada, ben] = await students(2);
    const caption = `Shoutout to @${ben.displayName}`;
    const { id } = await createPost(ada, caption, [ben.uid]);
    const renamed = `Benedict ${ben.uid.slice(0, 4)}`;
    await ok(ben, RENAME, { input: { displayName: renamed } });
    const mentions = (await ok(ada, POST, { id })).post.mentions;
    // The text keeps the name as written; the mention keeps its place and names the account as it is now.
    expect(mentions).toEqual([mentionOf(caption, ben, renamed)]);
  });

  it('leaves out, without an error, oneself, unknown ids and anyone blocked either way', async () => {
    const [ada, ben, blockedByAda, blockerOfAda] = await students(4);
    await ok(ada, BLOCK, { u: blockedByAda.uid });
    await ok(blockerOfAda, BLOCK, { u: ada.uid });
    const caption = [ada, ben, blockedByAda, blockerOfAda].map((student) => `@${student.displayName}`).join(' ') + ' @nobody';
    const ids = [ada.uid, ben.uid, blockedByAda.uid, blockerOfAda.uid, 'no-such-student', '', 'x'.repeat(500)];
    const created = await createPost(ada, caption, ids);
    expect(created.mentions).toEqual([mentionOf(caption, ben)]);
    expect(await mentionsFor(blockedByAda)).toEqual([]);
    expect(await mentionsFor(blockerOfAda)).toEqual([]);
    expect(await mentionsFor(ben)).toHaveLength(1);
    // The same in a comment.
    const comment = (await ok(ada, COMMENT, { p: created.id, t: caption, m: ids })).addComment;
    expect(comment.mentions).toEqual([mentionOf(caption, ben)]);
  });

  it('refuses more than 10 people with a field error, storing nothing', async () => {
    const [ada, ...others] = await students(12);
    const caption = others.map((student) => `@${student.displayName}`).join(' ');
    const ids = others.map((student) => student.uid);
    const postsBefore = (await sql('SELECT count(*)::int AS n FROM posts WHERE author_uid = $1', [ada.uid]))[0].n;
    const refused = await post(ada, caption, ids);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'You can mention at most 10 people',
      extensions: { code: 'BAD_USER_INPUT', fields: { mentions: 'You can mention at most 10 people' } },
    });
    expect((await sql('SELECT count(*)::int AS n FROM posts WHERE author_uid = $1', [ada.uid]))[0].n).toBe(postsBefore);

    const { id } = await createPost(ada, 'Hello', []);
    const refusedComment = await graphql(server, ada.token, COMMENT, { p: id, t: caption, m: ids });
    expect(refusedComment.errors?.[0]?.extensions?.fields).toEqual({ mentions: 'You can mention at most 10 people' });
    expect((await sql('SELECT count(*)::int AS n FROM comments WHERE post_id = $1', [id]))[0].n).toBe(0);
    for (const student of others) expect(await mentionsFor(student)).toEqual([]);

    // Ten is fine, and the same id twice counts once.
    const ten = await createPost(ada, caption, [...ids.slice(0, 10), ids[0]!]);
    expect(ten.mentions.map((mention: any) => mention.user.id)).toEqual(ids.slice(0, 10));
  });

  it("leaves out an id whose '@Name' is not in the text, or only inside a longer word", async () => {
    const [ada, ben, cleo] = await students(3);
    const caption = `Hi ${ben.displayName} and @${cleo.displayName}x, mail ada@${cleo.displayName}`;
    const created = await createPost(ada, caption, [ben.uid, cleo.uid]);
    expect(created.mentions).toEqual([]);
    expect(await mentionsFor(ben)).toEqual([]);
    expect(await mentionsFor(cleo)).toEqual([]);
  });

  it('places a mention after emoji in UTF-16 code units, as JavaScript indexes strings', async () => {
    const [ada, ben, cleo] = await students(3);
    const caption = `🎉🎉 party with @${ben.displayName} 👩🏽‍💻 and @${cleo.displayName}`;
    const created = await createPost(ada, caption, [cleo.uid, ben.uid]);
    expect(
      created.mentions.map((mention: any) => [mention.user.id, created.caption.slice(mention.start, mention.start + mention.length)]),
    ).toEqual([
      [ben.uid, `@${ben.displayName}`],
      [cleo.uid, `@${cleo.displayName}`],
    ]);
    expect(created.mentions[0].start).toBe(16); // two emoji of two code units each, then ' party with '
  });

  it("answers null for an account the viewer may not see (a later block, a deleted account), keeping the mention's place", async () => {
    const [ada, ben, cleo, dan] = await students(4);
    const caption = `@${ben.displayName} @${dan.displayName}`;
    const { id } = await createPost(ada, caption, [ben.uid, dan.uid]);
    await ok(ben, BLOCK, { u: cleo.uid });
    await sql('DELETE FROM users WHERE firebase_uid = $1', [dan.uid]);
    const seen = (await ok(cleo, POST, { id })).post.mentions;
    expect(seen).toEqual([
      { start: 0, length: ben.displayName.length + 1, user: null },
      { start: at(caption, dan), length: dan.displayName.length + 1, user: null },
    ]);
    expect((await ok(ada, POST, { id })).post.mentions[0].user).toEqual({ id: ben.uid, displayName: ben.displayName });
  });

  it('costs one batched statement more for a feed page with mentions, whatever its size', async () => {
    const [viewer, author, ...mentioned] = await students(7);
    await follow(server, viewer, author);
    for (let index = 0; index < 6; index++) {
      const people = [mentioned[index % mentioned.length]!, mentioned[(index + 1) % mentioned.length]!];
      await createPost(
        author,
        people.map((student) => `@${student.displayName}`).join(' and '),
        people.map((s) => s.uid),
      );
    }
    const small = await graphql(server, viewer.token, HOME, { first: 1 });
    const large = await graphql(server, viewer.token, HOME, { first: 20 });
    expect(large.errors).toBeUndefined();
    expect(large.data.homeFeed.edges.filter((edge: any) => edge.node.mentions.length === 2)).toHaveLength(6);
    expect(large.data.homeFeed.edges.every((edge: any) => edge.node.mentions.every((m: any) => m.user?.id))).toBe(true);
    const without = await graphql(server, viewer.token, HOME_WITHOUT_MENTIONS, { first: 20 });
    // The page's posts come with their authors in one statement; the mentioned people are one
    // more, batched, however many posts mention however many people.
    expect(small.sqlStatements).toBe(large.sqlStatements);
    expect(large.sqlStatements).toBe(without.sqlStatements + 1);
    expect(large.sqlStatements).toBeLessThanOrEqual(2);
    // A page where no post mentions anyone: nothing more.
    const noMentions = await createStudent(server);
    await createPost(noMentions, 'Nothing to see', []);
    const quietPage = await graphql(server, noMentions.token, HOME, { first: 20 });
    expect(quietPage.data.homeFeed.edges.every((edge: any) => edge.node.mentions.length === 0)).toBe(true);
    expect(quietPage.sqlStatements).toBe(without.sqlStatements);
  });

  it('takes mentions through REST: POST /api/posts and the add-comment route, with the same rules', async () => {
    const [ada, ben, cleo, dan] = await students(4);
    await ok(cleo, BLOCK, { u: ada.uid });
    const caption = `On the quad with @${ben.displayName} and @${cleo.displayName}`;
    const created = await rest(server, 'POST', '/api/posts', {
      token: ada.token,
      body: { firebaseUid: ada.uid, videoUrl: await uploadedVideo(server, ada), caption, tags: 'campus', mentions: [ben.uid, cleo.uid] },
    });
    expect(created.status).toBe(201);
    const mention = { uid: ben.uid, start: at(caption, ben), length: ben.displayName.length + 1 };
    expect(created.body.post.mentions).toEqual([mention]);
    const postId = created.body.post._id as string;
    expect(await mentionsFor(ben)).toEqual([{ post: postId, commentId: null, actors: [ada.uid] }]);
    expect(await mentionsFor(cleo)).toEqual([]);
    // The documents carry them; someone the reader may not see is left out of theirs.
    const listed = await rest(server, 'GET', `/api/posts/user/${ada.uid}`);
    expect(listed.body.posts[0].mentions).toEqual([mention]);
    await ok(ben, BLOCK, { u: dan.uid });
    const asDan = await rest(server, 'GET', `/api/posts/user/${ada.uid}`, { token: dan.token });
    expect(asDan.body.posts.map((document: any) => [document._id, document.caption, document.mentions])).toEqual([[postId, caption, []]]);

    const text = `Agreed @${ada.displayName}`;
    const commented = await rest(server, 'POST', `/api/posts/${postId}/comment`, {
      token: ben.token,
      body: { firebaseUid: ben.uid, text, mentions: [ada.uid] },
    });
    expect(commented.status).toBe(201);
    // The comment document keeps the spec's shape; GraphQL reads its mentions.
    expect(Object.keys(commented.body.comment).sort()).toEqual(['_id', 'createdAt', 'text', 'userId']);
    const read = (await ok(ada, POST, { id: postId })).post.comments.edges[0].node;
    expect(read.mentions).toEqual([mentionOf(text, ada)]);

    const tooMany = await rest(server, 'POST', '/api/posts', {
      token: ada.token,
      body: {
        firebaseUid: ada.uid,
        videoUrl: await uploadedVideo(server, ada),
        caption,
        mentions: Array.from({ length: 11 }, (_, i) => `u${i}`),
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ success: false, errors: { mentions: 'You can mention at most 10 people' } });
    const notAList = await rest(server, 'POST', `/api/posts/${postId}/comment`, {
      token: ben.token,
      body: { firebaseUid: ben.uid, text, mentions: ada.uid },
    });
    expect(notAList.status).toBe(400);
  });
});
