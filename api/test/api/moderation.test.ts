import { execFile } from 'node:child_process';
import path from 'node:path';
import { ModerationDecision, ReportTarget } from '../../src/modules/moderation/moderation.types';
import type { Viewer } from '../../src/shared/viewer';
import { buildApiEntryPoint } from '../support/api-process';
import { createSuiteStore, snapshotStore, type SuiteStore } from '../support/database-snapshot';
import { createPost } from '../support/scenario';
import { createStudent, graphql, rest, startTestServer, type Student, type TestServer } from '../support/test-server';

const REPORT = `mutation($input: ReportInput!) { report(input: $input) { message } }`;
const MODERATE = `mutation($input: ModerateInput!) { moderate(input: $input) }`;
const QUEUE = `query($order: QueueOrder!) { moderationQueue(order: $order) {
  targetType targetId content reasons details reporterCount authorHistory authorSuspended authorSuspendedUntil targetAuthor { id } } }`;
const POST = `query($id: ID!) { post(id: $id) { id videoUrl } }`;
const NOTICES = `{ moderationNotices { message } }`;
const SEARCH = `query($q: String!) { search(q: $q) { edges { node { ... on User { id } ... on Post { id } ... on Tag { name } } } } }`;
const THANKS = 'Thank you for telling us. Our moderators will review it. You can also block this account.';
const OWN_ACCOUNT = 'You cannot do that to your own account.';
const ADMINS_ONLY = 'Only admins can act on a moderator or an admin.';
const LAST_ADMIN = 'The last admin cannot be removed or suspended: make another admin first.';

/**
 * Reporting and moderating through the whole api: students report, enough reports by students in
 * good standing hide a post, moderators see the queue and act (remove, warn, suspend, lift), the
 * people concerned are told, admins grant roles (in the app and with `npm run admin`) and read the
 * audit log, and nobody can lock the team out (no one acts on themselves or above their rank, the
 * last admin stays). On a database of its own: "the last admin" and "nothing changed" are about
 * the whole database.
 */
