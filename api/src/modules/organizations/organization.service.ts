import { checkOrganizationEditForm, checkOrganizationForm } from '@campus-clips/rules';
import type { DataSource, EntityManager } from 'typeorm';
import { withConstraintMessages } from '../../infra/db/errors';
import { entityRowReader, type EntityRowReader } from '../../infra/db/plain-rows';
import { notBlockedSql, notMutedSql, notSuspendedSql } from '../../infra/db/relation-filters';
import { NotFoundError, ValidationError } from '../../shared/errors';
import { type KeysetPosition, type Page, type PageRequest, toPage } from '../../shared/paging';
import { authorize, authorizeEmail } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import { CampusScope, mineOnly, viewerCampusSql } from '../campuses';
import type { ModerationService, OrganizationReports } from '../moderation';
import type { NotificationService, NotificationWriter } from '../notifications';
import { isUuid, PostListQuery, type PostListPage, type PostOrganizationGate, visiblePostSql } from '../posts';
import type { MediaService } from '../uploads';
import { User } from '../users';
import { Organization } from './organization.entity';
import { MembershipState, OrganizationCategory, OrganizationJoinMode, OrganizationRole, OrganizationStatus } from './organization.enums';
import { ORGANIZATION_MESSAGES, type MemberSubject, organizationPolicy, type OrganizationSubject } from './organization.policy';
import { suggestionTerms } from './organization-suggestions';
import { organizationRows, type OrganizationRows } from './organization-rows';

export interface CreateOrganizationInput {
  name: string;
  slug: string;
  description?: string | null;
  category: OrganizationCategory;
  joinMode?: OrganizationJoinMode | null;
  /** The caller's own finished image upload (X-Media-Url), or none. */
  photoURL?: string | null;
}

export interface UpdateOrganizationInput {
  name?: string | null;
  description?: string | null;
  category?: OrganizationCategory | null;
  joinMode?: OrganizationJoinMode | null;
  /** A new picture (the caller's own upload); '' removes it; absent keeps it. */
  photoURL?: string | null;
}

export interface OrganizationFilter {
  query?: string | null;
  category?: OrganizationCategory | null;
  scope?: CampusScope | null;
}

/** One member as the members page lists them. */
export interface OrganizationMemberRow {
  user: User;
  role: OrganizationRole;
  joinedAt: Date;
  position: KeysetPosition;
}

/** One pending request, oldest first. */
export interface JoinRequestRow {
  user: User;
  requestedAt: Date;
  position: KeysetPosition;
}

/** An organization in a list, with where it stands in the list's order (its cursor). */
export type ListedOrganization = Organization & { position: KeysetPosition };

const MODERATOR_ROLES = new Set(['moderator', 'admin']);
const SUGGESTIONS_MAX = 20;

/** Whether this viewer sees hidden and suspended organizations (organizations' policy: moderators). */
function seesEveryOrganization(viewer: Pick<Viewer, 'role'> | null): boolean {
  return !!viewer?.role && MODERATOR_ROLES.has(viewer.role);
}

/** The organizations whose posts reach the viewer's Home: those they belong to or follow, while active. For feeds/. */
export function homeOrganizationsSql(viewer: string): string {
  return `SELECT hm.organization_id FROM organization_members hm JOIN organizations ho ON ho.id = hm.organization_id AND ho.status = 'active'
            WHERE hm.user_uid = ${viewer}
          UNION
          SELECT hf.organization_id FROM organization_follows hf JOIN organizations ho ON ho.id = hf.organization_id AND ho.status = 'active'
            WHERE hf.user_uid = ${viewer}`;
}

/** The active organizations the viewer belongs to (any role): the Events page's 'From my organizations'. For events/. */
export function memberOrganizationsSql(viewer: string): string {
  return `SELECT mm.organization_id FROM organization_members mm JOIN organizations mo ON mo.id = mm.organization_id AND mo.status = 'active'
            WHERE mm.user_uid = ${viewer}`;
}

/** The viewer may see the organization `id` (an SQL expression): active, or the viewer is a moderator. */
function organizationVisibleSql(id: string, viewer: string): string {
  return `EXISTS (SELECT 1 FROM organizations vo WHERE vo.id = ${id} AND (vo.status = 'active'
    OR EXISTS (SELECT 1 FROM users vm WHERE vm.firebase_uid = ${viewer} AND vm.role IN ('moderator', 'admin'))))`;
}

