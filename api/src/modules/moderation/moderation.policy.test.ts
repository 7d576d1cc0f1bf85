import { policyAnswers } from '../../shared/policy';
import { moderationPolicy } from './moderation.policy';

const VIEWERS = {
  student: { uid: 'student' },
  moderator: { uid: 'moderator', role: 'moderator' as const },
  admin: { uid: 'admin', role: 'admin' as const },
  signedOut: null,
};

describe('moderation policy', () => {
  it('lets students report others, moderators moderate, admins also grant roles and read the log', () => {
    expect(policyAnswers(moderationPolicy, VIEWERS, { report: 'someone', moderate: null, grantRoles: null, readAuditLog: null })).toEqual({
      report: { student: true, moderator: true, admin: true, signedOut: false },
      moderate: { student: false, moderator: true, admin: true, signedOut: false },
      grantRoles: { student: false, moderator: false, admin: true, signedOut: false },
      readAuditLog: { student: false, moderator: false, admin: true, signedOut: false },
    });
  });

  it('refuses reporting oneself', () => {
    expect(
      policyAnswers(moderationPolicy, VIEWERS, { report: 'student', moderate: null, grantRoles: null, readAuditLog: null }).report.student,
    ).toBe(false);
  });
});