describe('reports and moderation', () => {
  let store: SuiteStore;
  let server: TestServer;
  let author: Student;
  let reporters: Student[];
  let moderator: Student;
  let admin: Student;
  let cli: string;

  beforeAll(async () => {
    store = await createSuiteStore('moderation');
    server = await startTestServer(store.env);
    [author, moderator, admin, ...reporters] = await Promise.all(Array.from({ length: 8 }, () => createStudent(server)));
    await grantRole(moderator, 'moderator');
    await grantRole(admin, 'admin');
    // The first three reporters are in good standing: a week old, each with a post.
    for (const reporter of reporters.slice(0, 3)) await establish(reporter);
    cli = path.join(path.dirname(buildApiEntryPoint()), 'admin-cli.js');
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await store?.drop();
  });

  const db = () => server.app.database.dataSource;
  const report = (student: Student, input: Record<string, unknown>) => graphql(server, student.token, REPORT, { input });
  const moderate = (student: Student, input: Record<string, unknown>) => graphql(server, student.token, MODERATE, { input });
  const suspend = (actor: Student, target: Student, targetType = 'USER', targetId = target.uid) =>
    moderate(actor, { targetType, targetId, decision: 'SUSPEND', note: 'Testing the rules', days: 1 });
  const visibleTo = async (viewer: Student, postId: string) => (await graphql(server, viewer.token, POST, { id: postId })).data.post;
  /** What Search's Top list shows `viewer` for `q`: people's and clips' ids, tags' names, in order. */
  const searched = async (viewer: Student | null, q: string): Promise<string[]> =>
    (await graphql(server, viewer?.token ?? null, SEARCH, { q })).data.search.edges.map(
      (edge: { node: { id?: string; name?: string } }) => edge.node.id ?? edge.node.name,
    );
  const emailOf = async (student: Student) => (await server.app.services.users.get(student.uid)).email!;
  const snapshot = () => snapshotStore(db(), store.env.MEDIA_DIR);
  const adminsInForce = async () =>
    (
      await db().query(
        `SELECT firebase_uid FROM users WHERE role = 'admin' AND (suspended_until IS NULL OR suspended_until <= now()) ORDER BY firebase_uid`,
      )
    ).map((row: { firebase_uid: string }) => row.firebase_uid);

  /** Makes a student a moderator or admin the way the admin command does, on every instance at once. */
  async function grantRole(student: Student, role: 'moderator' | 'admin' | 'student') {
    await server.app.database.dataSource.query('UPDATE users SET role = $2 WHERE firebase_uid = $1', [student.uid, role]);
    await server.app.announceStanding(student.uid);
  }

  /** Good standing: a post of their own, and an account a week old (signed up a week ago). */
  async function establish(student: Student) {
    await createPost(server, student);
    await server.app.database.dataSource.query(`UPDATE users SET created_at = now() - interval '7 days' WHERE firebase_uid = $1`, [
      student.uid,
    ]);
  }

  /**
   * `node api/dist/admin-cli.js ...` on this suite's database, as an operator runs it. Without Redis
   * (as here) a running api learns the change at its next start, so the caller tells this one.
   */
  function adminCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'silent',
      DATABASE_URL: store.env.DATABASE_URL,
      MEDIA_DIR: store.env.MEDIA_DIR,
      REDIS_URL: '',
    };
    return new Promise((resolve) => {
      execFile(process.execPath, [cli, ...args], { env, encoding: 'utf8' }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

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

  it('reports by accounts not in good standing reach the queue but hide nothing; three in good standing hide the post', async () => {
    const post = await createPost(server, author);
    // Brand new; a week old but never posted; a week old with a post but suspended once.
    const [newcomer, lurker, formerTroll, ...veterans] = await Promise.all(Array.from({ length: 6 }, () => createStudent(server)));
    await db().query(`UPDATE users SET created_at = now() - interval '7 days' WHERE firebase_uid = $1`, [lurker.uid]);
    await establish(formerTroll);
    await suspend(moderator, formerTroll);
    await moderate(moderator, { targetType: 'USER', targetId: formerTroll.uid, decision: 'UNSUSPEND', note: 'Served' });
    for (const veteran of veterans) await establish(veteran);

    for (const reporter of [newcomer, lurker, formerTroll]) {
      expect((await report(reporter, { targetType: 'POST', targetId: post.id, reason: 'SPAM' })).data.report.message).toBe(THANKS);
    }
    expect(await visibleTo(admin, post.id)).toMatchObject({ id: post.id });
    const queued = (await graphql(server, moderator.token, QUEUE, { order: 'NEWEST' })).data.moderationQueue;
    expect(queued.find((group: { targetId: string }) => group.targetId === post.id)).toMatchObject({ reporterCount: 3 });

    // Five reporters, two of them in good standing: still visible.
    for (const veteran of veterans.slice(0, 2)) await report(veteran, { targetType: 'POST', targetId: post.id, reason: 'SPAM' });
    expect(await visibleTo(admin, post.id)).toMatchObject({ id: post.id });
    await report(veterans[2]!, { targetType: 'POST', targetId: post.id, reason: 'SPAM' });
    expect(await visibleTo(admin, post.id)).toBeNull();
    expect(await visibleTo(author, post.id)).toMatchObject({ id: post.id });
  });

  it('removes a reported post from every read and media URL; the author is told why, the reporter no longer sees it', async () => {
    const post = await createPost(server, author, { caption: 'Quokkas by the lake', tags: ['quokkalake'] });
    expect(await searched(reporters[3]!, 'quokkas lake')).toEqual(['quokkalake', post.id]);
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
    // Search finds neither the clip nor its tag, for the reporter or its author.
    expect(await searched(reporter, 'quokkas lake')).toEqual([]);
    expect(await searched(author, 'quokkas lake')).toEqual([]);
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
    const troll = await createStudent(server, { displayName: 'Trollope Wombat' });
    const post = await createPost(server, troll, { caption: 'Wombat burrow tour' });
    expect(await searched(author, 'wombat')).toEqual([troll.uid, post.id]);
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
    // The queue says whether the author is suspended: moderators lift only a suspension in force.
    await report(reporters[4]!, { targetType: 'POST', targetId: post.id, reason: 'HARASSMENT' });
    const groupOfPost = async () =>
      (await graphql(server, moderator.token, QUEUE, { order: 'NEWEST' })).data.moderationQueue.find(
        (group: { targetId: string }) => group.targetId === post.id,
      );
    expect(await groupOfPost()).toMatchObject({ authorSuspended: false, authorSuspendedUntil: null });

    await graphql(server, moderator.token, MODERATE, {
      input: { targetType: 'USER', targetId: troll.uid, decision: 'SUSPEND', note: 'Repeated harassment', days: 7 },
    });
    const suspendedGroup = await groupOfPost();
    expect(suspendedGroup.authorSuspended).toBe(true);
    expect(Date.parse(suspendedGroup.authorSuspendedUntil) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
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
    // Neither the account nor its clips are found while the suspension lasts.
    expect(await searched(author, 'wombat')).toEqual([]);
    expect(await searched(null, 'wombat')).toEqual([]);
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
    expect(await searched(author, 'wombat')).toEqual([troll.uid, post.id]);
    expect(await groupOfPost()).toMatchObject({ authorSuspended: false, authorSuspendedUntil: null });
    // Lifting a suspension that is not in force is refused: it would tell the student something untrue.
    const before = await snapshot();
    const again = await moderate(moderator, { targetType: 'POST', targetId: post.id, decision: 'UNSUSPEND', note: 'Twice' });
    expect(again.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fields: { decision: 'This account is not suspended.' } },
    });
    expect(await snapshot()).toEqual(before);
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

  describe('nobody locks the team out', () => {
    let secondModerator: Student;
    let reportedAdminPost: string;

    beforeAll(async () => {
      secondModerator = await createStudent(server);
      await grantRole(secondModerator, 'moderator');
      reportedAdminPost = (await createPost(server, admin)).id;
      await report(reporters[0]!, { targetType: 'POST', targetId: reportedAdminPost, reason: 'SPAM' });
    });

    it('a moderator cannot suspend an admin, another moderator or themselves, nor an admin through their post; nothing changes', async () => {
      const before = await snapshot();
      const refusals = [
        [await suspend(moderator, admin), ADMINS_ONLY],
        [await suspend(moderator, secondModerator), ADMINS_ONLY],
        [await suspend(moderator, moderator), OWN_ACCOUNT],
        // Suspending from a reported post acts on its author's account: the same rules.
        [await suspend(moderator, admin, 'POST', reportedAdminPost), ADMINS_ONLY],
      ] as const;
      for (const [result, message] of refusals) {
        expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'FORBIDDEN' } });
        expect(result.data?.moderate ?? null).toBeNull();
      }
      expect(await snapshot()).toEqual(before);
      // Everyone still works: the admin reads the log, the other moderator the queue.
      expect((await graphql(server, admin.token, '{ moderationLog(first: 1) { id } }')).errors).toBeUndefined();
      expect((await graphql(server, secondModerator.token, QUEUE, { order: 'NEWEST' })).errors).toBeUndefined();
    });

    it('an admin cannot suspend or demote themselves; the app changes an admin’s role only through the command', async () => {
      const setModerator = (target: Student, moderator: boolean) =>
        graphql(
          server,
          admin.token,
          `
            mutation ($u: ID!, $m: Boolean!) {
              setModerator(userId: $u, moderator: $m)
            }
          `,
          {
            u: target.uid,
            m: moderator,
          },
        );
      const otherAdmin = await createStudent(server);
      await grantRole(otherAdmin, 'admin');
      const before = await snapshot();
      expect((await suspend(admin, admin)).errors?.[0]).toMatchObject({ message: OWN_ACCOUNT, extensions: { code: 'FORBIDDEN' } });
      expect((await setModerator(admin, false)).errors?.[0]).toMatchObject({ message: OWN_ACCOUNT, extensions: { code: 'FORBIDDEN' } });
      expect((await setModerator(otherAdmin, true)).errors?.[0]).toMatchObject({
        message: "An admin's role is changed only with the admin command (npm run admin).",
        extensions: { code: 'FORBIDDEN' },
      });
      expect(await snapshot()).toEqual(before);
      await grantRole(otherAdmin, 'student');
    });

    it('an admin suspends a moderator, a moderator a student; the suspended moderator is refused at once', async () => {
      const student = await createStudent(server);
      expect((await suspend(moderator, student)).data).toEqual({ moderate: true });
      expect((await suspend(admin, secondModerator)).data).toEqual({ moderate: true });
      const refused = await graphql(server, secondModerator.token, QUEUE, { order: 'NEWEST' });
      expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
      await moderate(admin, { targetType: 'USER', targetId: secondModerator.uid, decision: 'UNSUSPEND', note: 'Back' });
      expect((await graphql(server, secondModerator.token, QUEUE, { order: 'NEWEST' })).errors).toBeUndefined();
    });

    it('two admins suspending each other at once: one is refused, one admin stays; the command line lifts the other', async () => {
      expect(await adminsInForce()).toEqual([admin.uid]);
      const rival = await createStudent(server);
      await grantRole(rival, 'admin');
      const adminEmail = await emailOf(admin);
      const rivalEmail = await emailOf(rival);
      // Both tokens verified and cached, so the two requests reach the database together.
      for (const student of [admin, rival]) await graphql(server, student.token, '{ myRole }');
      for (let round = 0; round < 3; round += 1) {
        const results = await Promise.all([suspend(admin, rival), suspend(rival, admin)]);
        const refused = results.filter((result) => result.errors);
        expect(refused).toHaveLength(1);
        // Refused by the rule, or (when the other's suspension landed first) as a suspended account.
        expect([LAST_ADMIN, expect.stringMatching(/^This account has been suspended until /)]).toContainEqual(
          refused[0]!.errors![0]!.message,
        );
        const [inForce] = await adminsInForce();
        expect([admin.uid, rival.uid]).toContain(inForce);
        expect(await adminsInForce()).toHaveLength(1);
        const suspended = inForce === admin.uid ? rival : admin;
        // The way back for an admin nobody in the app can reach: `suspended`, then `unsuspend`.
        if (round === 2) {
          const listed = await adminCommand('suspended');
          expect(listed.code).toBe(0);
          expect(listed.stdout).toMatch(new RegExp(`admin +${suspended === admin ? adminEmail : rivalEmail} .*suspended until \\d{4}-`));
          const lifted = await adminCommand('unsuspend', suspended === admin ? adminEmail : rivalEmail);
          expect(lifted).toMatchObject({ code: 0, stdout: expect.stringContaining('suspension is lifted') });
          await server.app.announceStanding(suspended.uid);
        } else {
          await server.app.services.moderation.unsuspendByEmail(suspended === admin ? adminEmail : rivalEmail);
        }
        expect((await graphql(server, suspended.token, '{ moderationLog(first: 1) { id } }')).errors).toBeUndefined();
      }
      await grantRole(rival, 'student');
    }, 180_000);

    it('two admins deciding to suspend each other in the same instant: the second to lock sees the first, and is refused', async () => {
      const rival = await createStudent(server);
      await grantRole(rival, 'admin');
      const asAdmin = (student: Student): Viewer => ({
        uid: student.uid,
        email: null,
        name: null,
        picture: null,
        signInProvider: null,
        emailVerified: true,
        role: 'admin',
      });
      const suspending = (target: Student) => ({
        targetType: ReportTarget.USER,
        targetId: target.uid,
        decision: ModerationDecision.SUSPEND,
        note: 'Race',
        days: 1,
      });
      for (let round = 0; round < 5; round += 1) {
        const outcomes = await Promise.allSettled([
          server.app.services.moderation.moderate(asAdmin(admin), suspending(rival)),
          server.app.services.moderation.moderate(asAdmin(rival), suspending(admin)),
        ]);
        const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(refused).toHaveLength(1);
        expect((refused[0] as PromiseRejectedResult).reason.message).toBe(LAST_ADMIN);
        expect(await adminsInForce()).toHaveLength(1);
        const suspended = outcomes[0]!.status === 'fulfilled' ? rival : admin;
        await server.app.services.moderation.unsuspendByEmail(await emailOf(suspended));
      }
      await grantRole(rival, 'student');
    });

    it('two admins revoked at once from the command line: one is refused, one admin stays', async () => {
      const rival = await createStudent(server);
      await grantRole(rival, 'admin');
      const emails = [await emailOf(admin), await emailOf(rival)];
      for (let round = 0; round < 3; round += 1) {
        const outcomes = await Promise.allSettled(emails.map((email) => server.app.services.moderation.setRoleByEmail(email, 'student')));
        const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(refused).toHaveLength(1);
        expect((refused[0] as PromiseRejectedResult).reason.message).toBe(LAST_ADMIN);
        expect(await adminsInForce()).toHaveLength(1);
        const revoked = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
        await server.app.services.moderation.setRoleByEmail(emails[revoked]!, 'admin');
      }
      await server.app.services.moderation.setRoleByEmail(emails[1]!, 'student');
      expect(await adminsInForce()).toEqual([admin.uid]);
    });

    it('npm run admin: the last admin cannot be revoked or demoted; roles lists the team; nothing changes on a refusal', async () => {
      const adminEmail = await emailOf(admin);
      const before = await snapshot();
      const refused = await adminCommand('revoke', 'admin', adminEmail);
      expect(refused).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining(`admin: ${LAST_ADMIN}`) });
      expect(await snapshot()).toEqual(before);

      const roles = await adminCommand('roles');
      expect(roles.code).toBe(0);
      const lines = roles.stdout.trim().split('\n');
      expect(lines[0]).toMatch(new RegExp(`^admin +${adminEmail} `));
      expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^moderator +${await emailOf(moderator)} `))]));
      expect(lines.some((line) => line.includes(author.uid) || line.startsWith('student'))).toBe(false);

      const notSuspended = await adminCommand('unsuspend', adminEmail);
      expect(notSuspended).toMatchObject({ code: 1, stderr: expect.stringContaining('admin: This account is not suspended.') });
      expect(await snapshot()).toEqual(before);
    }, 180_000);
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

    const email = await emailOf(helper);
    expect((await adminCommand('grant', 'admin', email)).stdout).toContain(`${email} is now an admin`);
    const [row] = await server.app.database.dataSource.query('SELECT role FROM users WHERE firebase_uid = $1', [helper.uid]);
    expect(row.role).toBe('admin');
    expect(await adminCommand('grant', 'admin', 'nobody@example.edu')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('User not found'),
    });
    const [entry] = await server.app.database.dataSource.query(
      `SELECT moderator_uid, action FROM moderation_actions WHERE target_id = $1 ORDER BY created_at DESC`,
      [helper.uid],
    );
    expect(entry).toEqual({ moderator_uid: 'command line', action: 'grant' });
  }, 180_000);
});