/**
 * Organizations (issue 26, D17): clubs and societies, their members and roles, join requests,
 * followers, posts and events made as them, and moderators' decisions on them. Who may do what is
 * organizationPolicy's (a table); this service reads the subject each rule judges and writes.
 */
export class OrganizationService implements PostOrganizationGate, OrganizationReports {
  private readonly rows: OrganizationRows;
  private readonly users: EntityRowReader<User>;
  private readonly postPages: PostListQuery;
  private readonly eventPages: PostListQuery;

  constructor(
    private readonly db: DataSource,
    private readonly media: MediaService,
    private readonly notifications: NotificationService,
    private readonly moderation: Pick<ModerationService, 'decideOnOrganization'>,
  ) {
    this.rows = organizationRows(db);
    this.users = entityRowReader(db, User, 'u');
    // Its posts, newest first, through posts_organization_recent: one statement a page, with the
    // posts' own visibility (blocks, suspended authors, hidden posts) and the viewer's mutes.
    this.postPages = new PostListQuery(
      db,
      'organization posts',
      1,
      ({ viewer, want, after, extra }) => `SELECT q.* FROM posts q
        WHERE q.organization_id = ${extra(0)}::uuid AND ${organizationVisibleSql(`${extra(0)}::uuid`, viewer)}
          AND ${visiblePostSql('q', viewer)} AND ${notMutedSql('q.author_uid', viewer)} ${after('q')}
        ORDER BY q.created_at DESC, q.id DESC LIMIT ${want}`,
    );
    // Its upcoming events (not yet ended), soonest first, through posts_organization_event_upcoming;
    // an event ends the day it starts (25 hours at most), as the Events page bounds it.
    this.eventPages = new PostListQuery(
      db,
      'organization upcoming events',
      1,
      ({ viewer, want, after, extra }) => `SELECT q.* FROM posts q
        WHERE q.organization_id = ${extra(0)}::uuid AND ${organizationVisibleSql(`${extra(0)}::uuid`, viewer)}
          AND q.event_starts_at IS NOT NULL AND q.event_starts_at > now() - interval '25 hours'
          AND coalesce(q.event_ends_at, q.event_starts_at) > now()
          AND ${visiblePostSql('q', viewer)} AND ${notMutedSql('q.author_uid', viewer)} ${after('q')}
        ORDER BY q.event_starts_at ASC, q.id ASC LIMIT ${want}`,
      { column: 'event_starts_at', direction: 'ASC' },
    );
  }

  // --- Reads -------------------------------------------------------------------------------

  /** The row with the viewer's relation to it, as `alias` o: the select list and joins ($viewer: the viewer's uid parameter). */
  private selectFor(viewer: string, extraColumns = ''): string {
    return `SELECT ${this.rows.selectList} ${extraColumns} FROM organizations o ${this.rows.viewerJoins(viewer)}`;
  }

  private read(row: Record<string, unknown>, viewer: Pick<Viewer, 'uid'> | null): Organization {
    return this.rows.read(row, viewer);
  }

