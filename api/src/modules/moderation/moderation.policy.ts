import { ValidationError } from '../../shared/errors';
import { definePolicy, type ActorSource, type Role } from '../../shared/policy';

/** The account a decision acts on (a suspension, a lifted one, a role), as read under lock. */
export interface AccountSubject {
  uid: string;
  role: Role;
  /** A suspension in force: a suspended admin is not an admin in force. */
  suspended: boolean;
}

/** A change that may take an admin out of force (a suspension, a revoked role), and who is left. */
export interface AdminRemoval {
  target: AccountSubject;
  /** Admins in force (not suspended) other than the target, counted under lock. */
  otherAdminsInForce: number;
}

/**
 * The operator at the command line (`npm run admin`): an admin's powers, bound by the same rules
 * (never the last admin out); audited as 'command line'.
 */
export const COMMAND_LINE: ActorSource = { uid: 'command line', role: 'admin' };

/**
 * Who may report and who may moderate. Roles come from the users table through
 * infra/identity/account-standing.ts: every signed-in student may report; moderators and admins
 * act on reports; only admins grant or revoke the moderator role and read the audit log.
 *
 * A decision that acts on an account (suspend, lift a suspension, grant or revoke a role) passes
 * three more, in order (ACCOUNT_RULES): nobody acts on their own account; moderators act only on
 * students, admins on everyone; and no change leaves the app without an admin in force, so there
 * is always someone who can lift a suspension (and `npm run admin -- unsuspend` for the operator).
 */
export const moderationPolicy = definePolicy({
  /** Anyone signed in whose e-mail is verified (D16), about anyone but themselves. */
  report: {
    verifiedOnly: true,
    message: 'You cannot report yourself.',
    allow: (actor, targetAuthorUid: string) => targetAuthorUid !== actor.uid,
    refuse: (message) => new ValidationError({ targetId: message }),
  },
  moderate: {
    message: 'Only moderators can do that.',
    allow: (actor, _target: null) => actor.role === 'moderator' || actor.role === 'admin',
  },
  grantRoles: {
    message: 'Only admins can do that.',
    allow: (actor, _target: null) => actor.role === 'admin',
  },
  readAuditLog: {
    message: 'Only admins can do that.',
    allow: (actor, _target: null) => actor.role === 'admin',
  },
  actOnOthersOnly: {
    message: 'You cannot do that to your own account.',
    allow: (actor, target: AccountSubject) => target.uid !== actor.uid,
  },
  actOnAccount: {
    message: 'Only admins can act on a moderator or an admin.',
    allow: (actor, target: AccountSubject) => actor.role === 'admin' || (actor.role === 'moderator' && target.role === 'student'),
  },
  keepAnAdmin: {
    message: 'The last admin cannot be removed or suspended: make another admin first.',
    allow: (_actor, removal: AdminRemoval) => removal.target.role !== 'admin' || removal.target.suspended || removal.otherAdminsInForce > 0,
  },
  /** The app's Make/Remove moderator: an admin's own role changes only with the admin command. */
  changeModeratorRole: {
    message: "An admin's role is changed only with the admin command (npm run admin).",
    allow: (_actor, target: AccountSubject) => target.role !== 'admin',
  },
});

/** The rules every decision on an account passes, in this order; the first that refuses answers. */
export const ACCOUNT_RULES = ['actOnOthersOnly', 'actOnAccount'] as const;

/**
 * Whether a reporter's reports count toward hiding a post (REPORTS_TO_HIDE). Every report reaches
 * the moderators' queue; only those of accounts in good standing hide a post before a moderator
 * looks, so a handful of fresh sign-ups cannot hide anyone's post.
 */
export interface ReporterStanding {
  /** When the account first signed in to the app. */
  createdAt: Date;
  /** Has a post of theirs that is ready and not itself hidden for review. */
  hasPosted: boolean;
  /** Was ever suspended (a lifted suspension included). */
  everSuspended: boolean;
  /** The account's campus e-mail is verified; true for everyone until verification exists. */
  emailVerified: boolean;
}

/** Good standing: this old at least (a day outlasts a burst of sign-ups made to gang up on a post). */
export const GOOD_STANDING_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export function countsTowardHiding(reporter: ReporterStanding, now: Date = new Date()): boolean {
  return (
    now.getTime() - reporter.createdAt.getTime() >= GOOD_STANDING_MIN_AGE_MS &&
    reporter.hasPosted &&
    !reporter.everSuspended &&
    reporter.emailVerified
  );
}
