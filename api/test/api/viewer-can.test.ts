import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, isObjectType } from 'graphql';
import { VIEWER_CAN } from '../../src/modules/resolvers';
import type { Policy, Role } from '../../src/shared/policy';
import type { Exposed } from '../../src/shared/viewer-can';
import { liveComments } from '../support/live-comments';
import { createSuiteStore, type SuiteStore } from '../support/database-snapshot';
import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';

/**
 * The client asks the policy instead of copying it (issue 24): every row of every policy table is
 * either answered as a `viewerCan` field or named here as the server's alone, with why; and each
 * field answers, through the whole api, exactly what its policy row says for authors, bystanders,
 * moderators and signed-out visitors.
 */

/** Rows no screen asks about before acting, each with the reason it is not a field. */
const SERVER_ONLY: Record<string, string> = {
  'calendarPolicy.read': 'a calendar is only ever read by its owner: there is nobody else to ask for',
  'calendarPolicy.write': 'as read: the calendar page is its owner’s alone',
  'eventsPolicy.feed': 'the calendar feed’s address is its owner’s alone, as the calendar',
  'notificationPolicy.readOwn': 'notifications are only ever listed to their recipient',
  'notificationPolicy.notify': 'decides which notifications are written, not what a screen offers',
  'postPolicy.fetchHiddenMedia': 'decides which URLs Post.videoUrl answers (the field is the answer)',
  'uploadPolicy.use': 'an upload is only ever offered to its owner (the create-post form)',
  'userPolicy.actAs': 'judges the uid a REST request names, not an object on screen',
  'userPolicy.readOwnerOnly': 'decides the @OwnerOnly fields themselves: null is the answer',
  'moderationPolicy.actOnOthersOnly': 'judges an account read under lock with its role (ModerationService.changeAccount)',
  'moderationPolicy.actOnAccount': 'as actOnOthersOnly: the target’s role is read under lock',
  'organizationPolicy.view': 'decides whether an organization is answered at all (null, or not listed, is the answer)',
  'organizationPolicy.removeMember': 'judges one member; the page offers Remove where removeMembers says so, beside members (not officers)',
  'organizationPolicy.setOfficer': 'judges one member; the members page offers it where manageOfficers says so',
  'organizationPolicy.transferTo': 'judges one member; the members page offers it where transferOwnership says so',
  'moderationPolicy.keepAnAdmin': 'counts the admins in force under lock: no answer before the decision is true after it',
};

/** Every policy table in the api: each modules/<feature>/<feature>.policy.ts's exported policies, by name. */
function allPolicies(): Map<string, Policy<never>> {
  const modules = path.resolve(__dirname, '../../src/modules');
  const found = new Map<string, Policy<never>>();
  for (const feature of fs.readdirSync(modules)) {
    const dir = path.join(modules, feature);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.policy.ts'))) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exports = require(path.join(dir, file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (value && typeof value === 'object' && 'rules' in value && 'can' in value) found.set(name, value as Policy<never>);
      }
    }
  }
  return found;
}

const FIELDS = VIEWER_CAN as unknown as Record<string, Record<string, Exposed<unknown>>>;
const TYPE_OF_FIELDS: Record<string, string> = {
  Post: 'PostViewerCan',
  Comment: 'CommentViewerCan',
  User: 'UserViewerCan',
  TeamMember: 'TeamMemberViewerCan',
  Organization: 'OrganizationViewerCan',
  Query: 'ViewerCan',
};

