import { ValidationError } from '../../shared/errors';
import { definePolicy } from '../../shared/policy';

/**
 * Who may report and who may moderate. Roles come from the users table through
 * infra/identity/account-standing.ts: every signed-in student may report; moderators and admins
 * act on reports; only admins grant or revoke the moderator role and read the audit log.
 */
export const moderationPolicy = definePolicy({
  report: {
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
});
