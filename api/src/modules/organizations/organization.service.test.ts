import { MESSAGES } from '@campus-clips/rules';
import { useScenarios } from '../../../test/support/scenarios';
import { UNVERIFIED_EMAIL_MESSAGE } from '../../shared/errors';
import type { PageRequest } from '../../shared/paging';
import { CampusScope } from '../campuses';
import { ReportReason, ReportTarget } from '../moderation';
import { NotificationKind } from '../notifications';
import { MembershipState, OrganizationCategory, OrganizationJoinMode, OrganizationRole, OrganizationStatus } from './organization.enums';
import { ORGANIZATION_MESSAGES } from './organization.policy';
import { OrganizationService } from './organization.service';
import { eventIn, scenarios } from './organization.scenarios';

const { scenario } = useScenarios(scenarios);

const FIRST: PageRequest = { size: 50, after: null };
const moderatorOf = <T extends object>(student: T) => ({ ...student, role: 'moderator' as const });

describe('OrganizationService: founding and editing', () => {
  scenario('a verified student founds one and is its owner, its campus theirs; the address is cleaned', async ({ mia }, db) => {
    const made = await db.services.organizations.create(mia, {
      name: '  Robotics Society ',
      slug: ' Robotics-Soc ',
      description: 'We build robots',
      category: OrganizationCategory.ACADEMIC,
    });
    expect(made).toMatchObject({
      name: 'Robotics Society',
      slug: 'robotics-soc',
      joinMode: OrganizationJoinMode.OPEN,
      memberCount: 1,
      viewerRole: OrganizationRole.OWNER,
      status: OrganizationStatus.ACTIVE,
    });
    expect(OrganizationService.membershipOf(made)).toBe(MembershipState.MEMBER);
  });

  scenario('refuses a taken address, a bad name and an unverified student, storing nothing', async ({ mia }, db) => {
    const before = await db.snapshot();
    await expect(
      db.services.organizations.create(mia, { name: 'Chess again', slug: 'Chess-Club', category: OrganizationCategory.OTHER }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', fields: { slug: ORGANIZATION_MESSAGES.slugTaken } });
    await expect(
      db.services.organizations.create(mia, { name: 'x', slug: 'a', description: 'd'.repeat(1001), category: OrganizationCategory.OTHER }),
    ).rejects.toMatchObject({
      fields: {
        name: MESSAGES.organizationNameShort,
        slug: MESSAGES.organizationSlugInvalid,
        description: MESSAGES.organizationDescriptionLong,
      },
    });
    await expect(
      db.services.organizations.create(
        { ...mia, emailVerified: false },
        { name: 'Quiet', slug: 'quiet', category: OrganizationCategory.OTHER },
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN_UNVERIFIED', message: UNVERIFIED_EMAIL_MESSAGE });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('officers edit it (the address stays); members and outsiders are refused', async ({ ada, grace, linus, chess }, db) => {
    const edited = await db.services.organizations.update(grace, chess.id, {
      description: 'Now with clocks',
      category: OrganizationCategory.CULTURE,
    });
    expect(edited).toMatchObject({ slug: 'chess-club', description: 'Now with clocks', category: OrganizationCategory.CULTURE });
    await expect(db.services.organizations.update(linus, chess.id, { name: 'Mine now' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: ORGANIZATION_MESSAGES.officersOnly,
    });
    expect((await db.services.organizations.update(ada, chess.id, {})).name).toBe('chess club');
  });

  scenario('opening a by-request organization lets everyone waiting in, and tells them', async ({ ada, mia, film }, db) => {
    const opened = await db.services.organizations.update(ada, film.id, { joinMode: OrganizationJoinMode.OPEN });
    expect(opened.memberCount).toBe(2);
    const told = await db.services.notifications.list(mia, FIRST);
    expect(told.items.map((n) => n.kind)).toEqual([NotificationKind.JOIN_APPROVED]);
  });
});

describe('OrganizationService: joining, requests and leaving', () => {
  scenario('an open one is joined at once; a second join is refused as already a member', async ({ mia, chess }, db) => {
    const joined = await db.services.organizations.join(mia, chess.id);
    expect({ role: joined.viewerRole, members: joined.memberCount }).toEqual({ role: OrganizationRole.MEMBER, members: 4 });
    await expect(db.services.organizations.join(mia, chess.id)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: ORGANIZATION_MESSAGES.alreadyMember,
    });
  });

  scenario('joining needs a verified e-mail', async ({ mia, chess }, db) => {
    await expect(db.services.organizations.join({ ...mia, emailVerified: false }, chess.id)).rejects.toMatchObject({
      code: 'FORBIDDEN_UNVERIFIED',
    });
  });

  scenario(
    'a request tells the officers (grouped); approving makes a member and tells the requester',
    async ({ ada, linus, mia, film }, db) => {
      await db.services.organizations.join(linus, film.id);
      const officerSees = await db.services.notifications.list(ada, FIRST);
      expect(officerSees.items).toEqual([
        expect.objectContaining({
          kind: NotificationKind.JOIN_REQUEST,
          organizationId: film.id,
          actorCount: 2,
          actorUids: [linus.uid, mia.uid],
        }),
      ]);
      const page = await db.services.organizations.pendingRequests(ada, film, FIRST);
      expect(page!.items.map((row) => row.user.id)).toEqual([mia.uid, linus.uid]);

      const after = await db.services.organizations.decideJoinRequest(ada, film.id, mia.uid, true);
      expect(after.memberCount).toBe(2);
      expect((await db.services.notifications.list(mia, FIRST)).items).toEqual([
        expect.objectContaining({ kind: NotificationKind.JOIN_APPROVED, organizationId: film.id, actorUids: [ada.uid] }),
      ]);
      // The officers' group now names only who is still waiting.
      expect((await db.services.notifications.list(ada, FIRST)).items[0]).toMatchObject({ actorUids: [linus.uid], actorCount: 1 });
      await db.services.organizations.decideJoinRequest(ada, film.id, linus.uid, false);
      expect((await db.services.notifications.list(linus, FIRST)).items[0]).toMatchObject({ kind: NotificationKind.JOIN_DECLINED });
      expect((await db.services.organizations.byIds([film.id], linus))[0]).toMatchObject({ viewerRole: null, viewerRequested: false });
      expect((await db.services.notifications.list(ada, FIRST)).items).toEqual([]);
      await expect(db.services.organizations.decideJoinRequest(ada, film.id, linus.uid, true)).rejects.toMatchObject({
        fields: { userId: ORGANIZATION_MESSAGES.requestNotFound },
      });
    },
  );

  scenario('only officers see and answer requests', async ({ mia, linus, film }, db) => {
    expect(await db.services.organizations.pendingRequests(linus, film, FIRST)).toBeNull();
    expect(await db.services.organizations.pendingRequests(null, film, FIRST)).toBeNull();
    const before = await db.snapshot();
    await expect(db.services.organizations.decideJoinRequest(linus, film.id, mia.uid, true)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(db.services.organizations.decideJoinRequest(mia, film.id, mia.uid, true)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await db.snapshot()).toEqual(before);
  });

  scenario('withdrawing a request takes it from the officers; members leave; outsiders are told they are not members', async (data, db) => {
    const { ada, linus, mia, chess, film } = data;
    expect((await db.services.organizations.leave(mia, film.id)).viewerRequested).toBe(false);
    expect((await db.services.notifications.list(ada, FIRST)).items).toEqual([]);
    expect((await db.services.organizations.leave(linus, chess.id)).memberCount).toBe(2);
    await expect(db.services.organizations.leave(mia, chess.id)).rejects.toMatchObject({
      fields: { id: ORGANIZATION_MESSAGES.notMember },
    });
  });

  scenario('the last owner cannot leave: the organization always has an owner', async ({ ada, chess }, db) => {
    const before = await db.snapshot();
    await expect(db.services.organizations.leave(ada, chess.id)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: ORGANIZATION_MESSAGES.ownerLeaving,
    });
    expect(await db.snapshot()).toEqual(before);
  });
});

describe('OrganizationService: officers and ownership', () => {
  scenario('officers remove members, never an officer, the owner or themselves; members remove no one', async (data, db) => {
    const { ada, grace, linus, chess } = data;
    const before = await db.snapshot();
    await expect(db.services.organizations.removeMember(grace, chess.id, ada.uid)).rejects.toMatchObject({
      message: ORGANIZATION_MESSAGES.removeMembersOnly,
    });
    await expect(db.services.organizations.removeMember(ada, chess.id, grace.uid)).rejects.toMatchObject({
      message: ORGANIZATION_MESSAGES.removeMembersOnly,
    });
    await expect(db.services.organizations.removeMember(grace, chess.id, grace.uid)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(db.services.organizations.removeMember(linus, chess.id, grace.uid)).rejects.toMatchObject({
      message: ORGANIZATION_MESSAGES.officersOnly,
    });
    expect(await db.snapshot()).toEqual(before);
    expect((await db.services.organizations.removeMember(grace, chess.id, linus.uid)).memberCount).toBe(2);
    await expect(db.services.organizations.removeMember(grace, chess.id, linus.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: ORGANIZATION_MESSAGES.memberNotFound,
    });
  });

  scenario('the owner promotes and demotes officers; officers cannot, nobody changes themselves', async (data, db) => {
    const { ada, grace, linus, chess } = data;
    await expect(db.services.organizations.setOfficer(grace, chess.id, linus.uid, true)).rejects.toMatchObject({
      message: ORGANIZATION_MESSAGES.ownerOnly,
    });
    await expect(db.services.organizations.setOfficer(ada, chess.id, ada.uid, false)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await db.services.organizations.setOfficer(ada, chess.id, linus.uid, true);
    await db.services.organizations.setOfficer(ada, chess.id, grace.uid, false);
    const roles = (await db.services.organizations.members(ada, data.chess, FIRST)).items.map((row) => [row.user.displayName, row.role]);
    expect(roles).toEqual([
      ['Ada Lovelace', OrganizationRole.OWNER],
      ['Linus Torvalds', OrganizationRole.OFFICER],
      ['Grace Hopper', OrganizationRole.MEMBER],
    ]);
  });

  scenario('the owner hands ownership over and stays an officer; then they may leave, the new owner may not', async (data, db) => {
    const { ada, grace, mia, chess } = data;
    await expect(db.services.organizations.transferOwnership(ada, chess.id, mia.uid)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: ORGANIZATION_MESSAGES.memberNotFound,
    });
    await expect(db.services.organizations.transferOwnership(grace, chess.id, grace.uid)).rejects.toMatchObject({
      message: ORGANIZATION_MESSAGES.ownerOnly,
    });
    await expect(db.services.organizations.transferOwnership(ada, chess.id, ada.uid)).rejects.toMatchObject({
      fields: { userId: ORGANIZATION_MESSAGES.transferToMember },
    });
    const handed = await db.services.organizations.transferOwnership(ada, chess.id, grace.uid);
    expect(handed.viewerRole).toBe(OrganizationRole.OFFICER);
    const owners: Array<{ user_uid: string }> = await db.dataSource.query(
      `SELECT user_uid FROM organization_members WHERE organization_id = $1 AND role = 'owner'`,
      [chess.id],
    );
    expect(owners).toEqual([{ user_uid: grace.uid }]);
    await expect(db.services.organizations.leave(grace, chess.id)).rejects.toMatchObject({ message: ORGANIZATION_MESSAGES.ownerLeaving });
    expect((await db.services.organizations.leave(ada, chess.id)).viewerRole).toBeNull();
  });

  scenario("an owner's deleted account hands the organization to the longest-serving officer; nobody left, it goes", async (data, db) => {
    const { ada, grace, mia, chess, film } = data;
    await db.dataSource.query('DELETE FROM users WHERE firebase_uid = $1', [ada.uid]);
    expect((await db.services.organizations.byIds([chess.id], grace))[0]).toMatchObject({
      viewerRole: OrganizationRole.OWNER,
      memberCount: 2,
    });
    // The Film Society had only its owner (Mia was still waiting): it is gone with them.
    expect(await db.services.organizations.byIds([film.id], mia)).toEqual([]);
  });
});

describe('OrganizationService: members page', () => {
  scenario('crowd', 'the owner, then officers, then members, each by when they joined; pages of 4 without gaps', async (data, db) => {
    const { owner, chess, members } = data;
    // Joined a minute apart, in order.
    for (const [index, member] of members.entries()) {
      await db.dataSource.query(
        `UPDATE organization_members SET created_at = now() - make_interval(mins => $3) WHERE organization_id = $1 AND user_uid = $2`,
        [chess.id, member.uid, 100 - index],
      );
    }
    const seen: string[] = [];
    let after: PageRequest['after'] = null;
    let pages = 0;
    for (;;) {
      const page = await db.services.organizations.members(null, chess, { size: 4, after });
      seen.push(...page.items.map((row) => row.user.id));
      pages++;
      if (!page.hasNextPage) break;
      after = page.items[page.items.length - 1]!.position;
    }
    const rest = members.filter((_, index) => index !== 4 && index !== 9).map((member) => member.uid);
    expect(seen).toEqual([owner.uid, members[4]!.uid, members[9]!.uid, ...rest]);
    expect(pages).toBe(4);
  });
});

describe('OrganizationService: posting as the organization and its pages', () => {
  scenario('posts', 'officers post as it; members and outsiders are refused before anything is stored', async (data, db) => {
    const { ada, quinn, chess } = data;
    const linus = await db.student('Linus Member');
    await db.services.organizations.join(linus, chess.id);
    const video = await db.upload(linus);
    const before = await db.snapshot();
    for (const who of [linus, quinn]) {
      await expect(
        db.services.posts.create(who, { videoUrl: video.url, caption: 'As the club', organizationId: chess.id }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN', message: ORGANIZATION_MESSAGES.postAs });
    }
    await expect(db.services.posts.create(ada, { videoUrl: video.url, organizationId: 'not-an-id' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: ORGANIZATION_MESSAGES.notFound,
    });
    expect(await db.snapshot()).toEqual(before);
    const own = await db.upload(ada);
    const posted = await db.services.posts.create(ada, { videoUrl: own.url, caption: 'From the owner', organizationId: chess.id });
    expect({ author: posted.authorUid, organization: posted.organizationId }).toEqual({ author: ada.uid, organization: chess.id });
  });

  scenario('posts', 'its posts page: newest first, without blocked, suspended or muted authors or hidden posts', async (data, db) => {
    const { vera, grace, chess, first, second, event, third, hidden } = data;
    const captions = async (viewer: typeof vera | null) =>
      (await db.services.organizations.posts(viewer, chess.id, FIRST)).items.map((post) => post.caption);
    expect(await captions(vera)).toEqual(['Results', 'Tournament', 'Puzzle of the week', 'Opening night']);
    // Signed out: Bo and Mo are nobody's block or mute; the suspended author and the hidden post stay out.
    expect(await captions(null)).toEqual(['Results', 'From Mo', 'From Bo', 'Tournament', 'Puzzle of the week', 'Opening night']);
    // The hidden post is its author's still.
    expect(await captions(grace)).toContain('Reported');
    // Pages of one, without gaps or repeats.
    const ids: string[] = [];
    let after: PageRequest['after'] = null;
    for (;;) {
      const page = await db.services.organizations.posts(vera, chess.id, { size: 1, after });
      ids.push(...page.items.map((post) => post.id));
      if (!page.hasNextPage) break;
      after = { createdAt: page.items[0]!.createdAt, id: page.items[0]!.id };
    }
    expect(ids).toEqual([third.id, event.id, second.id, first.id]);
    expect(ids).not.toContain(hidden.id);
  });

  scenario('posts', 'its upcoming events; its members are told of a new one (their setting), the poster not', async (data, db) => {
    const { ada, grace, vera, bo, chess, event } = data;
    expect((await db.services.organizations.upcomingEvents(vera, chess.id, FIRST)).items.map((post) => post.id)).toEqual([event.id]);
    const kinds = async (who: typeof ada) => (await db.services.notifications.list(who, FIRST)).items.map((n) => [n.kind, n.postId]);
    expect(await kinds(ada)).toContainEqual([NotificationKind.ORGANIZATION_EVENT, event.id]);
    expect(await kinds(bo)).toContainEqual([NotificationKind.ORGANIZATION_EVENT, event.id]);
    expect(await kinds(grace)).not.toContainEqual([NotificationKind.ORGANIZATION_EVENT, event.id]);
    // Followers are not members: no notification.
    expect(await kinds(vera)).toEqual([]);
    await db.services.notifications.updateSettings(bo, { organizationEvents: false });
    const later = await db.post(grace, { organizationId: chess.id, caption: 'Another', event: eventIn(5) });
    expect(await kinds(bo)).not.toContainEqual([NotificationKind.ORGANIZATION_EVENT, later.id]);
    expect(await kinds(ada)).toContainEqual([NotificationKind.ORGANIZATION_EVENT, later.id]);
  });

  scenario('posts', "Home shows its posts to its followers and members, by the same rules; nobody else's Home", async (data, db) => {
    const { vera, quinn, ada, third, first, personal, byBlocker, byMuted, bySuspended, hidden } = data;
    const home = async (who: typeof vera) => (await db.services.feeds.home(who, FIRST)).items.map((post) => post.id);
    const veraHome = await home(vera);
    expect(veraHome).toEqual(expect.arrayContaining([third.id, first.id]));
    for (const hiddenFromVera of [personal.id, byBlocker.id, byMuted.id, bySuspended.id, hidden.id])
      expect(veraHome).not.toContain(hiddenFromVera);
    expect(await home(quinn)).toEqual([]);
    expect(await home(ada)).toEqual(expect.arrayContaining([third.id, byMuted.id, byBlocker.id]));
    const walked = await db.services.feeds.home(vera, { size: 2, after: null });
    expect(walked.items.map((post) => post.id)).toEqual([third.id, data.event.id]);
  });

  scenario('posts', 'Events "from my organizations": its members see its events; followers and outsiders do not', async (data, db) => {
    const { ada, vera, event } = data;
    const mine = async (who: typeof ada | null) =>
      (await db.services.events.upcoming(who, FIRST, { fromMyOrganizations: true }, CampusScope.MINE)).items.map((post) => post.id);
    expect(await mine(ada)).toEqual([event.id]);
    expect(await mine(vera)).toEqual([]);
    expect(await mine(null)).toEqual([]);
  });
});

describe('OrganizationService: the directory and suggestions', () => {
  scenario('by name, the query and the category filtering; pages without gaps', async ({ mia }, db) => {
    for (const [name, category] of [
      ['Zeta Runners', OrganizationCategory.SPORTS],
      ['Alpha Chess Circle', OrganizationCategory.CULTURE],
      ['Beta Swimmers', OrganizationCategory.SPORTS],
    ] as const) {
      await db.services.organizations.create(mia, { name, slug: name.toLowerCase().replace(/ /g, '-'), category });
    }
    const names = async (filter: Parameters<OrganizationService['directory']>[1], size = 50) => {
      const seen: string[] = [];
      let after: PageRequest['after'] = null;
      for (;;) {
        const page = await db.services.organizations.directory(mia, filter, { size, after });
        seen.push(...page.items.map((organization) => organization.name));
        if (!page.hasNextPage) return seen;
        after = page.items[page.items.length - 1]!.position;
      }
    };
    expect(await names({}, 2)).toEqual(['Alpha Chess Circle', 'Beta Swimmers', 'chess club', 'film society', 'Zeta Runners']);
    expect(await names({ query: 'CHESS' })).toEqual(['Alpha Chess Circle', 'chess club']);
    expect(await names({ category: OrganizationCategory.SPORTS })).toEqual(['Beta Swimmers', 'Zeta Runners']);
  });

  scenario('suggestions follow the interests, leave out what the student joined, asked for or follows', async ({ mia, linus }, db) => {
    await db.services.users.updateProfile(linus, linus.uid, { interests: ['Swimming'] });
    await db.services.organizations.create(mia, { name: 'Swim Team', slug: 'swim-team', category: OrganizationCategory.SPORTS });
    await db.services.organizations.create(mia, { name: 'Poetry Circle', slug: 'poetry', category: OrganizationCategory.ARTS });
    const suggested = (await db.services.organizations.suggested(linus, 10)).map((organization) => organization.slug);
    expect(suggested[0]).toBe('swim-team');
    expect(suggested).not.toContain('chess-club');
    expect(suggested).toEqual(expect.arrayContaining(['film-society', 'poetry']));
  });

  scenario('a profile lists the organizations a student belongs to, unless they chose not to (but not to themselves)', async (data, db) => {
    const { ada, grace, mia, chess, film } = data;
    const listed = async (viewer: typeof ada, of: typeof ada) =>
      (await db.services.organizations.ofUser(viewer, await db.services.users.get(of.uid), FIRST))?.items.map((o) => o.id) ?? null;
    expect(await listed(mia, ada)).toEqual([film.id, chess.id]);
    await db.services.users.updateProfile(ada, ada.uid, { showOrganizations: false });
    expect(await listed(mia, ada)).toBeNull();
    expect(await listed(ada, ada)).toEqual([film.id, chess.id]);
    expect(await listed(mia, grace)).toEqual([chess.id]);
  });
});

describe('OrganizationService: safety', () => {
  scenario('reports go to the moderation queue; its officers cannot report it', async ({ ada, grace, mia, chess }, db) => {
    const report = { targetType: ReportTarget.ORGANIZATION, targetId: chess.id, reason: ReportReason.HATE, details: 'Its picture' };
    await db.services.moderation.report(mia, report);
    await expect(db.services.moderation.report(grace, report)).rejects.toMatchObject({ fields: { id: ORGANIZATION_MESSAGES.reportOwn } });
    const queue = await db.services.moderation.queue(moderatorOf(mia), 'newest' as never);
    expect(queue).toEqual([
      expect.objectContaining({
        targetType: ReportTarget.ORGANIZATION,
        targetId: chess.id,
        targetAuthor: expect.objectContaining({ id: ada.uid }),
        content: 'chess club (/org/chess-club): All about chess-club',
        reporterCount: 1,
      }),
    ]);
  });

  scenario('a hidden or suspended organization is seen by moderators only, its owner told; lifting shows it again', async (data, db) => {
    const { ada, mia, chess } = data;
    const moderator = moderatorOf(mia);
    await expect(db.services.organizations.setStatus(mia, chess.id, 'hide', 'Bad picture')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(db.services.organizations.setStatus(moderator, chess.id, 'hide', ' ')).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    const hidden = await db.services.organizations.setStatus(moderator, chess.id, 'hide', 'Bad picture');
    expect(hidden.status).toBe(OrganizationStatus.HIDDEN);
    expect(await db.services.organizations.bySlug('chess-club', ada)).toBeNull();
    expect(await db.services.organizations.bySlug('chess-club', null)).toBeNull();
    expect((await db.services.organizations.directory(ada, {}, FIRST)).items.map((o) => o.slug)).toEqual(['film-society']);
    await expect(db.services.organizations.join(mia, chess.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await db.services.notifications.list(ada, FIRST)).items[0]).toMatchObject({
      kind: NotificationKind.MODERATION,
      text: 'A moderator hid your organization chess club: Bad picture',
    });
    await db.services.organizations.setStatus(moderator, chess.id, 'unhide', 'Fixed');
    await db.services.organizations.setStatus(moderator, chess.id, 'suspend', 'Spam club');
    expect(await db.services.organizations.bySlug('chess-club', ada)).toBeNull();
    expect((await db.services.organizations.bySlug('chess-club', moderator))?.status).toBe(OrganizationStatus.SUSPENDED);
    await expect(db.services.organizations.setStatus(moderator, chess.id, 'unhide', 'Wrong')).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    const log: Array<{ action: string; target_type: string }> = await db.dataSource.query(
      `SELECT action, target_type FROM moderation_actions ORDER BY created_at, action`,
    );
    expect(log.map((entry) => entry.action)).toEqual(['hide', 'unhide', 'suspend']);
    expect(new Set(log.map((entry) => entry.target_type))).toEqual(new Set(['organization']));
  });
});