describe('every policy row is a viewerCan field or the server’s alone', () => {
  const policies = allPolicies();
  const nameOf = (policy: unknown) => [...policies].find(([, candidate]) => candidate === policy)?.[0] ?? '(not a policy table)';

  it('finds the policy tables (a renamed file would otherwise pass unseen)', () => {
    expect([...policies.keys()].sort()).toEqual(
      expect.arrayContaining(['blockPolicy', 'commentPolicy', 'followPolicy', 'moderationPolicy', 'postPolicy', 'userPolicy']),
    );
  });

  it('answers each row as a field, or says why not', () => {
    const exposedRows = new Set(
      Object.values(FIELDS).flatMap((fields) => Object.values(fields).map((rule) => `${nameOf(rule.policy)}.${rule.action}`)),
    );
    const unanswered = [...policies].flatMap(([name, policy]) =>
      Object.keys(policy.rules)
        .map((action) => `${name}.${action}`)
        .filter((row) => !exposedRows.has(row) && !(row in SERVER_ONLY)),
    );
    expect(unanswered).toEqual([]);
    // And nothing is both (or a stale exemption).
    expect(Object.keys(SERVER_ONLY).filter((row) => exposedRows.has(row))).toEqual([]);
    const allRows = new Set([...policies].flatMap(([name, policy]) => Object.keys(policy.rules).map((action) => `${name}.${action}`)));
    expect(Object.keys(SERVER_ONLY).filter((row) => !allRows.has(row))).toEqual([]);
  });

  it('has exactly these fields in the schema the web reads', () => {
    const schema = buildSchema(fs.readFileSync(path.resolve(__dirname, '../../../schema.graphql'), 'utf8'));
    for (const [owner, fields] of Object.entries(FIELDS)) {
      const type = schema.getType(TYPE_OF_FIELDS[owner]!);
      if (!isObjectType(type)) throw new Error(`${TYPE_OF_FIELDS[owner]} is not in schema.graphql`);
      expect(Object.keys(type.getFields()).sort()).toEqual(Object.keys(fields).sort());
      const parent = schema.getType(owner);
      if (!isObjectType(parent)) throw new Error(`${owner} is not in schema.graphql`);
      expect(String(parent.getFields()['viewerCan']?.type)).toBe(`${TYPE_OF_FIELDS[owner]}!`);
    }
  });
});

const READ = `query ($postId: ID!) {
  viewerCan { post moderate grantRoles readAuditLog createOrganization }
  organization(slug: "viewer-can-club") {
    viewerCan { edit join leave postAs approve removeMembers manageOfficers transferOwnership follow report moderate }
  }
  post(id: $postId) {
    viewerCan { delete comment editCaptions report moderate }
    author { id viewerCan { update follow block mute report } }
    comments(first: 10) { edges { node { viewerCan { delete report moderate } author { id viewerCan { update follow block mute report } } } } }
  }
}`;

type Answers = Record<string, Record<string, boolean>>;