  /** These organizations, those the viewer may see (hidden and suspended ones: moderators only). One statement. */
  async byIds(ids: readonly string[], viewer: Viewer | null): Promise<Organization[]> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `${this.selectFor('$2::text')} WHERE o.id = ANY($1::uuid[]) AND (o.status = 'active' OR $3::boolean)`,
      [valid, viewer?.uid ?? '', seesEveryOrganization(viewer)],
    );
    return rows.map((row) => this.read(row, viewer));
  }

  /** The organization at /org/:slug, if the viewer may see it (null as for one that is not there). */
  async bySlug(slug: string, viewer: Viewer | null): Promise<Organization | null> {
    const wanted = slug.trim().toLowerCase();
    if (!wanted || wanted.length > 100) return null;
    const [row]: Array<Record<string, unknown>> = await this.db.query(
      `${this.selectFor('$2::text')} WHERE o.slug = $1 AND (o.status = 'active' OR $3::boolean)`,
      [wanted, viewer?.uid ?? '', seesEveryOrganization(viewer)],
    );
    return row ? this.read(row, viewer) : null;
  }

  /** One the viewer may see, or 'Organization not found'; within `tx`, its row locked (membership changes take turns). */
  private async load(viewer: Viewer | null, id: string, tx?: EntityManager): Promise<Organization> {
    if (!isUuid(id)) throw organizationNotFound();
    const [row]: Array<Record<string, unknown>> = await (tx ?? this.db).query(
      `${this.selectFor('$2::text')} WHERE o.id = $1 AND (o.status = 'active' OR $3::boolean) ${tx ? 'FOR UPDATE OF o' : ''}`,
      [id, viewer?.uid ?? '', seesEveryOrganization(viewer)],
    );
    if (!row) throw organizationNotFound();
    return this.read(row, viewer);
  }

  /**
   * The directory (/organizations): active organizations, by name, the viewer's campus first (its
   * only one with scope MINE; everyone's for a viewer with no campus, or signed out), optionally
   * those whose name contains `query` and of one category. Keyset pages over (campus first, name,
   * id), one statement a page.
   */
  async directory(viewer: Viewer | null, filter: OrganizationFilter, page: PageRequest): Promise<Page<ListedOrganization>> {
    const term = (filter.query ?? '').trim().toLowerCase().slice(0, 100);
    const after = page.after ? directoryPosition(page.after) : null;
    const campus = viewerCampusSql('$1::text');
    const rank = `(CASE WHEN ${campus} IS NULL OR o.campus_id = ${campus} THEN 0 ELSE 1 END)`;
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `${this.selectFor('$1::text', `, ${rank} AS list_rank, lower(o.name) AS list_name`)}
        WHERE o.status = 'active'
          AND ($3::text = '' OR strpos(lower(o.name), $3::text) > 0)
          AND ($4::text IS NULL OR o.category = $4::text)
          AND (NOT $5::boolean OR ${campus} IS NULL OR o.campus_id = ${campus})
          AND ($6::int IS NULL OR (${rank}, lower(o.name), o.id) > ($6::int, $7::text, $8::uuid))
        ORDER BY list_rank, list_name, o.id
        LIMIT $2`,
      [
        viewer?.uid ?? '',
        page.size + 1,
        term,
        filter.category ?? null,
        !!viewer && mineOnly(filter.scope ?? CampusScope.MINE),
        after?.rank ?? null,
        after?.name ?? null,
        after?.id ?? null,
      ],
    );
    const items = rows.map((row) =>
      Object.assign(this.read(row, viewer), {
        position: { createdAt: row.o_created_at as Date, id: JSON.stringify([row.list_rank, row.list_name, row.o_id]) },
      }),
    );
    return toPage(items, page.size);
  }

  /**
   * Suggestions for the viewer (/organizations): active ones they neither belong to, asked to
   * join nor follow, whose category their interests point to or whose name or description names
   * one of them; their campus first, then the most members. Signed out: the biggest.
   */
  async suggested(viewer: Viewer | null, first: number | null | undefined): Promise<Organization[]> {
    const size = Math.min(Math.max(Math.trunc(first ?? 6) || 6, 1), SUGGESTIONS_MAX);
    const [me]: Array<{ interests: string[] }> = viewer
      ? await this.db.query('SELECT interests FROM users WHERE firebase_uid = $1', [viewer.uid])
      : [];
    const { categories, words } = suggestionTerms(me?.interests ?? []);
    const campus = viewerCampusSql('$1::text');
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `${this.selectFor('$1::text')}
        WHERE o.status = 'active' AND vr.user_uid IS NULL AND rq.user_uid IS NULL AND fo.user_uid IS NULL
        ORDER BY (CASE WHEN o.category = ANY($3::text[]) THEN 2 ELSE 0 END)
                 + (SELECT count(*) FROM unnest($4::text[]) w (word)
                     WHERE strpos(lower(o.name || ' ' || o.description), w.word) > 0)::int DESC,
                 (CASE WHEN ${campus} IS NULL OR o.campus_id = ${campus} THEN 0 ELSE 1 END),
                 o.member_count DESC, o.id
        LIMIT $2`,
      [viewer?.uid ?? '', size, categories, words],
    );
    return rows.map((row) => this.read(row, viewer));
  }

  /** The organizations a person belongs to, newest membership first; null when they chose not to show them (not to themselves). */
  async ofUser(viewer: Viewer | null, user: User, page: PageRequest): Promise<Page<ListedOrganization> | null> {
    if (!user.showOrganizations && viewer?.uid !== user.id) return null;
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `${this.selectFor('$2::text', ', om.created_at AS list_at')}
         JOIN organization_members om ON om.organization_id = o.id AND om.user_uid = $1
        WHERE (o.status = 'active' OR $4::boolean)
          AND ($5::timestamptz IS NULL OR (om.created_at, o.id) < ($5::timestamptz, $6::uuid))
        ORDER BY om.created_at DESC, o.id DESC
        LIMIT $3`,
      [user.id, viewer?.uid ?? '', page.size + 1, seesEveryOrganization(viewer), page.after?.createdAt ?? null, uuidOrNull(page.after?.id)],
    );
    return toPage(
      rows.map((row) => Object.assign(this.read(row, viewer), { position: { createdAt: row.list_at as Date, id: row.o_id as string } })),
      page.size,
    );
  }

  /**
   * Its members, the owner first, then officers, then members, each by when they joined; keyset
   * pages over (role, joined, uid), so no one is skipped or listed twice between pages. Nobody
   * blocked either way with the viewer, nobody suspended. One statement a page, with the people.
   */
  async members(viewer: Viewer | null, organization: Organization, page: PageRequest): Promise<Page<OrganizationMemberRow>> {
    const after = page.after ? memberPosition(page.after) : null;
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT m.role AS member_role, m.role_rank, m.created_at AS member_since, ${this.users.selectList}
         FROM organization_members m JOIN users u ON u.firebase_uid = m.user_uid
        WHERE m.organization_id = $1 AND ${notBlockedSql('m.user_uid', '$2::text')} AND ${notSuspendedSql('m.user_uid')}
          AND ($4::int IS NULL OR (m.role_rank, m.created_at, m.user_uid) > ($4::int, $5::timestamptz, $6::text))
        ORDER BY m.role_rank, m.created_at, m.user_uid
        LIMIT $3`,
      [organization.id, viewer?.uid ?? '', page.size + 1, after?.rank ?? null, after?.createdAt ?? null, after?.uid ?? null],
    );
    return toPage(
      rows.map((row) => {
        const user = this.users.read(row);
        const joinedAt = row.member_since as Date;
        return {
          user,
          role: row.member_role as OrganizationRole,
          joinedAt,
          position: { createdAt: joinedAt, id: `${Number(row.role_rank)}:${user.id}` },
        };
      }),
      page.size,
    );
  }

  /** Pending requests, oldest first: officers only (null for anyone else). Blocked people are left out. */
  async pendingRequests(viewer: Viewer | null, organization: Organization, page: PageRequest): Promise<Page<JoinRequestRow> | null> {
    // The policy judges the viewer's own relation to it: read again if the row in hand was read for someone else.
    const own = organization.readFor === (viewer?.uid ?? '') ? organization : await this.load(viewer, organization.id).catch(() => null);
    if (!own || !organizationPolicy.can(viewer, 'approve', subjectOf(own))) return null;
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT r.created_at AS requested_at, ${this.users.selectList}
         FROM organization_join_requests r JOIN users u ON u.firebase_uid = r.user_uid
        WHERE r.organization_id = $1 AND ${notBlockedSql('r.user_uid', '$2::text')} AND ${notSuspendedSql('r.user_uid')}
          AND ($4::timestamptz IS NULL OR (r.created_at, r.user_uid) > ($4::timestamptz, $5::text))
        ORDER BY r.created_at, r.user_uid
        LIMIT $3`,
      [organization.id, viewer!.uid, page.size + 1, page.after?.createdAt ?? null, page.after?.id ?? null],
    );
    return toPage(
      rows.map((row) => {
        const user = this.users.read(row);
        const requestedAt = row.requested_at as Date;
        return { user, requestedAt, position: { createdAt: requestedAt, id: user.id } };
      }),
      page.size,
    );
  }

  /** Its posts, newest first: one statement a page (posts/post-list-query.ts). */
  posts(viewer: Viewer | null, organizationId: string, page: PageRequest): Promise<PostListPage> {
    return this.postPages.page(viewer, page, [organizationId]);
  }

  /** Its upcoming events, soonest first: one statement a page. */
  upcomingEvents(viewer: Viewer | null, organizationId: string, page: PageRequest): Promise<PostListPage> {
    return this.eventPages.page(viewer, page, [organizationId]);
  }

  /** The statements of its feed pages, for EXPLAIN notes and tests. */
  get pageStatements() {
    return [...this.postPages.statements, ...this.eventPages.statements];
  }

  // --- Writes ------------------------------------------------------------------------------

  async create(viewer: Viewer, input: CreateOrganizationInput): Promise<Organization> {
    authorize(organizationPolicy, viewer, 'create', null);
    // The create form's own check (@campus-clips/rules), as the form runs it.
    const form = checkOrganizationForm({
      name: input.name,
      slug: input.slug,
      description: input.description,
      category: input.category,
      joinMode: input.joinMode ?? OrganizationJoinMode.OPEN,
    });
    if (!form.ok) throw new ValidationError(form.problems);
    const { name, slug, description, category, joinMode } = form.value;
    const photoURL = input.photoURL ? await this.media.claimImage(viewer.uid, input.photoURL) : null;
    const id = await withConstraintMessages(
      () =>
        this.db.transaction(async (tx) => {
          // Its campus is its founder's (D16: the campus their e-mail names).
          const [row]: Array<{ id: string }> = await tx.query(
            `INSERT INTO organizations (slug, name, description, category, join_mode, photo_url, campus_id)
             VALUES ($1, $2, $3, $4, $5, $6, (SELECT campus_id FROM users WHERE firebase_uid = $7)) RETURNING id`,
            [slug, name, description, category, joinMode, photoURL, viewer.uid],
          );
          await tx.query(`INSERT INTO organization_members (organization_id, user_uid, role) VALUES ($1, $2, 'owner')`, [
            row!.id,
            viewer.uid,
          ]);
          return row!.id;
        }),
      { organizations_slug: () => new ValidationError({ slug: ORGANIZATION_MESSAGES.slugTaken }), ...PROFILE_MISSING },
    );
    return this.load(viewer, id);
  }

  /** Officers (the owner among them) change its name, description, category, join mode and picture; its address stays. */
  async update(viewer: Viewer, id: string, input: UpdateOrganizationInput): Promise<Organization> {
    const organization = await this.load(viewer, id);
    authorize(organizationPolicy, viewer, 'edit', subjectOf(organization));
    const form = checkOrganizationEditForm({
      name: input.name,
      description: input.description,
      category: input.category,
      joinMode: input.joinMode,
    });
    if (!form.ok) throw new ValidationError(form.problems);
    const changes = form.value;
    let photoURL: string | null | undefined;
    if (input.photoURL === '') photoURL = null;
    else if (input.photoURL && input.photoURL !== organization.photoURL) photoURL = await this.media.claimImage(viewer.uid, input.photoURL);
    await this.db.query(
      `UPDATE organizations SET name = coalesce($2, name), description = coalesce($3, description), category = coalesce($4, category),
              join_mode = coalesce($5, join_mode), photo_url = CASE WHEN $6::boolean THEN $7 ELSE photo_url END, updated_at = now()
        WHERE id = $1`,
      [
        organization.id,
        changes.name ?? null,
        changes.description ?? null,
        changes.category ?? null,
        changes.joinMode ?? null,
        photoURL !== undefined,
        photoURL ?? null,
      ],
    );
    // A by-request organization opened up: whoever was waiting is simply let in.
    if (changes.joinMode === OrganizationJoinMode.OPEN && organization.joinMode === OrganizationJoinMode.REQUEST) {
      await this.admitWaiting(viewer, organization.id);
    }
    return this.load(viewer, organization.id);
  }

  /** Joins an open organization at once; asks to join one by request (its officers are told). Verified e-mail (D16). */
  async join(viewer: Viewer, id: string): Promise<Organization> {
    authorizeEmail(organizationPolicy, viewer, 'join');
    await this.withNotifications(async (tx, notify) => {
      const organization = await this.load(viewer, id, tx);
      authorize(organizationPolicy, viewer, 'join', subjectOf(organization));
      if (organization.joinMode === OrganizationJoinMode.OPEN) {
        await tx.query(`INSERT INTO organization_members (organization_id, user_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          organization.id,
          viewer.uid,
        ]);
      } else {
        await tx.query(`INSERT INTO organization_join_requests (organization_id, user_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          organization.id,
          viewer.uid,
        ]);
        await notify.joinRequested(viewer.uid, organization.id);
      }
    });
    return this.load(viewer, id);
  }

  /** Leaves it, or withdraws a request. The owner cannot: an organization always has one (they hand it over first). */
  async leave(viewer: Viewer, id: string): Promise<Organization> {
    await this.withNotifications(async (tx, notify) => {
      const organization = await this.load(viewer, id, tx);
      if (organization.viewerRole === null && !organization.viewerRequested)
        throw new ValidationError({ id: ORGANIZATION_MESSAGES.notMember });
      authorize(organizationPolicy, viewer, 'leave', subjectOf(organization));
      if (organization.viewerRequested) {
        await tx.query('DELETE FROM organization_join_requests WHERE organization_id = $1 AND user_uid = $2', [
          organization.id,
          viewer.uid,
        ]);
        await notify.joinRequestClosed(viewer.uid, organization.id);
      }
      if (organization.viewerRole !== null) {
        await tx.query(`DELETE FROM organization_members WHERE organization_id = $1 AND user_uid = $2 AND role <> 'owner'`, [
          organization.id,
          viewer.uid,
        ]);
      }
    });
    return this.load(viewer, id);
  }

  /** An officer approves (they become a member) or declines a request; the requester is told which. */
  async decideJoinRequest(viewer: Viewer, id: string, userId: string, approve: boolean): Promise<Organization> {
    await this.withNotifications(async (tx, notify) => {
      const organization = await this.load(viewer, id, tx);
      authorize(organizationPolicy, viewer, 'approve', subjectOf(organization));
      const removed: unknown[] = await tx.query(
        'WITH gone AS (DELETE FROM organization_join_requests WHERE organization_id = $1 AND user_uid = $2 RETURNING user_uid) SELECT user_uid FROM gone',
        [organization.id, userId],
      );
      if (!removed.length) throw new ValidationError({ userId: ORGANIZATION_MESSAGES.requestNotFound });
      if (approve) {
        await tx.query(`INSERT INTO organization_members (organization_id, user_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          organization.id,
          userId,
        ]);
      }
      await notify.joinRequestClosed(userId, organization.id);
      await notify.joinAnswered(viewer.uid, userId, organization.id, approve);
    });
    return this.load(viewer, id);
  }

  /** An officer removes a member (never an officer, the owner or themselves). */
  async removeMember(viewer: Viewer, id: string, userId: string): Promise<Organization> {
    await this.db.transaction(async (tx) => {
      const subject = await this.memberSubject(viewer, id, userId, tx, 'removeMembers');
      authorize(organizationPolicy, viewer, 'removeMember', subject);
      await tx.query(`DELETE FROM organization_members WHERE organization_id = $1 AND user_uid = $2 AND role = 'member'`, [id, userId]);
    });
    return this.load(viewer, id);
  }

  /** The owner makes a member an officer, or an officer a member again. */
  async setOfficer(viewer: Viewer, id: string, userId: string, officer: boolean): Promise<Organization> {
    await this.db.transaction(async (tx) => {
      const subject = await this.memberSubject(viewer, id, userId, tx, 'manageOfficers');
      authorize(organizationPolicy, viewer, 'setOfficer', subject);
      await tx.query(`UPDATE organization_members SET role = $3 WHERE organization_id = $1 AND user_uid = $2 AND role <> 'owner'`, [
        id,
        userId,
        officer ? OrganizationRole.OFFICER : OrganizationRole.MEMBER,
      ]);
    });
    return this.load(viewer, id);
  }

  /** The owner hands ownership to another member; they stay on as an officer. Never leaves it without an owner. */
  async transferOwnership(viewer: Viewer, id: string, userId: string): Promise<Organization> {
    await this.db.transaction(async (tx) => {
      const subject = await this.memberSubject(viewer, id, userId, tx, 'transferOwnership');
      authorize(organizationPolicy, viewer, 'transferTo', subject);
      // The old owner steps down first: the partial unique index allows one owner at any moment.
      await tx.query(`UPDATE organization_members SET role = 'officer' WHERE organization_id = $1 AND user_uid = $2 AND role = 'owner'`, [
        id,
        viewer.uid,
      ]);
      await tx.query(`UPDATE organization_members SET role = 'owner' WHERE organization_id = $1 AND user_uid = $2`, [id, userId]);
    });
    return this.load(viewer, id);
  }

  async follow(viewer: Viewer, id: string): Promise<Organization> {
    const organization = await this.load(viewer, id);
    authorize(organizationPolicy, viewer, 'follow', subjectOf(organization));
    await withConstraintMessages(
      () =>
        this.db.query(`INSERT INTO organization_follows (organization_id, user_uid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          organization.id,
          viewer.uid,
        ]),
      PROFILE_MISSING,
    );
    return this.load(viewer, id);
  }

  async unfollow(viewer: Viewer, id: string): Promise<Organization> {
    const organization = await this.load(viewer, id);
    await this.db.query('DELETE FROM organization_follows WHERE organization_id = $1 AND user_uid = $2', [organization.id, viewer.uid]);
    return this.load(viewer, id);
  }

  /**
   * A moderator hides an organization (or shows it again) or suspends it (or lifts that): with a
   * note its owner is told, its open reports closed and the decision audited (moderation's).
   */
  async setStatus(viewer: Viewer, id: string, change: 'hide' | 'unhide' | 'suspend' | 'unsuspend', note: string): Promise<Organization> {
    const organization = await this.load(viewer, id);
    authorize(organizationPolicy, viewer, 'moderate', subjectOf(organization));
    const [from, to, message] = STATUS_CHANGES[change];
    if (organization.status !== from) throw new ValidationError({ id: STATUS_REFUSALS[change] });
    await this.moderation.decideOnOrganization(viewer, {
      organizationId: organization.id,
      ownerUid: await this.ownerOf(organization.id),
      action: change,
      note,
      message: `${message} ${organization.name}`,
      apply: async (tx) => {
        await tx.query('UPDATE organizations SET status = $2, updated_at = now() WHERE id = $1 AND status = $3', [
          organization.id,
          to,
          from,
        ]);
      },
    });
    return this.load(viewer, id);
  }

  // --- Ports other features use ----------------------------------------------------------------

  /** posts' PostOrganizationGate: 'Post as <organization>' is its officers' (the policy's postAs row). */
  async authorizePostAs(viewer: Viewer, organizationId: string): Promise<string> {
    authorizeEmail(organizationPolicy, viewer, 'postAs');
    const organization = await this.load(viewer, organizationId);
    authorize(organizationPolicy, viewer, 'postAs', subjectOf(organization));
    return organization.id;
  }

  /** moderation's OrganizationReports: a reporter who may see it and does not run it reports its owner's organization. */
  async reportedOwner(viewer: Viewer, organizationId: string): Promise<string> {
    const organization = await this.load(viewer, organizationId);
    authorize(organizationPolicy, viewer, 'report', subjectOf(organization));
    return this.ownerOf(organization.id);
  }

  async ownerOf(organizationId: string): Promise<string> {
    const [row]: Array<{ user_uid: string }> = isUuid(organizationId)
      ? await this.db.query(`SELECT user_uid FROM organization_members WHERE organization_id = $1 AND role = 'owner'`, [organizationId])
      : [];
    if (!row) throw organizationNotFound();
    return row.user_uid;
  }

  async describe(organizationId: string): Promise<string> {
    const [row]: Array<{ name: string; description: string; slug: string }> = isUuid(organizationId)
      ? await this.db.query('SELECT name, slug, description FROM organizations WHERE id = $1', [organizationId])
      : [];
    if (!row) return '(removed)';
    return `${row.name} (/org/${row.slug})${row.description ? `: ${row.description}` : ''}`;
  }

  // --- Helpers -------------------------------------------------------------------------------

  /** The viewer's standing with an organization, for `viewerMembership`. */
  static membershipOf(organization: Organization): MembershipState {
    if (organization.viewerRole) return MembershipState.MEMBER;
    return organization.viewerRequested ? MembershipState.REQUESTED : MembershipState.NONE;
  }

  /**
   * The organization (row locked, as the actor stands in it) and the member acted upon, for the
   * rules on members. The organization-wide row (`general`) is asked first, so a bystander hears
   * who may do this, not whether the person is a member.
   */
  private async memberSubject(
    viewer: Viewer,
    id: string,
    userId: string,
    tx: EntityManager,
    general: 'removeMembers' | 'manageOfficers' | 'transferOwnership',
  ): Promise<MemberSubject> {
    const organization = await this.load(viewer, id, tx);
    authorize(organizationPolicy, viewer, general, subjectOf(organization));
    const [target]: Array<{ role: OrganizationRole }> = await tx.query(
      'SELECT role FROM organization_members WHERE organization_id = $1 AND user_uid = $2',
      [organization.id, userId],
    );
    if (!target && userId !== viewer.uid) throw new NotFoundError(ORGANIZATION_MESSAGES.memberNotFound);
    return { organization: subjectOf(organization), target: { uid: userId, role: target?.role ?? null } };
  }

  /** Everyone waiting to join becomes a member (an organization that opened up); each is told, as if approved. */
  private async admitWaiting(viewer: Viewer, organizationId: string): Promise<void> {
    await this.withNotifications(async (tx, notify) => {
      const admitted: Array<{ user_uid: string }> = await tx.query(
        `WITH gone AS (DELETE FROM organization_join_requests WHERE organization_id = $1 RETURNING user_uid)
         INSERT INTO organization_members (organization_id, user_uid) SELECT $1, user_uid FROM gone ON CONFLICT DO NOTHING RETURNING user_uid`,
        [organizationId],
      );
      for (const { user_uid: uid } of admitted) {
        await notify.joinRequestClosed(uid, organizationId);
        await notify.joinAnswered(viewer.uid, uid, organizationId, true);
      }
    });
  }

  private withNotifications<T>(work: (tx: EntityManager, notify: NotificationWriter) => Promise<T>): Promise<T> {
    return withConstraintMessages(() => this.notifications.withNotifications(work), PROFILE_MISSING);
  }
}

const PROFILE_MISSING = {
  organization_members_user_uid_fkey: () => new ValidationError({ user: 'Please finish setting up your profile first.' }),
  organization_join_requests_user_uid_fkey: () => new ValidationError({ user: 'Please finish setting up your profile first.' }),
  organization_follows_user_uid_fkey: () => new ValidationError({ user: 'Please finish setting up your profile first.' }),
};

const STATUS_CHANGES = {
  hide: [OrganizationStatus.ACTIVE, OrganizationStatus.HIDDEN, 'A moderator hid your organization'],
  unhide: [OrganizationStatus.HIDDEN, OrganizationStatus.ACTIVE, 'A moderator showed again your organization'],
  suspend: [OrganizationStatus.ACTIVE, OrganizationStatus.SUSPENDED, 'A moderator suspended your organization'],
  unsuspend: [OrganizationStatus.SUSPENDED, OrganizationStatus.ACTIVE, 'A moderator lifted the suspension of your organization'],
} as const;

const STATUS_REFUSALS = {
  hide: 'Only an active organization can be hidden.',
  unhide: 'This organization is not hidden.',
  suspend: 'Only an active organization can be suspended.',
  unsuspend: 'This organization is not suspended.',
} as const;

export function subjectOf(organization: Organization): OrganizationSubject {
  return { status: organization.status, viewerRole: organization.viewerRole, viewerRequested: organization.viewerRequested };
}

export function organizationNotFound(): NotFoundError {
  return new NotFoundError(ORGANIZATION_MESSAGES.notFound);
}

function uuidOrNull(id: string | null | undefined): string | null {
  return id && isUuid(id) ? id : null;
}

/** A directory cursor's position: campus rank, lowercased name, id (the order of the list). */
function directoryPosition(position: KeysetPosition): { rank: number; name: string; id: string } {
  try {
    const [rank, name, id] = JSON.parse(position.id) as [unknown, unknown, unknown];
    if ((rank === 0 || rank === 1) && typeof name === 'string' && typeof id === 'string' && isUuid(id)) return { rank, name, id };
  } catch {
    // Refused below as any other page link that is not ours.
  }
  throw new ValidationError({ after: 'This page link is not valid. Please reload the list.' });
}

/** A members page cursor: role rank, joined, uid. */
function memberPosition(position: KeysetPosition): { rank: number; createdAt: Date; uid: string } {
  const separator = position.id.indexOf(':');
  const rank = Number(position.id.slice(0, separator));
  if (separator < 1 || !Number.isInteger(rank))
    throw new ValidationError({ after: 'This page link is not valid. Please reload the list.' });
  return { rank, createdAt: position.createdAt, uid: position.id.slice(separator + 1) };
}
