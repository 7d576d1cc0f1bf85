import { policyAnswers, type ActorSource, type Role } from '../../shared/policy';
import {
  ACCOUNT_RULES,
  type AccountSubject,
  COMMAND_LINE,
  countsTowardHiding,
  GOOD_STANDING_MIN_AGE_MS,
  moderationPolicy,
  type ReporterStanding,
} from './moderation.policy';

const VIEWERS = {
  student: { uid: 'student' },
  moderator: { uid: 'moderator', role: 'moderator' as const },
  admin: { uid: 'admin', role: 'admin' as const },
  signedOut: null,
};

const aStudent: AccountSubject = { uid: 'someone', role: 'student', suspended: false };

const SUBJECTS = {
  report: 'someone',
  moderate: null,
  grantRoles: null,
  readAuditLog: null,
  actOnOthersOnly: aStudent,
  actOnAccount: aStudent,
  keepAnAdmin: { target: aStudent, otherAdminsInForce: 0 },
  changeModeratorRole: aStudent,
};

describe('moderation policy', () => {
  it('lets students report others, moderators moderate, admins also grant roles and read the log', () => {
    expect(policyAnswers(moderationPolicy, VIEWERS, SUBJECTS)).toEqual({
      report: { student: true, moderator: true, admin: true, signedOut: false },
      moderate: { student: false, moderator: true, admin: true, signedOut: false },
      grantRoles: { student: false, moderator: false, admin: true, signedOut: false },
      readAuditLog: { student: false, moderator: false, admin: true, signedOut: false },
      actOnOthersOnly: { student: true, moderator: true, admin: true, signedOut: false },
      actOnAccount: { student: false, moderator: true, admin: true, signedOut: false },
      keepAnAdmin: { student: true, moderator: true, admin: true, signedOut: false },
      changeModeratorRole: { student: true, moderator: true, admin: true, signedOut: false },
    });
  });

  it('refuses reporting oneself', () => {
    expect(policyAnswers(moderationPolicy, VIEWERS, { ...SUBJECTS, report: 'student' }).report.student).toBe(false);
  });
});

/**
 * A decision on an account (suspend, lift a suspension, grant or revoke a role), as the service
 * judges it: the actor must moderate, then ACCOUNT_RULES in order; the first refusal answers.
 */
function decideOnAccount(actor: ActorSource, target: AccountSubject): string {
  if (!moderationPolicy.can(actor, 'moderate', null)) return moderationPolicy.rules.moderate.message;
  for (const rule of ACCOUNT_RULES) if (!moderationPolicy.can(actor, rule, target)) return moderationPolicy.rules[rule].message;
  return 'allowed';
}

const OWN = 'You cannot do that to your own account.';
const RANK = 'Only admins can act on a moderator or an admin.';
const NOT_MODERATOR = 'Only moderators can do that.';

describe('who may act on an account: actor role × target role × self', () => {
  const rows: Array<[actor: Role, target: Role, self: boolean, answer: string]> = [
    ['student', 'student', false, NOT_MODERATOR],
    ['student', 'moderator', false, NOT_MODERATOR],
    ['student', 'admin', false, NOT_MODERATOR],
    ['student', 'student', true, NOT_MODERATOR],
    ['moderator', 'student', false, 'allowed'],
    ['moderator', 'moderator', false, RANK],
    ['moderator', 'admin', false, RANK],
    ['moderator', 'moderator', true, OWN],
    ['admin', 'student', false, 'allowed'],
    ['admin', 'moderator', false, 'allowed'],
    ['admin', 'admin', false, 'allowed'],
    ['admin', 'admin', true, OWN],
  ];

  it.each(rows)('%s acting on %s (own account: %s): %s', (actorRole, targetRole, self, answer) => {
    const actor: ActorSource = { uid: 'actor', ...(actorRole === 'student' ? {} : { role: actorRole }) };
    const target: AccountSubject = { uid: self ? 'actor' : 'target', role: targetRole, suspended: false };
    expect(decideOnAccount(actor, target)).toBe(answer);
  });

  it('the command line acts as an admin on any account, and is never anyone’s own', () => {
    for (const role of ['student', 'moderator', 'admin'] as const) {
      expect(decideOnAccount(COMMAND_LINE, { uid: 'target', role, suspended: false })).toBe('allowed');
    }
  });
});

describe('the last admin in force is never removed or suspended', () => {
  const rows: Array<[target: Role, suspended: boolean, otherAdminsInForce: number, allowed: boolean]> = [
    ['admin', false, 0, false],
    ['admin', false, 1, true],
    ['admin', true, 0, true], // not in force: taking it out leaves as many admins in force
    ['moderator', false, 0, true],
    ['student', false, 0, true],
  ];

  it.each(rows)('target %s (suspended: %s), %i other admin(s) in force: allowed %s', (role, suspended, otherAdminsInForce, allowed) => {
    const target: AccountSubject = { uid: 't', role, suspended };
    for (const actor of [VIEWERS.admin, COMMAND_LINE]) {
      expect(moderationPolicy.can(actor, 'keepAnAdmin', { target, otherAdminsInForce })).toBe(allowed);
    }
  });

  it('says what to do', () => {
    expect(moderationPolicy.rules.keepAnAdmin.message).toBe('The last admin cannot be removed or suspended: make another admin first.');
  });
});

describe("the app's Make/Remove moderator", () => {
  it.each([
    ['student', true],
    ['moderator', true],
    ['admin', false],
  ] as const)('on %s: allowed %s', (role, allowed) => {
    expect(moderationPolicy.can(VIEWERS.admin, 'changeModeratorRole', { uid: 't', role, suspended: false })).toBe(allowed);
  });
});

describe('reports that count toward hiding a post', () => {
  const now = new Date('2026-11-20T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const established: ReporterStanding = { createdAt: ago(30 * 86_400_000), hasPosted: true, everSuspended: false, emailVerified: true };

  const rows: Array<[what: string, reporter: ReporterStanding, counts: boolean]> = [
    ['an established account that has posted', established, true],
    ['an account exactly a day old', { ...established, createdAt: ago(GOOD_STANDING_MIN_AGE_MS) }, true],
    ['an account a minute short of a day', { ...established, createdAt: ago(GOOD_STANDING_MIN_AGE_MS - 60_000) }, false],
    ['an account made a minute ago', { ...established, createdAt: ago(60_000) }, false],
    ['an old account that never posted', { ...established, hasPosted: false }, false],
    ['an account that was suspended once', { ...established, everSuspended: true }, false],
    ['an account whose campus e-mail is unverified', { ...established, emailVerified: false }, false],
    ['a brand-new account that never posted', { ...established, createdAt: ago(60_000), hasPosted: false }, false],
  ];

  it.each(rows.map(([what, reporter, counts]) => [what, counts, reporter] as const))('%s counts: %s', (_what, counts, reporter) => {
    expect(countsTowardHiding(reporter, now)).toBe(counts);
  });

  it('the age is a day', () => {
    expect(GOOD_STANDING_MIN_AGE_MS).toBe(24 * 60 * 60 * 1000);
  });
});
