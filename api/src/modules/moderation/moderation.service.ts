import type { DataSource, EntityManager } from 'typeorm';
import { checkField, checkModerationForm, checkReportForm, moderatorNoteSchema } from '@campus-clips/rules';
import { notBlockedSql } from '../../infra/db/relation-filters';
import { NotFoundError, ValidationError } from '../../shared/errors';
import { authorize, authorizeEmail, type ActorSource, type Role } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import { isUuid, postNotFound, type PostService, visiblePostSql } from '../posts';
import type { CommentService } from '../comments';
import type { NotificationService, NotificationWriter } from '../notifications';
import type { MediaService } from '../uploads';
import { userNotFound, type UserService } from '../users';
import {
  ACCOUNT_RULES,
  type AccountSubject,
  COMMAND_LINE,
  countsTowardHiding,
  moderationPolicy,
  type ReporterStanding,
} from './moderation.policy';
import {
  type AccountRole,
  type AuditEntry,
  ModerationDecision,
  type ModerationNotice,
  type ModerateInput,
  QueueOrder,
  type ReportGroup,
  type ReportInput,
  type ReportReason,
  type ReportReceipt,
  ReportTarget,
  type TeamMember,
} from './moderation.types';

export const MODERATION_MESSAGES = {
  thanks: 'Thank you for telling us. Our moderators will review it. You can also block this account.',
  commentNotFound: 'Comment not found',
  accountCannotBeRemoved: 'An account cannot be removed: suspend it instead.',
  notSuspended: 'This account is not suspended.',
  organizationCannotBeRemoved: 'An organization cannot be removed: hide or suspend it instead.',
};

/** A change to an account: its role, its suspension (null lifts it), or both. */
interface AccountChange {
  role?: Role;
  suspendedUntil?: Date | null;
}

/** An account as the command line lists it (`npm run admin -- roles`, `suspended`). */
export interface AccountListing {
  email: string | null;
  displayName: string;
  role: Role;
  suspendedUntil: Date | null;
}

/** A suspension 'for good' ends in year 9999 (a date every driver and browser can hold). */
const FOR_GOOD = new Date('9999-12-31T00:00:00.000Z');

/** Lifting a suspension that is not in force would only tell the student something untrue. */
function refuseUnlessSuspended(account: AccountSubject): void {
  if (!account.suspended) throw new ValidationError({ decision: MODERATION_MESSAGES.notSuspended });
}

/**
 * Reports about an organization (issue 26): organizations provides it (it depends on moderation,
 * so moderation cannot import it) and services.ts wires it.
 */
export interface OrganizationReports {
  /** Who answers for it (its owner), for a reporter who may see it and may report it (organizations' policy); refuses otherwise. */
  reportedOwner(viewer: Viewer, organizationId: string): Promise<string>;
  /** Its owner, whatever its state (moderators). */
  ownerOf(organizationId: string): Promise<string>;
  /** What the queue shows of it: its name and description. */
  describe(organizationId: string): Promise<string>;
}

/** A moderator's decision on an organization (hide or suspend it, or undo that), with what it changes. */
export interface OrganizationDecision {
  organizationId: string;
  ownerUid: string;
  action: 'hide' | 'unhide' | 'suspend' | 'unsuspend';
  note: string;
  /** What the owner is told (a MODERATION notification and notice). */
  message: string;
  /** The decision's own writes, in its transaction. */
  apply(tx: EntityManager): Promise<void>;
}

export interface ModerationDeps {
  db: DataSource;
  users: UserService;
  /** A removed post or comment goes as its author's deletion does (the same statements, files after the commit). */
  posts: PostService;
  comments: CommentService;
  media: MediaService;
  /** Reports by this many different students hide a post until a moderator looks (REPORTS_TO_HIDE). */
  reportsToHide: number;
  /** Tells every instance that an account's role or suspension changed (account-standing.ts). */
  announceStanding(uid: string): Promise<void>;
  /** An outcome told to its author is also a MODERATION notification. */
  notifications: NotificationService;
  /** Reports about organizations; without it they are refused as not found. */
  organizations?: OrganizationReports;
}

