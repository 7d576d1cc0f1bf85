import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

const LIST = `query($first: Int!, $after: String) {
  notifications(first: $first, after: $after) {
    edges { cursor node { id kind actorCount actors { id } post { id } commentId text createdAt read } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const COUNT = `{ unreadNotificationCount }`;
const LIKE = `mutation($p: ID!) { likePost(postId: $p) { id } }`;
const UNLIKE = `mutation($p: ID!) { unlikePost(postId: $p) { id } }`;
const COMMENT = `mutation($p: ID!, $t: String!) { addComment(postId: $p, text: $t) { id } }`;
const DELETE_COMMENT = `mutation($id: ID!) { deleteComment(id: $id) }`;
const FOLLOW = `mutation($u: ID!) { follow(userId: $u) { id } }`;
const UNFOLLOW = `mutation($u: ID!) { unfollow(userId: $u) { id } }`;
const BLOCK = `mutation($u: ID!) { blockUser(userId: $u) }`;
const UNBLOCK = `mutation($u: ID!) { unblockUser(userId: $u) }`;
const MUTE = `mutation($u: ID!) { muteUser(userId: $u) }`;
const MARK_READ = `mutation { markAllNotificationsRead }`;
const SETTINGS = `{ notificationSettings { likes comments mentions follows moderation } }`;
const UPDATE_SETTINGS = `mutation($input: NotificationSettingsInput!) {
  updateNotificationSettings(input: $input) { likes comments mentions follows moderation } }`;
const MODERATE = `mutation($input: ModerateInput!) { moderate(input: $input) }`;

/**
 * Notifications through the whole api: each kind, grouping, read state, settings, blocks and mutes
 * (when the act happens and later), privacy (nothing about a post the reader may not see), never
 * one's own acts, the live unread count over graphql-ws, and what a page costs in statements.
 */
describe('notifications', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function ok<T = any>(student: Student, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const result = await graphql<T>(server, student.token, query, variables);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data as T;
  }

  async function list(student: Student, first = 20, after: string | null = null) {
    const data = await ok(student, LIST, { first, after });
    return data.notifications as { edges: Array<{ cursor: string; node: any }>; pageInfo: { hasNextPage: boolean; endCursor: string } };
  }
  const nodes = async (student: Student) => (await list(student)).edges.map((edge) => edge.node);
  const count = async (student: Student) => (await ok(student, COUNT)).unreadNotificationCount as number;
  const students = (n: number) => Promise.all(Array.from({ length: n }, () => createStudent(server)));
  const sql = (query: string, parameters: unknown[] = []) => server.app.database.dataSource.query(query, parameters);

  it('tells a student of a like, a comment, a new follower and a mention, newest first', async () => {
    const [ada, ben] = await students(2);
    const post = await createPost(server, ada);
    await ok(ben, LIKE, { p: post.id });
    const comment = (await ok(ben, COMMENT, { p: post.id, t: 'Great light in this one' })).addComment.id;
    await ok(ben, FOLLOW, { u: ada.uid });
    // The mentions work calls this when a caption or comment names someone.
    const benPost = await createPost(server, ben);
    await server.app.services.notifications.notifyMentions(ben, [ada.uid], benPost.id, null);

    const shown = await nodes(ada);
    expect(
      shown.map((node) => [node.kind, node.actors.map((actor: { id: string }) => actor.id), node.actorCount, node.post?.id ?? null]),
    ).toEqual([
      ['MENTION', [ben.uid], 1, benPost.id],
      ['FOLLOW', [ben.uid], 1, null],
      ['COMMENT', [ben.uid], 1, post.id],
      ['LIKE', [ben.uid], 1, post.id],
    ]);
    expect(shown[2]).toMatchObject({ commentId: comment, text: 'Great light in this one', read: false });
    expect(shown[0]).toMatchObject({ commentId: null, text: null });
    expect(await count(ada)).toBe(4);
    // A mention once only: the same caption again adds nothing.
    await server.app.services.notifications.notifyMentions(ben, [ada.uid, ada.uid], benPost.id, null);
    expect(await count(ada)).toBe(4);
    // Ben was told of nothing: none of it was done to him.
    expect(await nodes(ben)).toEqual([]);
  });

  it('groups likes on one post while unread, newest first, and starts a new group once read', async () => {
    const [ada, ...likers] = await students(6);
    const post = await createPost(server, ada);
    const other = await createPost(server, ada);
    for (const liker of likers.slice(0, 5)) await ok(liker, LIKE, { p: post.id });
    await ok(likers[0]!, LIKE, { p: other.id });

    let shown = await nodes(ada);
    expect(shown).toHaveLength(2);
    const group = shown.find((node) => node.post.id === post.id);
    expect(group.actorCount).toBe(5);
    expect(group.actors.map((actor: { id: string }) => actor.id)).toEqual([likers[4]!.uid, likers[3]!.uid, likers[2]!.uid]);
    // A group is as new as its newest event: the other post's like came last.
    expect(shown[0].post.id).toBe(other.id);
    expect(await count(ada)).toBe(2);

    // Liking again (idempotent) adds nobody.
    await ok(likers[1]!, LIKE, { p: post.id });
    expect((await nodes(ada)).find((node) => node.post.id === post.id).actorCount).toBe(5);

    // Read: a later like starts a new group; the read one keeps its five.
    expect((await ok(ada, MARK_READ)).markAllNotificationsRead).toBe(true);
    expect(await count(ada)).toBe(0);
    await ok(likers[1]!, UNLIKE, { p: post.id });
    await ok(likers[1]!, LIKE, { p: post.id });
    shown = await nodes(ada);
    expect(shown.map((node) => [node.post.id, node.actorCount, node.read])).toEqual([
      [post.id, 1, false],
      [other.id, 1, true],
      [post.id, 4, true],
    ]);
    expect(await count(ada)).toBe(1);
  });

  it('groups new followers while unread; unfollowing, unliking and deleting a comment take back their part', async () => {
    const [ada, ben, cleo] = await students(3);
    const post = await createPost(server, ada);
    await ok(ben, FOLLOW, { u: ada.uid });
    await ok(cleo, FOLLOW, { u: ada.uid });
    let follows = (await nodes(ada)).filter((node) => node.kind === 'FOLLOW');
    expect(follows.map((node) => [node.actorCount, node.actors.map((actor: { id: string }) => actor.id)])).toEqual([
      [2, [cleo.uid, ben.uid]],
    ]);

    await ok(cleo, UNFOLLOW, { u: ada.uid });
    follows = (await nodes(ada)).filter((node) => node.kind === 'FOLLOW');
    expect(follows.map((node) => [node.actorCount, node.actors.map((actor: { id: string }) => actor.id)])).toEqual([[1, [ben.uid]]]);
    await ok(ben, UNFOLLOW, { u: ada.uid });
    expect(await nodes(ada)).toEqual([]);

    await ok(ben, LIKE, { p: post.id });
    await ok(ben, UNLIKE, { p: post.id });
    const comment = (await ok(ben, COMMENT, { p: post.id, t: 'Hello' })).addComment.id;
    await server.app.services.notifications.notifyMentions(ben, [cleo.uid], post.id, comment);
    expect((await nodes(cleo)).map((node) => [node.kind, node.commentId, node.text])).toEqual([['MENTION', comment, 'Hello']]);
    expect((await nodes(ada)).map((node) => node.kind)).toEqual(['COMMENT']);
    await ok(ben, DELETE_COMMENT, { id: comment });
    expect(await nodes(ada)).toEqual([]);
    expect(await nodes(cleo)).toEqual([]);
    expect(await count(ada)).toBe(0);
    expect(await sql('SELECT count(*)::int AS n FROM notifications WHERE recipient_uid = ANY($1)', [[ada.uid, cleo.uid]])).toEqual([
      { n: 0 },
    ]);
  });

  it('never tells students of their own acts', async () => {
    const [ada] = await students(1);
    const post = await createPost(server, ada);
    await ok(ada, LIKE, { p: post.id });
    await ok(ada, COMMENT, { p: post.id, t: 'My own' });
    await server.app.services.notifications.notifyMentions(ada, [ada.uid], post.id, null);
    expect(await nodes(ada)).toEqual([]);
    expect(await count(ada)).toBe(0);
  });

  it('tells an author of a moderation outcome as a MODERATION notification, keeping moderationNotices', async () => {
    const [ada, moderator] = await students(2);
    await sql(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    await server.app.announceStanding(moderator.uid);
    const post = await createPost(server, ada);
    await ok(moderator, MODERATE, { input: { targetType: 'POST', targetId: post.id, decision: 'WARN', note: 'Please keep it kind' } });

    const message = 'A moderator warned you about your post: Please keep it kind';
    expect(await nodes(ada)).toEqual([
      expect.objectContaining({ kind: 'MODERATION', actors: [], actorCount: 0, post: null, text: message }),
    ]);
    expect((await ok(ada, `{ moderationNotices { message } }`)).moderationNotices).toEqual([{ message }]);
  });

  it('writes nothing of a kind a student turned off, and keeps the settings', async () => {
    const [ada, ben] = await students(2);
    expect((await ok(ada, SETTINGS)).notificationSettings).toEqual({
      likes: true,
      comments: true,
      mentions: true,
      follows: true,
      moderation: true,
    });
    const updated = await ok(ada, UPDATE_SETTINGS, { input: { likes: false, follows: false } });
    expect(updated.updateNotificationSettings).toEqual({ likes: false, comments: true, mentions: true, follows: false, moderation: true });
    // Only the kinds named change.
    await ok(ada, UPDATE_SETTINGS, { input: { follows: true } });
    expect((await ok(ada, SETTINGS)).notificationSettings).toEqual({
      likes: false,
      comments: true,
      mentions: true,
      follows: true,
      moderation: true,
    });

    const post = await createPost(server, ada);
    await ok(ben, LIKE, { p: post.id });
    await ok(ben, COMMENT, { p: post.id, t: 'Still told' });
    expect((await nodes(ada)).map((node) => node.kind)).toEqual(['COMMENT']);
    expect(await sql(`SELECT count(*)::int AS n FROM notifications WHERE recipient_uid = $1 AND kind = 'like'`, [ada.uid])).toEqual([
      { n: 0 },
    ]);
  });

  it('writes nothing from someone muted, and hides what came before a block (until it is lifted)', async () => {
    const [ada, ben, cleo] = await students(3);
    const post = await createPost(server, ada);
    // Muted before: nothing is written.
    await ok(ada, MUTE, { u: cleo.uid });
    await ok(cleo, LIKE, { p: post.id });
    await ok(cleo, COMMENT, { p: post.id, t: 'Muted words' });
    await ok(cleo, FOLLOW, { u: ada.uid });
    expect(await sql(`SELECT count(*)::int AS n FROM notification_actors WHERE actor_uid = $1`, [cleo.uid])).toEqual([{ n: 0 }]);

    // Ben's notifications came before the block: from then on they are not shown, nor counted.
    await ok(ben, LIKE, { p: post.id });
    await ok(ben, COMMENT, { p: post.id, t: 'Before the block' });
    expect(await count(ada)).toBe(2);
    await ok(ben, BLOCK, { u: ada.uid });
    expect(await nodes(ada)).toEqual([]);
    expect(await count(ada)).toBe(0);
    await ok(ben, UNBLOCK, { u: ada.uid });
    expect((await nodes(ada)).map((node) => node.kind)).toEqual(['COMMENT', 'LIKE']);

    // Muted later: the same.
    await ok(ada, MUTE, { u: ben.uid });
    expect(await nodes(ada)).toEqual([]);
  });

  it('shows only the actors a reader may see, and counts only them', async () => {
    const [ada, ben, cleo, dan] = await students(4);
    const post = await createPost(server, ada);
    for (const liker of [ben, cleo, dan]) await ok(liker, LIKE, { p: post.id });
    await ok(ada, BLOCK, { u: dan.uid });
    const [group] = await nodes(ada);
    expect(group.actorCount).toBe(2);
    expect(group.actors.map((actor: { id: string }) => actor.id)).toEqual([cleo.uid, ben.uid]);
  });

  it('never tells of a post the reader may not see: hidden for review, processing, or by a suspended author', async () => {
    const [ada, ben] = await students(2);
    const benPost = await createPost(server, ben);
    await server.app.services.notifications.notifyMentions(ben, [ada.uid], benPost.id, null);
    expect((await nodes(ada)).map((node) => node.post?.id)).toEqual([benPost.id]);

    for (const [hide, show] of [
      [`UPDATE posts SET hidden_for_review = true WHERE id = $1`, `UPDATE posts SET hidden_for_review = false WHERE id = $1`],
      [`UPDATE posts SET status = 'processing' WHERE id = $1`, `UPDATE posts SET status = 'ready' WHERE id = $1`],
    ]) {
      await sql(hide!, [benPost.id]);
      expect(await nodes(ada)).toEqual([]);
      expect(await count(ada)).toBe(0);
      await sql(show!, [benPost.id]);
      expect((await nodes(ada)).map((node) => node.post?.id)).toEqual([benPost.id]);
    }
    await sql(`UPDATE users SET suspended_until = now() + interval '1 day' WHERE firebase_uid = $1`, [ben.uid]);
    await server.app.announceStanding(ben.uid);
    expect(await nodes(ada)).toEqual([]);
    await sql(`UPDATE users SET suspended_until = NULL WHERE firebase_uid = $1`, [ben.uid]);
    await server.app.announceStanding(ben.uid);

    // A post deleted takes its notifications with it.
    await ok(ben, `mutation($id: ID!) { deletePost(id: $id) }`, { id: benPost.id });
    expect(await nodes(ada)).toEqual([]);
  });

  it('pages newest first with keyset cursors', async () => {
    const [ada, ...others] = await students(4);
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await createPost(server, ada));
    for (const [index, post] of posts.entries()) await ok(others[index]!, COMMENT, { p: post.id, t: `Comment ${index}` });
    const first = await list(ada, 2);
    expect(first.edges.map((edge) => edge.node.text)).toEqual(['Comment 2', 'Comment 1']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list(ada, 2, first.pageInfo.endCursor);
    expect(second.edges.map((edge) => edge.node.text)).toEqual(['Comment 0']);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('pushes the unread count live over graphql-ws: new notifications, mark read, one removed', async () => {
    const [ada, ben, eve] = await students(3);
    const post = await createPost(server, ada);
    const client = createClient({
      url: `${server.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${ada.token}` },
    });
    const eveClient = createClient({
      url: `${server.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${eve.token}` },
    });
    const counts: number[] = [];
    const eveCounts: number[] = [];
    const waiters: Array<() => void> = [];
    const subscribe = (target: ReturnType<typeof createClient>, into: number[]) =>
      new Promise<void>((resolve, reject) => {
        target.subscribe(
          { query: 'subscription { notificationCountChanged }' },
          {
            next: (value) => {
              into.push((value.data as { notificationCountChanged: number }).notificationCountChanged);
              waiters.shift()?.();
            },
            error: reject,
            complete: resolve,
          },
        );
      });
    const nextCount = (length: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no count after ${JSON.stringify(counts)}`)), 5000);
        const check = () => {
          if (counts.length >= length) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      });
    void subscribe(client, counts);
    void subscribe(eveClient, eveCounts);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // the subscriptions register
      await ok(ben, LIKE, { p: post.id });
      await nextCount(1);
      const comment = (await ok(ben, COMMENT, { p: post.id, t: 'Live' })).addComment.id;
      await nextCount(2);
      await ok(ben, DELETE_COMMENT, { id: comment });
      await nextCount(3);
      await ok(ada, MARK_READ);
      await nextCount(4);
      expect(counts).toEqual([1, 2, 1, 0]);
      // Nobody else hears Ada's count.
      expect(eveCounts).toEqual([]);
    } finally {
      await client.dispose();
      await eveClient.dispose();
    }
  });

  it('costs the same few SQL statements for a page of 20 of mixed kinds as for a page of 5', async () => {
    const [ada, moderator, ...others] = await students(6);
    await sql(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    await server.app.announceStanding(moderator.uid);
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await createPost(server, ada));
    for (const [index, other] of others.entries()) {
      await ok(other, FOLLOW, { u: ada.uid });
      for (const post of posts.slice(0, index + 2)) await ok(other, LIKE, { p: post.id });
      await ok(other, COMMENT, { p: posts[index]!.id, t: `Comment by ${index}` });
      await ok(other, COMMENT, { p: posts[index + 1]!.id, t: `Another by ${index}` });
      const theirs = await createPost(server, other);
      await server.app.services.notifications.notifyMentions(other, [ada.uid], theirs.id, null);
    }
    for (const post of posts.slice(0, 2)) {
      await ok(moderator, MODERATE, { input: { targetType: 'POST', targetId: post.id, decision: 'WARN', note: 'Mind the music rights' } });
    }
    const PAGE = `query($first: Int!) { notifications(first: $first) {
      edges { cursor node { id kind actorCount actors { id displayName photoURL } post { id caption posterUrl author { id displayName } }
        commentId text createdAt read } }
      pageInfo { hasNextPage endCursor } } }`;
    const small = await graphql(server, ada.token, PAGE, { first: 5 });
    const large = await graphql(server, ada.token, PAGE, { first: 20 });
    expect(large.errors).toBeUndefined();
    const kinds = new Set(large.data.notifications.edges.map((edge: any) => edge.node.kind));
    expect(large.data.notifications.edges).toHaveLength(20);
    expect([...kinds].sort()).toEqual(['COMMENT', 'FOLLOW', 'LIKE', 'MENTION', 'MODERATION']);
    // The page with its actors, its posts and the posts' authors: one statement, whatever the size.
    expect(large.sqlStatements).toBe(small.sqlStatements);
    expect(large.sqlStatements).toBe(1);
  });
});
