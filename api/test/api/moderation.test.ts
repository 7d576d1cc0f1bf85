import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildApiEntryPoint } from '../support/api-process';
import { createPost } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

const REPORT = `mutation($input: ReportInput!) { report(input: $input) { message } }`;
const MODERATE = `mutation($input: ModerateInput!) { moderate(input: $input) }`;
const QUEUE = `query($order: QueueOrder!) { moderationQueue(order: $order) {
  targetType targetId content reasons details reporterCount authorHistory targetAuthor { id } } }`;
const POST = `query($id: ID!) { post(id: $id) { id videoUrl } }`;
const NOTICES = `{ moderationNotices { message } }`;
const THANKS = 'Thank you for telling us. Our moderators will review it. You can also block this account.';

/**
 * Reporting and moderating through the whole api: students report, enough reports hide a post,
 * moderators see the queue and act (remove, warn, suspend, lift), the people concerned are told,
 * admins grant roles (in the app and with `npm run admin`) and read the audit log.
 */
describe('reports and moderation', () => {
  let server: TestServer;
  let author: Student;
  let reporters: Student[];
  let moderator: Student;
  let admin: Student;

  beforeAll(async () => {
    server = await startTestServer();
    [author, moderator, admin, ...reporters] = await Promise.all(Array.from({ length: 8 }, () => createStudent(server)));
    for (const [student, role] of [
      [moderator, 'moderator'],
      [admin, 'admin'],
    ] as const) {
      await server.app.database.dataSource.query('UPDATE users SET role = $2 WHERE firebase_uid = $1', [student.uid, role]);
      await server.app.announceStanding(student.uid);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const report = (student: Student, input: Record<string, unknown>) => graphql(server, student.token, REPORT, { input });

  it('thanks a reporter; refuses long details and reporting oneself; counts one open report per reporter', async () => {
    const post = await createPost(server, author);
    const first = await report(reporters[0]!, { targetType: 'POST', targetId: post.id, reason: 'SPAM', details: 'Links everywhere' });
    expect(first.data.report).toEqual({ message: THANKS });
    expect((await report(reporters[0]!, { targetType: 'POST', targetId: post.id, reason: 'HATE' })).data.report.message).toBe(THANKS);

    const long = await report(reporters[1]!, { targetType: 'POST', targetId: post.id, reason: 'OTHER', details: 'x'.repeat(1001) });
    expect(long.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fields: { details: 'Details must be at most 1,000 characters' } },
    });
    const self = await report(author, { targetType: 'POST', targetId: post.id, reason: 'SPAM' });
    expect(self.errors?.[0]).toMatchObject({ extensions: { fields: { targetId: 'You cannot report yourself.' } } });

    const queue = (await graphql(server, moderator.token, QUEUE, { order: 'NEWEST' })).data.moderationQueue;
    expect(queue.find((group: { targetId: string }) => group.targetId === post.id)).toMatchObject({
      targetType: 'POST',
      reasons: ['spam'.toUpperCase()],
      details: ['Links everywhere'],
      reporterCount: 1,
      targetAuthor: { id: author.uid },
    });
  });

  it('hides a post reported by three students from everyone but its author until a moderator looks', async () => {
    const post = await createPost(server, author);
    for (const student of reporters.slice(0, 3)) await report(student, { targetType: 'POST', targetId: post.id, reason: 'HARASSMENT' });

    expect((await graphql(server, admin.token, POST, { id: post.id })).data.post).toBeNull();
    expect((await graphql(server, author.token, POST, { id: post.id })).data.post).toMatchObject({ id: post.id });
    const mostReported = (await graphql(server, moderator.token, QUEUE, { order: 'MOST_REPORTED' })).data.moderationQueue;
    expect(mostReported[0]).toMatchObject({ targetId: post.id, reporterCount: 3 });

    // Dismissed: back for everyone, and gone from the queue.
    await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'POST', targetId: post.id, decision: 'DISMISS', note: 'A joke among friends' },
    });
    expect((await graphql(server, admin.token, POST, { id: post.id })).data.post).toMatchObject({ id: post.id });
    const after = (await graphql(server, moderator.token, QUEUE, { order: 'NEWEST' })).data.moderationQueue;
    expect(after.map((group: { targetId: string }) => group.targetId)).not.toContain(post.id);
  });

  it('removes a reported post from every read and media URL; the author is told why, the reporter no longer sees it', async () => {
    const post = await createPost(server, author);
    const reporter = reporters[3]!;
    await report(reporter, { targetType: 'POST', targetId: post.id, reason: 'VIOLENCE' });
    const videoUrl = (await graphql(server, reporter.token, POST, { id: post.id })).data.post.videoUrl;
    expect((await fetch(server.url + videoUrl)).status).toBe(200);

    const removed = await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'POST', targetId: post.id, decision: 'REMOVE', note: 'Graphic violence' },
    });
    expect(removed.data).toEqual({ moderate: true });
    expect((await graphql(server, reporter.token, POST, { id: post.id })).data.post).toBeNull();
    expect((await graphql(server, author.token, POST, { id: post.id })).data.post).toBeNull();
    expect((await rest(server, 'GET', `/api/posts/user/${author.uid}`)).body.posts.map((p: { _id: string }) => p._id)).not.toContain(
      post.id,
    );
    expect((await fetch(server.url + videoUrl)).status).toBe(404);
    expect((await graphql(server, author.token, NOTICES)).data.moderationNotices[0]).toEqual({
      message: 'A moderator removed your post: Graphic violence',
    });

    // The audit log: admins read it, moderators do not.
    const log = await graphql(
      server,
      admin.token,
      `
        {
          moderationLog(first: 5) {
            moderatorUid
            action
            targetId
            note
          }
        }
      `,
    );
    expect(log.data.moderationLog[0]).toEqual({
      moderatorUid: moderator.uid,
      action: 'remove',
      targetId: post.id,
      note: 'Graphic violence',
    });
    const refused = await graphql(
      server,
      moderator.token,
      `
        {
          moderationLog(first: 5) {
            id
          }
        }
      `,
    );
    expect(refused.errors?.[0]).toMatchObject({ message: 'Only admins can do that.', extensions: { code: 'FORBIDDEN' } });
  });

  it('a suspension refuses the account at once and hides its content; lifting it brings both back', async () => {
    const troll = await createStudent(server);
    const post = await createPost(server, troll);
    const other = await createPost(server, author);
    await graphql(
      server,
      troll.token,
      `
        mutation ($p: ID!) {
          addComment(postId: $p, text: "Troll comment") {
            id
          }
        }
      `,
      { p: other.id },
    );
    // The troll's token is verified and cached by now: the suspension must still bite at once.
    expect(
      (
        await graphql(
          server,
          troll.token,
          `
            {
              viewer {
                id
              }
            }
          `,
        )
      ).data.viewer,
    ).toEqual({ id: troll.uid });

    await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'USER', targetId: troll.uid, decision: 'SUSPEND', note: 'Repeated harassment', days: 7 },
    });
    const refused = await graphql(
      server,
      troll.token,
      `
        {
          viewer {
            id
          }
        }
      `,
    );
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect(refused.errors?.[0].message).toMatch(/^This account has been suspended until \d{4}-\d{2}-\d{2}\.$/);
    expect((await graphql(server, author.token, POST, { id: post.id })).data.post).toBeNull();
    const thread = await graphql(
      server,
      author.token,
      `
        query ($p: ID!) {
          post(id: $p) {
            comments {
              edges {
                node {
                  text
                }
              }
            }
          }
        }
      `,
      { p: other.id },
    );
    expect(thread.data.post.comments.edges).toEqual([]);

    await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'USER', targetId: troll.uid, decision: 'UNSUSPEND', note: 'Appeal accepted' },
    });
    expect(
      (
        await graphql(
          server,
          troll.token,
          `
            {
              viewer {
                id
              }
            }
          `,
        )
      ).data.viewer,
    ).toEqual({ id: troll.uid });
    expect((await graphql(server, author.token, POST, { id: post.id })).data.post).toMatchObject({ id: post.id });
    const notices = (await graphql(server, troll.token, NOTICES)).data.moderationNotices.map((n: { message: string }) => n.message);
    expect(notices[0]).toBe('Your suspension has been lifted: Appeal accepted');
    expect(notices[1]).toMatch(/^Your account has been suspended until \d{4}-\d{2}-\d{2}: Repeated harassment$/);
  });

  it('a warning and a removed comment reach their author; the author’s history shows in the queue', async () => {
    const post = await createPost(server, reporters[4]!);
    const comment = await graphql(
      server,
      author.token,
      `
        mutation ($p: ID!) {
          addComment(postId: $p, text: "Rude words") {
            id
          }
        }
      `,
      { p: post.id },
    );
    const commentId = comment.data.addComment.id;
    await report(reporters[4]!, { targetType: 'COMMENT', targetId: commentId, reason: 'HARASSMENT' });
    await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'COMMENT', targetId: commentId, decision: 'WARN', note: 'Be kind' },
    });
    await report(reporters[0]!, { targetType: 'COMMENT', targetId: commentId, reason: 'HARASSMENT' });
    const group = (await graphql(server, moderator.token, QUEUE, { order: 'NEWEST' })).data.moderationQueue.find(
      (g: { targetId: string }) => g.targetId === commentId,
    );
    expect(group).toMatchObject({ content: 'Rude words', authorHistory: expect.arrayContaining(['warn: Be kind']) });

    await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'COMMENT', targetId: commentId, decision: 'REMOVE', note: 'Second time' },
    });
    const thread = await graphql(
      server,
      reporters[4]!.token,
      `
        query ($p: ID!) {
          post(id: $p) {
            commentCount
          }
        }
      `,
      { p: post.id },
    );
    expect(thread.data.post.commentCount).toBe(0);
    const notices = (await graphql(server, author.token, NOTICES)).data.moderationNotices.map((n: { message: string }) => n.message);
    expect(notices.slice(0, 2)).toEqual([
      'A moderator removed your comment: Second time',
      'A moderator warned you about your comment: Be kind',
    ]);
  });

  it('a comment can be reported only by someone who can see it', async () => {
    const [poster, commenter, outsider] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    const post = await createPost(server, poster);
    const comment = await graphql(
      server,
      commenter.token,
      `
        mutation ($p: ID!) {
          addComment(postId: $p, text: "Hidden words") {
            id
          }
        }
      `,
      {
        p: post.id,
      },
    );
    const commentId = comment.data.addComment.id;
    await graphql(
      server,
      commenter.token,
      `
        mutation ($u: ID!) {
          blockUser(userId: $u)
        }
      `,
      { u: outsider.uid },
    );

    const refused = await report(outsider, { targetType: 'COMMENT', targetId: commentId, reason: 'SPAM' });
    expect(refused.errors?.[0]).toMatchObject({ message: 'Comment not found', extensions: { code: 'NOT_FOUND' } });
    const [{ count }] = await server.app.database.dataSource.query('SELECT count(*)::int AS count FROM reports WHERE target_id = $1', [
      commentId,
    ]);
    expect(count).toBe(0);
    expect((await report(poster, { targetType: 'COMMENT', targetId: commentId, reason: 'SPAM' })).data.report.message).toBe(THANKS);
  });

  it('admins make moderators in the app, effective at once; the first admin comes from npm run admin', async () => {
    const helper = await createStudent(server);
    expect((await graphql(server, helper.token, QUEUE, { order: 'NEWEST' })).errors?.[0]).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
    });
    await graphql(
      server,
      admin.token,
      `
        mutation ($u: ID!) {
          setModerator(userId: $u, moderator: true, note: "Volunteer")
        }
      `,
      { u: helper.uid },
    );
    expect((await graphql(server, helper.token, QUEUE, { order: 'NEWEST' })).errors).toBeUndefined();
    expect((await graphql(server, helper.token, '{ myRole }')).data).toEqual({ myRole: 'MODERATOR' });
    const team = (await graphql(server, admin.token, '{ moderators { role user { id } } }')).data.moderators;
    expect(team).toEqual(
      expect.arrayContaining([
        { role: 'ADMIN', user: { id: admin.uid } },
        { role: 'MODERATOR', user: { id: helper.uid } },
      ]),
    );
    expect(team[0].role).toBe('ADMIN');
    const [latest] = (await graphql(server, admin.token, '{ moderationLog(first: 1) { moderatorName action targetAuthorName note } }')).data
      .moderationLog;
    const names = await server.app.services.users.byIds([admin.uid, helper.uid]);
    const nameOf = (uid: string) => names.find((user) => user.id === uid)!.displayName;
    expect(latest).toEqual({ moderatorName: nameOf(admin.uid), action: 'grant', targetAuthorName: nameOf(helper.uid), note: 'Volunteer' });

    const cli = path.join(path.dirname(buildApiEntryPoint()), 'admin-cli.js');
    const env = { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'silent', DATABASE_URL: server.app.config.databaseUrl!, REDIS_URL: '' };
    const email = (await server.app.services.users.get(helper.uid)).email!;
    expect(execFileSync(process.execPath, [cli, 'grant', 'admin', email], { env, encoding: 'utf8' })).toContain(`${email} is now an admin`);
    const [row] = await server.app.database.dataSource.query('SELECT role FROM users WHERE firebase_uid = $1', [helper.uid]);
    expect(row.role).toBe('admin');
    expect(() => execFileSync(process.execPath, [cli, 'grant', 'admin', 'nobody@example.edu'], { env, stdio: 'pipe' })).toThrow();
    const [entry] = await server.app.database.dataSource.query(
      `SELECT moderator_uid, action FROM moderation_actions WHERE target_id = $1 ORDER BY created_at DESC`,
      [helper.uid],
    );
    expect(entry).toEqual({ moderator_uid: 'command line', action: 'grant' });
  });
});