/**
 * One decision's writes, in one transaction: the statements (`tx`), the notifications written with
 * them (`notify`, heard once it commits), and what runs only once it has committed (`afterCommit`:
 * files deleted, every instance told of a changed standing), since those cannot be rolled back.
 */
interface Decision {
  tx: EntityManager;
  notify: NotificationWriter;
  afterCommit: Array<() => Promise<void>>;
}

/**
 * Reports, the moderation queue, moderators' decisions, roles, the audit log and what the people
 * concerned are told. Every decision is written to moderation_actions with who, what, when and why,
 * in the same transaction as everything else it changes: it happens whole or not at all.
 */
export class ModerationService {
  constructor(private readonly deps: ModerationDeps) {}

  async report(viewer: Viewer, input: ReportInput): Promise<ReportReceipt> {
    // The e-mail gate first (D16): an unverified account is told so, whatever it reports.
    authorizeEmail(moderationPolicy, viewer, 'report');
    // The report form's own check (@campus-clips/rules), as the dialog runs it.
    const form = checkReportForm({ details: input.details });
    if (!form.ok) throw new ValidationError(form.problems);
    const { details } = form.value;
    const authorUid = await this.authorOf(viewer, input.targetType, input.targetId);
    authorize(moderationPolicy, viewer, 'report', authorUid);
    // Every report reaches the queue; only a reporter in good standing counts toward hiding (the policy).
    const counts = countsTowardHiding(await this.reporterStanding(viewer.uid));
    // One open report per reporter and target: a second is thanked the same, and stores nothing.
    await this.deps.db.query(
      `INSERT INTO reports (reporter_uid, target_type, target_id, target_author_uid, reason, details, counts_toward_hiding)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [viewer.uid, input.targetType, input.targetId, authorUid, input.reason, details, counts],
    );
    if (input.targetType === ReportTarget.POST && counts) {
      await this.deps.db.query(
        `UPDATE posts SET hidden_for_review = true WHERE id = $1 AND NOT hidden_for_review
           AND (SELECT count(DISTINCT reporter_uid) FROM reports
                 WHERE target_type = 'post' AND target_id = $1::text AND status = 'open' AND counts_toward_hiding) >= $2`,
        [input.targetId, this.deps.reportsToHide],
      );
    }
    return { message: MODERATION_MESSAGES.thanks };
  }

  async queue(viewer: Viewer, order: QueueOrder): Promise<ReportGroup[]> {
    authorize(moderationPolicy, viewer, 'moderate', null);
    const rows: Array<{
      target_type: ReportTarget;
      target_id: string;
      target_author_uid: string;
      reasons: ReportReason[];
      details: string[] | null;
      reporters: number;
      latest: Date;
      suspended_until: Date | null;
    }> = await this.deps.db.query(
      `SELECT target_type, target_id, target_author_uid, array_agg(DISTINCT reason) AS reasons,
              array_agg(details ORDER BY created_at DESC) FILTER (WHERE details <> '') AS details,
              count(DISTINCT reporter_uid)::int AS reporters, max(created_at) AS latest,
              (SELECT suspended_until FROM users WHERE firebase_uid = target_author_uid AND suspended_until > now()) AS suspended_until
         FROM reports WHERE status = 'open'
        GROUP BY target_type, target_id, target_author_uid
        ORDER BY ${order === QueueOrder.MOST_REPORTED ? 'reporters DESC, latest DESC' : 'latest DESC'}
        LIMIT 100`,
    );
    const authors = new Map((await this.deps.users.byIds([...new Set(rows.map((row) => row.target_author_uid))])).map((u) => [u.id, u]));
    const history = await this.historyOf(rows.map((row) => row.target_author_uid));
    const groups: ReportGroup[] = [];
    for (const row of rows) {
      const { content, videoUrl } = await this.contentOf(row.target_type, row.target_id, authors.get(row.target_author_uid)?.displayName);
      groups.push({
        targetType: row.target_type,
        targetId: row.target_id,
        targetAuthor: authors.get(row.target_author_uid) ?? null,
        content,
        videoUrl,
        reasons: row.reasons,
        details: row.details ?? [],
        reporterCount: row.reporters,
        latestAt: row.latest,
        authorHistory: history.get(row.target_author_uid) ?? [],
        authorSuspended: row.suspended_until !== null,
        authorSuspendedUntil: row.suspended_until && row.suspended_until < FOR_GOOD ? row.suspended_until : null,
      });
    }
    return groups;
  }

  async moderate(viewer: Viewer, input: ModerateInput): Promise<boolean> {
    authorize(moderationPolicy, viewer, 'moderate', null);
    // The decision form's own check (@campus-clips/rules), as the dialog runs it; days count only for Suspend.
    const form = checkModerationForm({ note: input.note, days: input.decision === ModerationDecision.SUSPEND ? input.days : null });
    if (!form.ok) throw new ValidationError(form.problems);
    const { note } = form.value;
    const authorUid = await this.authorOf(null, input.targetType, input.targetId, true);
    const { content } = await this.contentOf(input.targetType, input.targetId, null);
    const what = { post: 'post', comment: 'comment', user: 'account', organization: 'organization' }[input.targetType];
    let details: Record<string, unknown> = { content };
    const outcome = input.decision === ModerationDecision.DISMISS ? 'dismissed' : 'actioned';

    await this.decide(async (decision) => {
      switch (input.decision) {
        case ModerationDecision.DISMISS:
          if (input.targetType === ReportTarget.POST) {
            await decision.tx.query('UPDATE posts SET hidden_for_review = false WHERE id = $1', [input.targetId]);
          }
          break;
        case ModerationDecision.REMOVE:
          if (input.targetType === ReportTarget.USER) throw new ValidationError({ decision: MODERATION_MESSAGES.accountCannotBeRemoved });
          if (input.targetType === ReportTarget.ORGANIZATION) {
            throw new ValidationError({ decision: MODERATION_MESSAGES.organizationCannotBeRemoved });
          }
          await this.remove(decision, input.targetType, input.targetId);
          await this.notify(decision, authorUid, `A moderator removed your ${what}: ${note}`);
          break;
        case ModerationDecision.WARN:
          await this.notify(decision, authorUid, `A moderator warned you about your ${what}: ${note}`);
          break;
        case ModerationDecision.SUSPEND: {
          // Suspending for a post or a comment acts on its author's account: the same rules.
          const until = form.value.days ? new Date(Date.now() + form.value.days * 86_400_000) : FOR_GOOD;
          await this.changeAccount(decision, viewer, authorUid, { suspendedUntil: until });
          details = { ...details, until: until.toISOString() };
          await this.notify(
            decision,
            authorUid,
            `Your account has been suspended ${until === FOR_GOOD ? 'for good' : `until ${until.toISOString().slice(0, 10)}`}: ${note}`,
          );
          break;
        }
        case ModerationDecision.UNSUSPEND:
          await this.changeAccount(decision, viewer, authorUid, { suspendedUntil: null }, refuseUnlessSuspended);
          await this.notify(decision, authorUid, `Your suspension has been lifted: ${note}`);
          break;
      }
      await decision.tx.query(
        `UPDATE reports SET status = $3, resolved_at = now() WHERE target_type = $1 AND target_id = $2 AND status = 'open'`,
        [input.targetType, input.targetId, outcome],
      );
      await this.audit(decision, viewer.uid, input.decision, input.targetType, input.targetId, authorUid, note, details);
    });
    return true;
  }

  /**
   * A moderator hides or suspends an organization, or undoes that (organizations/ decides what
   * changes and calls this): one transaction with its open reports closed, the owner told and the
   * decision in the audit log.
   */
  async decideOnOrganization(viewer: Viewer, decision: OrganizationDecision): Promise<void> {
    authorize(moderationPolicy, viewer, 'moderate', null);
    const note = checkNote(decision.note);
    const closing = decision.action === 'hide' || decision.action === 'suspend';
    await this.decide(async (writes) => {
      await decision.apply(writes.tx);
      if (closing) {
        await writes.tx.query(
          `UPDATE reports SET status = 'actioned', resolved_at = now() WHERE target_type = 'organization' AND target_id = $1 AND status = 'open'`,
          [decision.organizationId],
        );
      }
      await this.notify(writes, decision.ownerUid, `${decision.message}: ${note}`);
      await this.audit(
        writes,
        viewer.uid,
        decision.action,
        ReportTarget.ORGANIZATION,
        decision.organizationId,
        decision.ownerUid,
        note,
        {},
      );
    });
  }

  async setModerator(viewer: Viewer, userId: string, moderator: boolean, note: string): Promise<boolean> {
    authorize(moderationPolicy, viewer, 'grantRoles', null);
    const clean = checkNote(note, false);
    await this.decide(async (decision) => {
      // An admin stays admin: roles above moderator change only with the admin command.
      const target = await this.changeAccount(decision, viewer, userId, { role: moderator ? 'moderator' : 'student' }, (account) =>
        authorize(moderationPolicy, viewer, 'changeModeratorRole', account),
      );
      await this.audit(decision, viewer.uid, moderator ? 'grant' : 'revoke', ReportTarget.USER, target.uid, target.uid, clean, {
        role: 'moderator',
      });
    });
    return true;
  }

  /** `npm run admin -- grant admin|moderator <email>` and `revoke`: the command line's path, audited as 'command line'. */
  async setRoleByEmail(email: string, role: 'admin' | 'moderator' | 'student'): Promise<string> {
    const uid = await this.uidByEmail(email);
    await this.decide(async (decision) => {
      await this.changeAccount(decision, COMMAND_LINE, uid, { role });
      await this.audit(decision, COMMAND_LINE.uid, role === 'student' ? 'revoke' : 'grant', ReportTarget.USER, uid, uid, '', { role });
    });
    return uid;
  }

  /**
   * `npm run admin -- suspend <email> <days>|for-good <reason>`: the operator suspends any account
   * (the last admin in force excepted), audited as 'command line'; the student is told why, as by a
   * moderator. Returns the end of the suspension, null for good.
   */
  async suspendByEmail(email: string, days: number | null, note: string): Promise<Date | null> {
    const form = checkModerationForm({ note, days });
    if (!form.ok) throw new ValidationError(form.problems);
    const uid = await this.uidByEmail(email);
    const until = form.value.days ? new Date(Date.now() + form.value.days * 86_400_000) : FOR_GOOD;
    await this.decide(async (decision) => {
      await this.changeAccount(decision, COMMAND_LINE, uid, { suspendedUntil: until });
      await this.notify(
        decision,
        uid,
        `Your account has been suspended ${until === FOR_GOOD ? 'for good' : `until ${until.toISOString().slice(0, 10)}`}: ${form.value.note}`,
      );
      await this.audit(decision, COMMAND_LINE.uid, 'suspend', ReportTarget.USER, uid, uid, form.value.note, { until: until.toISOString() });
    });
    return until === FOR_GOOD ? null : until;
  }

  /** `npm run admin -- unsuspend <email>`: the operator's way back for any account, an admin's included. */
  async unsuspendByEmail(email: string): Promise<string> {
    const uid = await this.uidByEmail(email);
    await this.decide(async (decision) => {
      await this.changeAccount(decision, COMMAND_LINE, uid, { suspendedUntil: null }, refuseUnlessSuspended);
      await this.audit(decision, COMMAND_LINE.uid, 'unsuspend', ReportTarget.USER, uid, uid, '', {});
    });
    return uid;
  }

  /** `npm run admin -- roles` (moderators and admins, admins first) and `suspended` (suspensions in force, ending first). */
  async listAccounts(which: 'roles' | 'suspended'): Promise<AccountListing[]> {
    return this.deps.db.query(
      `SELECT email, display_name AS "displayName", role, suspended_until AS "suspendedUntil" FROM users
        WHERE ${which === 'roles' ? `role <> 'student'` : 'suspended_until > now()'}
        ORDER BY ${which === 'roles' ? `role = 'admin' DESC, lower(email)` : 'suspended_until, lower(email)'}`,
    );
  }

  /** Admins: who moderates now (moderators and admins), admins first. */
  async team(viewer: Viewer): Promise<TeamMember[]> {
    authorize(moderationPolicy, viewer, 'grantRoles', null);
    const rows: Array<{ firebase_uid: string; role: AccountRole }> = await this.deps.db.query(
      `SELECT firebase_uid, role FROM users WHERE role IN ('moderator', 'admin') ORDER BY role = 'admin' DESC, display_name LIMIT 500`,
    );
    const users = new Map((await this.deps.users.byIds(rows.map((row) => row.firebase_uid))).map((user) => [user.id, user]));
    return rows.flatMap((row) => {
      const user = users.get(row.firebase_uid);
      return user ? [{ user, role: row.role }] : [];
    });
  }

  async auditLog(viewer: Viewer, first: number): Promise<AuditEntry[]> {
    authorize(moderationPolicy, viewer, 'readAuditLog', null);
    const rows: Array<Record<string, unknown>> = await this.deps.db.query(
      `SELECT a.id, a.moderator_uid AS "moderatorUid", m.display_name AS "moderatorName", a.action, a.target_type AS "targetType",
              a.target_id AS "targetId", a.target_author_uid AS "targetAuthorUid", t.display_name AS "targetAuthorName", a.note,
              a.created_at AS "createdAt"
         FROM moderation_actions a
         LEFT JOIN users m ON m.firebase_uid = a.moderator_uid
         LEFT JOIN users t ON t.firebase_uid = a.target_author_uid
        ORDER BY a.created_at DESC LIMIT $1`,
      [Math.min(Math.max(first, 1), 200)],
    );
    return rows as unknown as AuditEntry[];
  }

  async notices(viewer: Viewer): Promise<ModerationNotice[]> {
    return this.deps.db.query(
      `SELECT id, message, created_at AS "createdAt" FROM moderation_notices WHERE user_uid = $1 ORDER BY created_at DESC LIMIT 50`,
      [viewer.uid],
    );
  }

  /**
   * Runs one decision's writes in one transaction (with the notifications they cause); once it has
   * committed, what cannot be rolled back: files deleted, every instance told of a changed standing.
   * A failure anywhere leaves nothing of the decision behind.
   */
  private async decide<T>(work: (decision: Decision) => Promise<T>): Promise<T> {
    const afterCommit: Decision['afterCommit'] = [];
    const result = await this.deps.notifications.withNotifications((tx, notify) => work({ tx, notify, afterCommit }));
    for (const step of afterCommit) await step();
    return result;
  }

  /**
   * Changes an account's role or suspension within the decision's transaction, having first locked
   * the admins' rows and the target's, then judged the change by the policy on what it read. Two
   * admins suspending or revoking each other at once thus take turns, and the second sees the
   * first's change: the last admin in force is never taken out. Refused: nothing changed. Every
   * instance is told once the decision commits.
   */
  private async changeAccount(
    decision: Decision,
    actor: ActorSource,
    targetUid: string,
    change: AccountChange,
    alsoCheck?: (target: AccountSubject) => void,
  ): Promise<AccountSubject> {
    const { tx } = decision;
    const rows: Array<{ firebase_uid: string; role: Role; suspended_until: Date | null }> = await tx.query(
      `SELECT firebase_uid, role, suspended_until FROM users WHERE role = 'admin' OR firebase_uid = $1 ORDER BY firebase_uid FOR UPDATE`,
      [targetUid],
    );
    const now = new Date();
    const inForce = (row: { suspended_until: Date | null }) => !row.suspended_until || row.suspended_until <= now;
    const row = rows.find((candidate) => candidate.firebase_uid === targetUid);
    if (!row) throw userNotFound();
    const account: AccountSubject = { uid: row.firebase_uid, role: row.role, suspended: !inForce(row) };
    for (const rule of ACCOUNT_RULES) authorize(moderationPolicy, actor, rule, account);
    alsoCheck?.(account);
    const leavesForce = (change.role !== undefined && change.role !== 'admin') || (change.suspendedUntil ?? now) > now;
    if (leavesForce) {
      const otherAdminsInForce = rows.filter(
        (other) => other.role === 'admin' && other.firebase_uid !== targetUid && inForce(other),
      ).length;
      authorize(moderationPolicy, actor, 'keepAnAdmin', { target: account, otherAdminsInForce });
    }
    if (change.role !== undefined) await tx.query('UPDATE users SET role = $2 WHERE firebase_uid = $1', [targetUid, change.role]);
    if (change.suspendedUntil !== undefined) {
      await tx.query('UPDATE users SET suspended_until = $2 WHERE firebase_uid = $1', [targetUid, change.suspendedUntil]);
    }
    decision.afterCommit.push(() => this.deps.announceStanding(account.uid));
    return account;
  }

  private async uidByEmail(email: string): Promise<string> {
    const [user]: Array<{ firebase_uid: string }> = await this.deps.db.query(
      'SELECT firebase_uid FROM users WHERE lower(email) = lower($1)',
      [email.trim()],
    );
    if (!user) throw userNotFound();
    return user.firebase_uid;
  }

  /**
   * What countsTowardHiding judges, in one statement. `users.verified` is the token's word as last
   * stored (UserService.noteEmailVerified keeps it as each fresh token says).
   */
  private async reporterStanding(uid: string): Promise<ReporterStanding> {
    const [row]: Array<{ created_at: Date; has_posted: boolean; ever_suspended: boolean; email_verified: boolean }> =
      await this.deps.db.query(
        `SELECT u.created_at,
                EXISTS (SELECT 1 FROM posts p WHERE p.author_uid = u.firebase_uid AND p.status = 'ready' AND NOT p.hidden_for_review) AS has_posted,
                u.suspended_until IS NOT NULL
                  OR EXISTS (SELECT 1 FROM moderation_actions a WHERE a.target_author_uid = u.firebase_uid AND a.action = 'suspend'
                                AND a.target_type <> 'organization') AS ever_suspended,
                u.verified AS email_verified
           FROM users u WHERE u.firebase_uid = $1`,
        [uid],
      );
    if (!row) throw userNotFound();
    return { createdAt: row.created_at, hasPosted: row.has_posted, everSuspended: row.ever_suspended, emailVerified: row.email_verified };
  }

  /** Who wrote the target; for a reporter, only a post they may see. `any`: whatever its state (moderators). */
  private async authorOf(viewer: Viewer | null, type: ReportTarget, id: string, any = false): Promise<string> {
    if (type === ReportTarget.POST) {
      const post = any ? await this.deps.posts.get(id) : await this.deps.posts.getVisible(viewer, id);
      return post.authorUid;
    }
    if (type === ReportTarget.COMMENT) {
      // A reporter reports only a comment they can see: on a post they may see, by someone neither blocked.
      const visible = any ? '' : `AND ${visiblePostSql('p', '$2')} AND ${notBlockedSql('c.author_uid', '$2')}`;
      const [row]: Array<{ author_uid: string }> = isUuid(id)
        ? await this.deps.db.query(
            `SELECT c.author_uid FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = $1 ${visible}`,
            any ? [id] : [id, viewer?.uid ?? ''],
          )
        : [];
      if (!row) throw new NotFoundError(MODERATION_MESSAGES.commentNotFound);
      return row.author_uid;
    }
    if (type === ReportTarget.ORGANIZATION) {
      const organizations = this.deps.organizations;
      if (!organizations) throw new NotFoundError('Organization not found');
      return any ? organizations.ownerOf(id) : organizations.reportedOwner(viewer!, id);
    }
    return (await this.deps.users.get(id)).id;
  }

  private async contentOf(type: ReportTarget, id: string, name: string | null | undefined) {
    if (type === ReportTarget.POST && isUuid(id)) {
      const [row]: Array<{ caption: string; video_url: string }> = await this.deps.db.query(
        'SELECT caption, video_url FROM posts WHERE id = $1',
        [id],
      );
      // The queue is moderators' only (its policy): they watch the clip through a grant, since
      // /media serves it to no one else while it is hidden for review or its author suspended.
      return { content: row?.caption ?? '(removed)', videoUrl: row ? this.deps.media.grantAccess(row.video_url) : null };
    }
    if (type === ReportTarget.COMMENT && isUuid(id)) {
      const [row]: Array<{ text: string }> = await this.deps.db.query('SELECT text FROM comments WHERE id = $1', [id]);
      return { content: row?.text ?? '(removed)', videoUrl: null };
    }
    if (type === ReportTarget.ORGANIZATION && this.deps.organizations) {
      return { content: await this.deps.organizations.describe(id), videoUrl: null };
    }
    return { content: name ?? '', videoUrl: null };
  }

  private async historyOf(authorUids: string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    if (!authorUids.length) return result;
    const rows: Array<{ target_author_uid: string; action: string; note: string }> = await this.deps.db.query(
      `SELECT target_author_uid, action, note FROM moderation_actions
        WHERE target_author_uid = ANY($1) AND action IN ('remove', 'warn', 'suspend', 'dismiss') AND target_type <> 'organization'
        ORDER BY created_at DESC LIMIT 500`,
      [authorUids],
    );
    for (const row of rows) {
      const list = result.get(row.target_author_uid) ?? [];
      if (list.length < 10) list.push(`${row.action}: ${row.note}`);
      result.set(row.target_author_uid, list);
    }
    return result;
  }

  /**
   * Gone from every read and every media URL, as its author's own deletion does it (PostService's,
   * CommentService's): the post with its likes, comments and notifications, its files once the
   * decision commits; or the comment with its notifications.
   */
  private async remove(decision: Decision, type: ReportTarget, id: string): Promise<void> {
    if (type === ReportTarget.POST) {
      const post = await this.deps.posts.get(id).catch(() => null);
      if (!post) throw postNotFound();
      // Its notifications go with it (cascade); their readers hear their new count.
      await decision.notify.postsRemoved([post.id]);
      decision.afterCommit.push(await this.deps.posts.deleteWithin(decision.tx, post));
      return;
    }
    await this.deps.comments.deleteWithin(decision.notify, id);
  }

  /** The notice (moderationNotices) and, unless they turned it off, a MODERATION notification, together. */
  private async notify(decision: Decision, uid: string, message: string): Promise<void> {
    await decision.tx.query('INSERT INTO moderation_notices (user_uid, message) VALUES ($1, $2)', [uid, message]);
    await decision.notify.moderation(uid, message);
  }

  private async audit(
    decision: Decision,
    moderatorUid: string,
    action: string,
    type: ReportTarget,
    targetId: string,
    authorUid: string,
    note: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await decision.tx.query(
      `INSERT INTO moderation_actions (moderator_uid, action, target_type, target_id, target_author_uid, note, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [moderatorUid, action, type, targetId, authorUid, note, JSON.stringify(details)],
    );
  }
}

/** A moderator's note (told to the author, kept in the audit log): @campus-clips/rules' rule. */
function checkNote(text: string, required = true): string {
  const note = checkField(moderatorNoteSchema(required), text);
  if (!note.ok) throw new ValidationError({ note: note.message });
  return note.value;
}
