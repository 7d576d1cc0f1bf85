import type { ReportReason, ReportTarget } from '../../graphql/graphql';

/** The seven reasons in the order the report dialog lists them, with their labels. */
export const REPORT_REASONS: ReadonlyArray<{ value: ReportReason; label: string }> = [
  { value: 'SPAM', label: 'Spam' },
  { value: 'HARASSMENT', label: 'Harassment or bullying' },
  { value: 'SEXUAL', label: 'Sexual content' },
  { value: 'VIOLENCE', label: 'Violence' },
  { value: 'SELF_HARM', label: 'Self-harm' },
  { value: 'HATE', label: 'Hate' },
  { value: 'OTHER', label: 'Other' },
];

export function reasonLabel(reason: ReportReason): string {
  return REPORT_REASONS.find((entry) => entry.value === reason)?.label ?? reason;
}

/** 'post', 'comment', 'organization' or 'account', as the screens name what was reported. */
export function targetNoun(targetType: ReportTarget): string {
  if (targetType === 'POST') return 'post';
  if (targetType === 'COMMENT') return 'comment';
  if (targetType === 'ORGANIZATION') return 'organization';
  return 'account';
}

/** One line of the moderation log: 'Removed Maya’s post', 'Suspended Sam'. */
export function auditActionLabel(action: string, targetType: ReportTarget, name: string): string {
  const noun = targetNoun(targetType);
  switch (action) {
    case 'dismiss':
      return `Dismissed the reports of ${name}’s ${noun}`;
    case 'remove':
      return `Removed ${name}’s ${noun}`;
    case 'warn':
      return `Warned ${name}`;
    case 'suspend':
      return `Suspended ${name}`;
    case 'unsuspend':
      return `Lifted ${name}’s suspension`;
    case 'grant':
      return `Gave ${name} a role`;
    case 'revoke':
      return `Took ${name}’s role away`;
    default:
      return `${action}: ${name}`;
  }
}