describe('each viewerCan field answers as its policy row, through the api', () => {
  let store: SuiteStore;
  let server: TestServer;
  /** Ada posts; Ben comments on her post; Cy only looks on; Mo moderates; Al is an admin; Neo has not verified their e-mail yet. */
  let ada: Student;
  let neo: Student;
  let ben: Student;
  let cy: Student;
  let mo: Student;
  let al: Student;
  let postId: string;

  beforeAll(async () => {
    store = await createSuiteStore('viewer_can');
    server = await startTestServer(store.env);
    [ada, ben, cy, mo, al] = await Promise.all(Array.from({ length: 5 }, () => createStudent(server)));
    neo = await createStudent(server, { unverified: true });
    for (const [student, role] of [
      [mo, 'moderator'],
      [al, 'admin'],
    ] as const) {
      await server.app.database.dataSource.query('UPDATE users SET role = $2 WHERE firebase_uid = $1', [student!.uid, role]);
      await server.app.announceStanding(student!.uid);
    }
    postId = (await createPost(server, ada)).id;
    await server.app.database.dataSource.query(`UPDATE posts SET status = 'ready' WHERE id = $1`, [postId]);
    const added = await graphql(
      server,
      ben.token,
      `
        mutation ($id: ID!) {
          addComment(postId: $id, text: "Nice one") {
            id
          }
        }
      `,
      { id: postId },
    );
    expect(added.errors).toBeUndefined();
    // Ada founds a club (its owner), Ben joins it (a member); the others are outsiders.
    const club = await graphql(
      server,
      ada.token,
      `
        mutation {
          createOrganization(input: { name: "Viewer Can Club", slug: "viewer-can-club", category: OTHER }) {
            id
          }
        }
      `,
    );
    expect(club.errors).toBeUndefined();
    const joined = await graphql(
      server,
      ben.token,
      `
        mutation ($id: ID!) {
          joinOrganization(id: $id) {
            id
          }
        }
      `,
      {
        id: club.data.createOrganization.id,
      },
    );
    expect(joined.errors).toBeUndefined();
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await store?.drop();
  });

  /** What each field says to one reader, by type and field. */
  async function answersFor(student: Student | null): Promise<Answers> {
    const result = await graphql(server, student?.token ?? null, READ, { postId });
    expect(result.errors).toBeUndefined();
    const post = result.data.post;
    const comment = post.comments.edges[0].node;
    return {
      Query: result.data.viewerCan,
      Organization: result.data.organization.viewerCan,
      Post: post.viewerCan,
      Comment: comment.viewerCan,
      'User (post author)': post.author.viewerCan,
      'User (comment author)': comment.author.viewerCan,
    };
  }

  /** What the policy rows say to the same reader about the same objects: the table the fields must equal. */
  function policyAnswers(student: Student | null, role: Role): Answers {
    const viewer = student && { uid: student.uid, role, emailVerified: student.emailVerified };
    const rows = (owner: string, root: unknown) =>
      Object.fromEntries(
        Object.entries(FIELDS[owner]!).map(([field, rule]) => [
          field,
          rule.policy.can(viewer, rule.action as never, rule.subject(root) as never),
        ]),
      );
    const post = { authorUid: ada.uid };
    const clubRole = student === ada ? 'owner' : student === ben ? 'member' : null;
    return {
      Query: rows('Query', null),
      Organization: rows('Organization', { status: 'active', viewerRole: clubRole, viewerRequested: false }),
      Post: rows('Post', post),
      Comment: rows('Comment', { authorUid: ben.uid, postAuthorUid: ada.uid }),
      'User (post author)': rows('User', { id: ada.uid }),
      'User (comment author)': rows('User', { id: ben.uid }),
    };
  }

  it('answers every reader as the policies do', async () => {
    const readers: Array<[string, Student | null, Role]> = [
      ['post author', ada, 'student'],
      ['comment author', ben, 'student'],
      ['bystander', cy, 'student'],
      ['moderator', mo, 'moderator'],
      ['admin', al, 'admin'],
      ['unverified', neo, 'student'],
      ['signed out', null, 'student'],
    ];
    for (const [, student, role] of readers) expect(await answersFor(student)).toEqual(policyAnswers(student, role));
  });

  it("shows the post's author Delete on another student's comment under their post, and nobody else but its writer", async () => {
    const deleteAnswers = await Promise.all(
      [ada, ben, cy, mo, null].map(async (student) => (await answersFor(student)).Comment!['delete']),
    );
    expect(deleteAnswers).toEqual([true, true, false, false, false]);
  });

  it("answers the club's owner, a member and an outsider what a club page offers them", async () => {
    expect((await answersFor(ada)).Organization).toMatchObject({
      edit: true,
      postAs: true,
      manageOfficers: true,
      leave: false,
      join: false,
      report: false,
    });
    expect((await answersFor(ben)).Organization).toMatchObject({ edit: false, postAs: false, leave: true, join: false, report: true });
    expect((await answersFor(cy)).Organization).toMatchObject({ edit: false, join: true, leave: false, follow: true });
    expect((await answersFor(null)).Organization).toMatchObject({ join: false, follow: false, report: false });
  });

  it('answers the moderators’ and admins’ abilities by role', async () => {
    expect((await answersFor(cy)).Query).toEqual({
      post: true,
      moderate: false,
      grantRoles: false,
      readAuditLog: false,
      createOrganization: true,
    });
    expect((await answersFor(mo)).Query).toEqual({
      post: true,
      moderate: true,
      grantRoles: false,
      readAuditLog: false,
      createOrganization: true,
    });
    expect((await answersFor(al)).Query).toEqual({
      post: true,
      moderate: true,
      grantRoles: true,
      readAuditLog: true,
      createOrganization: true,
    });
    expect((await answersFor(mo)).Post).toEqual({ delete: false, comment: true, editCaptions: false, report: true, moderate: true });
  });

  it('answers an unverified student no to posting, commenting and reporting, and yes to following and the rest (D16)', async () => {
    const answers = await answersFor(neo);
    expect(answers.Query).toEqual({ post: false, moderate: false, grantRoles: false, readAuditLog: false, createOrganization: false });
    expect(answers.Organization).toMatchObject({ join: false, follow: true, report: false });
    expect(answers.Post).toEqual({ delete: false, comment: false, editCaptions: false, report: false, moderate: false });
    expect(answers.Comment).toEqual({ delete: false, report: false, moderate: false });
    expect(answers['User (post author)']).toMatchObject({ follow: true, block: true, mute: true, report: false });
  });

  it("answers an admin which team members the app's Make/Remove moderator may change (not an admin's role)", async () => {
    const result = await graphql(
      server,
      al.token,
      `
        {
          moderators {
            role
            user {
              id
            }
            viewerCan {
              changeModeratorRole
            }
          }
        }
      `,
    );
    expect(result.errors).toBeUndefined();
    const byId = new Map(result.data.moderators.map((member: any) => [member.user.id, member]));
    expect(byId.get(mo.uid)).toMatchObject({ role: 'MODERATOR', viewerCan: { changeModeratorRole: true } });
    expect(byId.get(al.uid)).toMatchObject({ role: 'ADMIN', viewerCan: { changeModeratorRole: false } });
    for (const member of result.data.moderators) {
      const row = FIELDS['TeamMember']!['changeModeratorRole']!;
      const root = { user: { id: member.user.id }, role: member.role.toLowerCase() };
      expect(member.viewerCan.changeModeratorRole).toBe(
        row.policy.can({ uid: al.uid, role: 'admin' }, row.action as never, row.subject(root) as never),
      );
    }
  });

  it('tells each live subscriber what they may do to a new comment (shared per class of subscriber, never across classes)', async () => {
    const LIVE = `subscription ($id: ID!) { commentAdded(postId: $id) { text author { id } viewerCan { delete report moderate } } }`;
    const subscribers = [ada, ben, cy, mo];
    const streams = subscribers.map((student) => liveComments(server, student, LIVE, postId));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const added = await graphql(
        server,
        ben.token,
        `
          mutation ($id: ID!) {
            addComment(postId: $id, text: "Live one") {
              id
            }
          }
        `,
        { id: postId },
      );
      expect(added.errors).toBeUndefined();
      const events = await Promise.all(streams.map((stream) => stream.next()));
      expect(events.map((event) => event.commentAdded.viewerCan)).toEqual([
        { delete: true, report: true, moderate: false }, // the post's author
        { delete: true, report: false, moderate: false }, // the comment's author (another tab)
        { delete: false, report: true, moderate: false }, // a bystander
        { delete: false, report: true, moderate: true }, // a moderator
      ]);
      subscribers.forEach((student, i) =>
        expect(events[i].commentAdded.viewerCan).toEqual(policyAnswers(student, student === mo ? 'moderator' : 'student').Comment),
      );
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('costs no statement per row: a feed page and a thread answer viewerCan from what they already read', async () => {
    const EXPLORE = `query { explore(first: 20) { edges { node { id author { id } SELECT } } } }`;
    const THREAD = `query ($postId: ID!) { post(id: $postId) { id comments(first: 20) { edges { node { id author { id } SELECT } } } } }`;
    const CAN = 'viewerCan { delete report moderate } author { viewerCan { update follow block mute report } }';
    const statements = async (query: string, variables: Record<string, unknown> = {}) => {
      const result = await graphql(server, ada.token, query, variables);
      expect(result.errors).toBeUndefined();
      return result.sqlStatements;
    };
    for (let i = 0; i < 3; i += 1) {
      await createPost(server, i % 2 ? ben : cy);
      await graphql(server, cy.token, `mutation ($id: ID!) { addComment(postId: $id, text: "More ${i}") { id } }`, { id: postId });
    }
    await server.app.database.dataSource.query(`UPDATE posts SET status = 'ready'`);
    expect(await statements(EXPLORE.replace('SELECT', CAN))).toBe(await statements(EXPLORE.replace('SELECT', '')));
    expect(await statements(THREAD.replace('SELECT', CAN), { postId })).toBe(await statements(THREAD.replace('SELECT', ''), { postId }));
  });
});
